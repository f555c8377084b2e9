"""The command line: scan pond, calibrate colours, calibrate layout; bad input messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.cli import main
from companion.games.pond.layout import layout_to_json


def _jpeg(path: Path, image: Any) -> str:
    assert cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    return str(path)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_scan_pond_json_is_the_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pond_scene: Any
) -> None:
    scene = pond_scene(2)
    image = _jpeg(tmp_path / "board.jpg", scene.image)
    code, out, err = _run(
        capsys, "scan", "pond", image, "--json", "--annotate", str(tmp_path / "seen.png")
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["ponds"] == scene.answer
    assert cv2.imread(str(tmp_path / "seen.png")).shape == scene.image.shape


def test_cli_scan_pond_text_lists_every_pond(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pond_scene: Any, layout13: Any
) -> None:
    scene = pond_scene(2)
    code, out, _ = _run(capsys, "scan", "pond", _jpeg(tmp_path / "b.jpg", scene.image))
    assert code == 0
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[: len(layout13.ponds)]] == list(layout13.ponds)


def test_cli_scan_pond_marker_missing_is_clear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pond_scene: Any
) -> None:
    scene = pond_scene(8, size=(2304, 1296), hide_marker=2)
    image = _jpeg(tmp_path / "hidden.jpg", scene.image)
    code, _, err = _run(capsys, "scan", "pond", image)
    assert code == 2
    assert err.strip() == (
        f"pond-companion: {image}: not usable: something covers the map near pond SE (a hand "
        "or an arm?); marker 2 not read"
    )
    assert "Traceback" not in err


def _layout_file(tmp_path: Path, layout13: Any, change: Any) -> str:
    data = layout_to_json(layout13)
    change(data)
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["ponds"]["IN"].update(polygon_mm=d["ponds"]["F"]["polygon_mm"]), "overlap"),
        (lambda d: d["rivers"].append(["F", "ZZ"]), "ZZ"),
    ],
)
def test_cli_scan_pond_bad_layout_is_clear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], layout13: Any, change: Any, words: str
) -> None:
    path = _layout_file(tmp_path, layout13, change)
    code, _, err = _run(capsys, "scan", "pond", "any.jpg", "--layout", path)
    assert code == 2
    assert err.startswith(f"pond-companion: {path}")
    assert words in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_cli_scan_pond_pieces_missing_faction_is_clear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from vision.pond import pieces_to_json, read_pieces_file

    data = pieces_to_json(read_pieces_file())
    del data["factions"]["cowboy"]
    path = tmp_path / "pieces.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = _run(capsys, "scan", "pond", "any.jpg", "--pieces", str(path))
    assert code == 2
    assert err.strip() == (
        f"pond-companion: {path}: factions.cowboy: missing (every faction needs a colour)"
    )


def test_cli_calibrate_colours_then_count_exact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pond_scene: Any, layout13: Any
) -> None:
    """Colours sampled from one photo count another photo of the same table exactly."""
    items = [
        ("frog", "wizard", 72.0, 300.0, 0.0),
        ("frog", "pumpkin", 528.0, 300.0, 0.0),
        ("frog", "banana", 300.0, 72.0, 0.0),
        ("frog", "cowboy", 300.0, 528.0, 0.0),
    ]
    sample = pond_scene(12, given=(items, [(300.0, 300.0)]))
    image = _jpeg(tmp_path / "sample.jpg", sample.image)
    out_file = tmp_path / "pieces.json"
    at = [f"--at={f}={x},{y}" for _, f, x, y, _ in items] + ["--at=lilypad=300,290"]
    code, out, err = _run(capsys, "calibrate", "colours", image, *at, "--out", str(out_file))
    assert code == 0, err
    assert "wrote" in out
    scene = pond_scene(4)
    board = _jpeg(tmp_path / "board.jpg", scene.image)
    code, out, err = _run(capsys, "scan", "pond", board, "--pieces", str(out_file), "--json")
    assert code == 0, err
    assert json.loads(out)["ponds"] == scene.answer


def test_cli_calibrate_layout_finds_the_drawing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pond_scene: Any, layout13: Any
) -> None:
    """From a photo of the empty board (no pieces, no lilypads): the drawing's ponds,
    Fountain, starting ponds and rivers."""
    from companion.games.pond.layout import polygon_area, read_layout_file

    scene = pond_scene(13, size=(2304, 1296), given=([], []))
    out_file = tmp_path / "layout.json"
    image = _jpeg(tmp_path / "empty.jpg", scene.image)
    code, _, err = _run(capsys, "calibrate", "layout", image, "--out", str(out_file))
    assert code == 0, err
    got = read_layout_file(out_file)
    assert set(got.ponds) == set(layout13.ponds)
    assert got.fountain == layout13.fountain
    assert {frozenset(r) for r in got.rivers} == {frozenset(r) for r in layout13.rivers}
    for pid, pond in got.ponds.items():
        want = abs(polygon_area(layout13.ponds[pid].polygon_mm))
        assert abs(abs(polygon_area(pond.polygon_mm)) - want) < 0.08 * want
        assert pond.start_seat == layout13.ponds[pid].start_seat


def test_cli_scan_pond_unreadable_image_is_clear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    code, _, err = _run(capsys, "scan", "pond", str(empty))
    assert code == 2
    assert err.strip() == f"pond-companion: {empty}: the image file is empty"
