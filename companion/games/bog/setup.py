"""BOG setup: two players, the Start Player, the options, and the setup checklist."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON, Player, SetupStep
from companion.games.bog.cards import CARD_COUNT, CardSet, cards_option

PLAYERS = 2
START_HAND = 2  # "The Start player draws two Frogs into their hand"
SECOND_HAND = 3  # "Next, the second player draws 3 Frogs."
DRAW_AREA = 3  # "draw 3 Frogs and place them face up next to the deck"
DECK_AFTER_SETUP = CARD_COUNT - START_HAND - SECOND_HAND - DRAW_AREA
FLY_PADS = (4, 5, 6)  # "a Fly perpendicular on each of the 3 center row Lily Pads"
OPTION_KEYS = ("cards", "start", "hands", "draw_area")


@dataclass(frozen=True)
class BogOptions:
    """The options of one session, checked, with the cards loaded.

    ``start`` is the seat of the Start Player; ``hands`` the cards known to be in
    each hand at the start (any subset, in seat order); ``draw_area`` the first
    Draw Area (None for a card not entered).
    """

    cards: CardSet
    start: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    draw_area: tuple[str | None, ...]


def hand_size(seat: int, start: int) -> int:
    return START_HAND if seat == start else SECOND_HAND


def pick_start_player(players: Sequence[Player], rng: random.Random) -> str:
    """ "Choose a Start Player": the app's pick, from an injected, seeded ``rng``."""
    return rng.choice([p.name for p in players])


def _card(cards: CardSet, value: Any, where: str, seen: set[str]) -> str:
    if not isinstance(value, str) or value not in cards:
        raise BadFileError(f"{where}: {value!r} is not a card of {cards.source} cards")
    if value in seen:
        raise BadFileError(f"{where}: card {value!r} is named twice")
    seen.add(value)
    return value


def parse_options(players: Sequence[Player], options: Mapping[str, Any]) -> BogOptions:
    """Check the options; ``BadFileError`` names the option that is wrong."""
    if len(players) != PLAYERS:
        raise BadFileError(f"players: BOG takes 2 players, found {len(players)}")
    extra = sorted(set(options) - set(OPTION_KEYS))
    if extra:
        raise BadFileError(
            f"options: unknown option(s) {', '.join(extra)} (known: {', '.join(OPTION_KEYS)})"
        )
    cards = cards_option(options.get("cards", "sample"))
    names = [p.name for p in players]
    start_name = options.get("start", names[0])
    if start_name not in names:
        raise BadFileError(f"options.start: {start_name!r} is not a player ({', '.join(names)})")
    start = names.index(start_name)
    seen: set[str] = set()
    raw_hands = options.get("hands", {})
    if not isinstance(raw_hands, dict):
        raise BadFileError("options.hands must be an object of player name -> list of cards")
    hands: list[tuple[str, ...]] = []
    for key in raw_hands:
        if key not in names:
            raise BadFileError(f"options.hands: {key!r} is not a player ({', '.join(names)})")
    for seat, name in enumerate(names):
        raw = raw_hands.get(name, [])
        size = hand_size(seat, start)
        if not isinstance(raw, list) or len(raw) > size:
            raise BadFileError(
                f"options.hands.{name}: a list of at most {size} cards, found {raw!r}"
            )
        hands.append(
            tuple(_card(cards, c, f"options.hands.{name}[{i}]", seen) for i, c in enumerate(raw))
        )
    raw_area = options.get("draw_area", [None] * DRAW_AREA)
    if not isinstance(raw_area, list) or len(raw_area) != DRAW_AREA:
        raise BadFileError(f"options.draw_area: a list of {DRAW_AREA} cards (null: not entered)")
    area = tuple(
        None if c is None else _card(cards, c, f"options.draw_area[{i}]", seen)
        for i, c in enumerate(raw_area)
    )
    return BogOptions(cards, start, (hands[0], hands[1]), area)


def default_options(player_count: int) -> JSON:
    return {"cards": "sample"}


def setup_steps(players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
    """BOG's rulebook setup as a checklist for these two players."""
    opts = parse_options(players, options)
    start = players[opts.start].name
    second = players[1 - opts.start].name
    return [
        SetupStep(
            "bog",
            "Create the Bog: place all 9 Lily Pads in 3 rows of 3 cards each in the center of "
            "the table, leaving room for each player's Shore.",
            {"lily_pads": 9, "rows": "3 x 3"},
        ),
        SetupStep(
            "flies",
            "Place a Fly perpendicular on each of the 3 center row Lily Pads.",
            {"flies": len(FLY_PADS)},
        ),
        SetupStep(
            "deck",
            f"Shuffle the {CARD_COUNT} Frogs into a face-down deck near the Bog.",
            {"frogs": CARD_COUNT},
        ),
        SetupStep("start-player", f"{start} is the Start Player.", {"start": start}),
        SetupStep(
            "start-hand",
            f"{start} (the Start Player) draws two Frogs into their hand from the deck.",
            {start: START_HAND},
        ),
        SetupStep("second-hand", f"Next, {second} draws 3 Frogs.", {second: SECOND_HAND}),
        SetupStep(
            "draw-area",
            "Draw 3 Frogs and place them face up next to the deck: the Draw Area.",
            {"draw_area": DRAW_AREA, "deck": DECK_AFTER_SETUP},
        ),
        SetupStep(
            "first-turn",
            f"{start} takes the first turn. Your Frogs always face you, with the Route on top.",
        ),
    ]
