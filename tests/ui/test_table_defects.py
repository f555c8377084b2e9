"""Issue 13, "The table experience": one test per defect, each failing on the code before."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import render
from ui.layout_check import check_window


def screen_problems(app: Any, screen_class: str, kinds: set[str] | None = None) -> list[str]:
    """The layout check's findings about one screen's widgets (as drawn now)."""
    render(app, 3)
    found = [
        p
        for p in check_window(app.mm)
        if f"in {screen_class}" in p.where or screen_class in p.where
    ]
    return [str(p) for p in found if kinds is None or p.kind in kinds]


# --- defect 5: score pad
def test_scorepad_rows_show_name_turn_and_leader_uncut(app: Any) -> None:
    """Defect 5: "Ana (...ay) ★": the row's text was shortened to fit one line."""
    from ui.screens.scorepad import _pad_for

    _pad_for("ponder", 4)(app)
    render(app, 3)
    screen = app.screen
    first = screen.rows[0]
    assert first.to_play or screen.rows[1].to_play
    problems = screen_problems(app, "ScoreRow") + screen_problems(app, "ScorepadScreen")
    assert not [p for p in problems if p.startswith(("text-fit", "text-overlap"))], problems


def test_scorepad_sign_key_is_dead_only_where_scores_cannot_be_negative(app: Any) -> None:
    """Defect 5: the ± key was dead but looked active (Ponder scores are never negative)."""
    from ui.screens.scorepad import _pad_for

    _pad_for("ponder", 2)(app)
    pad = app.screen.ids.pad
    assert not pad.allow_negative
    assert pad.keys["-"].disabled
    from ui.screens.scorepad import demo

    demo(app)  # Croak: a round can lose points
    pad = app.screen.ids.pad
    pad.value = ""
    app.screen.toggle_cards()  # back to points
    render(app, 1)
    assert pad.allow_negative and not pad.keys["-"].disabled


# --- defect 2: the on-screen keyboard on a Pi
def test_keyboard_docked_leaves_the_focused_name_and_set_up_in_sight(app: Any) -> None:
    """Defect 2: the docked keyboard covered the names of seats 3 and 4 and "Set up the
    table", nothing scrolled the focused field into view, and its keys were ~34 px tall."""
    from kivy.core.window import Window

    from tests.ui.conftest import wait_for
    from ui import theme
    from ui.keyboard import docked_keyboard, restore_keyboard_mode, show_docked_keyboard
    from ui.screens.setup import _players

    screen = _players(app, "pond")
    field = screen.rows[3].ids.name
    try:
        show_docked_keyboard(field)
        keyboard = wait_for(app, docked_keyboard)
        wait_for(app, lambda: app.keyboard_height > 0)
        render(app, 4)
        top = keyboard.to_window(0, keyboard.top)[1]
        for widget in (field, screen.ids.to_checklist):
            y = widget.to_window(widget.x, widget.y)[1]
            assert y >= top - 0.5, f"{widget} is under the keyboard"
            assert widget.to_window(0, widget.top)[1] <= Window.height + 0.5
        rows = [k for k in keyboard.layout_geometry if k.startswith("LINE_") and "HINT" not in k]
        key_heights = [size[1] for k in rows for _pos, size in keyboard.layout_geometry[k]]
        assert key_heights and min(key_heights) * keyboard.scale >= theme.TOUCH_MIN_MM * app.mm - 1
        problems = [str(p) for p in check_window(app.mm)]
        assert not [p for p in problems if "under VKeyboard" in p or p.startswith("contrast")]
    finally:
        field.focus = False
        Window.release_all_keyboards()
        restore_keyboard_mode()
        render(app, 2)
