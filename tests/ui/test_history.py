"""History: past sessions with scores, the per-game chart, export to JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.games.base import Player
from companion.session import SessionInfo, load_session_json
from tests.ui.conftest import press, tap, wait_for
from ui.screens.history import chart_series, read_history


def add_croak(app: Any, scores: tuple[int, int], finished: bool = True) -> int:
    """A Croak match kept on the score pad (as stored before Croak had its own engine)."""
    pad = {"for": "croak", "rounds": True, "negative": True}
    info = SessionInfo("scorepad", (Player("Ana"), Player("Ben")), pad)
    sid = app.store.create(info)
    for name, amount in zip(("Ana", "Ben"), scores, strict=True):
        app.store.append(sid, {"type": "points", "player": name, "amount": amount})
    if finished:
        app.store.set_finished(sid, True, "done")
    return sid


def test_history_lists_sessions_with_scores(app: Any) -> None:
    first = add_croak(app, (40, 76))
    second = add_croak(app, (80, 12))
    screen = app.go("history")
    wait_for(app, lambda: not screen.loading and screen.items)
    by_id = {e["id"]: e for e in screen.entries}
    assert by_id[first]["scores"] == [("Ana", 40), ("Ben", 76)]
    assert by_id[second]["game"] == "croak"
    item = next(i for i in screen.items if i.session_id == second)
    assert item.detail == "Ana 80, Ben 12"
    assert item.title.startswith("Croak · ")
    assert screen.chart_game == "croak"
    series = dict((n, v) for n, v, _c in screen.ids.chart.series)
    assert series["Ana"][-2:] == [40, 80] and series["Ben"][-2:] == [76, 12]


def test_history_chart_series_only_finished_games_oldest_first() -> None:
    entries = [
        {"id": 3, "game": "croak", "finished": False, "scores": [("Ana", 5)]},
        {"id": 2, "game": "croak", "finished": True, "scores": [("Ana", 70), ("Ben", 80)]},
        {"id": 1, "game": "croak", "finished": True, "scores": [("Ana", 75), ("Cy", 9)]},
        {"id": 0, "game": "bog", "finished": True, "scores": [("Ana", 11)]},
    ]
    series = [(n, v) for n, v, _c in chart_series(entries, "croak")]
    assert series == [("Ana", [75, 70]), ("Ben", [0, 80]), ("Cy", [9, 0])]


def test_history_export_selected_session_to_json(app: Any, tmp_path: Path) -> None:
    sid = add_croak(app, (3, 4))
    screen = app.go("history")
    wait_for(app, lambda: not screen.loading and screen.items)
    screen.select(sid)
    target = screen.export_selected(tmp_path)
    wait_for(app, lambda: screen.message.startswith("Exported"))
    assert target == tmp_path / f"session-{sid}.json"
    info, events = load_session_json(json.loads(target.read_text()), str(target))
    assert info.options == {"for": "croak", "rounds": True, "negative": True}
    assert [e.to_json() for e in events] == [
        {"type": "points", "player": "Ana", "amount": 3},
        {"type": "points", "player": "Ben", "amount": 4},
    ]


def test_history_next_button_steps_through_sessions(app: Any) -> None:
    add_croak(app, (1, 2))
    add_croak(app, (5, 6))
    screen = app.go("history")
    wait_for(app, lambda: not screen.loading and len(screen.items) >= 2)
    first = screen.selected
    screen.games = ["bog", "croak"]
    screen.chart_game = "bog"
    press(app, "scan")  # the scan button turns the chart to the next game
    assert screen.chart_game == "croak"
    press(app, "next")
    assert screen.selected != first
    assert screen.selected == screen.items[1].session_id
    tap(screen.ids.back)
    assert app.screen.name == "home"


def test_history_read_history_reports_unreadable_session(app: Any) -> None:
    sid = add_croak(app, (1, 1))
    app.store.append(sid, {"type": "points", "player": "Zed", "amount": "x"})
    entry = next(e for e in read_history(app.store) if e["id"] == sid)
    assert entry["scores"] == [] and "cannot be read" in entry["summary"]
