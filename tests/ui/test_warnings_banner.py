"""The rules-warnings banner: cannot be missed, does not block, names the rule and the pond."""

from __future__ import annotations

from typing import Any

from companion.games.base import Violation
from tests.ui.conftest import find, press, render, tap, tap_pond
from ui.widgets.warnings_banner import banner_text, violation_line


def test_warnings_banner_text_names_rule_and_place() -> None:
    v = Violation("fountain-fwooog", "A Long Fwooog is in the Fountain", "pond F")
    # Defect 1: players read the rule in words; the internal id is not shown.
    assert violation_line(v) == "A Long Fwooog is in the Fountain (pond F)"
    many = [Violation(f"r{i}", f"message {i}", None) for i in range(5)]
    assert banner_text(many).splitlines() == [
        "message 0",
        "message 1",
        "message 2",
        "... and 2 more",
    ]


def record_fountain_fwooog(app: Any) -> Any:
    """From the tracker: Scan, put a Long Fwooog in the Fountain by hand, record the board."""
    from ui.screens.pond_tracker import start_demo_game

    start_demo_game(app)
    render(app, 1)
    tracker = app.screen
    before = app.live.state.board
    press(app, "scan")
    review = app.screen
    assert review.name == "pond_end_phase" and review.mode == "look"
    review.by_hand = False
    review.refresh()
    render(app, 1)
    fountain = app.live.state.layout.fountain
    tap_pond(review, fountain)
    tap(find(review.editor.ids.rows, text="Long Fwooog: no"))
    tap(review.editor.ids.done)
    tap(review.ids.confirm_button)
    render(app, 1)
    assert app.screen is tracker
    assert app.live.log[-1].type == "board"
    return before


def test_warnings_banner_shows_the_rule_and_undo_last_undoes(app: Any) -> None:
    """ "Long Fwooogs cannot be placed in the Fountain (the very central Pond)" """
    before = record_fountain_fwooog(app)
    banner = app.banner
    assert banner.shown and banner.opacity == 1
    assert "fountain-fwooog" in banner.rules
    fountain = app.live.state.layout.fountain
    assert "Fountain" in banner.text and fountain in banner.text
    assert banner.title.startswith("Check the table:")
    # It does not block: the tracker's buttons still work beneath it.
    tracker = app.screen
    press(app, "next")
    assert tracker.ids.phase.text == "Main Phase"
    press(app, "undo")
    assert tracker.ids.phase.text == "Start Phase"
    # "Undo last" takes the board back.
    tap(banner.ids.undo)
    render(app, 1)
    assert not banner.shown
    assert app.live.state.board == before
    assert app.live.log[-1].type == "undo"


def test_warnings_banner_ok_keeps_the_event(app: Any) -> None:
    record_fountain_fwooog(app)
    banner = app.banner
    assert banner.shown
    board = app.live.state.board
    tap(banner.ids.ok)
    assert not banner.shown
    assert app.live.state.board == board
    # Hidden, it takes no touches: the tracker's Undo under it works.
    tap(app.screen.ids.undo_button)
    assert app.live.state.board != board


def test_warnings_banner_goes_with_its_session(app: Any) -> None:
    record_fountain_fwooog(app)
    assert app.banner.shown
    app.go("home")
    app.live = None  # the session is closed: its warnings no longer apply
    assert not app.banner.shown


def test_warnings_banner_covers_nothing_and_fits_the_window(app: Any) -> None:
    """Defect 1: OK stuck out above the window, "Undo last" was 7 mm on Touch Display 2,
    the banner covered the VP supply and the phase, and the screen ghosted through it."""
    from kivy.core.window import Window

    from ui import theme
    from ui.layout_check import check_window

    record_fountain_fwooog(app)
    render(app, 3)
    banner = app.banner
    tracker = app.screen
    assert "[rule:" not in banner.text
    for button in (banner.ids.ok, banner.ids.undo):
        x, y = button.to_window(button.x, button.y)
        assert x >= 0 and x + button.width <= Window.width
        assert y >= 0 and y + button.height <= Window.height
        assert min(button.size) >= theme.TOUCH_MIN_MM * app.mm - 0.5
    # The screen is shortened below the banner: its top is the banner's bottom.
    assert tracker.top <= banner.y + 0.5
    for label_id in ("supply_number", "phase"):
        label = tracker.ids[label_id]
        assert label.to_window(0, label.top)[1] <= banner.y + 0.5
    problems = [
        p for p in check_window(app.mm) if "WarningsBanner" in p.where or "under" in p.detail
    ]
    assert problems == []
    banner.ok()
    render(app, 2)
    assert app.banner_height == 0 and tracker.top == Window.height
