"""Home screen: the five game tiles, Settings, History, Resume."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import find, press


def test_home_shows_the_five_games(app: Any) -> None:
    screen = app.screen
    assert screen.name == "home"
    titles = [t.title for t in screen.tiles.values()]
    assert titles == ["Pond", "Pondscape", "Ponder", "BOG", "Croak"]
    for tile in screen.tiles.values():
        assert tile.height >= 60 and tile.width >= 60
    assert find(screen, text="Settings")
    assert find(screen, text="History")


def test_home_next_moves_focus_and_confirm_opens(app: Any) -> None:
    screen = app.screen
    press(app, "next")
    assert screen.focused_widget() is screen.tiles["pond"]
    press(app, "next")
    assert screen.focused_widget() is screen.tiles["pondscape"]
    press(app, "confirm")
    assert app.screen.name == "setup"
    assert app.screen.game == "pondscape"
