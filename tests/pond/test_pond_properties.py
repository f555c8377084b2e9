"""Invariants over random legal event streams (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pond_builders import FACTIONS, NAMES, info

from companion.games.pond import PondState, default_layout
from companion.games.pond.demo import demo_game_json
from companion.session import load_session_json, replay

POND_IDS = default_layout(13).pond_ids


def _invariant(state: PondState) -> None:
    assert state.taken + state.supply == state.starting_supply
    assert state.supply >= 0 and min(state.tokens) >= 0
    assert state.over == (state.supply == 0)
    assert (state.ended_by is not None) == state.over


@st.composite
def streams(draw: st.DrawFn) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    count = draw(st.integers(2, 4))
    names = NAMES[:count]
    factions = FACTIONS[:count]
    ponds = default_layout(9 if count == 2 else 13).pond_ids
    options: dict[str, Any] = {"starting_vp_from_supply": draw(st.booleans())}
    name = st.sampled_from(names)
    amount = st.integers(1, 60)
    pond_content = st.fixed_dictionaries(
        {
            "frogs": st.dictionaries(st.sampled_from(factions), st.integers(0, 6), max_size=3),
            "fwooogs": st.lists(st.sampled_from(factions), max_size=2),
            "lilypad": st.sampled_from([None, "free", *factions]),
        }
    )
    damage = st.tuples(name, name, amount).filter(lambda t: t[0] != t[1])
    vp = st.builds(
        lambda p, a: {"type": "vp", "player": p, "amount": a, "reason": "card"}, name, amount
    )
    event = st.one_of(
        vp,  # twice as likely, so that many streams empty the supply
        st.just({"type": "next_phase"}),
        st.just({"type": "undo"}),
        st.just({"type": "redo"}),
        st.builds(
            lambda p, k: {"type": "control", "ponds": p, "lilypads": k},
            st.integers(0, 13),
            st.integers(0, 13),
        ),
        damage.map(lambda t: {"type": "damage", "by": t[0], "to": t[1], "amount": t[2]}),
        st.builds(
            lambda p, a: {"type": "vp", "player": p, "amount": a, "reason": "card"}, name, amount
        ),
        st.builds(
            lambda p, a: {"type": "card_vp", "player": p, "amount": a}, name, st.integers(0, 60)
        ),
        st.dictionaries(st.sampled_from(ponds), pond_content, max_size=4).map(
            lambda b: {"type": "board", "ponds": b}
        ),
    )
    return count, options, draw(st.lists(event, min_size=10, max_size=60))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(streams())
def test_property_supply_plus_taken_is_the_starting_supply_and_prefixes_replay(
    stream: tuple[int, dict[str, Any], list[dict[str, Any]]],
) -> None:
    count, options, events = stream
    session_info = info(count, **options)
    full = replay(session_info, events)
    states = [full.initial, *(step.state for step in full.active)]
    for state in states:
        _invariant(state)
    for cut in range(len(events) + 1):
        prefix = replay(session_info, events[:cut])  # never raises
        _invariant(prefix.state)
    assert replay(session_info, full.events_json()).state == full.state


@settings(max_examples=8, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6))
def test_property_bot_games_end_with_an_empty_supply_and_no_violations(
    count: int, seed: int
) -> None:
    game = demo_game_json(count, seed=seed)
    session_info, events = load_session_json(game, "demo")
    live = replay(session_info, events)
    for step in live.active:
        _invariant(step.state)
    assert live.state.over
    assert live.effective_violations() == []  # legal play is never flagged
