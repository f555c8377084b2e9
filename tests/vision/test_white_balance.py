"""The ``camera-white-balance/1`` file kept beside the empty-board photo: read back equal,
every bad field named with its file, and libcamera's metadata read the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import BadFileError
from vision.white_balance import (
    WhiteBalance,
    from_metadata,
    load_white_balance,
    read_white_balance_file,
    white_balance_to_json,
    write_white_balance_file,
)


def test_a_white_balance_is_read_back_equal(tmp_path: Path) -> None:
    path = tmp_path / "pond-white-balance-13.json"
    for wb in (WhiteBalance(1.8234, 1.6101, 3412), WhiteBalance(2.0, 1.25)):
        write_white_balance_file(path, wb)
        assert read_white_balance_file(path) == wb
    assert json.loads(path.read_text()) == {
        "format": "camera-white-balance/1",
        "colour_gains": [2.0, 1.25],
    }
    assert WhiteBalance(1.8234, 1.6101, 3412).describe() == "red 1.82, blue 1.61 (3412 K)"


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ([1, 2], "f.json: expected a JSON object"),
        ({"format": "pond-pieces/1"}, "f.json: format: expected 'camera-white-balance/1'"),
        ({"format": "camera-white-balance/1"}, "f.json: colour_gains: expected [red, blue]"),
        (
            {"format": "camera-white-balance/1", "colour_gains": [1.8, "1.6"]},
            "f.json: colour_gains[1]: expected a number, got '1.6'",
        ),
        (
            {"format": "camera-white-balance/1", "colour_gains": [0.0, 1.6]},
            "f.json: colour_gains[0]: expected 0.1 to 32, got 0.0",
        ),
        (
            {"format": "camera-white-balance/1", "colour_gains": [10**400, 1.6]},
            "f.json: colour_gains[0]: expected 0.1 to 32",
        ),
        (
            {"format": "camera-white-balance/1", "colour_gains": [1.8, float("nan")]},
            "f.json: colour_gains[1]: expected 0.1 to 32, got nan",
        ),
        (
            {"format": "camera-white-balance/1", "colour_gains": [1.8, 1.6], "gains": 1},
            "f.json: unknown field 'gains'",
        ),
        (
            {
                "format": "camera-white-balance/1",
                "colour_gains": [1.8, 1.6],
                "colour_temperature_k": 3400.5,
            },
            "f.json: colour_temperature_k: expected a whole number 1000 to 20000",
        ),
        (
            {
                "format": "camera-white-balance/1",
                "colour_gains": [1.8, 1.6],
                "colour_temperature_k": True,
            },
            "f.json: colour_temperature_k: expected a whole number",
        ),
    ],
)
def test_a_bad_white_balance_names_its_file_and_field(data: Any, said: str) -> None:
    with pytest.raises(BadFileError) as err:
        load_white_balance(data, "f.json")
    assert str(err.value).startswith(said)


def test_a_file_that_is_not_json_is_named(tmp_path: Path) -> None:
    path = tmp_path / "wb.json"
    path.write_bytes(b"\x00\xff not json")
    with pytest.raises(BadFileError, match=r"wb\.json"):
        read_white_balance_file(path)


def test_libcameras_metadata_gives_the_white_balance() -> None:
    assert from_metadata({"ColourGains": (1.8, 1.6), "ColourTemperature": 3400}) == WhiteBalance(
        1.8, 1.6, 3400
    )
    assert from_metadata({"ColourGains": [1.8, 1.6]}) == WhiteBalance(1.8, 1.6, None)
    assert from_metadata({"ColourGains": (1.8, 1.6), "ColourTemperature": 99}) == WhiteBalance(
        1.8, 1.6, None
    )
    for bad in ({}, {"ColourGains": (0.0, 0.0)}, {"ColourGains": "x"}, None, {"ColourGains": 1}):
        assert from_metadata(bad) is None
    assert white_balance_to_json(WhiteBalance(1.23456, 2.0))["colour_gains"] == [1.2346, 2.0]


def test_the_documented_example_mutated_is_read_or_refused_in_one_line(tmp_path: Path) -> None:
    """The fuzzer's mutations (``tests.fuzz_hostile.mutate_json``) of the example in
    docs/formats/camera-white-balance.md: each file is a white balance or one
    ``BadFileError`` naming it, never another exception (the app reads it; no command does)."""
    import random

    from tests.fuzz_hostile import _json_blocks, mutate_json

    (example,) = [b for b in _json_blocks("camera-white-balance.md") if isinstance(b, dict)]
    assert load_white_balance(example) == WhiteBalance(1.8234, 1.6101, 3412)
    path = tmp_path / "pond-white-balance-13.json"
    rng = random.Random(60)
    refused = 0
    for _ in range(300):
        path.write_bytes(mutate_json(example, rng))
        try:
            read_white_balance_file(path)
        except BadFileError as exc:
            refused += 1
            assert str(exc).startswith(str(path)) and "\n" not in str(exc)
    assert refused > 150


def test_near_is_both_gains_within_a_share_of_the_others() -> None:
    """The one comparison the settling of a held white balance and Settings' "take the
    colours again" both use."""
    last = WhiteBalance(2.0, 1.0)
    assert WhiteBalance(2.09, 0.96, 3000).near(last, 0.05)
    assert not WhiteBalance(2.11, 1.0).near(last, 0.05)
    assert not WhiteBalance(2.0, 0.94).near(last, 0.05)
    assert WhiteBalance(2.019, 1.009).near(last, 0.01)
    assert not WhiteBalance(2.03, 1.0).near(last, 0.01)
