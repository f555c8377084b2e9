"""What a player reads from the Pondscape camera commands (issue 13, defects 13 and 14).

``scan pondscape`` finds its catalog itself and names cards as players do; the
printed tag sheet says which card and side each sticker belongs to and never
replaces a sheet already there; the marker sheet says which corner each marker
goes in.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.cli import main
from vision.catalog import SAMPLE_CATALOG
from vision.frames import DEMO_ROOT

DEMO = DEMO_ROOT / "pondscape"


def _pdf_text(pdf: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout


def test_scan_pondscape_without_catalog_uses_the_sample_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["scan", "pondscape", str(DEMO / "pond-2.jpg")]) == 0
    captured = capsys.readouterr()
    assert f"using the bundled sample catalog {SAMPLE_CATALOG}" in captured.err
    assert captured.out.startswith("Player: 15 of 15 cells read from 1 image(s)")


def test_scan_pondscape_prefers_the_catalog_in_the_data_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    own = data / "pondscape-catalog.json"
    shutil.copy(SAMPLE_CATALOG, own)
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\nfolder = "{data}"\n', encoding="utf-8")
    argv = ["--config", str(config), "scan", "pondscape", str(DEMO / "pond-2.jpg")]
    assert main(argv) == 0
    assert f"using catalog {own} (from the data folder)" in capsys.readouterr().err


def test_scan_pondscape_prints_card_names_and_whole_food_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answer = json.loads((DEMO / "answer.json").read_text(encoding="utf-8"))
    assert main(["scan", "pondscape", str(DEMO / "pond-1.jpg")]) == 0
    out = capsys.readouterr().out
    first = answer["pond"][0][0]
    assert ":up" not in out and ":dn" not in out
    # The demo's row 0 column 0 is card 013, a blue poison dart frog, face up.
    assert first == {"card": "013", "side": "F"}
    assert "  column 0: blue poison dart frog, face up [card 013]" in out
    assert "face down (its front: desert rain frog) [card 029]" in out
    assert "food row: spider, dragonfly, butterfly, fly, snail" in out


def test_tag_sheet_captions_each_tag_with_the_card_and_side(tmp_path: Path) -> None:
    out = tmp_path / "tags.pdf"
    assert main(["tags", "sheet", "--out", str(out)]) == 0
    text = _pdf_text(out)
    for words in (
        "ornate horned frog",  # card 001, front and back
        "FRONT, face up",
        "BACK: water card, 3 points",
        "panamanian golden frog",
        "snail",
        "food card",
    ):
        assert words in text, words


def test_tag_sheet_without_out_never_replaces_tags_pdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "tags.pdf"
    mine.write_bytes(b"my own tags.pdf")
    assert main(["tags", "sheet"]) == 2
    err = capsys.readouterr().err
    assert "tags.pdf already exists: not replaced (give --out FILE, or --force" in err
    assert mine.read_bytes() == b"my own tags.pdf"
    assert main(["tags", "sheet", "--force"]) == 0
    assert mine.read_bytes().startswith(b"%PDF")


def test_marker_sheet_says_which_corner_each_marker_goes_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["markers", "sheet"]) == 0
    assert "0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left" in capsys.readouterr().out
    text = " ".join(_pdf_text(tmp_path / "markers.pdf").split())
    for marker, corner in ((0, "top-left"), (1, "top-right"), (2, "bottom-right")):
        assert f"id {marker}" in text and f"{corner} corner of the board" in text
    assert "bottom-left corner of the board" in text
    assert main(["markers", "sheet"]) == 2  # the first sheet stays
