"""Croak's deck file (``croak-deck/1``) and the pile referee.

A deck file lists the cards of one player's deck: the four decks KERMIT,
PRINCESS, HYPNO and JEREMY hold the same cards and differ only by their backs,
so one file describes them all. Each card has an ``id`` (what the table types),
a ``suit`` (its colour), a ``number`` and a ``creature``: ``INSECT`` or
``GASTROPOD``. The format is documented in ``docs/formats/croak-deck.md``.

The referee takes a pile bottom to top and says whether it keeps the rulebook's
rules, naming the first card that breaks it:

- SWAMP: "new SWAMP plies can only be started with a number 0 card. cards built
  on top must increase by one without repeats, and must match suits."
- LILYPAD: "These piles can only be built upon in DESCENDING order, alternating
  between INSECT and GASTROPOD cards." Read as solitaire, which the rulebook
  names: each card is exactly one lower than the card it covers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON
from companion.jsonfile import read_json_file

FORMAT = "croak-deck/1"
CREATURES = ("INSECT", "GASTROPOD")
PILE_KINDS = ("swamp", "lilypad")
SAMPLE = "sample"
SAMPLE_DECK = Path(__file__).resolve().parent / "data" / "pond-companion-sample-croak-deck.json"
# Set-up takes 5 LILYPAD cards (2 players) and a POND pile of 10 from each deck.
MIN_CARDS = 15


@dataclass(frozen=True)
class Card:
    id: str
    suit: str
    number: int
    creature: str  # "INSECT" or "GASTROPOD"

    def to_json(self) -> JSON:
        return {"id": self.id, "suit": self.suit, "number": self.number, "creature": self.creature}

    def words(self) -> str:
        """``G3 (green 3, INSECT)``: how the referee names a card."""
        return f"{self.id} ({self.suit} {self.number}, {self.creature})"


@dataclass(frozen=True)
class Deck:
    name: str
    cards: tuple[Card, ...]
    source: str = "the sample deck"  # the file it came from, for messages

    @property
    def size(self) -> int:
        return len(self.cards)

    def card(self, card_id: str) -> Card | None:
        """The card with this id (exact, else ignoring case), or None."""
        for card in self.cards:
            if card.id == card_id:
                return card
        folded = card_id.casefold()
        for card in self.cards:
            if card.id.casefold() == folded:
                return card
        return None

    def cards_named(self, ids: Sequence[str]) -> list[Card]:
        """The cards for these ids; ``BadFileError`` names the first id the deck lacks."""
        found: list[Card] = []
        for i, card_id in enumerate(ids):
            card = self.card(card_id)
            if card is None:
                sample = ", ".join(c.id for c in self.cards[:6])
                raise BadFileError(
                    f"card {i + 1} {card_id!r}: no such card in {self.source} "
                    f"(its ids look like {sample}, ...)"
                )
            found.append(card)
        return found

    def to_json(self) -> JSON:
        return {"format": FORMAT, "name": self.name, "cards": [c.to_json() for c in self.cards]}


def _card(data: Any, where: str) -> Card:
    if not isinstance(data, dict):
        raise BadFileError(f"{where} must be an object with id, suit, number and creature")
    extra = sorted(set(data) - {"id", "suit", "number", "creature"})
    if extra:
        raise BadFileError(f"{where}: unknown field {extra[0]!r}")
    card_id, suit, number, creature = (data.get(k) for k in ("id", "suit", "number", "creature"))
    if not isinstance(card_id, str) or not card_id.strip() or " " in card_id:
        raise BadFileError(f"{where}.id must be a short text with no spaces, found {card_id!r}")
    if not isinstance(suit, str) or not suit.strip():
        raise BadFileError(f"{where}.suit must be the card's suit (its colour), found {suit!r}")
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise BadFileError(f"{where}.number must be a whole number >= 0, found {number!r}")
    if creature not in CREATURES:
        raise BadFileError(f"{where}.creature must be INSECT or GASTROPOD, found {creature!r}")
    return Card(card_id, suit, number, str(creature))


def load_deck(data: Any, where: str) -> Deck:
    """A ``croak-deck/1`` document; every problem is a ``BadFileError`` naming ``where``."""
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: a deck file must be a JSON object")
    if data.get("format") != FORMAT:
        raise BadFileError(
            f"{where}: field 'format' must be {FORMAT!r}, found {data.get('format')!r}"
        )
    extra = sorted(set(data) - {"format", "name", "cards"})
    if extra:
        raise BadFileError(f"{where}: unknown field {extra[0]!r}")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise BadFileError(f"{where}: field 'name' must be text, found {name!r}")
    raw = data.get("cards")
    if not isinstance(raw, list):
        raise BadFileError(f"{where}: field 'cards' must be a list of cards")
    cards = tuple(_card(c, f"{where}: cards[{i}]") for i, c in enumerate(raw))
    seen: dict[str, int] = {}
    for i, card in enumerate(cards):
        key = card.id.casefold()
        if key in seen:
            raise BadFileError(
                f"{where}: cards[{i}].id {card.id!r} is already the id of cards[{seen[key]}]"
            )
        seen[key] = i
    if len(cards) < MIN_CARDS:
        raise BadFileError(
            f"{where}: field 'cards' holds {len(cards)} cards; a deck needs at least {MIN_CARDS} "
            "(5 LILYPAD cards and a POND pile of 10)"
        )
    return Deck(name, cards, where)


@lru_cache(maxsize=16)
def _read(path: str, mtime_ns: int) -> Deck:
    return load_deck(read_json_file(path, "deck"), path)


def read_deck_file(path: Path | str) -> Deck:
    """Read a deck file (cached while the file is unchanged); ``"sample"`` is the sample deck."""
    if str(path) == SAMPLE:
        path = SAMPLE_DECK
    p = Path(path)
    try:
        mtime = p.stat().st_mtime_ns
    except OSError as exc:
        raise BadFileError(f"{p}: cannot read deck: {exc.strerror or exc}") from None
    deck = _read(str(p), mtime)
    return Deck(deck.name, deck.cards) if p == SAMPLE_DECK else deck


# --- the pile referee --------------------------------------------------------------------


@dataclass(frozen=True)
class PileVerdict:
    """What the referee says about a pile. ``position`` counts from 1 at the bottom."""

    kind: str  # "swamp" or "lilypad"
    legal: bool
    reason: str
    position: int | None = None
    card: Card | None = None

    def to_json(self) -> JSON:
        return {
            "kind": self.kind,
            "legal": self.legal,
            "reason": self.reason,
            "position": self.position,
            "card": self.card.id if self.card else None,
        }


def _broken(kind: str, position: int, card: Card, reason: str) -> PileVerdict:
    return PileVerdict(kind, False, f"card {position}, {card.words()}: {reason}", position, card)


def check_swamp(pile: Sequence[Card]) -> PileVerdict:
    """A SWAMP pile, bottom to top: a 0 first, then one higher each time, same suit."""
    if not pile:
        return PileVerdict("swamp", True, "an empty SWAMP pile")
    first = pile[0]
    if first.number != 0:
        return _broken(
            "swamp", 1, first, "new SWAMP piles can only be started with a number 0 card"
        )
    for i in range(1, len(pile)):
        below, card = pile[i - 1], pile[i]
        if card.number == below.number:
            return _broken(
                "swamp", i + 1, card, f"repeats the {below.number} under it (without repeats)"
            )
        if card.number != below.number + 1:
            return _broken(
                "swamp",
                i + 1,
                card,
                f"built on a {below.number}: cards built on top must increase by one "
                f"(a {below.number + 1} was due)",
            )
        if card.suit != below.suit:
            return _broken(
                "swamp", i + 1, card, f"built on {below.suit} {below.number}: must match suits"
            )
    top = pile[-1]
    return PileVerdict("swamp", True, f"legal: {top.suit} 0 to {top.number}, {len(pile)} cards")


def check_lilypad(pile: Sequence[Card]) -> PileVerdict:
    """A LILYPAD pile, bottom to top: each card one lower, INSECT and GASTROPOD in turn."""
    if not pile:
        return PileVerdict("lilypad", True, "an empty LILYPAD pile")
    for i in range(1, len(pile)):
        below, card = pile[i - 1], pile[i]
        if card.number != below.number - 1:
            due = f"a {below.number - 1} was due" if below.number > 0 else "nothing goes on a 0"
            return _broken(
                "lilypad",
                i + 1,
                card,
                f"built on a {below.number}: LILYPAD piles are built in DESCENDING order ({due})",
            )
        if card.creature == below.creature:
            return _broken(
                "lilypad",
                i + 1,
                card,
                f"{card.creature} on {below.creature}: must alternate between INSECT and GASTROPOD",
            )
    return PileVerdict("lilypad", True, f"legal: {pile[0].number} down to {pile[-1].number}")


def check_pile(kind: str, pile: Sequence[Card]) -> PileVerdict:
    """``kind`` is ``"swamp"`` or ``"lilypad"``."""
    if kind == "swamp":
        return check_swamp(pile)
    if kind == "lilypad":
        return check_lilypad(pile)
    raise BadFileError(f"--kind: must be swamp or lilypad, found {kind!r}")
