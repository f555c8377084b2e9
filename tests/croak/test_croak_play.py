"""Seeded random matches: the invariants of the fold, JSON round trips, replay = live."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.croak import GAME, Correct, Count, Croak, Score, Start, parse_event
from companion.games.croak.demo import NAMES, play_match
from companion.games.croak.match import FACE_OFF, HAND, standing
from companion.session import load_session_json, replay

names = st.sampled_from(NAMES)
count_st = st.builds(Count, names, st.integers(0, 42), st.integers(0, 10))
counts_st = st.lists(count_st, min_size=1, max_size=4, unique_by=lambda c: c.player).map(tuple)
events = st.one_of(
    st.just(Start()),
    st.builds(Croak, names),
    st.builds(Score, counts_st),
    st.builds(Correct, st.integers(1, 30), counts_st, st.none() | names),
)


@given(events)
def test_croak_events_round_trip_exactly(event: Any) -> None:
    data = json.loads(json.dumps(event.to_json()))
    assert parse_event(data, "e") == event
    assert parse_event(data, "e").to_json() == data


@pytest.mark.parametrize("seed", range(40))
def test_croak_random_matches_keep_the_rules(seed: int) -> None:
    """Totals are the sum of the hands' scores; the match ends exactly as the rulebook says:
    one player alone at 75 or more, or a face-off won outright."""
    rng = random.Random(seed)
    live = play_match(rng, NAMES[: 2 + seed % 3], corrections=0.15, undos=0.1)
    state = live.state
    now = state.now
    assert state.over, "a random match ends within 200 hands"
    sums = dict.fromkeys(state.names, 0)
    face_off: tuple[str, ...] = ()
    for result in now.results:
        if result.kind == HAND:
            assert not face_off and result.players == state.names
            for name, p in result.points:
                sums[name] += p
            reached = tuple(n for n in state.names if sums[n] >= state.target)
            if len(reached) > 1:
                face_off = reached
        elif result.kind == FACE_OFF:
            assert result.players == face_off
            best = max(p for _, p in result.points)
            face_off = tuple(n for n, p in result.points if p == best)
        assert result.totals == tuple(sums.values())
    assert now.totals == tuple(sums.values())
    if now.face_offs:
        assert face_off == (now.winner,)
    else:
        assert [n for n in state.names if sums[n] >= state.target] == [now.winner]
    # Every hand's score is what the rulebook's sentence gives.
    for hand in state.scored_hands:
        for c in hand.counts:
            assert c.points == c.returned - 2 * c.pond_left
    # Replaying the stored log (the unchecked path) rebuilds the same state and flags.
    doc = json.loads(json.dumps(live.to_json()))
    info, evs = load_session_json(doc, "match.json")
    again = replay(info, evs, "match.json")
    assert again.state == state
    assert again.effective_violations() == live.effective_violations()
    assert standing(state.names, state.hands, state.target) == now
    assert GAME.summary(state).startswith(f"{now.winner} wins: ")
