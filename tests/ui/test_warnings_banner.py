"""The rules-warnings banner: cannot be missed, does not block, names the rule and the pond."""

from __future__ import annotations

from typing import Any

from companion.games.base import Violation
from tests.ui.conftest import find, press, render, tap
from ui.widgets.warnings_banner import banner_text, violation_line


def test_warnings_banner_text_names_rule_and_place() -> None:
    v = Violation("fountain-fwooog", "A Long Fwooog is in the Fountain", "pond F")
    assert violation_line(v) == "A Long Fwooog is in the Fountain (pond F)  [rule: fountain-fwooog]"
    many = [Violation(f"r{i}", f"message {i}", None) for i in range(5)]
    assert banner_text(many).splitlines() == [
        "message 0  [rule: r0]",
        "message 1  [rule: r1]",
        "message 2  [rule: r2]",
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
    tap(next(t for t in review.ponds_grid.children if t.pond_id == fountain))
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
