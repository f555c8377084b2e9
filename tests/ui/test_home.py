"""Home screen: the five game tiles, Resume, Settings, History."""

from __future__ import annotations

from typing import Any

from companion.games.base import Player
from companion.session import SessionInfo
from tests.ui.conftest import find, press, tap, wait_for


def test_home_shows_the_five_games(app: Any) -> None:
    screen = app.screen
    assert screen.name == "home"
    titles = [t.title for t in screen.tiles.values()]
    assert titles == ["Pond", "Pondscape", "Ponder", "BOG", "Croak"]
    for tile in screen.tiles.values():
        assert tile.height >= 60 and tile.width >= 60
    assert find(screen, text="Settings").height >= 60
    assert find(screen, text="History").height >= 60


def test_home_resume_names_game_players_and_turn(app: Any) -> None:
    pad = {"for": "croak", "rounds": True, "negative": True}  # a Croak match kept on the pad
    info = SessionInfo("scorepad", (Player("Ana"), Player("Ben"), Player("Cy")), pad)
    sid = app.store.create(info)
    app.store.append(sid, {"type": "next_turn"})
    app.store.set_summary(sid, "turn 2, Ben to play")
    app.go("history")
    screen = app.go("home")
    wait_for(app, lambda: screen.resume_row is not None and screen.resume_row.id == sid)
    assert screen.resume_text == "Resume Croak: Ana, Ben, Cy · turn 2, Ben to play"
    assert screen.ids.resume.height >= 60 and screen.ids.resume.opacity == 1
    tap(screen.ids.resume)
    assert app.screen.name == "scorepad" and app.session_id == sid


def test_home_next_moves_focus_and_confirm_opens(app: Any) -> None:
    screen = app.screen
    order = screen.focusables()
    press(app, "next")
    assert screen.focused_widget() is order[0]
    start = order.index(screen.tiles["pondscape"])
    for _ in range(start):
        press(app, "next")
    assert screen.focused_widget() is screen.tiles["pondscape"]
    press(app, "confirm")
    assert app.screen.name == "setup"
    assert app.screen.game == "pondscape"


def test_home_settings_and_history_buttons(app: Any) -> None:
    tap(app.screen.ids.settings)
    assert app.screen.name == "settings"
    app.go("home")
    tap(app.screen.ids.history)
    assert app.screen.name == "history"
