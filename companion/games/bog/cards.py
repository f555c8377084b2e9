"""BOG's Frog cards (``bog-cards/1``): each card's Route and Formation, as its owner sees them.

``{"format": "bog-cards/1", "note": "...",
   "cards": [{"id": "01", "route": [8, 5, 2, 3], "formation": [1, 5, 9]}, ...]}``

A pad is a number 1 to 9, read like a telephone keypad by the card's owner looking
at the Bog from their Shore: 1 2 3 is the far row, 7 8 9 the bottom row, closest to
the owner. "Your Frogs will always face you": the opponent's card is the same card
turned 180 degrees, so the opponent's pad ``p`` is pad ``10 - p`` for the other side.

The Bog itself is numbered the same way as seen by the first player listed
(seat 0); ``bog_pad(pad, seat)`` turns a card's pad into a Bog pad.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.jsonfile import read_json_file

FORMAT = "bog-cards/1"
CARD_COUNT = 18  # "Shuffle the 18 Frogs into a face-down deck"
ROUTE_STOPS = 4  # "'Route': Start Pad and 3 additional stops."
PADS = tuple(range(1, 10))
BOTTOM_ROW = (7, 8, 9)  # "the three Lily Pads on the bottom row, closest to a player's Shore"
ID_RE = re.compile(r"^[0-9A-Z]{1,4}$")  # the CARD part of a tag payload (docs/tags.md)
#: This product's sample cards (made up for the demo and the tests; not the box's cards).
SAMPLE_CARDS = Path(__file__).resolve().parent / "data" / "pond-companion-sample-bog-cards.json"


def bog_pad(pad: int, seat: int) -> int:
    """The Bog pad (numbered as seat 0 sees it) of a card's ``pad`` for a card owned by ``seat``."""
    return pad if seat == 0 else 10 - pad


def pad_row(pad: int) -> int:
    """0 for the far row (1 2 3), 2 for the bottom row (7 8 9), as seat 0 sees the Bog."""
    return (pad - 1) // 3


def pad_col(pad: int) -> int:
    return (pad - 1) % 3


@dataclass(frozen=True)
class FrogCard:
    """One Frog card: ``route`` (start pad, then 3 stops) and ``formation`` (1 to 3 pads)."""

    id: str
    route: tuple[int, int, int, int]
    formation: tuple[int, ...]

    def route_on_bog(self, seat: int) -> tuple[int, ...]:
        return tuple(bog_pad(p, seat) for p in self.route)

    def formation_on_bog(self, seat: int) -> tuple[int, ...]:
        return tuple(bog_pad(p, seat) for p in self.formation)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "route": list(self.route), "formation": list(self.formation)}


@dataclass(frozen=True)
class CardSet:
    """The 18 cards of one box, by id, and where they came from ("sample" or a path)."""

    cards: Mapping[str, FrogCard]
    source: str = "sample"

    def __getitem__(self, card_id: str) -> FrogCard:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "cards": [c.to_json() for c in self.cards.values()]}


def _pads(raw: Any, where: str, lo: int, hi: int) -> tuple[int, ...]:
    if not isinstance(raw, list) or not lo <= len(raw) <= hi:
        size = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise BadFileError(f"{where} must be a list of {size} pads (1 to 9), found {raw!r}")
    for i, pad in enumerate(raw):
        if isinstance(pad, bool) or not isinstance(pad, int) or pad not in PADS:
            raise BadFileError(f"{where}[{i}] must be a pad number 1 to 9, found {pad!r}")
    return tuple(raw)


def parse_card(data: Any, where: str) -> FrogCard:
    """One card object; ``BadFileError`` names ``where`` and the field."""
    if not isinstance(data, dict):
        raise BadFileError(f"{where} must be an object with id, route and formation")
    extra = sorted(set(data) - {"id", "route", "formation", "note"})
    if extra:
        raise BadFileError(f"{where}: unknown field(s) {', '.join(extra)}")
    card_id = data.get("id")
    if not isinstance(card_id, str) or not ID_RE.match(card_id):
        raise BadFileError(
            f"{where}.id must be 1 to 4 digits or capital letters, found {card_id!r}"
        )
    route = _pads(data.get("route"), f"{where}.route", ROUTE_STOPS, ROUTE_STOPS)
    if route[0] not in BOTTOM_ROW:
        raise BadFileError(
            f"{where}.route[0]: the start pad must be on your bottom row (7, 8 or 9), "
            f"found {route[0]}"
        )
    for i in range(1, ROUTE_STOPS):
        if route[i] == route[i - 1]:
            raise BadFileError(f"{where}.route[{i}]: a stop must differ from the one before it")
    formation = _pads(data.get("formation"), f"{where}.formation", 1, 3)
    if len(set(formation)) != len(formation):
        raise BadFileError(f"{where}.formation: a pad appears twice")
    return FrogCard(card_id, (route[0], route[1], route[2], route[3]), formation)


def load_cards_json(data: Any, where: str, source: str = "") -> CardSet:
    """A ``bog-cards/1`` document: exactly 18 cards with unique ids."""
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: a BOG card file must be a JSON object")
    if data.get("format") != FORMAT:
        raise BadFileError(
            f"{where}: field 'format' must be {FORMAT!r}, found {data.get('format')!r}"
        )
    extra = sorted(set(data) - {"format", "cards", "note"})
    if extra:
        raise BadFileError(f"{where}: unknown field(s) {', '.join(extra)}")
    raw = data.get("cards")
    if not isinstance(raw, list):
        raise BadFileError(f"{where}: field 'cards' must be a list of {CARD_COUNT} cards")
    cards: dict[str, FrogCard] = {}
    for i, item in enumerate(raw):
        card = parse_card(item, f"{where}: cards[{i}]")
        if card.id in cards:
            raise BadFileError(f"{where}: cards[{i}].id {card.id!r} is used twice")
        cards[card.id] = card
    if len(cards) != CARD_COUNT:
        raise BadFileError(
            f"{where}: field 'cards' must hold {CARD_COUNT} cards, found {len(cards)}"
        )
    return CardSet(cards, source or where)


def read_cards_file(path: Path | str) -> CardSet:
    """Read a ``bog-cards/1`` file; every problem is one ``BadFileError`` naming the file."""
    return load_cards_json(read_json_file(path, "BOG card file"), str(path), str(path))


def sample_cards() -> CardSet:
    return load_cards_json(read_json_file(SAMPLE_CARDS), "sample BOG cards", "sample")


def cards_option(value: Any, where: str = "options.cards") -> CardSet:
    """The session option ``cards``: "sample", a path to a file, or the document inline."""
    if value is None or value == "sample":
        return sample_cards()
    if isinstance(value, dict):
        return load_cards_json(value, where, "inline")
    if isinstance(value, str) and value:
        return read_cards_file(value)
    raise BadFileError(f"{where} must be 'sample', a bog-cards/1 file path or its JSON object")


def is_cards_file(path: Path | str) -> bool:
    """True when ``path`` is a JSON file whose ``format`` is ``bog-cards/1``."""
    try:
        data = read_json_file(path)
    except BadFileError:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def tag_payloads(cards: CardSet) -> list[str]:
    """The tag of each Frog card (docs/tags.md): ``BG:<id>:F``, on the face with the Route."""
    return [f"BG:{card_id}:F" for card_id in cards.ids]


def tag_caption(cards: CardSet, payload: str) -> tuple[str, ...]:
    """The lines printed under a BOG tag so each sticker finds its card."""
    parts = payload.split(":")
    if len(parts) != 3 or parts[1] not in cards:
        return ()
    card = cards[parts[1]]
    route = "-".join(str(p) for p in card.route)
    formation = ",".join(str(p) for p in card.formation)
    return (f"BOG Frog {card.id}", f"Route {route}, Formation {formation}")
