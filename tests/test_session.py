"""The shared session machinery, tested with the trivial score pad game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import BadFileError, EventRefusedError, UnknownGameError
from companion.games.base import Player
from companion.games.scorepad import NextTurn, Points
from companion.session import (
    LiveSession,
    RedoEvent,
    SessionInfo,
    UndoEvent,
    load_session_json,
    read_session_file,
    replay,
)

INFO = SessionInfo("scorepad", (Player("Ana"), Player("Ben")))


def test_session_state_is_fold_of_log() -> None:
    live = LiveSession(INFO)
    live.play(Points("Ana", 3))
    live.play(NextTurn())
    live.play(Points("Ben", 5))
    assert live.state.scores == (3, 5)
    assert live.state.flow.seat == 1 and live.state.flow.turn == 2
    again = replay(INFO, live.events_json())
    assert again.state == live.state


def test_session_undo_and_redo_are_events_and_nothing_is_deleted() -> None:
    live = LiveSession(INFO)
    live.play(Points("Ana", 3))
    live.play(Points("Ana", 4))
    live.play(UndoEvent())
    assert live.state.scores == (3, 0)
    live.play(RedoEvent())
    assert live.state.scores == (7, 0)
    live.play(UndoEvent())
    live.play(UndoEvent())
    assert live.state.scores == (0, 0)
    assert [e["type"] for e in live.events_json()] == [
        "points",
        "points",
        "undo",
        "redo",
        "undo",
        "undo",
    ]
    assert replay(INFO, live.events_json()).state == live.state


def test_session_new_event_clears_redo() -> None:
    live = LiveSession(INFO)
    live.play(Points("Ana", 3))
    live.play(UndoEvent())
    live.play(Points("Ben", 1))
    with pytest.raises(EventRefusedError, match="nothing to redo"):
        live.play(RedoEvent())
    assert live.state.scores == (0, 1)


def test_session_refused_event_is_not_recorded_on_checked_path() -> None:
    live = LiveSession(INFO)
    with pytest.raises(EventRefusedError, match="Zoe"):
        live.play(Points("Zoe", 1))
    with pytest.raises(EventRefusedError, match="nothing to undo"):
        live.play(UndoEvent())
    assert live.log == []


def test_session_replay_flags_refused_events_without_raising() -> None:
    live = replay(INFO, [{"type": "undo"}, {"type": "points", "player": "Zoe", "amount": 1}])
    assert [(v.rule, v.event_index) for v in live.violations] == [("refused", 0), ("refused", 1)]
    assert live.state.scores == (0, 0)


def test_session_checker_flags_but_never_blocks() -> None:
    live = LiveSession(INFO)
    flags = live.play(Points("Ana", -2))
    assert [(v.rule, v.event_index, v.where) for v in flags] == [("negative-score", 0, "Ana")]
    assert live.state.scores == (-2, 0)
    live.play(UndoEvent())
    assert live.effective_violations() == []


def test_session_file_round_trip_and_errors(tmp_path: Path) -> None:
    live = LiveSession(INFO)
    live.play(Points("Ana", 2))
    path = tmp_path / "s.json"
    path.write_text(json.dumps(live.to_json()))
    info, events = read_session_file(path)
    assert info == INFO and [e.to_json() for e in events] == live.events_json()

    bad = {
        "format": "session/1",
        "game": "scorepad",
        "players": [{"name": "A"}],
        "events": [{"type": "points", "player": "A", "amount": "x"}],
    }
    with pytest.raises(BadFileError, match=r"events\[0\].*amount"):
        load_session_json(bad, "f.json")
    with pytest.raises(BadFileError, match="format"):
        load_session_json({**bad, "format": "session/0"}, "f.json")
    with pytest.raises(UnknownGameError, match="chess"):
        load_session_json({**bad, "game": "chess"}, "f.json")
    with pytest.raises(BadFileError, match=r"players\[1\].name 'A' is used twice"):
        load_session_json({**bad, "players": [{"name": "A"}, {"name": "A"}]}, "f.json")
    path.write_text("{not json")
    with pytest.raises(BadFileError, match=r"s.json: not valid JSON \(line 1"):
        read_session_file(path)


events_strategy = st.lists(
    st.one_of(
        st.builds(Points, st.sampled_from(["Ana", "Ben"]), st.integers(-5, 5)).map(
            lambda e: e.to_json()
        ),
        st.just({"type": "next_turn"}),
        st.just({"type": "undo"}),
        st.just({"type": "redo"}),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(events_strategy)
def test_session_undo_redo_matches_naive_fold(events: list[dict[str, object]]) -> None:
    """Replaying with snapshots equals folding the list of events left in effect."""
    live = replay(INFO, events)
    active: list[dict[str, object]] = []
    undone: list[dict[str, object]] = []
    for e in events:
        if e["type"] == "undo":
            if active:
                undone.append(active.pop())
        elif e["type"] == "redo":
            if undone:
                active.append(undone.pop())
        else:
            active.append(e)
            undone.clear()
    naive = replay(INFO, active)
    assert live.state == naive.state


def test_scorepad_negative_scores_flagged_unless_the_game_allows_them() -> None:
    """Croak: "deducting 2 points for every card remaining in their POND pile"."""
    croak = SessionInfo(
        "scorepad", INFO.players, {"for": "croak", "rounds": True, "negative": True}
    )
    live = LiveSession(croak)
    assert live.play(Points("Ana", -4)) == []
    live.play(NextTurn())
    assert live.game.summary(live.state) == "round 2"
    plain = LiveSession(INFO)
    assert [v.rule for v in plain.play(Points("Ana", -4))] == ["negative-score"]
    assert plain.game.summary(plain.state) == "turn 1, Ana to play"
    with pytest.raises(BadFileError, match=r"options\.negative"):
        LiveSession(SessionInfo("scorepad", INFO.players, {"negative": "yes"}))
