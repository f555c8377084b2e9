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
    """Defect 5: the ± key was dead but looked active (counting Croak's cards: a count is
    never negative)."""
    from ui.screens.scorepad import demo

    demo(app)  # Croak, counting Ben's SWAMP cards
    pad = app.screen.ids.pad
    assert app.screen.card_mode and not pad.allow_negative
    assert pad.keys["-"].disabled
    pad.value = ""
    app.screen.toggle_cards()  # back to points: a round can lose points
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


# --- defect 3: the History chart's title
def test_chart_title_redraws_with_its_data(app: Any) -> None:
    """Defect 3: the title lagged one game behind its data (redraw not bound to title)."""
    from ui.widgets.chart import Chart

    chart = Chart(size=(400, 300), pos=(0, 0))
    chart.series = [("Ana", [3, 5], (1, 0, 0, 1))]
    chart.title = "Croak: scores per game"
    assert any(lab.text == "Croak: scores per game" for lab in chart._labels)
    chart.title = "Pond: scores per game"
    assert any(lab.text == "Pond: scores per game" for lab in chart._labels)


# --- defect 10: one colour system
def test_history_chart_shows_pond_players_in_their_faction_colours() -> None:
    """Defect 10: Ana was purple (wizard) on the tracker and blue (seat 1) in History."""
    from ui import theme
    from ui.screens.history import chart_series

    entries = [
        {
            "game": "pond",
            "finished": True,
            "scores": [("Ana", 30), ("Ben", 20)],
            "factions": {"Ana": "wizard", "Ben": "cowboy"},
        }
    ]
    colours = {name: colour for name, _v, colour in chart_series(entries, "pond")}
    assert colours == {"Ana": theme.FACTION["wizard"], "Ben": theme.FACTION["cowboy"]}
    croak = [{"game": "croak", "finished": True, "scores": [("Ana", 75), ("Ben", 20)]}]
    assert [c for _n, _v, c in chart_series(croak, "croak")] == [theme.SEATS[0], theme.SEATS[1]]


def test_setup_faction_buttons_and_seats_use_the_faction_colour(app: Any) -> None:
    """Defect 10: cowboy was brown in Setup but red in Settings and on the board."""
    from ui import theme
    from ui.screens.setup import _players

    screen = _players(app, "pond")
    render(app, 2)
    for row in screen.rows:
        assert list(row.ids.faction.tone) == list(theme.FACTION[row.faction])
    assert theme.FACTION["cowboy"][0] > 0.9  # red, as the pieces are
    assert not [p for p in screen_problems(app, "PlayerRow") if p.startswith("colour")]


# --- defect 12: `make run` with no display
def test_ui_with_no_display_says_so_in_one_line(tmp_path: Any) -> None:
    """Defect 12: with no display the app ran silently with an invisible window."""
    from ui.commands import no_display_reason

    nothing = tmp_path / "dri"
    nothing.mkdir()
    assert no_display_reason({}, nothing) is not None
    assert no_display_reason({"DISPLAY": ":0"}, nothing) is None
    assert no_display_reason({"WAYLAND_DISPLAY": "wayland-0"}, nothing) is None
    (nothing / "card0").touch()
    assert no_display_reason({}, nothing) is None  # the Pi's KMS console


def test_ui_command_with_no_display_exits_2_naming_the_headless_way(tmp_path: Any) -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["KIVY_HOME"] = str(tmp_path)
    env["POND_COMPANION_CONFIG"] = ""
    env.pop("POND_COMPANION_CONFIG")
    from pathlib import Path

    if Path("/dev/dri").is_dir() and any(Path("/dev/dri").glob("card*")):
        return  # this machine has a display device: nothing to refuse
    proc = subprocess.run(
        [sys.executable, "-m", "companion.cli", "ui"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "--screenshots" in lines[0]
