"""FrameView: a frame shown before the widget has its size is drawn again when it comes."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.ui.conftest import render
from ui.widgets.frame_view import FrameView


def _frame() -> Any:
    frame = np.zeros((480, 640, 3), np.uint8)
    frame[:, :320] = (0, 0, 255)  # BGR: red on the left, green on the right
    frame[:, 320:] = (0, 255, 0)
    return frame


def test_a_frame_shown_before_the_layout_is_drawn_again_at_the_widgets_size(app: Any) -> None:
    """A screen's first frame can come while its view is a pixel high: the frame was scaled
    to one row, and that row stayed stretched over the picture until the next frame (a
    likely cause of the smeared Settings preview seen once at 1280x720). When the size
    comes the frame is drawn again."""
    view = FrameView(size_hint=(None, None), size=(100, 1))
    view.show_frame(_frame())
    assert (view.texture.width, view.texture.height) == (4, 1)
    view.size = (400, 300)
    render(app, 1)
    assert (view.texture.width, view.texture.height) == (400, 300)
    assert view.frames_shown == 1  # drawn again, not a frame more
    pixels = np.frombuffer(view.texture.pixels, np.uint8).reshape(300, 400, 4)
    assert tuple(pixels[150, 50, :3]) == (255, 0, 0)  # RGBA: the left half red
    assert tuple(pixels[150, 350, :3]) == (0, 255, 0)


def test_a_picture_taken_away_is_not_drawn_again(app: Any) -> None:
    view = FrameView(size_hint=(None, None), size=(100, 1))
    view.show_frame(_frame())
    view.texture = None
    view.size = (400, 300)
    render(app, 1)
    assert view.texture is None
