"""Settings: preview, config saved as TOML, GPIO test, layout editor, colours, sheets."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.games.pond.layout import load_layout
from tests.ui.conftest import drag, press, render, tap, wait_for


@pytest.fixture
def settings(app: Any, tmp_path: Path) -> Any:
    screen = app.go("settings")
    screen.config_file = tmp_path / "config.toml"
    render(app, 2)
    yield screen
    screen.stop_preview()
    app.go("home")


def test_settings_camera_preview_shows_frames(app: Any, settings: Any) -> None:
    assert settings.section == "camera"
    view = settings.ids.preview
    start = view.frames_shown
    wait_for(app, lambda: view.frames_shown >= start + 3)
    assert view.texture is not None
    assert view.texture.width <= 800 and view.texture.height <= 480


def test_settings_save_writes_toml_and_updates_config(
    app: Any, settings: Any, tmp_path: Path
) -> None:
    old = app.config
    try:
        tap(settings.ids.decoder)
        assert settings.decoder == "zbar"
        tap(settings.ids.second)
        assert settings.second_opinion == "off"
        tap(settings.ids.save_camera)
        data = tomllib.loads((tmp_path / "config.toml").read_text())
        assert data["decoder"] == {"primary": "zbar", "second_opinion": False}
        assert data["camera"]["source"] == "demo"
        assert app.config.decoder.primary == "zbar"
        assert settings.message == f"Saved to {tmp_path / 'config.toml'}"
    finally:
        app.config = old


def test_settings_gpio_test_lights_the_pressed_button(app: Any, settings: Any) -> None:
    tap(settings.ids.nav_buttons)
    assert settings.section == "buttons"
    assert "Space = next" in settings.panel_text
    press(app, "scan")
    assert settings.ids.lamp_scan.lit and not settings.ids.lamp_next.lit
    press(app, "confirm")
    assert settings.ids.lamp_confirm.lit
    assert app.screen.name == "settings"  # the test swallows the buttons
    press(app, "redo")
    assert app.screen.name == "home"


def test_settings_layout_editor_drag_point_toggle_river_and_save(app: Any, settings: Any) -> None:
    tap(settings.ids.nav_layout)
    editor = settings.ids.layout_editor
    wait_for(app, lambda: editor.texture is not None)
    render(app, 2)
    before = editor.document()
    x0, y0 = before["ponds"]["N"]["polygon_mm"][0]
    wx, wy = editor.mm_to_window(x0, y0)
    drag(editor, (wx, wy), (wx + 20, wy - 10))
    after = editor.document()["ponds"]["N"]["polygon_mm"][0]
    assert after[0] > x0 and after[1] > y0  # right and down on the board (y grows downwards)
    a, b = editor.river_candidates()[0]
    was = editor.has_river(a, b)
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(*editor.river_dot(a, b))
    touch.touch_down()
    touch.touch_up()
    assert editor.has_river(a, b) is not was
    assert settings.save_layout()
    saved = json.loads((app.data_folder() / "pond-layout-13.json").read_text())
    layout = load_layout(saved, "saved")
    assert layout.adjacent(a, b) is not was
    assert list(layout.ponds["N"].polygon_mm[0]) == after
    # Opened again, the editor starts from the saved map.
    settings.load_layout(13)
    assert editor.document() == saved
    (app.data_folder() / "pond-layout-13.json").unlink()


def test_settings_colour_calibration_samples_the_tapped_piece(app: Any, settings: Any) -> None:
    tap(settings.ids.nav_colours)
    view = settings.ids.colour_photo
    wait_for(app, lambda: settings.photo is not None)
    photo = np.zeros((120, 200, 3), np.uint8)
    photo[:] = (40, 200, 10)  # BGR
    settings.photo = photo
    view.show_frame(photo)
    render(app, 2)
    assert settings.calibrating == "wizard"
    tap(view)
    assert settings.pieces.factions["wizard"] == (10, 200, 40)
    # The button keeps the faction's own colour; the sample shows in its square.
    assert list(settings.ids.col_wizard.swatch) == [10 / 255, 200 / 255, 40 / 255, 1.0]
    assert settings.calibrating == "pumpkin"
    assert settings.save_colours()
    doc = json.loads((app.data_folder() / "pond-pieces.json").read_text())
    assert doc["format"] == "pond-pieces/1"
    assert doc["factions"]["wizard"] == {"rgb": [10, 200, 40]}


def test_settings_export_sheet_to_chosen_folder(app: Any, settings: Any, monkeypatch: Any) -> None:
    written: list[tuple[str, Path]] = []

    def fake_write(kind: str, out: Path) -> Path:
        out.write_bytes(b"%PDF-1.4\n")
        written.append((kind, out))
        return out

    monkeypatch.setattr("ui.screens.settings.write_sheet", fake_write)
    tap(settings.ids.nav_export)
    assert settings.destinations[-1] == str(app.data_folder())
    settings.destination = len(settings.destinations) - 1
    tap(settings.ids.export_markers)
    wait_for(app, lambda: settings.message.startswith("Written"))
    assert written == [("markers", app.data_folder() / "pond-companion-markers.pdf")]


def test_settings_buttons_reach_the_section_buttons(app: Any, settings: Any) -> None:
    press(app, "next")
    assert settings.focused_widget() is settings.ids.source
    press(app, "next")
    press(app, "confirm")  # the decoder button
    assert settings.decoder == "zbar"
    press(app, "undo")
    assert app.screen.name != "settings"


def test_settings_layout_photo_is_warped_top_down_by_the_markers() -> None:
    """The bundled Pond demo photo (board at an angle) comes out square to the editor."""
    from companion.games.pond.layout import default_layout, layout_to_json
    from ui.demo import board_to_frame
    from ui.widgets.layout_editor import RECTIFIED_SIZE, rectify_board
    from vision.frames import demo_folder, read_image

    photo = read_image(sorted(demo_folder("pond").glob("board-1a.*"))[0])
    doc = layout_to_json(default_layout(13))
    flat = rectify_board(photo, doc)
    assert flat.shape == (RECTIFIED_SIZE[1], RECTIFIED_SIZE[0], 3)
    # Marker 0's centre lands where the editor draws it: its black-and-white square.
    to_px = board_to_frame(doc["size_mm"], RECTIFIED_SIZE)
    x, y = to_px(*doc["markers"]["centres_mm"]["0"])
    w_mm, h_mm = doc["size_mm"]
    px_per_mm = min(RECTIFIED_SIZE[0] / w_mm, RECTIFIED_SIZE[1] / h_mm) * 0.96
    half = int(doc["markers"]["size_mm"] * px_per_mm * 0.45)
    patch = flat[y - half : y + half, x - half : x + half]
    assert patch.min() < 60 and patch.max() > 180  # a marker, not table or water
    with pytest.raises(ValueError, match="not seen"):
        rectify_board(np.zeros((480, 640, 3), np.uint8), doc)


def test_settings_sheets_are_real_pdfs(tmp_path: Path) -> None:
    from ui.screens.settings import write_sheet

    for kind in ("tags", "markers"):
        out = write_sheet(kind, tmp_path / f"{kind}.pdf")
        assert out.read_bytes()[:5] == b"%PDF-"


def test_settings_photograph_the_empty_board_keeps_a_reference_for_the_counter(
    app: Any, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Settings > Pond map > Empty board: the step "photograph the empty board". The reference
    is kept in the data folder beside the layout, and the End Phase scanner uses it."""
    from companion.games.pond.layout import default_layout
    from ui.demo import demo_source
    from ui.pond_camera import EMPTY_BOARD_FILE, empty_board_for, pieces_for

    tap(settings.ids.nav_layout)
    own = demo_source("pond")  # its own camera: the app's demo frames keep their order
    monkeypatch.setattr(app, "use_camera", lambda kind: own)
    target = app.data_folder() / EMPTY_BOARD_FILE.format(n=13)
    target.unlink(missing_ok=True)
    tap(settings.ids.empty_board)
    wait_for(app, lambda: target.is_file())
    wait_for(app, lambda: "Saved pond-empty-board-13.png" in settings.message)
    empty = empty_board_for(app.data_folder(), default_layout(13), pieces_for(None))
    assert empty is not None and empty.raster.shape == (1200, 1200, 3)
    target.unlink()
    own.close()


def test_settings_empty_board_keeps_the_cameras_white_balance_for_the_colours_and_game(
    app: Any, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A camera with a white balance (the Pi camera): the empty board is photographed with its
    auto white balance, the gains it chose are kept beside the photo and said, and the
    colours' photo is taken with them held."""
    from tests.ui.test_pond_camera_white_balance import JUDGED, BalancedCamera
    from ui.pond_camera import EMPTY_BOARD_FILE, WHITE_BALANCE_FILE
    from vision.white_balance import read_white_balance_file

    camera = BalancedCamera()
    monkeypatch.setattr(app, "use_camera", lambda kind: camera)
    tap(settings.ids.nav_layout)
    target = app.data_folder() / EMPTY_BOARD_FILE.format(n=13)
    kept = app.data_folder() / WHITE_BALANCE_FILE.format(n=13)
    tap(settings.ids.empty_board)
    wait_for(app, lambda: "Saved pond-empty-board-13.png" in settings.message)
    # The layout editor's photo, then the empty board's: the camera's own judgement for both.
    assert camera.asked == [None, None] and read_white_balance_file(kept) == JUDGED
    assert "and the camera's white balance (red 1.82, blue 1.61 (3412 K))" in settings.message
    camera.judged = None
    tap(settings.ids.nav_colours)
    wait_for(app, lambda: settings.photo is not None)
    assert camera.asked == [None, None, JUDGED]
    target.unlink()
    kept.unlink()


def test_settings_empty_board_photo_too_bright_is_taken_again_darker(
    app: Any, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a camera that has an exposure control, the empty board's photo whose markers'
    paper is cut at white is taken again half a stop darker, and the darker one is kept."""
    import numpy as np

    from companion.games.pond.layout import default_layout
    from ui.pond_camera import EMPTY_BOARD_FILE, empty_board_for, pieces_for
    from vision.frames import demo_folder, read_image
    from vision.pond.exposure import PAPER_CUT, marker_paper
    from vision.pond.model import board_model

    photo = read_image(sorted(demo_folder("pond").glob("board-1a.*"))[0]).astype(np.float32)

    class Camera:  # the demo board at twice the light, and 2**EV of that
        def __init__(self) -> None:
            self.exposure_value = 0.0
            self.asked: list[float] = []

        def set_exposure_value(self, ev: float) -> None:
            self.asked.append(ev)
            self.exposure_value = ev

        def read(self) -> Any:
            return np.clip(photo * 2.0 * 2**self.exposure_value, 0, 255).astype(np.uint8)

    camera = Camera()
    monkeypatch.setattr(app, "use_camera", lambda kind: camera)
    tap(settings.ids.nav_layout)
    target = app.data_folder() / EMPTY_BOARD_FILE.format(n=13)
    target.unlink(missing_ok=True)
    tap(settings.ids.empty_board)
    wait_for(app, lambda: "Saved pond-empty-board-13.png" in settings.message)
    assert camera.asked and camera.asked == sorted(camera.asked, reverse=True)
    layout, pieces = default_layout(13), pieces_for(None)
    empty = empty_board_for(app.data_folder(), layout, pieces)
    assert empty is not None
    assert marker_paper(empty.raster, board_model(layout, pieces)) < PAPER_CUT
    target.unlink()
