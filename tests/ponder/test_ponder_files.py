"""Ponder's files and command line: the board format, the docs' examples, replay and play."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.errors import BadFileError
from companion.games.ponder import board_to_json, default_board, load_board
from companion.session import SessionInfo
from companion.store import SessionStore

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "formats"
SAMPLE = ROOT / "companion/games/ponder/data/pond-companion-sample-ponder-game.json"


def _blocks(text: str, kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", text, flags=re.S)


@pytest.fixture
def board_json() -> dict[str, Any]:
    return copy.deepcopy(board_to_json(default_board()))


def test_ponder_default_board_is_the_products_own_drawing() -> None:
    """ "Place the 28 lily pads on the spaces that have a green dot." """
    board = default_board()
    assert "own drawing" in board.name and "check it against your box" in board.name
    assert len(board.dots) == 28 and (board.columns, board.rows) == (7, 7)
    assert {b.side for b in board.banks.values()} == {"north", "east", "south", "west"}
    assert all(len(b.spaces) == 5 for b in board.banks.values())
    assert load_board(board_to_json(board), "again") == board


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda d: d["dots"].pop(),
            "field 'dots' must list the 28 spaces with a green dot, found 27",
        ),
        (lambda d: d["dots"].__setitem__(4, "H2"), r"dots\[4\] 'H2' is not on the 7 x 7 grid"),
        (lambda d: d["dots"].__setitem__(4, "C1"), r"dots\[4\] 'C1' is listed twice"),
        (lambda d: d["banks"]["blue"]["spaces"].pop(), "banks.blue.spaces must list the 5 spaces"),
        (
            lambda d: d["banks"]["blue"].__setitem__("side", "north"),
            "banks.blue.side 'north' is also the side of orange's bank",
        ),
        (
            lambda d: d["banks"]["blue"]["spaces"].__setitem__(1, "F3"),
            r"banks.blue.spaces\[1\] 'F3' does not lie along the east side",
        ),
        (
            lambda d: d["banks"]["blue"]["spaces"].__setitem__(1, "H3"),
            r"banks.blue.spaces\[1\] 'H3' is not on the 7 x 7 grid",
        ),
        (lambda d: d.__setitem__("format", "ponder-board/2"), "field 'format'"),
        (lambda d: d.__setitem__("rows", 40), "field 'rows' must be 3 to 26"),
        (lambda d: d.__setitem__("banks", {"orange": d["banks"]["orange"]}), "field 'banks'"),
    ],
)
def test_ponder_bad_board_files_name_the_field(
    board_json: dict[str, Any],
    edit: Any,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    edit(board_json)
    with pytest.raises(BadFileError, match=message):
        load_board(board_json, "my-board.json")
    path = tmp_path / "my-board.json"
    path.write_text(json.dumps(board_json))
    assert main(["ponder", "board", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err


def test_ponder_board_command_draws_a_valid_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (DOCS / "ponder-board.md").read_text()
    example = json.loads(_blocks(text, "json")[0])
    path = tmp_path / "ours.json"
    path.write_text(json.dumps(example))
    assert main(["ponder", "board", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Our kitchen-table board: 7 x 7 spaces, 28 green dots" in out
    assert "blue: east bank, G2 G3 G4 G5 G6" in out
    # The drawing in the doc is the shipped one.
    assert main(["ponder", "board"]) == 0
    drawn = capsys.readouterr().out.splitlines()[-8:]
    doc_rows = [line[:19].rstrip() for line in _blocks(text, "")[0].splitlines()[:8]]
    assert [r.rstrip() for r in drawn] == doc_rows


def test_ponder_docs_full_example_replays_as_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (DOCS / "ponder-session.md").read_text()
    example = text.split("## Full example game", 1)[1]
    game_json = _blocks(example, "json")[0]
    assert json.loads(game_json) == json.loads(SAMPLE.read_text())  # the shipped sample
    monkeypatch.chdir(tmp_path)
    Path("example-game.json").write_text(game_json)
    assert main(["replay", "example-game.json"]) == 0
    assert capsys.readouterr().out == _blocks(example, "text")[0]
    assert main(["replay", "example-game.json", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "ponder" and report["winner"] == {"name": "Ben", "colour": "yellow"}
    assert [t["arrived"] for t in report["teams"]] == [2, 3] and report["violations"] == []


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["events"][5].__setitem__("to", "C0"), r"events\[5\]: field 'to'"),
        (
            lambda d: d["players"][1].__setitem__("colour", "red"),
            r"players\[1\].colour: with two players.*blue and red sit opposite",
        ),
        (lambda d: d["options"].__setitem__("board", "missing.json"), "missing.json: cannot read"),
        (lambda d: d["options"].__setitem__("deck", {"jump": 3}), "options.deck: unknown card"),
    ],
)
def test_ponder_bad_session_files_one_line_exit_2(
    edit: Any, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(SAMPLE.read_text())
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and re.search(message, err) and "Traceback" not in err


def test_ponder_moves_lists_the_legal_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(SAMPLE.read_text())
    data["events"] = data["events"][:6]  # Yellow threw and moved; it must reveal a card
    path = tmp_path / "mid.json"
    path.write_text(json.dumps(data))
    assert main(["ponder", "moves", str(path), "--json"]) == 0
    actions = json.loads(capsys.readouterr().out)
    assert {a["type"] for a in actions} == {"reveal"}
    assert {"type": "reveal", "team": "yellow", "card": "fly-meal"} in actions


def test_ponder_play_types_moves_into_the_store(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(SAMPLE.read_text())
    with SessionStore.open(data_dir) as store:
        sid = store.create(_info(data))
        for event in data["events"][:4]:
            store.append(sid, event)
    base = ["ponder", "play", "--data", str(data_dir), str(sid)]
    assert main([*base, "throw", "e7", "d3"]) == 0
    assert main([*base, "move", "bank", "C7"]) == 0
    capsys.readouterr()
    # Impossible: a lily pad is already on D3; no yellow frog on A1; off the board.
    for words in (
        ["throw", "C3", "D3"],
        ["move", "A1", "A2"],
        ["move", "C7", "Q9"],
        ["move", "C7"],
        ["hop"],
        ["roll", "blue", "x"],
    ):
        assert main([*base, *words]) == 2, words
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
    with SessionStore.open(data_dir) as store:
        _, events = store.load(sid)
    assert events == data["events"][:6]  # nothing lost, nothing added
    # A possible but illegal move is stored, and the checker says why.
    assert main([*base, "reveal", "yellow", "straight"]) == 0
    assert main([*base, "throw", "G4", "G2"]) == 0
    assert main([*base, "move", "bank", "G4"]) == 0
    assert "warning: pads-only [G4]: landed on an empty space" in capsys.readouterr().err


def _info(data: dict[str, Any]) -> SessionInfo:
    from companion.session import load_session_json

    info, _ = load_session_json({**data, "events": []}, "sample")
    return info
