"""Issue #13 defect 15 and the empty-board reference on the command line.

``calibrate layout`` on the demo photo (pieces over the water) found 10 of 24 rivers and
exited 0; ``calibrate colours --at wizard=100,100`` sampled grass green for the purple wizard
and wrote it without a warning. Both now say what looks wrong and refuse (exit 2, one line)
unless ``--force``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import pytest
from conftest import scene3d

from companion.cli import main

DEMO = Path(__file__).resolve().parents[3] / "vision" / "data" / "demo" / "pond" / "board-1a.jpg"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_calibrate_layout_with_rivers_missing_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "layout.json"
    code, _out, err = _run(capsys, "calibrate", "layout", str(DEMO), "--out", str(out_file))
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"pond-companion: {DEMO}: found ")
    assert "of its 24 rivers" in err and "--force" in err
    assert not out_file.exists()


def test_calibrate_layout_with_rivers_missing_is_written_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "layout.json"
    code, out, err = _run(
        capsys, "calibrate", "layout", str(DEMO), "--out", str(out_file), "--force"
    )
    assert code == 0, err
    assert "warning: found " in out
    assert json.loads(out_file.read_text())["format"] == "pond-layout/1"


def test_calibrate_colours_sampling_the_grass_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "pieces.json"
    args = ["calibrate", "colours", str(DEMO), "--at", "wizard=100,100", "--out", str(out_file)]
    code, _, err = _run(capsys, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "--at wizard=100,100: the sample" in err
    assert "looks like the board's land" in err and "--force" in err
    assert not out_file.exists()
    code, out, err = _run(capsys, *args, "--force")
    assert code == 0, err
    assert "warning: --at wizard=100,100" in out
    assert out_file.exists()


def test_calibrate_colours_on_a_piece_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], layout13: Any
) -> None:
    """The demo board's answer puts a wizard frog where its frog is: that sample is fine."""
    from vision.frames import read_image
    from vision.pond import count_board, read_pieces_file

    count = count_board(read_image(DEMO), layout13, read_pieces_file())
    wizard = next(p for p in count.pieces if p.faction == "wizard" and p.kind == "frog")
    out_file = tmp_path / "pieces.json"
    at = f"wizard={wizard.x_mm:.1f},{wizard.y_mm:.1f}"
    code, out, err = _run(
        capsys, "calibrate", "colours", str(DEMO), "--at", at, "--out", str(out_file)
    )
    assert code == 0, err
    assert "warning: --at" not in out


def test_cli_calibrate_board_then_scan_with_the_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], layout13: Any
) -> None:
    """``calibrate board EMPTY.jpg --out REF.png`` then ``scan pond --empty-board REF.png``;
    the raw photo works too; without a reference the command says once that one would help."""
    from vision.pond import read_pieces_file

    pieces = read_pieces_file()
    empty = tmp_path / "empty.jpg"
    assert cv2.imwrite(str(empty), scene3d.empty_board(layout13, pieces, 5, size=(2304, 1296)))
    board = tmp_path / "board.jpg"
    photo = scene3d.empty_board(layout13, pieces, 6, size=(2304, 1296), art_seed=5 % 3)
    assert cv2.imwrite(str(board), photo)
    ref = tmp_path / "ref.png"
    code, out, err = _run(capsys, "calibrate", "board", str(empty), "--out", str(ref))
    assert code == 0, err
    assert cv2.imread(str(ref)).shape == (1200, 1200, 3)
    for reference in (ref, empty):
        code, out, err = _run(
            capsys, "scan", "pond", str(board), "--empty-board", str(reference), "--json"
        )
        assert code == 0, err
        data = json.loads(out)
        assert all(not e["frogs"] and not e["fwooogs"] for e in data["ponds"].values())
        assert not any("empty-board reference" in w for w in data["warnings"])
    code, out, err = _run(capsys, "scan", "pond", str(board), str(board))
    assert out.count("no empty-board reference") <= 1
    if code == 0:
        assert out.count("no empty-board reference") == 1


def test_cli_calibrate_board_without_markers_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blank = tmp_path / "blank.png"
    assert cv2.imwrite(str(blank), 120 + 0 * cv2.imread(str(DEMO)))
    code, _, err = _run(capsys, "calibrate", "board", str(blank), "--out", str(tmp_path / "r.png"))
    assert code == 2
    assert err.strip().startswith(f"pond-companion: {blank}: marker 0, 1, 2, 3 not found")


def test_cli_calibrate_board_refuses_a_photo_out_of_focus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], layout13: Any
) -> None:
    """A blurred reference would make every later frame differ from it at the art's edges:
    the photo is refused, named, with what to do, and nothing is written."""
    from vision.pond import read_pieces_file

    soft = tmp_path / "soft.jpg"
    photo = scene3d.empty_board(layout13, read_pieces_file(), 5, size=(2304, 1296), defocus=4.0)
    assert cv2.imwrite(str(soft), photo)
    ref = tmp_path / "ref.png"
    code, _, err = _run(capsys, "calibrate", "board", str(soft), "--out", str(ref))
    assert code == 2
    assert err.strip().startswith(f"pond-companion: {soft}: the photo is out of focus: ")
    assert "focus the camera or hold it still" in err
    assert "Traceback" not in err
    assert not ref.exists()
