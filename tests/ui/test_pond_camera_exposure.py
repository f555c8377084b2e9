"""The Pond scan steers a camera's exposure by the map's white paper (``ui.pond_camera``):
a camera whose auto exposure gathers twice the usual light (+1 EV) is turned down half a
stop at a time, for the empty-board photo and for the game's frames, and the board is
counted at an exposure whose colours are not cut at white.

The camera is simulated: a frame at exposure value EV is the realistic generator's scene
(``pond_scene3d``) drawn with 2 * 2**EV of the usual light."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.vision.pond import pond_scene3d as s3

SIZE = (2304, 1296)
SEED = 101  # at +1 EV main's counter read 6 of its 13 ponds wrong (pumpkin read as banana)


class SimCamera:
    """One board's renders at 2 x 2**EV of the usual light, with an exposure control."""

    def __init__(self, render: Any, ev: float = 0.0) -> None:
        self.render, self._ev, self.asked = render, ev, []
        self.cache: dict[float, Any] = {}

    @property
    def exposure_value(self) -> float:
        return self._ev

    def set_exposure_value(self, ev: float) -> None:
        self.asked.append(ev)
        self._ev = ev

    def read(self) -> Any:
        if self._ev not in self.cache:
            self.cache[self._ev] = self.render(2.0 * 2**self._ev)
        return self.cache[self._ev]


@pytest.fixture(scope="module")
def setting() -> tuple[Any, Any]:
    from companion.games.pond.layout import default_layout
    from vision.pond.pieces import read_pieces_file

    pieces = dataclasses.replace(
        read_pieces_file(), frog_height_mm=11.0, fwooog_height_mm=10.0, lilypad_height_mm=1.5
    )
    return default_layout(13), pieces


def test_a_photo_twice_too_bright_is_taken_again_darker_and_then_counted_right(
    setting: tuple[Any, Any],
) -> None:
    from ui.pond_camera import BoardScanner, photograph_empty_board
    from vision.pond import count_board
    from vision.pond.exposure import PAPER_CUT, paper_level
    from vision.pond.model import board_model

    layout, pieces = setting
    empty_cam = SimCamera(lambda e: s3.empty_board(layout, pieces, SEED, size=SIZE, exposure=e))
    empty, notes = photograph_empty_board(empty_cam, layout, pieces)
    assert empty_cam.asked == [-0.5, -1.0] and notes == []
    assert paper_level(empty.raster, board_model(layout, pieces)) < PAPER_CUT

    scene = s3.make_scene3d(layout, pieces, SEED, size=SIZE, tilt=20.0, exposure=2.0)
    cam = SimCamera(
        lambda e: s3.make_scene3d(layout, pieces, SEED, size=SIZE, tilt=20.0, exposure=e).image
    )
    as_taken = count_board(cam.read(), layout, pieces, empty)  # what the scan had before
    wrong = {pid for pid, want in scene.answer.items() if as_taken.ponds[pid] != want}
    assert len(wrong) >= 3 and as_taken.paper is not None and as_taken.paper >= PAPER_CUT

    scanner = BoardScanner(cam, layout, print, print, pieces=pieces, empty=empty)
    reads = [scanner.read_once() for _ in range(5)]
    too_bright = "waits: the photo is too bright (the markers' white paper is cut at white)"
    assert all(r.reason.startswith(too_bright) for r in reads[:2])
    assert "set to -0.5 EV" in reads[0].reason and "set to -1.0 EV" in reads[1].reason
    assert cam.asked == [-0.5, -1.0] and all(r.ponds is None for r in reads[:4])
    assert reads[4].ponds == scene.answer  # three frames at -1 EV agreed: every pond right
    assert not [w for w in reads[4].warnings if "brighter than usual" in w]


def test_a_camera_without_an_exposure_control_is_left_alone(setting: tuple[Any, Any]) -> None:
    """Files and demo frames: the scan counts them as they are (nothing to steer)."""
    from ui.pond_camera import steer_exposure
    from vision.frames import FilesSource, demo_folder

    with FilesSource(demo_folder("pond")) as demo:
        assert steer_exposure(demo, 255.0) is None
    cam = SimCamera(lambda e: None)
    assert steer_exposure(cam, 230.0) is None and cam.asked == []
    assert steer_exposure(cam, 60.0) is not None and cam.asked == [0.5]
    assert "too dark" in str(steer_exposure(cam, 60.0)) and cam.asked == [0.5, 1.0]


def test_a_photo_out_of_focus_asks_a_camera_with_autofocus_to_focus_again(
    setting: tuple[Any, Any],
) -> None:
    """The Camera Module 3 cannot be focused by hand: after a photo refused as out of focus
    the scan runs its autofocus; a camera without one, or whose autofocus fails, leaves the
    refusal's own words."""
    import numpy as np

    from ui.pond_camera import BoardScanner
    from vision.pond.count import BoardCount

    layout, pieces = setting

    class Camera:
        def __init__(self, sharp: bool) -> None:
            self.sharp, self.cycles = sharp, 0

        def read(self) -> Any:
            return np.zeros((120, 160, 3), np.uint8)

        def focus(self) -> bool:
            self.cycles += 1
            return self.sharp

    blurred = BoardCount(
        ok=False, reason="the photo is out of focus: the markers are blurred", blurred=True
    )
    for sharp, said in ((True, "the camera focused again"), (False, "out of focus: the markers")):
        cam = Camera(sharp)
        scanner = BoardScanner(cam, layout, print, print, pieces=pieces)
        scanner.count_board = lambda *_: blurred
        read = scanner.read_once()
        assert cam.cycles == 1 and said in read.reason and read.ponds is None
    scanner.count_board = lambda *_: BoardCount(ok=False, reason="marker 2 hidden")
    assert "marker 2 hidden" in scanner.read_once().reason and cam.cycles == 1


def test_the_empty_board_photo_out_of_focus_is_taken_again_after_the_camera_focuses() -> None:
    """A lens at rest blurs the demo board's markers past reading: the camera focuses once and
    the photo is taken again; a camera that cannot focus leaves the refusal as it was."""
    import cv2

    from companion.errors import CompanionError
    from companion.games.pond.layout import default_layout
    from ui.pond_camera import photograph_empty_board
    from vision.frames import demo_folder, read_image
    from vision.pond.pieces import read_pieces_file

    sharp = read_image(sorted(demo_folder("pond").glob("board-1a.*"))[0])
    blurred = cv2.GaussianBlur(sharp, (0, 0), 6)

    class Camera:
        def __init__(self, focuses: bool) -> None:
            self.focuses, self.sharp, self.cycles = focuses, False, 0

        def read(self) -> Any:
            return sharp if self.sharp else blurred

        def focus(self) -> bool:
            self.cycles += 1
            self.sharp = self.focuses
            return self.focuses

    layout, pieces = default_layout(13), read_pieces_file()
    cam = Camera(True)
    empty, notes = photograph_empty_board(cam, layout, pieces)
    assert cam.cycles == 1 and empty.raster.shape == (1200, 1200, 3) and notes == []
    cam = Camera(True)
    cam.notes = ["the camera keeps its own tone curve"]
    _, notes = photograph_empty_board(cam, layout, pieces)  # its notes follow the photo's
    assert notes == ["the camera keeps its own tone curve"]
    cam = Camera(False)
    with pytest.raises(CompanionError, match="marker 0, 1, 2, 3 not found"):
        photograph_empty_board(cam, layout, pieces)
    assert cam.cycles == 1
