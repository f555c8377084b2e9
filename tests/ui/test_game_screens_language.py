"""Issue 13, "one visual language": the Ponder, BOG, Croak and Pondscape screens follow
docs/ui.md, "For new screens" (colours from ``ui.theme``, the game's emblem in the title
row), and BOG's list of actions says when it has more than it shows."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import render
from ui import layout_check
from ui.widgets import GameEmblem, Heading

ROOT = Path(__file__).resolve().parents[2]

#: (screen module, the game its title row names)
GAME_SCREENS = (
    ("ponder", "ponder"),
    ("bog", "bog"),
    ("bog_cards", "bog"),
    ("croak", "croak"),
    ("pondscape_play", "pondscape"),
    ("pondscape_scan", "pondscape"),
    ("pondscape_score", "pondscape"),
)


@pytest.mark.parametrize("name", sorted({n for n, _ in GAME_SCREENS}))
def test_game_screens_take_colours_from_the_theme(name: str) -> None:
    """Rule 2: colours only from ``ui.theme`` (the older ``ui/widgets/style.py`` is gone)."""
    for suffix in (".py", ".kv"):
        text = (ROOT / "ui" / "screens" / f"{name}{suffix}").read_text(encoding="utf-8")
        assert "widgets.style" not in text and "widgets import style" not in text, name + suffix


@pytest.mark.parametrize(("name", "game"), GAME_SCREENS)
def test_game_screens_show_the_game_emblem_in_the_title_row(app: Any, name: str, game: str) -> None:
    """Rule 8: a game screen's title row shows ``GameEmblem(game=...)`` in its accent."""
    importlib.import_module(f"ui.screens.{name}").demo(app)
    render(app, 4)
    screen = app.screen
    emblems = [w for w in screen.walk(restrict=True) if isinstance(w, GameEmblem)]
    assert [e.game for e in emblems] == [game], f"{name}: emblems {emblems}"
    x, y, w, h = layout_check._window_rect(emblems[0])
    top = screen.to_window(screen.x, screen.top)[1]
    assert top - (y + h) < app.pad * 2 and w >= app.touch * 0.5, f"{name}: not in the title row"
    titles = [w for w in emblems[0].parent.children if isinstance(w, Heading)]
    assert titles and x + w <= layout_check._window_rect(titles[0])[0] + 1, f"{name}: beside"


def test_bog_actions_say_when_there_are_more_than_shown(app: Any) -> None:
    """The action list scrolls: its bar stays visible and a line under it says so."""
    from ui.screens import bog

    bog.demo(app)
    render(app, 4)
    screen = app.screen
    actions = screen.ids.actions
    scroll = actions.parent
    assert len(actions.children) >= 3 and actions.height > scroll.height, "demo: more than fit"
    hints = [
        w
        for w in screen.walk(restrict=True)
        if "scroll" in str(getattr(w, "text", "")).lower() and w.opacity > 0 and w.height > 0
    ]
    assert hints, "nothing tells the players the list scrolls"
    hint = layout_check._window_rect(hints[0])
    assert layout_check._intersect(hint, layout_check._window_rect(scroll)) is None
    assert scroll.bar_inactive_color[3] >= 0.9 and scroll.bar_width >= app.mm
    # Scrolled to the end, the last action is whole and in view.
    scroll.scroll_y = 0
    render(app, 3)
    last = actions.children[0]
    _x, ly, _w, lh = layout_check._window_rect(last)
    _x, sy, _w, sh = layout_check._window_rect(scroll)
    assert ly >= sy - 1 and ly + lh <= sy + sh + 1
