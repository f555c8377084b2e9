"""Whole BOG games played by a seeded random table through the legal actions only.

For the demo screen, the docs' example game, the random-play tests and the benchmark.
The table is simulated: a shuffled deck deals the hands and the Draw Area, and the
cards turned up from the deck are entered as ``refill``; with ``known=False`` the app
is told nothing but what is played, as at a real table that enters no hands.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.games.base import Player
from companion.games.bog.cards import CARD_COUNT, load_cards_json, sample_cards
from companion.games.bog.events import Advance, BogEvent, Play, Score
from companion.games.bog.rules import legal_actions
from companion.games.bog.state import BogState, apply, initial_state

PLAYERS = (Player("Ana"), Player("Ben"))


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
    st = initial_state(PLAYERS, options)
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
            if not real:
                raise RuntimeError(f"seed {seed}: nothing to do, but cannot_act is not offered")
        ev = rng.choice(real)
        if isinstance(ev, Advance) and ev.draw is not None:
            slot = ev.draw
            drawn = true_area[slot]
            if rest:
                new = rest.pop(0)
                true_area[slot] = new
                ev = replace(ev, refill=new if known else None)
            else:
                del true_area[slot]
            true_hands[seat].append(drawn)
        if isinstance(ev, Play | Score):
            true_hands[seat].remove(ev.card)
        events.append(ev)
        st = apply(st, ev)
        states.append(st)
    return options, events, states
