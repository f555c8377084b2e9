"""`pond-companion bog actions|play`: the legal actions of a session, and typing one in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.base import Player
from companion.session import SessionInfo
from companion.store import SessionStore


def _session(folder: Path, options: dict) -> int:
    with SessionStore.open(folder) as store:
        return store.create(SessionInfo("bog", (Player("Ana"), Player("Ben")), options))


def test_bog_play_types_actions_into_a_stored_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sid = _session(tmp_path, {"hands": {"Ana": ["07", "02"]}, "draw_area": ["16", "17", "18"]})
    data = ["bog", "play", "--data", str(tmp_path), str(sid)]
    for words in (["play", "07"], ["play", "03"], ["advance", "07", "7"], ["play", "04"]):
        assert main([*data, *words]) == 0
    assert main([*data, "advance", "07", "8"]) == 0
    assert main([*data, "advance", "03", "1"]) == 0
    capsys.readouterr()
    # Card 07 hops onto the Fly on pad 5: the Fly to pad 9, the second Draw Area card drawn.
    assert main([*data, "advance", "07", "5", "fly", "9", "draw", "2", "refill", "11"]) == 0
    out = capsys.readouterr().out
    assert '"fly_to":9,"draw":1,"refill":"11"' in out and "Ben's turn" in out
    with SessionStore.open(tmp_path) as store:
        events = store.load(sid)[1]
    assert events[-1] == {
        "type": "advance",
        "player": "Ana",
        "card": "07",
        "to": 5,
        "fly_to": 9,
        "draw": 1,
        "refill": "11",
    }


def test_bog_play_impossible_action_one_line_exit_2_nothing_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sid = _session(tmp_path, {"hands": {"Ana": ["01", "02"]}})
    data = ["bog", "play", "--data", str(tmp_path), str(sid)]
    assert main([*data, "play", "01"]) == 0
    capsys.readouterr()
    for words, message in (
        (["play", "01"], "card 01 is not in Ben's hand (it is on Ana's Shore)"),
        (["complete", "05"], "card 05 is not one of Ben's Frogs in play"),
        (["advance", "01"], "expected `advance CARD PAD"),
        (["hop", "01"], "action 'hop': unknown"),
        (["advance", "01", "x"], "PAD must be a number"),
    ):
        assert main([*data, *words]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err
    with SessionStore.open(tmp_path) as store:
        assert len(store.load(sid)[1]) == 1  # nothing lost, nothing added


def test_bog_play_flags_what_the_table_chose_and_stores_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sid = _session(tmp_path, {})
    data = ["bog", "play", "--data", str(tmp_path), str(sid)]
    assert main([*data, "cannot-act"]) == 0  # Ana holds 2 cards: she can act
    err = capsys.readouterr().err
    assert "warning: can-act [Ana]: Ana can still perform an Action" in err


def test_bog_actions_lists_the_legal_actions_of_a_session_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    info = SessionInfo("bog", (Player("Ana"), Player("Ben")), {"hands": {"Ana": ["01", "02"]}})
    path.write_text(json.dumps({**info.to_json(), "events": []}))
    assert main(["bog", "actions", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {"type": "play", "player": "Ana", "card": "01"},
        {"type": "play", "player": "Ana", "card": "02"},
    ]
    path.write_text(json.dumps({**info.to_json(), "game": "pond", "events": []}))
    assert main(["bog", "actions", str(path)]) == 2
