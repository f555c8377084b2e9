"""The pond-pieces/1 file: loading, validation messages, round trip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import BadFileError
from vision.pond import FACTIONS, load_pieces, pieces_to_json, read_pieces_file


def _good() -> dict[str, Any]:
    return pieces_to_json(read_pieces_file())


def test_pieces_default_file_has_every_faction() -> None:
    pieces = read_pieces_file()
    assert list(pieces.factions) == list(FACTIONS)
    assert pieces.fwooog_mm[0] > 1.5 * pieces.frog_mm[0]
    assert "drawing" in pieces.name


def test_pieces_missing_faction_names_it() -> None:
    data = _good()
    del data["factions"]["banana"]
    with pytest.raises(BadFileError, match=r"p\.json: factions\.banana: missing"):
        load_pieces(data, "p.json")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="pond-pieces/2"), "format: expected 'pond-pieces/1'"),
        (lambda d: d["factions"].update(frogman={"rgb": [1, 2, 3]}), "factions.frogman: unknown"),
        (lambda d: d["factions"]["wizard"].update(rgb=[1, 2]), "factions.wizard.rgb: expected"),
        (lambda d: d["factions"]["cowboy"].update(rgb=[1, 2, 300]), "factions.cowboy.rgb"),
        (lambda d: d["lilypad"].pop("diameter_mm"), "lilypad.diameter_mm: missing"),
        (lambda d: d.update(frog_mm=[10, 20]), "frog_mm: length 10 is shorter than width 20"),
        (lambda d: d.update(fwooog_mm=[18, 14]), "fwooog_mm: a Long Fwooog"),
        (lambda d: d.update(colour="red"), "unknown field 'colour'"),
    ],
)
def test_pieces_bad_field_is_named(change: Any, message: str) -> None:
    data = _good()
    change(data)
    with pytest.raises(BadFileError, match=message.replace("(", r"\(").replace("[", r"\[")):
        load_pieces(data, "p.json")


def test_pieces_file_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(BadFileError, match="cannot read the pieces file: No such file"):
        read_pieces_file(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(BadFileError, match=r"bad\.json: not valid JSON \(line 1"):
        read_pieces_file(bad)


rgb = st.lists(st.integers(0, 255), min_size=3, max_size=3)


@settings(max_examples=40, deadline=None)
@given(colours=st.lists(rgb, min_size=5, max_size=5), frog=st.floats(5, 30))
def test_pieces_round_trip(colours: list[list[int]], frog: float) -> None:
    """Whatever colours and footprints, writing a pieces file and reading it back is exact."""
    data = _good()
    for name, c in zip(FACTIONS, colours, strict=False):
        data["factions"][name]["rgb"] = c
    data["lilypad"]["rgb"] = colours[4]
    data["frog_mm"] = [frog, frog * 0.8]
    data["fwooog_mm"] = [frog * 2.5, frog * 0.8]
    pieces = load_pieces(json.loads(json.dumps(data)), "p.json")
    assert pieces_to_json(pieces) == data


def test_pieces_heights_are_optional_range_checked_and_round_trip() -> None:
    """``frog_height_mm``, ``fwooog_height_mm``, ``lilypad_height_mm``: optional millimetres."""
    from vision.pond.pieces import DEFAULT_PIECES_PATH

    data = json.loads(DEFAULT_PIECES_PATH.read_text())
    assert load_pieces(data).height_mm("frog") == 0.0  # not given: seen as flat
    data |= {"frog_height_mm": 11, "fwooog_height_mm": 10.5, "lilypad_height_mm": 1.5}
    pieces = load_pieces(data, "p.json")
    assert (pieces.height_mm("frog"), pieces.height_mm("fwooog")) == (11.0, 10.5)
    assert load_pieces(json.loads(json.dumps(pieces_to_json(pieces))), "p.json") == pieces
    for key, bad in (("frog_height_mm", 110), ("fwooog_height_mm", 0), ("lilypad_height_mm", "2")):
        with pytest.raises(BadFileError) as err:
            load_pieces(data | {key: bad}, "p.json")
        assert str(err.value).startswith(f"p.json: {key}: expected a height in millimetres")


def test_pieces_top_ratio_is_optional_range_checked_and_round_trips() -> None:
    """``top_ratio``: how big a piece's top is against its base, 0.3 to 1 (1: a prism)."""
    data = _good()
    assert load_pieces(data).top_ratio is None  # not given: straight sides
    pieces = load_pieces(data | {"top_ratio": 0.7}, "p.json")
    assert pieces.top_ratio == 0.7
    assert load_pieces(json.loads(json.dumps(pieces_to_json(pieces))), "p.json") == pieces
    for bad in (0.2, 1.5, "0.7", True, None, float("nan")):
        with pytest.raises(BadFileError) as err:
            load_pieces(data | {"top_ratio": bad}, "p.json")
        assert str(err.value).startswith("p.json: top_ratio: expected the top's size")
