"""The camera commands end to end: catalog check, tags sheet/read, markers sheet, scan pondscape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from vision.catalog import SAMPLE_CATALOG
from vision.frames import DEMO_ROOT, read_image

DEMO = DEMO_ROOT / "pondscape"


def _answer() -> dict[str, Any]:
    return json.loads((DEMO / "answer.json").read_text(encoding="utf-8"))


def test_catalog_check_sample(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "check", str(SAMPLE_CATALOG)]) == 0
    out = capsys.readouterr().out
    assert "OK: 40 pond cards (34 frog, 6 habitat), 5 food cards" in out


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="x"), "field 'format' must be 'pondscape-catalog/1'"),
        (lambda d: d["cards"]["001"]["back"].update(water=-1), "cards['001'].back"),
        (lambda d: d["cards"]["002"].update(back={"frog": "tomato"}), "always a water card"),
        (lambda d: d["cards"]["003"]["front"].update(frog="dragon"), "unknown species 'dragon'"),
        (lambda d: d["food_cards"].update({"001": "spider"}), "also a pond card"),
        (lambda d: d["cards"].update({"12345": d["cards"]["001"]}), "1 to 4 digits"),
    ],
)
def test_catalog_check_bad_file_names_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mutate: Any, message: str
) -> None:
    data = json.loads(SAMPLE_CATALOG.read_text(encoding="utf-8"))
    mutate(data)
    bad = tmp_path / "cat.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["catalog", "check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and message in err and "Traceback" not in err


def test_catalog_check_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "cat.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["catalog", "check", str(bad)]) == 2
    assert "not valid JSON (line 1" in capsys.readouterr().err


def test_tags_read_json_lists_ours_with_corners(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tags", "read", str(DEMO / "pond-1.jpg"), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (image,) = doc["images"]
    payloads = {c["payload"] for c in image["codes"]}
    answer = _answer()
    expected = {f"PS:{v['card']}:{v['side']}" for row in answer["pond"] for v in row if v}
    assert payloads == expected | {f"PS:{n}:F" for n in answer["food_numbers"]}
    code = image["codes"][0]
    assert code["ours"] is True and len(code["corners"]) == 4 and len(code["centre"]) == 2
    assert code["game"] == "PS" and code["side"] in ("F", "B")


def test_tags_read_text_and_zbar_decoder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tags", "read", str(DEMO / "pond-1.jpg"), "--decoder", "zbar"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{DEMO / 'pond-1.jpg'}: 20 code(s)")
    assert '"PS:101:F" [ours] centre (' in out


def test_tags_read_empty_image_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    assert main(["tags", "read", str(empty)]) == 2
    assert f"{empty}: the image file is empty" in capsys.readouterr().err


def test_tags_sheet_and_markers_sheet_write_pdfs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tags.pdf"
    assert main(["tags", "sheet", "--catalog", str(SAMPLE_CATALOG), "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert "85 tags (40 cards front and back, 5 food cards)" in capsys.readouterr().out
    markers = tmp_path / "m.pdf"
    assert main(["markers", "sheet", "--out", str(markers), "--paper", "letter"]) == 0
    assert markers.read_bytes().startswith(b"%PDF")


def test_scan_pondscape_json_is_scored_by_the_score_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames = [str(p) for p in sorted(DEMO.glob("*.jpg"))]
    out = tmp_path / "pond.json"
    annotated = tmp_path / "a.png"
    argv = ["scan", "pondscape", *frames, "--catalog", str(SAMPLE_CATALOG), "--player", "Ana"]
    argv += ["--tucked", "spider=1,dragonfly=4", "--hand", "2", "--json"]
    argv += ["--annotate", str(annotated), "--out", str(out)]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["format"] == "pondscape-tableau/1"
    (player,) = doc["players"]
    assert player["food_row"] == _answer()["food_row"]
    assert player["tucked"] == {"spider": 1, "dragonfly": 4} and player["hand"] == 2
    for r, row in enumerate(_answer()["pond"]):
        for c, v in enumerate(row):
            assert player["pond"][r][c]["id"] == v["card"]
            assert ("water" in player["pond"][r][c]) == (v["side"] == "B")
    assert read_image(annotated).shape == (1296, 2304, 3)
    assert main(["score", "pondscape", str(out), "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert scored["winners"] == ["Ana"]


def test_scan_pondscape_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["scan", "pondscape", str(DEMO / "pond-2.jpg"), "--catalog", str(SAMPLE_CATALOG)]) == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("Player: 15 of 15 cells read from 1 image(s)")


def test_scan_pondscape_reads_frames_on_one_thread_keeping_freed_buffers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 11, the CLI's time a frame: OpenCV on one thread as in the live loop (its
    workers spin between the scan's small calls), and glibc told to keep freed frame
    buffers for the next frame instead of handing them back to the kernel."""
    import cv2

    from vision.pondscape_cli import batch_settings

    before = cv2.getNumThreads()
    try:
        cv2.setNumThreads(2)
        frame = str(DEMO / "pond-2.jpg")
        assert main(["scan", "pondscape", frame, frame, "--catalog", str(SAMPLE_CATALOG)]) == 0
        assert capsys.readouterr().out.startswith("Player: 15 of 15 cells read from 2 image(s)")
        assert cv2.getNumThreads() == 1
        assert batch_settings() is True  # this machine's libc is glibc
    finally:
        cv2.setNumThreads(before)


def test_scan_pondscape_bad_inputs_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "x.jpg"
    bad.write_bytes(b"garbage")
    assert main(["scan", "pondscape", str(bad), "--catalog", str(SAMPLE_CATALOG)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: not a readable image" in err and "no readable image" in err
    assert (
        main(
            ["scan", "pondscape", str(DEMO / "pond-1.jpg"), "--catalog", str(tmp_path / "no.json")]
        )
        == 2
    )
    assert "cannot read the catalog" in capsys.readouterr().err
    tucked = ["--tucked", "worm=2"]
    assert (
        main(
            [
                "scan",
                "pondscape",
                str(DEMO / "pond-1.jpg"),
                "--catalog",
                str(SAMPLE_CATALOG),
                *tucked,
            ]
        )
        == 2
    )
    assert "tucked food 'worm' is not in the food row" in capsys.readouterr().err


def test_scan_pondscape_without_food_row_exit_2(
    tmp_path: Path, scene: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import cv2
    from camera_testkit import HALF

    frame, _ = scene(71, show_food=False, **HALF)
    path = tmp_path / "nofood.png"
    cv2.imwrite(str(path), frame)
    assert main(["scan", "pondscape", str(path), "--catalog", str(SAMPLE_CATALOG)]) == 2
    assert "no food row read" in capsys.readouterr().err


def test_scan_pondscape_counts_foreign_codes(
    tmp_path: Path, scene: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """Anything else read by the camera is ignored and counted as "foreign"."""
    import cv2
    import numpy as np
    import segno
    from camera_testkit import HALF

    frame, answer = scene(31, tilt_deg=0.0, rotation_deg=0.0, **HALF)
    frame = frame.copy()
    m = np.pad(np.array(segno.make_qr("https://example.org").matrix, np.uint8), 4)
    code = np.where(np.kron(m, np.ones((4, 4), np.uint8)) > 0, 0, 255).astype(np.uint8)
    frame[20 : 20 + code.shape[0], 20 : 20 + code.shape[1]] = code[:, :, None]
    path = tmp_path / "with-foreign.png"
    cv2.imwrite(str(path), frame)
    assert main(["scan", "pondscape", str(path), "--catalog", str(SAMPLE_CATALOG)]) == 0
    out = capsys.readouterr().out
    assert "1 other QR code(s) in view, not ours: ignored" in out
    assert out.startswith(f"Player: {len(answer.cells())} of 15 cells read")
