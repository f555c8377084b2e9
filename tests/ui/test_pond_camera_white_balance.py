"""The Pond camera holds the empty-board photo's white balance (``ui.pond_camera``): the
photo is taken with the camera judging the light itself, the gains it chose are kept beside
it, and the game's photos are taken with them held; a file that cannot be read is said on
screen and not used. The camera is the demo's board with a white balance control."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from vision.white_balance import WhiteBalance

#: What the camera's auto white balance judges the empty board's light at.
JUDGED = WhiteBalance(1.82, 1.61, 3412)


class BalancedCamera:
    """The demo's first board, and a white balance: what the auto would choose, what is held."""

    def __init__(self, judged: WhiteBalance | None = JUDGED) -> None:
        from vision.frames import demo_folder, read_image

        self.frame = read_image(sorted(demo_folder("pond").glob("board-1a.*"))[0])
        self.judged = judged
        self.held: WhiteBalance | None = None
        self.asked: list[WhiteBalance | None] = []
        self.reads = 0

    def read(self) -> Any:
        self.reads += 1
        return self.frame

    def white_balance(self) -> WhiteBalance | None:
        return self.held if self.held is not None else self.judged

    def hold_white_balance(self, wb: WhiteBalance | None) -> bool:
        self.asked.append(wb)
        self.held = wb
        return True


def _setting() -> tuple[Any, Any]:
    from companion.games.pond.layout import default_layout
    from vision.pond.pieces import read_pieces_file

    return default_layout(13), read_pieces_file()


def test_the_empty_board_photo_keeps_the_white_balance_the_camera_judged(tmp_path: Path) -> None:
    """Taken with the auto white balance (a hold from before given back first), its gains
    written beside the photo; the game's scan then holds them before its first frame."""
    from ui.pond_camera import (
        WHITE_BALANCE_FILE,
        BoardScanner,
        photograph_empty_board,
        save_white_balance,
    )
    from vision.white_balance import read_white_balance_file

    layout, pieces = _setting()
    cam = BalancedCamera()
    cam.held = WhiteBalance(1.1, 2.2)  # held from an earlier evening
    photograph_empty_board(cam, layout, pieces)
    assert cam.asked == [None]
    said = save_white_balance(cam, tmp_path, 13)
    assert said == (
        ", and the camera's white balance (red 1.82, blue 1.61 (3412 K)), which it holds for "
        "the game's photos"
    )
    path = tmp_path / WHITE_BALANCE_FILE.format(n=13)
    assert read_white_balance_file(path) == WhiteBalance(1.82, 1.61, 3412)

    cam.judged = WhiteBalance(1.5, 2.0)  # the pieces on the board move the auto's judgement
    scanner = BoardScanner(cam, layout, print, print, pieces=pieces, data_folder=tmp_path)
    scanner.read_once()
    assert cam.asked[-1] == WhiteBalance(1.82, 1.61, 3412) and cam.reads == 2
    scanner.read_once()  # held once, at the scan's first frame
    assert len(cam.asked) == 2 and scanner.notes == []


def test_without_a_kept_white_balance_the_camera_judges_the_light_itself(tmp_path: Path) -> None:
    from ui.pond_camera import WHITE_BALANCE_FILE, hold_white_balance_for, save_white_balance

    cam = BalancedCamera()
    cam.held = WhiteBalance(1.1, 2.2)
    assert hold_white_balance_for(cam, tmp_path, 13) is None
    assert cam.asked == [None]
    assert hold_white_balance_for(cam, None, 13) is None and cam.asked == [None, None]
    # A camera that does not say its white balance: an older file is removed, not kept.
    stale = tmp_path / WHITE_BALANCE_FILE.format(n=13)
    stale.write_text('{"format": "camera-white-balance/1", "colour_gains": [1, 1]}')
    assert save_white_balance(BalancedCamera(judged=None), tmp_path, 13) is None
    assert not stale.exists()
    assert save_white_balance(object(), tmp_path, 9) is None  # files and OpenCV: none


def test_a_white_balance_file_that_cannot_be_read_is_said_and_not_used(tmp_path: Path) -> None:
    from ui.pond_camera import (
        WHITE_BALANCE_FILE,
        BoardScanner,
        camera_sentences,
        hold_white_balance_for,
    )

    layout, pieces = _setting()
    path = tmp_path / WHITE_BALANCE_FILE.format(n=13)
    path.write_text('{"format": "camera-white-balance/1", "colour_gains": [0, 1.6]}')
    cam = BalancedCamera()
    scanner = BoardScanner(cam, layout, print, print, pieces=pieces, data_folder=tmp_path)
    scanner.read_once()
    assert cam.asked == [None]
    said = camera_sentences(cam, scanner.notes)
    assert said.startswith(" The empty-board photo's white balance is not used (")
    assert f"{path}: colour_gains[0]: expected 0.1 to 32, got 0" in said
    assert said.endswith("photograph the empty board again.")
    path.unlink()
    path.mkdir()  # not a file at all: said the same way, never a crash
    said = hold_white_balance_for(cam, tmp_path, 13)
    assert said is not None and "not a regular file" in said and cam.asked[-1] is None


def test_a_camera_without_a_white_balance_is_not_asked(tmp_path: Path) -> None:
    from ui.pond_camera import hold_white_balance_for

    class Plain:
        def read(self) -> Any:
            return None

    assert hold_white_balance_for(Plain(), tmp_path, 13) is None


@pytest.mark.parametrize("side", [9, 13])
def test_each_side_of_the_map_keeps_its_own(tmp_path: Path, side: int) -> None:
    from ui.pond_camera import WHITE_BALANCE_FILE, hold_white_balance_for, save_white_balance

    cam = BalancedCamera(WhiteBalance(1.0 + side / 10, 1.5))
    save_white_balance(cam, tmp_path, side)
    assert [p.name for p in tmp_path.iterdir()] == [WHITE_BALANCE_FILE.format(n=side)]
    other = BalancedCamera()
    hold_white_balance_for(other, tmp_path, side)
    assert other.asked == [WhiteBalance(1.0 + side / 10, 1.5)]
    hold_white_balance_for(other, tmp_path, 22 - side)
    assert other.asked[-1] is None


def test_an_empty_board_photo_under_another_light_asks_for_the_colours_again(
    tmp_path: Path,
) -> None:
    """The gains the camera judged moved by more than 5% since the last empty-board photo:
    the pieces' colours were taken under the last, so the screen asks for them again; within
    5% (the camera's own wobble) it does not."""
    from ui.pond_camera import save_white_balance

    save_white_balance(BalancedCamera(), tmp_path, 13)
    said = save_white_balance(BalancedCamera(WhiteBalance(1.85, 1.60)), tmp_path, 13)
    assert said is not None and "colours again" not in said
    said = save_white_balance(BalancedCamera(WhiteBalance(1.45, 2.05, 4400)), tmp_path, 13)
    assert said is not None and said.endswith(
        "; it judged the light otherwise at the last photo (red 1.85, blue 1.60): take the "
        "pieces' colours again too (Settings: Colours)"
    )


def test_a_white_balance_that_cannot_be_kept_is_said_and_the_old_one_not_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk: the new gains are not written, and the last photo's, which no longer
    belong to the empty board, are removed (else the game would hold them); said, never
    raised, so the empty-board photo saved before it stands."""
    import vision.white_balance as wbfile
    from companion.errors import BadFileError
    from ui.pond_camera import WHITE_BALANCE_FILE, save_white_balance

    save_white_balance(BalancedCamera(WhiteBalance(1.1, 2.2)), tmp_path, 13)
    path = tmp_path / WHITE_BALANCE_FILE.format(n=13)
    assert path.is_file()

    def full(target: Any, text: str) -> None:
        raise BadFileError(f"{target}: cannot write: No space left on device")

    monkeypatch.setattr(wbfile, "atomic_write_text", full)
    said = save_white_balance(BalancedCamera(), tmp_path, 13)
    assert said is not None and said.startswith(", but not the camera's white balance (")
    assert "No space left on device" in said and said.endswith("it judges the light itself")
    assert not path.exists()


def test_colours_taken_before_the_first_kept_white_balance_are_asked_for_again(
    tmp_path: Path,
) -> None:
    """The owner calibrated the colours, then photographed the empty board for the first
    time through the Pi camera: the colours were taken under whatever it judged then, so the
    screen asks for them again; with no colours yet, or once a white balance was kept, not."""
    from ui.pond_camera import PIECES_FILE, WHITE_BALANCE_FILE, save_white_balance

    said = save_white_balance(BalancedCamera(), tmp_path, 13)
    assert said is not None and "colours" not in said  # no colours taken yet
    (tmp_path / WHITE_BALANCE_FILE.format(n=13)).unlink()
    (tmp_path / PIECES_FILE).write_text("{}")
    said = save_white_balance(BalancedCamera(), tmp_path, 13)
    assert said is not None and said.endswith(
        "; the pieces' colours were taken before it, perhaps under another: take them again "
        "too (Settings: Colours)"
    )
    said = save_white_balance(BalancedCamera(), tmp_path, 13)  # the same gains kept again
    assert said is not None and "colours" not in said
