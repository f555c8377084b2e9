"""Issue 13, defect 11 (scan): the status wrapped under the Demo badge, the count of frames
agreeing sat half on its bar, and nothing said what the green and yellow squares meant.

Each test drives the real scan screen on the demo camera, at 800x480, and looks at it as
drawn (``ui.layout_check``) or at what its overlay draws.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color

from tests.ui.conftest import find_all, render
from ui import layout_check

#: The longest things the status line says (ui/screens/pondscape_scan.py and the scanner).
LONG_STATUSES = (
    "15 cards seen: voting 1/5",
    "The scan could not build a pond: check the food row is in view.",
    "No camera picture: camera 'files:/media/usb/pond-photos' has no pictures left. "
    "Enter the pond by hand.",
)


def _rect(widget: Any) -> tuple[float, float, float, float]:
    return layout_check._window_rect(widget)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return layout_check._intersect(a, b) is not None  # type: ignore[arg-type]


def _scan_screen(app: Any) -> Any:
    from ui.screens import pondscape_scan

    pondscape_scan.demo(app)
    render(app, 4)
    screen = app.screen
    assert screen.name == "pondscape_scan"
    return screen


def test_pondscape_scan_status_fits_and_keeps_clear_of_the_badge(app: Any) -> None:
    screen = _scan_screen(app)
    screen.stop()
    badge = app.root.ids.demo_badge
    for text in LONG_STATUSES:
        screen.status_text = text
        render(app, 4)
        status = screen.ids.status
        assert not _overlap(_rect(status), _rect(badge)), (text, _rect(status), _rect(badge))
        problems = [str(p) for p in layout_check.check_window(app.mm)]
        assert problems == [], (text, problems)


def test_pondscape_scan_progress_count_is_off_its_bar(app: Any) -> None:
    screen = _scan_screen(app)
    bar = screen.ids.progress
    labels = [w for w in find_all(screen, text="agreeing") if w.opacity > 0]
    assert labels, "the count of frames agreeing is shown"
    for label in labels:
        ink = layout_check._ink(label)
        assert ink is not None
        assert not _overlap(ink[0], _rect(bar)), "the count is drawn on its bar"


def test_pondscape_scan_key_explains_every_colour_on_the_picture(app: Any) -> None:
    screen = _scan_screen(app)
    drawn = {
        tuple(round(c, 3) for c in instr.rgba)
        for instr in screen.ids.overlay.canvas.children
        if isinstance(instr, Color)
    }
    assert len(drawn) >= 2, "the demo frame shows the grid and tags"  # yellow, green, blue
    key = screen.ids.get("key")
    assert key is not None, "the screen has a key"
    explained = {}
    for mark in key.walk(restrict=True):
        for instr in mark.canvas.children:
            if isinstance(instr, Color) and getattr(mark.parent, "text", ""):
                explained[tuple(round(c, 3) for c in instr.rgba)] = mark.parent.text
    missing = drawn - set(explained)
    assert not missing, f"colours on the picture with no words in the key: {missing}"
    assert all(len(words.split()) >= 2 for words in explained.values())
