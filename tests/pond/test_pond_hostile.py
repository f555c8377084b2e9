"""Layout, pieces and session numbers against the physical world (#12 defects 2, 10, 13)."""

from __future__ import annotations

import copy
import json
import math
import time
from pathlib import Path
from typing import Any

import pytest

from companion.errors import BadFileError
from companion.games.base import Player
from companion.games.pond import default_layout, layout_to_json, load_layout
from companion.session import SessionInfo, replay
from companion.store import SessionStore
from vision.pond.pieces import DEFAULT_PIECES_PATH, load_pieces


def _scaled(doc: Any, k: float) -> Any:
    if isinstance(doc, bool) or doc is None or isinstance(doc, str):
        return doc
    if isinstance(doc, int | float):
        return doc * k
    if isinstance(doc, list):
        return [_scaled(x, k) for x in doc]
    return {key: (v if key == "start_seat" else _scaled(v, k)) for key, v in doc.items()}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(_scaled(d, 100)), "size_mm[0]' must be 100 to 1500 mm, found 60000"),
        (lambda d: d.update(_scaled(d, 0.001)), "must be 100 to 1500 mm"),
        (lambda d: d.update(size_mm=[1e-300, 600]), "size_mm[0]' must be 100 to 1500 mm"),
        (lambda d: d.update(size_mm=[10**400, 600]), "found a huge number"),
        (lambda d: d["markers"].update(size_mm=0.0001), "markers.size_mm' must be 10 to 150"),
        (
            lambda d: d["ponds"]["NW"].update(
                polygon_mm=[
                    [150 + 40 * math.cos(t / 3183), 150 + 40 * math.sin(t / 3183)]
                    for t in range(20_000)
                ]
            ),
            "has 20000 points (at most 120)",
        ),
        (
            lambda d: d["ponds"].update({f"p{i}": d["ponds"]["NW"] for i in range(50)}),
            "ponds (at most 30)",
        ),
        (lambda d: d["ponds"].update({"x" * 100: d["ponds"].pop("NW")}), "longer than 24"),
        (
            lambda d: d["ponds"]["NW"].update(polygon_mm=[[100, 100], [101, 100], [100, 101]]),
            "encloses 0.5 mm^2",
        ),
    ],
)
def test_layout_numbers_are_range_checked(change: Any, words: str) -> None:
    """A layout scaled by 100 grew `scan pond` to 23 GB; a 20,000-point outline hung."""
    doc = copy.deepcopy(layout_to_json(default_layout(13)))
    change(doc)
    start = time.monotonic()
    with pytest.raises(BadFileError) as info:
        load_layout(doc, "big.json")
    assert time.monotonic() - start < 10  # a hang, not a timing: it takes milliseconds
    assert words in str(info.value) and "big.json" in str(info.value)


def test_layout_default_and_its_round_trip_still_load() -> None:
    for count in (9, 13):
        doc = layout_to_json(default_layout(count))
        assert load_layout(json.loads(json.dumps(doc)), "x") == default_layout(count)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(_scaled({k: d[k] for k in ("frog_mm", "fwooog_mm")}, 100)), "3 to 120"),
        (
            lambda d: d["lilypad"].update(diameter_mm=3000),
            "lilypad.diameter_mm: expected 10 to 100",
        ),
        (lambda d: d["lilypad"].update(diameter_mm=1e-300), "expected 10 to 100"),
        (lambda d: d.update(frog_mm=[10**30, 14]), "got a huge number"),
        (lambda d: d.update(frog_mm=[2, 2], fwooog_mm=[5, 2]), "frog_mm[0]: expected 3 to 120"),
        (lambda d: d.update(frog_mm=[60, 14], fwooog_mm=[100, 14]), "frog_mm[0]: expected 4 to 40"),
    ],
)
def test_pieces_numbers_are_range_checked(change: Any, words: str) -> None:
    """Pieces scaled by 100 hung the camera; tiny and huge values raised."""
    doc = json.loads(DEFAULT_PIECES_PATH.read_text())
    change(doc)
    with pytest.raises(BadFileError) as info:
        load_pieces(doc, "p.json")
    assert words in str(info.value) and "p.json" in str(info.value)


def _pond_info(layout: Any) -> SessionInfo:
    players = (Player("Ana", {"faction": "wizard"}), Player("Ben", {"faction": "pumpkin"}))
    return SessionInfo("pond", players, {"layout": layout})


def test_session_keeps_its_layout_not_a_path(tmp_path: Path, monkeypatch: Any) -> None:
    """#12 defect 10: the layout path was resolved at every replay, against the cwd."""
    doc = layout_to_json(default_layout(9))
    doc["name"] = "my table"
    folder = tmp_path / "one"
    folder.mkdir()
    (folder / "board.json").write_text(json.dumps(doc))
    monkeypatch.chdir(folder)
    with SessionStore.open(tmp_path / "data") as store:
        sid = store.create(_pond_info("board.json"))
        imported = store.import_json(
            {**_pond_info("board.json").to_json(), "events": []}, "session.json"
        )
    (folder / "board.json").write_text("edited after the game")  # changes nothing now
    monkeypatch.chdir(tmp_path)  # another folder
    with SessionStore.open(tmp_path / "data") as store:
        for session_id in (sid, imported):
            info, events = store.load(session_id)
            assert info.options["layout"]["name"] == "my table"
            assert replay(info, events).state.layout.name == "my table"


def test_session_layout_fifo_is_refused_in_one_line(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    fifo = tmp_path / "board.json"
    os.mkfifo(fifo)
    session = tmp_path / "s.json"
    session.write_text(json.dumps({**_pond_info(str(fifo)).to_json(), "events": []}))
    out = subprocess.run(
        [sys.executable, "-m", "companion.cli", "replay", str(session)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "not a regular file" in out.stderr
    assert out.stderr.count("\n") == 1


def test_pond_vp_supply_and_scores_are_bounded() -> None:
    """#12 defect 13: a 4,300-digit score could not be printed."""
    players = (Player("Ana", {"faction": "wizard"}), Player("Ben", {"faction": "pumpkin"}))
    with pytest.raises(
        BadFileError,
        match=r"vp_supply must be a whole number of at least 120 for 2 players \(at most 1000\)",
    ):
        replay(SessionInfo("pond", players, {"vp_supply": 10**4000}), [])
    with pytest.raises(BadFileError, match="'amount' must be from -1000000 to 1000000"):
        replay(
            SessionInfo("scorepad", players, {}),
            [{"type": "points", "player": "Ana", "amount": 10**4000}],
        )


def test_session_file_event_count_is_bounded(tmp_path: Path) -> None:
    info = SessionInfo("scorepad", (Player("Ana"), Player("Ben")), {})
    doc = {**info.to_json(), "events": [{"type": "next_turn"}] * 20_001}
    with SessionStore.open(tmp_path / "data") as store:
        with pytest.raises(BadFileError, match="20001 events \\(at most 20000\\)"):
            store.import_json(doc, "long.json")
        assert store.list() == []
