"""``FrameView``: shows camera frames (BGR uint8 ndarrays) as a Kivy texture.

The one place a frame becomes a texture. ``show_frame`` runs on the main thread
only; it downscales the frame to the widget's size first (cv2.INTER_AREA) so
the upload stays cheap at 15+ frames per second, flips it (OpenGL's origin is
bottom-left) and blits it with ``colorfmt='bgr'``. The texture is reused while
the size stays the same, so hours of preview do not grow memory.

A frame shown before the widget has its size (a screen's first frame, before its
layout has run) is drawn again when the size comes: scaled to a widget a pixel
high, it would otherwise stay one row stretched over the picture until the next
frame, and a still picture has no next frame. Only the last frame is kept for that.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics.texture import Texture
from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.image import Image


class FrameView(Image):
    """An Image that shows ndarray frames; ``frames_shown`` counts them."""

    texture: Any  # Image's Kivy property, declared for mypy (Kivy ships no types)
    frames_shown = NumericProperty(0)
    frame_shape = ObjectProperty(None, allownone=True)  # (h, w) of the last frame given

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("fit_mode", "contain")
        super().__init__(**kwargs)
        self._tex_size: tuple[int, int] | None = None
        self._last: Any = None  # the last frame shown, drawn again when the size changes
        self.bind(size=self._refit)

    def target_size(self, frame_w: int, frame_h: int) -> tuple[int, int]:
        """The frame's size scaled to fit the widget (never enlarged)."""
        box_w, box_h = max(1, int(self.width)), max(1, int(self.height))
        scale = min(box_w / frame_w, box_h / frame_h, 1.0)
        # Rows a multiple of 4 pixels: a BGR row of another width makes the texture
        # upload take a slow path (about 50 ms a frame instead of 2 on llvmpipe).
        width = max(4, int(frame_w * scale) // 4 * 4)
        return width, max(1, int(frame_h * scale))

    def show_frame(self, frame: Any) -> None:
        if frame is None:
            return
        self._last = frame
        self._draw(frame)
        self.frames_shown += 1

    def _refit(self, *_: Any) -> None:
        """The widget's size changed: the last frame again, at the new size (if it differs);
        not once the picture was taken away (``texture`` set to None)."""
        if self._last is None or self.texture is None:
            return
        h, w = self._last.shape[:2]
        if self.target_size(w, h) != self._tex_size:
            self._draw(self._last)

    def _draw(self, frame: Any) -> None:
        import cv2
        import numpy as np

        h, w = frame.shape[:2]
        self.frame_shape = (h, w)
        tw, th = self.target_size(w, h)
        small = (
            frame
            if (tw, th) == (w, h)
            else cv2.resize(frame, (tw, th), interpolation=cv2.INTER_AREA)
        )
        small = np.ascontiguousarray(small[::-1])
        if self._tex_size != (tw, th) or self.texture is None:
            self.texture = Texture.create(size=(tw, th), colorfmt="bgr")
            self._tex_size = (tw, th)
        self.texture.blit_buffer(small.tobytes(), colorfmt="bgr", bufferfmt="ubyte")
        self.canvas.ask_update()

    def to_frame_xy(self, x: float, y: float) -> tuple[float, float] | None:
        """Window point -> pixel (x, y) of the last frame (origin top-left); None if outside."""
        if self.frame_shape is None or self.texture is None:
            return None
        fh, fw = self.frame_shape
        nw, nh = self.norm_image_size
        left = self.center_x - nw / 2
        bottom = self.center_y - nh / 2
        if not (left <= x <= left + nw and bottom <= y <= bottom + nh) or nw <= 0 or nh <= 0:
            return None
        return (x - left) / nw * fw, (1 - (y - bottom) / nh) * fh

    def to_widget_xy(self, fx: float, fy: float) -> tuple[float, float]:
        """Frame pixel (origin top-left) -> window point, inverse of ``to_frame_xy``."""
        fh, fw = self.frame_shape or (1, 1)
        nw, nh = self.norm_image_size
        left = self.center_x - nw / 2
        bottom = self.center_y - nh / 2
        return left + fx / fw * nw, bottom + (1 - fy / fh) * nh
