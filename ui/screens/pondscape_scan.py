"""Pondscape scan: the live camera preview with the tags and the grid drawn as they are read.

Frames are read and shown on one chain of background work, scanned and voted
on another (``ui.preview``), so the preview keeps its frame rate while the
slow tag reading runs. When enough frames agree the pond is recorded (a
``pond`` event) and the score screen opens on it. `scan` restarts the scan,
`undo` goes back to the score screen.

Beside the picture a key says what each colour drawn on it means (``SCAN_KEY``): the
status line has the screen's whole width under the title row, and the count of frames
agreeing sits above its bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.graphics import Color, Line
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.errors import CompanionError, EventRefusedError
from companion.games.pondscape.tableau import PlayerPond
from ui import pondscape_session as ps
from ui import theme
from ui.pondscape_scanner import PondscapeScanner, ScanStep
from ui.preview import PreviewLoop, cached
from ui.screens.base import BaseScreen, load_kv

if TYPE_CHECKING:
    from ui.widgets.frame_view import FrameView

load_kv(__file__)

#: The overlay's colours, from the palette: a tag on a food row card, a tag on a card of the
#: pond, a tag that is in neither (not in the grid), and the fitted grid's lines.
TAG_COLOURS = {
    "food": theme.FOCUS,
    "pond": theme.DONE,
    "stray": theme.DANGER,
}
GRID_COLOUR = theme.game_accent("pondscape")
#: The key beside the picture, one entry per colour the overlay draws: (kind, words).
SCAN_KEY = (
    ("food", "Food row card"),
    ("pond", "Pond card"),
    ("stray", "Card seen, not placed"),
    ("grid", "The pond's grid"),
)


def key_colour(kind: str) -> theme.RGBA:
    return GRID_COLOUR if kind == "grid" else TAG_COLOURS[kind]


class ScanKeyMark(Widget):
    """A key entry's mark, drawn as the overlay draws it: a tag's outline or a grid line."""

    kind = StringProperty("")

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.bind(pos=self._draw, size=self._draw, kind=self._draw)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        if not self.kind:
            return
        with self.canvas:
            Color(*key_colour(self.kind))
            if self.kind == "grid":
                Line(points=[self.x, self.center_y, self.right, self.center_y], width=1.3)
                Line(points=[self.center_x, self.y, self.center_x, self.top], width=1.3)
            else:
                Line(rectangle=(self.x + 2, self.y + 2, self.width - 4, self.height - 4), width=2)


class ScanKeyEntry(BoxLayout):
    kind = StringProperty("")
    text = StringProperty("")


class ScanOverlay(Widget):
    """Tag outlines and the fitted grid, over the preview (drawn in window coordinates)."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._last: tuple[Any, Any, Any] | None = None
        self.bind(size=self._redraw, pos=self._redraw)

    def _redraw(self, *_: Any) -> None:
        if self._last is not None:
            self.draw(*self._last)

    def draw(
        self, step: ScanStep | None, view: FrameView, frame_shape: tuple[int, int] | None
    ) -> None:
        if self._last is None or self._last[1] is not view:
            # Follow the picture: its drawn size settles only after the next layout.
            view.bind(norm_image_size=self._redraw, pos=self._redraw)
        self._last = (step, view, frame_shape)
        self.canvas.clear()
        if step is None or frame_shape is None or view.frame_shape is None:
            return
        full_h, full_w = frame_shape
        ph, pw = view.frame_shape
        sx, sy = pw / full_w, ph / full_h

        def pt(p: tuple[float, float]) -> tuple[float, float]:
            return view.to_widget_xy(p[0] * sx, p[1] * sy)

        with self.canvas:
            Color(*GRID_COLOUR)
            for poly in step.grid:
                pts = [c for p in poly for c in pt(p)]
                Line(points=pts, width=1.3)
            for corners, kind in step.tags:
                Color(*TAG_COLOURS.get(kind, TAG_COLOURS["stray"]))
                pts = [c for p in corners for c in pt(p)]
                Line(points=pts, close=True, width=2)


class PondscapeScanScreen(BaseScreen):
    player = StringProperty("")
    status_text = StringProperty("")
    votes = NumericProperty(0)
    needed = NumericProperty(5)
    fps = NumericProperty(0)
    #: The status says something went wrong (no camera, no pond): shown in WARN.
    trouble = BooleanProperty(False)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        key = self.ids.key
        for kind, words in SCAN_KEY:
            key.add_widget(ScanKeyEntry(kind=kind, text=words), index=1)
        self.loop: PreviewLoop | None = None
        self.scanner: PondscapeScanner | None = None
        self.last_step: ScanStep | None = None
        self.frame_shape: tuple[int, int] | None = None
        self.result: PlayerPond | None = None

    def enter(self, player: str | None = None, **_: Any) -> None:
        screen = self.app.get_screen("pondscape_score")
        names = ps.player_names(self.app, screen.local)
        self.player = player or (names[0] if names else "Player")
        self.result = None
        self.start()

    def start(self) -> None:
        self.stop()
        self.votes = 0
        self.last_step = None
        self.ids.overlay.canvas.clear()
        self.needed = int(getattr(self.app.config.camera, "vote_frames", 5))
        existing = ps.ponds(self.app, self.app.get_screen("pondscape_score").local).get(self.player)
        try:
            from vision.catalog import load_catalog

            catalog = load_catalog(ps.catalog_path(self.app))
            camera = cached(self.app.use_camera("pondscape"))
        except (CompanionError, OSError, ImportError) as exc:
            self.on_error(str(exc))
            return
        dec = getattr(self.app.config, "decoder", None)
        self.scanner = PondscapeScanner(
            catalog,
            self.player,
            tucked=dict(existing.tucked) if existing else None,
            hand=existing.hand if existing else 0,
            votes_needed=self.needed,
            decoder=getattr(dec, "primary", "zxing"),
            second_opinion=bool(getattr(dec, "second_opinion", True)),
        )
        self.loop = PreviewLoop(
            camera,
            self.show,
            process=self._process,
            on_result=self.on_step,
            on_error=self.on_error,
        )
        self.status_text = "Looking for the food row..."
        self.trouble = False
        self.loop.start()

    def _process(self, frame: Any) -> tuple[ScanStep, tuple[int, int]]:
        assert self.scanner is not None
        return self.scanner.step(frame), (int(frame.shape[0]), int(frame.shape[1]))

    def stop(self) -> None:
        if self.loop is not None:
            self.loop.stop()
            self.loop = None

    def on_leave(self, *_: Any) -> None:
        self.stop()

    # --- main-thread callbacks
    def show(self, small: Any) -> None:
        view = self.ids.preview
        shape = view.frame_shape
        view.show_frame(small)
        if self.loop is not None:
            # The worker downscales straight to the preview's size (1280x720 displays too).
            self.loop.size = (max(64, int(view.width)), max(64, int(view.height)))
        if view.frame_shape != shape:  # the overlay only moves when the picture's size does
            self.ids.overlay.draw(self.last_step, view, self.frame_shape)

    def on_step(self, result: tuple[ScanStep, tuple[int, int]]) -> None:
        step, shape = result
        self.last_step, self.frame_shape = step, shape
        self.votes = min(step.votes, step.needed)
        self.status_text = step.message
        if self.loop is not None:
            self.fps = round(self.loop.fps, 1)
        self.ids.overlay.draw(step, self.ids.preview, shape)
        if step.pond is not None:
            self.finish(step.pond)
        elif step.votes >= step.needed:
            self.stop()
            self.status_text = "The scan could not build a pond: check the food row is in view."
            self.trouble = True

    def on_error(self, message: str) -> None:
        self.stop()
        self.status_text = f"No camera picture: {message}. Enter the pond by hand."
        self.trouble = True

    def finish(self, pond: PlayerPond) -> None:
        self.stop()
        self.result = pond
        local = self.app.get_screen("pondscape_score").local
        try:
            ps.record_pond(self.app, local, pond)
        except EventRefusedError as exc:
            self.app.status = str(exc)
        self.app.go("pondscape_score", player=pond.name)

    def by_hand(self) -> None:
        """An empty pond with the catalog's food row: the players tap each cell in."""
        from vision.catalog import load_catalog

        try:
            food = tuple(load_catalog(ps.catalog_path(self.app)).food_cards.values())[:5]
        except CompanionError:
            food = ps.DEMO_FOOD
        self.finish(PlayerPond(self.player, food))

    def back(self) -> None:
        self.stop()
        self.app.go("pondscape_score", player=self.player)

    def on_command(self, cmd: str) -> bool:
        if cmd == "scan":
            self.start()
        elif cmd == "undo":
            self.back()
        else:
            # next/confirm are taken but do nothing: the scan ends once the frames agree.
            return cmd in ("next", "confirm")
        return True


def demo(app: Any) -> None:
    """Scanning Ana's pond from the demo frames (the walker shoots it mid-scan)."""
    from ui.widgets.warnings_banner import hide_banner

    hide_banner(app)
    from ui.preview import downscale

    app.get_screen("pondscape_score").local.load_demo()
    screen = app.go("pondscape_scan", player="Ana")
    # One frame shown and scanned at once, so a screenshot has a picture and its overlay.
    loop = screen.loop
    if loop is not None and screen.scanner is not None:
        loop.stop()  # the picture and its overlay must come from the same frame
        frame = loop.camera.read()
        if frame is not None:
            screen.ids.preview.show_frame(downscale(frame))
            step, shape = screen._process(frame)
            step.pond = None  # the demo stays on the scan screen
            screen.on_step((step, shape))
