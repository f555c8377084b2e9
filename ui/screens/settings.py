"""Settings: camera and live preview, decoder, GPIO test, Pond layout editor, colour
calibration, and export of tag and marker sheets.

One section at a time beside a column of section buttons. Camera and decoder
changes are saved to the user config file (TOML, ``ui.settings_file``); the
layout editor saves a ``pond-layout/1`` file and the colour calibration a
``pond-pieces/1`` file into the data folder; the sheets are written as PDF to
a USB stick (a folder under /media) or the data folder, in the background.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.properties import DictProperty, ListProperty, NumericProperty, StringProperty

from companion.errors import CompanionError
from companion.files import atomic_write_text
from ui import theme as style
from ui.bridge import run_in_background
from ui.screens.base import BaseScreen, load_kv

load_kv(__file__)

SECTIONS = ("camera", "buttons", "layout", "colours", "export")
SOURCES = ("auto", "demo", "picamera2", "opencv:0", "opencv:1")
DECODERS = ("zxing", "zbar")
COMMANDS = ("next", "confirm", "scan", "undo", "redo")
CALIBRATE = ("wizard", "pumpkin", "banana", "cowboy", "lilypad")
LAYOUT_FILE = "pond-layout-{n}.json"
#: As ``ui.pond_camera.PIECES_FILE``; that module is imported lazily here: imported with this
#: one, the 1280x720 screenshot walk caught the camera preview showing a smeared frame.
PIECES_FILE = "pond-pieces.json"
SAMPLE_RADIUS = 3  # a 7x7 patch around the tapped pixel


class SettingsScreen(BaseScreen):
    section = StringProperty("camera")
    source = StringProperty("auto")
    decoder = StringProperty("zxing")
    second_opinion = StringProperty("on")
    message = StringProperty("")
    fps_text = StringProperty("")
    lamps = DictProperty({c: False for c in COMMANDS})
    panel_text = StringProperty("")
    layout_side = NumericProperty(13)
    calibrating = StringProperty("wizard")
    swatches = DictProperty({})
    destinations = ListProperty([])
    destination = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.preview: Any = None
        self._fps_event: Any = None
        self.photo: Any = None  # the full frame the colours were tapped on
        self.pieces: Any = None
        self.saved: dict[str, Path] = {}
        self.exports: list[Path] = []
        self.config_file: Path | None = None  # where settings are saved (None: the usual file)
        self.ids.colour_photo.bind(on_touch_down=self._colour_touch)
        # Strong references: ids are weak, and a section out of the tree would be collected.
        self.sections = {name: self.ids[f"sec_{name}"].__self__ for name in SECTIONS}
        for widget in self.sections.values():
            self.ids.body.remove_widget(widget)

    # --- entering and leaving
    def enter(self, section: str = "camera", **kwargs: Any) -> None:
        super().enter(**kwargs)
        cfg = self.app.config
        self.source = cfg.camera.source
        self.decoder = cfg.decoder.primary
        self.second_opinion = "on" if cfg.decoder.second_opinion else "off"
        self.message = ""
        self.show_section(section)

    def on_leave(self, *_: Any) -> None:
        self.stop_preview()

    def show_section(self, name: str) -> None:
        if name not in SECTIONS:
            raise KeyError(f"no settings section {name!r}")
        self.stop_preview()
        body = self.ids.body
        body.clear_widgets()
        body.add_widget(self.sections[name])
        self.section = name
        self.message = ""
        for sec in SECTIONS:
            self.ids[f"nav_{sec}"].tone = list(style.PRIMARY if sec == name else style.BUTTON)
        getattr(self, f"_open_{name}")()

    # --- camera
    def _open_camera(self) -> None:
        self.start_preview()

    def start_preview(self) -> None:
        from ui.preview import PreviewLoop

        try:
            camera = self.app.use_camera("pond")
        except CompanionError as exc:
            self.message = f"Camera: {exc}"
            return
        view = self.ids.preview
        # Frames are scaled to the preview's size on the worker, so the main thread
        # only uploads them (the size follows the widget once it is laid out).
        self.preview = PreviewLoop(
            camera, view.show_frame, on_error=self._camera_lost, size=self._preview_size()
        )
        view.bind(size=self._resize_preview)
        self.preview.start(scan=False)
        self._fps_event = Clock.schedule_interval(self._show_fps, 0.5)

    def _preview_size(self) -> tuple[int, int]:
        view = self.ids.preview
        if view.width < 100 or view.height < 100:  # not laid out yet
            return (800, 480)
        return (int(view.width), int(view.height))

    def _resize_preview(self, *_: Any) -> None:
        if self.preview is not None:
            self.preview.size = self._preview_size()

    def stop_preview(self) -> None:
        self.ids.preview.unbind(size=self._resize_preview)
        if self.preview is not None:
            self.preview.stop()
            self.preview = None
        if self._fps_event is not None:
            self._fps_event.cancel()
            self._fps_event = None

    def _show_fps(self, *_: Any) -> None:
        if self.preview is not None:
            self.fps_text = f"{self.preview.fps:.0f} frames/s"

    def _camera_lost(self, reason: str) -> None:
        self.message = f"Camera: {reason}"

    def cycle_source(self) -> None:
        choices = list(SOURCES)
        if self.source not in choices:
            choices.append(self.source)  # a files:FOLDER from the config file
        self.source = choices[(choices.index(self.source) + 1) % len(choices)]

    def cycle_decoder(self) -> None:
        self.decoder = DECODERS[(DECODERS.index(self.decoder) + 1) % len(DECODERS)]

    def toggle_second_opinion(self) -> None:
        self.second_opinion = "off" if self.second_opinion == "on" else "on"

    def save_camera(self) -> bool:
        from ui.settings_file import save_settings

        changes = {
            "camera": {"source": self.source},
            "decoder": {"primary": self.decoder, "second_opinion": self.second_opinion == "on"},
        }
        try:
            config, path = save_settings(self.app.config, changes, self.config_file)
        except (CompanionError, OSError) as exc:
            self.message = f"Not saved: {exc}"
            return False
        self.app.config = config
        self.saved["config"] = path
        self.stop_preview()
        self.app.close_camera()  # reopened with the new source
        self.start_preview()
        self.message = f"Saved to {path}"
        return True

    # --- GPIO test
    def _open_buttons(self) -> None:
        panel = self.app.panel
        if getattr(panel, "is_keyboard", False):
            self.panel_text = (
                "No GPIO here: keys are the buttons. Space = next (hold: confirm), "
                "S = scan, U or Backspace = undo (hold: redo)."
            )
        else:
            g = self.app.config.gpio
            self.panel_text = (
                f"GPIO (BCM): next {g.next_pin}, scan {g.scan_pin}, undo {g.undo_pin}. "
                "Press a button: its lamp lights."
            )
        for command in COMMANDS:
            self._set_lamp(command, False)

    def light(self, command: str) -> None:
        self._set_lamp(command, True)
        Clock.schedule_once(lambda _dt: self._set_lamp(command, False), 0.8)

    def _set_lamp(self, command: str, lit: bool) -> None:
        self.lamps[command] = lit
        self.ids[f"lamp_{command}"].lit = lit

    # --- layout editor
    def _open_layout(self) -> None:
        self.load_layout(self.layout_side)
        self.take_board_photo(self.ids.layout_editor)

    def load_layout(self, side: int) -> None:
        from companion.games.pond.layout import default_layout, layout_to_json, read_layout_file

        self.layout_side = side
        saved = self.app.data_folder() / LAYOUT_FILE.format(n=side)
        try:
            layout = read_layout_file(saved) if saved.is_file() else default_layout(side)
        except CompanionError as exc:
            self.message = f"{exc}; showing the default drawing"
            layout = default_layout(side)
        self.ids.layout_editor.load(layout_to_json(layout))

    def switch_side(self) -> None:
        self.load_layout(9 if self.layout_side == 13 else 13)

    def take_board_photo(self, view: Any) -> None:
        """A frame from the camera, shown on ``view``; read off the main thread.

        For the layout editor the board is warped top-down by its corner markers first,
        so the outlines sit on it; without the markers the photo is shown as taken.
        """
        self.photo = None
        editor = self.ids.layout_editor
        layout_doc = editor.document() if view is editor else None

        side = self.layout_side

        def read() -> tuple[Any, Any, str]:
            from ui.pond_camera import camera_sentences, hold_white_balance_for

            camera = self.app.use_camera("pond")
            # The pieces' colours under the white balance the game's photos are taken with.
            held = hold_white_balance_for(camera, self.app.data_folder(), side)
            frame = camera.read()
            said = camera_sentences(camera, [held] if held is not None else [])
            if frame is None or layout_doc is None:
                return frame, frame, said.strip()
            from ui.widgets.layout_editor import rectify_board

            try:
                return frame, rectify_board(frame, layout_doc), said.strip()
            except ValueError as exc:
                return frame, frame, f"Corner markers: {exc}; the photo is shown as taken.{said}"

        def shown(result: tuple[Any, Any, str]) -> None:
            frame, picture, note = result
            if frame is None:
                self.message = "The camera gives no picture."
                return
            self.photo = frame
            view.show_frame(picture)
            if note:
                self.message = note

        run_in_background(read, on_done=shown, on_error=lambda e: self._camera_lost(str(e)))

    def save_layout(self) -> bool:
        from companion.games.pond.layout import layout_to_json, load_layout

        doc = self.ids.layout_editor.document()
        target = self.app.data_folder() / LAYOUT_FILE.format(n=self.layout_side)
        try:
            layout = load_layout(doc, str(target))
        except CompanionError as exc:
            self.message = f"Not saved: {exc}"
            return False
        try:
            atomic_write_text(target, json.dumps(layout_to_json(layout), indent=2) + "\n")
        except CompanionError as exc:
            self.message = f"Not saved: {exc}"
            return False
        self.saved["layout"] = target
        self.message = f"Saved {target.name} in the data folder"
        return True

    def photograph_empty_board(self) -> None:
        """The step "photograph the empty board": a frame of the board with nothing on it,
        warped to board millimetres by its markers and kept in the data folder beside the
        layout; the Pond counter then counts only what differs from it."""
        from ui.pond_camera import EMPTY_BOARD_FILE

        target: Path = self.app.data_folder() / EMPTY_BOARD_FILE.format(n=self.layout_side)
        doc = self.ids.layout_editor.document()

        side = self.layout_side

        def make() -> tuple[Path, list[str], str | None]:
            from companion.games.pond.layout import load_layout
            from ui.pond_camera import photograph_empty_board, save_white_balance
            from vision.pond.pieces import read_pieces_file
            from vision.pond.reference import write_empty_board

            saved = self.app.data_folder() / PIECES_FILE
            pieces = read_pieces_file(saved if saved.is_file() else None)
            camera = self.app.use_camera("pond")
            empty, notes = photograph_empty_board(camera, load_layout(doc, "the map"), pieces)
            write_empty_board(empty, target)
            return target, notes, save_white_balance(camera, self.app.data_folder(), side)

        def done(result: tuple[Path, list[str], str | None]) -> None:
            path, notes, balance = result
            self.saved["empty_board"] = path
            self.message = f"Saved {path.name}: the counter compares each frame with it"
            if balance is not None:
                self.message += balance
            if notes:
                self.message += " (" + "; ".join(notes) + ")"

        self.message = "Photographing the empty board: keep hands and shadows off it..."
        run_in_background(make, on_done=done, on_error=lambda e: self._empty_failed(str(e)))

    def _empty_failed(self, reason: str) -> None:
        self.message = f"Empty board not saved: {reason}"

    # --- colour calibration
    def _open_colours(self) -> None:
        from vision.pond.pieces import read_pieces_file

        saved = self.app.data_folder() / PIECES_FILE
        try:
            self.pieces = read_pieces_file(saved if saved.is_file() else None)
        except CompanionError as exc:
            self.message = f"{exc}; starting from the default colours"
            self.pieces = read_pieces_file(None)
        self._update_swatches()
        self.calibrating = CALIBRATE[0]
        self.take_board_photo(self.ids.colour_photo)

    def _update_swatches(self) -> None:
        p = self.pieces
        rgb = {**p.factions, "lilypad": p.lilypad_rgb}
        self.swatches = {k: [c / 255.0 for c in v] + [1.0] for k, v in rgb.items()}

    def choose_colour(self, name: str) -> None:
        self.calibrating = name

    def _colour_touch(self, view: Any, touch: Any) -> bool:
        if self.section != "colours" or not view.collide_point(*touch.pos):
            return False
        at = view.to_frame_xy(*touch.pos)
        if at is None or self.photo is None:
            return False
        self.sample_colour(int(at[0]), int(at[1]))
        return True

    def sample_colour(self, x: int, y: int) -> tuple[int, int, int]:
        """Take the tapped piece's colour (median of a small patch) for the chosen faction."""
        import numpy as np

        frame = self.photo
        h, w = frame.shape[:2]
        r = SAMPLE_RADIUS
        patch = frame[max(0, y - r) : min(h, y + r + 1), max(0, x - r) : min(w, x + r + 1)]
        b, g, red = (int(v) for v in np.median(patch.reshape(-1, 3), axis=0))
        rgb = (red, g, b)
        if self.calibrating == "lilypad":
            self.pieces = replace(self.pieces, lilypad_rgb=rgb)
        else:
            self.pieces = replace(
                self.pieces, factions={**self.pieces.factions, self.calibrating: rgb}
            )
        self._update_swatches()
        order = list(CALIBRATE)
        self.calibrating = order[(order.index(self.calibrating) + 1) % len(order)]
        return rgb

    def save_colours(self) -> bool:
        from vision.pond.pieces import load_pieces, pieces_to_json

        target = self.app.data_folder() / PIECES_FILE
        doc = pieces_to_json(self.pieces)
        try:
            load_pieces(doc, str(target))
        except CompanionError as exc:
            self.message = f"Not saved: {exc}"
            return False
        try:
            atomic_write_text(target, json.dumps(doc, indent=2) + "\n")
        except CompanionError as exc:
            self.message = f"Not saved: {exc}"
            return False
        self.saved["pieces"] = target
        self.message = f"Saved {target.name} in the data folder"
        return True

    # --- export of the printed sheets
    def _open_export(self) -> None:
        from ui.settings_file import usb_folders

        self.destinations = [str(p) for p in usb_folders()] + [str(self.app.data_folder())]
        self.destination = 0

    def cycle_destination(self) -> None:
        if self.destinations:
            self.destination = (self.destination + 1) % len(self.destinations)

    def export_sheet(self, kind: str) -> None:
        """Write the tag ("tags") or marker ("markers") sheet PDF in the background."""
        folder = Path(self.destinations[self.destination])
        out = folder / f"pond-companion-{kind}.pdf"
        self.message = f"Writing {out.name}..."
        run_in_background(
            write_sheet, kind, out, on_done=self._exported, on_error=self._export_failed
        )

    def _exported(self, path: Path) -> None:
        self.exports.append(path)
        self.message = f"Written: {path}"

    def _export_failed(self, exc: BaseException) -> None:
        self.message = f"Not written: {exc}"

    # --- buttons
    def focusables(self) -> list[Any]:
        """The section's own buttons first, then the section list and Done."""
        own = {
            "camera": ["source", "decoder", "second", "save_camera"],
            "buttons": [],
            "layout": ["layout_side_button", "layout_photo", "empty_board", "save_layout"],
            "colours": ["save_colours"],  # the colour buttons' ring shows the colour being taken
            "export": ["destination", "export_tags", "export_markers"],
        }[self.section]
        nav = [self.ids[f"nav_{s}"] for s in SECTIONS]
        return [self.ids[i] for i in own] + nav + [self.ids.done]

    def on_command(self, cmd: str) -> bool:
        if self.section == "buttons" and cmd in COMMANDS:
            self.light(cmd)
            if cmd == "redo":  # a long press of undo leaves the test
                self.app.go("home")
            return True
        return super().on_command(cmd)


def write_sheet(kind: str, out: Path) -> Path:
    """Write the tag sheet ("tags": every tag of the sample catalog) or the corner-marker
    sheet ("markers") as PDF with the camera package's sheet functions (worker thread)."""
    if kind == "tags":
        from vision.catalog import SAMPLE_CATALOG, load_catalog, tag_caption, tag_payloads
        from vision.sheets import tag_sheet_pdf

        catalog = load_catalog(SAMPLE_CATALOG)
        payloads = tag_payloads(catalog)
        tag_sheet_pdf(payloads, out, captions={p: tag_caption(catalog, p) for p in payloads})
    else:
        from vision.sheets import marker_sheet_pdf

        marker_sheet_pdf(out)
    return out


def demo(app: Any) -> None:
    """Settings on the camera section with the demo preview running (first frames shown)."""
    import time

    from kivy.clock import Clock

    screen = app.go("settings", section="camera")
    end = time.monotonic() + 2.0
    while screen.ids.preview.frames_shown < 3 and time.monotonic() < end:
        Clock.tick()
        time.sleep(0.01)
    screen._show_fps()


def _section(name: str) -> Any:
    def state(app: Any) -> None:
        import time

        from kivy.clock import Clock

        screen = app.go("settings", section=name)
        # The board photo of the map and colour sections is read in the background.
        view = {"layout": "layout_editor", "colours": "colour_photo"}.get(name)
        end = time.monotonic() + 3.0
        while view is not None and screen.photo is None and time.monotonic() < end:
            Clock.tick()
            time.sleep(0.01)

    return state


def demo_states() -> list[tuple[str, Any]]:
    """Every Settings section after the camera."""
    return [(name, _section(name)) for name in SECTIONS if name != "camera"]
