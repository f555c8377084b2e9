"""``companion.commands.typed_action.list_legal_actions``: what ``bog actions`` and
``ponder moves`` print, from the one helper both use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.base import Player
from companion.games.ponder.report import position_text
from companion.session import SessionInfo, read_session_file, replay

ROOT = Path(__file__).resolve().parents[1]
PONDER_SAMPLE = ROOT / "companion/games/ponder/data/pond-companion-sample-ponder-game.json"


def test_ponder_moves_text_is_summary_position_then_one_action_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(PONDER_SAMPLE.read_text())
    data["events"] = data["events"][:6]
    path = tmp_path / "mid.json"
    path.write_text(json.dumps(data))
    assert main(["ponder", "moves", str(path), "--json"]) == 0
    actions = json.loads(capsys.readouterr().out)
    assert main(["ponder", "moves", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    listed = lines.index(f"{len(actions)} legal actions:")
    info, events = read_session_file(path)
    live = replay(info, events, str(path))
    assert lines[0] == live.game.summary(live.state)
    assert lines[1:listed] == position_text(live.state).splitlines()
    assert [json.loads(x) for x in lines[listed + 1 :]] == actions
    assert all(x.startswith("  ") for x in lines[listed + 1 :])


def test_bog_actions_text_and_the_wrong_game_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    info = SessionInfo("bog", (Player("Ana"), Player("Ben")), {"hands": {"Ana": ["01", "02"]}})
    path.write_text(json.dumps({**info.to_json(), "events": []}))
    assert main(["bog", "actions", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == [
        "2 legal actions:",
        '  {"type":"play","player":"Ana","card":"01"}',
        '  {"type":"play","player":"Ana","card":"02"}',
    ]
    assert main(["bog", "actions", str(PONDER_SAMPLE)]) == 2
    assert f"{PONDER_SAMPLE}: field 'game' is 'ponder', not 'bog'" in capsys.readouterr().err
