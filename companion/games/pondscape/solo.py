"""The solo game: the achievement table, and Croaker's deck of 6 solo cards."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.files import atomic_write_text
from companion.jsonfile import read_json_file

# (lowest points, frog rank), highest first, as the rulebook's achievement table.
ACHIEVEMENTS: tuple[tuple[int, str], ...] = (
    (140, "Expert Frogger"),
    (130, "Frog Master"),
    (120, "Frog Leg"),
    (110, "Tadpole"),
    (100, "Slacker"),
    (0, "Troubadour"),
)


def achievement(points: int) -> str:
    """The frog rank for a solo score: 140+ Expert Frogger ... 0-99 Troubadour."""
    for lowest, rank in ACHIEVEMENTS:
        if points >= lowest:
            return rank
    return ACHIEVEMENTS[-1][1]


# --- Croaker's deck ------------------------------------------------------------------------
#
# "During setup, shuffle the 6 solo cards and form a deck of your opponent - Croaker."
# Each solo card shows an upper number (how many spaces the jumping frog moves: "the
# total number, not added to the movement card value above the display") and a lower
# picture (which display card Croaker takes: slot 0, 1 or 2, under the movement card of
# that value). The owner enters their 6 cards once (``pondscape-solo/1``, see
# docs/formats/pondscape-log.md); until then the SAMPLE set below is used, and it is
# named as a sample wherever it is shown: it is not the printed set.

SOLO_CARDS = 6
SOLO_FORMAT = "pondscape-solo/1"


@dataclass(frozen=True)
class SoloCard:
    """One of Croaker's cards: the frog moves ``move`` spaces, Croaker takes display ``take``."""

    move: int
    take: int

    def to_json(self) -> dict[str, int]:
        return {"move": self.move, "take": self.take}

    def describe(self) -> str:
        spaces = "space" if self.move == 1 else "spaces"
        return f"the jumping frog moves {self.move} {spaces}; Croaker takes slot {self.take}"


SAMPLE_NAME = "sample (not the printed cards: enter yours)"
SAMPLE_SOLO_CARDS: tuple[SoloCard, ...] = (
    SoloCard(1, 0),
    SoloCard(2, 1),
    SoloCard(0, 2),
    SoloCard(1, 2),
    SoloCard(2, 0),
    SoloCard(1, 1),
)


def parse_solo_cards(data: Any, where: str) -> tuple[SoloCard, ...]:
    """Six ``{"move": 0-5, "take": 0-2}`` objects; errors name ``where`` and the card."""
    if not isinstance(data, list) or len(data) != SOLO_CARDS:
        found = f"{len(data)} cards" if isinstance(data, list) else type(data).__name__
        raise BadFileError(f"{where} must list the {SOLO_CARDS} solo cards, found {found}")
    cards: list[SoloCard] = []
    for i, item in enumerate(data):
        if not isinstance(item, dict) or set(item) != {"move", "take"}:
            raise BadFileError(
                f"{where}[{i}] must be an object with exactly 'move' and 'take', found {item!r}"
            )
        move, take = item["move"], item["take"]
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= 5:
            raise BadFileError(f"{where}[{i}].move must be 0 to 5 spaces, found {move!r}")
        if isinstance(take, bool) or not isinstance(take, int) or not 0 <= take <= 2:
            raise BadFileError(f"{where}[{i}].take must be display slot 0, 1 or 2, found {take!r}")
        cards.append(SoloCard(move, take))
    return tuple(cards)


def read_solo_file(path: Path) -> tuple[SoloCard, ...]:
    """The owner's solo cards (``pondscape-solo/1``); ``BadFileError`` names the file and field."""
    data = read_json_file(path)
    if not isinstance(data, dict) or data.get("format") != SOLO_FORMAT:
        raise BadFileError(f"{path}: field 'format' must be {SOLO_FORMAT!r}")
    return parse_solo_cards(data.get("cards"), f"{path}: cards")


def write_solo_file(path: Path, cards: tuple[SoloCard, ...]) -> None:
    text = json.dumps({"format": SOLO_FORMAT, "cards": [c.to_json() for c in cards]}, indent=1)
    atomic_write_text(path, text + "\n")


def next_croaker_deck(
    deck: tuple[SoloCard, ...], flipped: SoloCard, all_cards: tuple[SoloCard, ...]
) -> tuple[SoloCard, ...]:
    """The cards left after ``flipped``; after the sixth, all 6 again ("shuffle them, and
    form a new deck for Croaker's remaining turns")."""
    left = list(deck)
    if flipped in left:
        left.remove(flipped)
    return tuple(left) if left else all_cards


def flip_croaker(deck: tuple[SoloCard, ...], rng: random.Random) -> SoloCard:
    """The top card of a freshly shuffled ``deck``: a uniform draw from the cards left,
    with the caller's seeded ``rng`` (the flip is logged, so replay needs no rng)."""
    return deck[rng.randrange(len(deck))]
