"""Build BOG positions and whole games for the tests (and the benchmark)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import Player
from companion.games.bog import (
    GAME,
    Advance,
    BogEvent,
    BogState,
    Frog,
    Play,
    Points,
    Score,
    legal_actions,
)
from companion.games.bog.cards import CARD_COUNT, load_cards_json, sample_cards

PLAYERS = (Player("Ana"), Player("Ben"))
ANA, BEN = 0, 1


def cards_doc(overrides: Mapping[str, tuple[list[int], list[int]]]) -> dict[str, Any]:
    """The sample cards with some cards' (route, formation) replaced."""
    doc = sample_cards().to_json()
    for card in doc["cards"]:
        if card["id"] in overrides:
            route, formation = overrides[card["id"]]
            card["route"], card["formation"] = route, formation
    return doc


def position(
    *,
    frogs: Mapping[int, tuple[str, int, int]] | None = None,
    flies: Iterable[int] = (4, 5, 6),
    shores: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    hand_counts: tuple[int, int] | None = None,
    draw_area: tuple[str | None, ...] = ("16", "17", "18"),
    deck: int = 10,
    points: tuple[int, int] = (0, 0),
    to_move: int = ANA,
    cards: Mapping[str, tuple[list[int], list[int]]] | None = None,
) -> BogState:
    """A position: ``frogs`` maps a Bog pad to (card, seat, stop index 0-3)."""
    options: dict[str, Any] = {"cards": cards_doc(cards or {})}
    st = GAME.initial_state(PLAYERS, options)
    grid: list[Frog | None] = [None] * 9
    for pad, (card, seat, stop) in (frogs or {}).items():
        grid[pad - 1] = Frog(card, seat, stop)
    counts = hand_counts if hand_counts is not None else (len(hands[0]), len(hands[1]))
    return replace(
        st,
        frogs=tuple(grid),
        flies=tuple(p in set(flies) for p in range(1, 10)),
        shores=shores,
        hands=hands,
        hand_counts=counts,
        draw_area=draw_area,
        deck=deck,
        points=(Points(captures=points[0]), Points(captures=points[1])),
        flow=replace(st.flow, seat=to_move),
    )


def random_cards(rng: random.Random) -> dict[str, Any]:
    """A random, valid ``bog-cards/1`` document (any Route and Formation the format allows)."""
    cards = []
    for i in range(CARD_COUNT):
        route = [rng.choice((7, 8, 9))]
        while len(route) < 4:
            route.append(rng.choice([p for p in range(1, 10) if p != route[-1]]))
        formation = rng.sample(range(1, 10), rng.randint(1, 3))
        cards.append({"id": f"{i + 1:02d}", "route": route, "formation": formation})
    doc = {"format": "bog-cards/1", "cards": cards}
    load_cards_json(doc, "random cards")  # valid by construction; checked anyway
    return doc


def play_random_game(
    seed: int, *, known: bool = True, random_card_set: bool = False
) -> tuple[dict[str, Any], list[BogEvent], list[BogState]]:
    """One seeded game through legal actions only, dealt from a shuffled deck.

    ``known``: the hands and Draw Area are entered at setup (else the app knows only
    what is played). Returns (options, events, states from the start to the end).
    """
    rng = random.Random(seed)
    doc = random_cards(rng) if random_card_set else sample_cards().to_json()
    deck = [c["id"] for c in doc["cards"]]
    rng.shuffle(deck)
    start = rng.choice(["Ana", "Ben"])
    second = "Ben" if start == "Ana" else "Ana"
    hands = {start: deck[:2], second: deck[2:5]}
    options: dict[str, Any] = {"cards": doc, "start": start}
    if known:
        options |= {"hands": hands, "draw_area": deck[5:8]}
    rest = deck[8:]
    st = GAME.initial_state(PLAYERS, options)
    events: list[BogEvent] = []
    states = [st]
    true_hands = {0: list(hands["Ana"]), 1: list(hands["Ben"])}
    true_area = list(deck[5:8])
    while not st.over:
        seat = st.to_move
        offered = legal_actions(st)
        # With hidden hands the app offers what *may* be in hand: the table plays real cards.
        real = [
            ev
            for ev in offered
            if ev.type not in ("play", "score", "cannot_act")
            or (ev.type != "cannot_act" and getattr(ev, "card", None) in true_hands[seat])
        ]
        if not real:  # the player truly cannot act: the app must offer to end the game
            real = [ev for ev in offered if ev.type == "cannot_act"]
            assert real, f"seed {seed}: nothing to do, but cannot_act is not offered"
        ev = rng.choice(real)
        if isinstance(ev, Advance) and ev.draw is not None:
            drawn = true_area[ev.draw]
            if rest:
                new = rest.pop(0)
                true_area[ev.draw] = new
                ev = replace(ev, refill=new if known else None)
            else:
                del true_area[ev.draw]
            true_hands[seat].append(drawn)
        if isinstance(ev, Play | Score):
            true_hands[seat].remove(ev.card)
        events.append(ev)
        st = GAME.apply(st, ev)
        states.append(st)
    return options, events, states
