"""Seeded random Croak matches: for property tests, demo screens and the replay benchmark.

A bot table plays whole matches through the checked path (``LiveSession.play``):
each hand one player calls CROAK with an empty POND pile, the others keep 0 to 10
cards in theirs, and everyone returns some cards from the SWAMP. Now and then a past
hand is corrected, or the last event is undone. Randomness comes from the injected
``random.Random`` only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.games.base import JSON, Player
from companion.games.croak.events import POND_PILE, Correct, Count, Croak, Score, Start
from companion.games.croak.match import CroakState
from companion.session import LiveSession, SessionInfo, UndoEvent

NAMES = ("Ana", "Ben", "Cy", "Dee")


def _count(rng: random.Random, name: str, caller: bool, deck_size: int) -> Count:
    left = 0 if caller else min(POND_PILE, int(rng.expovariate(0.45)))
    most = min(deck_size - left, 30)
    returned = max(0, min(most, int(rng.gauss(14 if caller else 10, 5))))
    return Count(name, returned, left)


def play_match(
    rng: random.Random,
    names: Sequence[str] = NAMES[:3],
    options: dict[str, Any] | None = None,
    *,
    corrections: float = 0.1,
    undos: float = 0.05,
    double_calls: float = 0.03,
    max_hands: int = 200,
    stop_before_end: bool = False,
) -> LiveSession:
    """Play a random match to its end (or to ``max_hands`` hands), checked all the way.

    ``stop_before_end`` stops between hands before the hand that would end the match (a
    match in progress, for demos). ``double_calls`` is how often a second player shouts CROAK
    too (the checker flags it).
    """
    info = SessionInfo("croak", tuple(Player(n) for n in names), dict(options or {}))
    live = LiveSession(info)
    for _ in range(max_hands):
        st: CroakState = live.state
        if st.over:
            break
        players = st.now.next_players
        caller = rng.choice(players)
        counts = tuple(_count(rng, n, n == caller, st.deck_size) for n in players)
        if stop_before_end and (
            st.now.face_off or any(st.total_of(c.player) + c.points >= st.target for c in counts)
        ):
            break
        live.play(Start())
        live.play(Croak(caller))
        if rng.random() < double_calls:  # two players shout at once: the checker flags it
            live.play(Croak(rng.choice(players)))
        live.play(Score(counts))
        if rng.random() < undos:
            live.play(UndoEvent())
            live.play(Score(counts))
        st = live.state
        scored = st.scored_hands
        if scored and rng.random() < corrections:
            past = rng.choice(scored)
            who = rng.choice(past.players)
            fixed = _count(rng, who, who in past.callers, st.deck_size)
            live.play(Correct(past.number, (fixed,)))
    return live


def demo_session_json(seed: int = 7, players: int = 3, finished: bool = True) -> JSON:
    """A whole ``session/1`` document of a random match (finished, or in progress)."""
    live = play_match(
        random.Random(seed), NAMES[:players], {}, stop_before_end=not finished, double_calls=0
    )
    return live.to_json()
