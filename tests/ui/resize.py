"""A test at another window size (the off-screen window: layout changes, pixels do not).

The ``display_size`` fixture (tests/ui/conftest.py) runs a test at each of the two displays.
"""

from __future__ import annotations

import gc
from typing import Any

from kivy.core.window import Window

from tests.ui.conftest import render

SIZES = [(800, 480), (1280, 720)]


def resize(app: Any, size: tuple[int, int]) -> None:
    """A new window size. Widgets other tests dropped are collected first: collected in the
    middle of the resize, a dead one's kv binding to the app's sizes raises ReferenceError."""
    gc.collect()
    try:
        Window.size = size
    except ReferenceError:  # one died mid-resize all the same: its binding is gone now
        gc.collect()
        Window.size = (size[0] - 1, size[1])  # a real change, so every binding is told
        Window.size = size
    render(app, 2)
