"""``pond-companion replay FILE [--json]``: the report, and clear errors for bad files."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pond_builders import info, pond, setup_board_4

from companion.cli import main
from companion.games.pond import NextPhase, Vp

ABOUT_TO_END: list[Any] = [
    NextPhase().to_json(),  # 0: Ana's Main Phase
    setup_board_4(N=pond(), F=pond(fwooogs=["wizard"], lilypad="free")).to_json(),  # 1
    Vp("Ana", 100, "cards").to_json(),  # 2: 5 left
    {"type": "next_phase"},  # 3: End Phase
    {"type": "control", "ponds": 1, "lilypads": 0},  # 4
    {"type": "undo"},  # 5: the control taken back
    {"type": "control", "ponds": 2, "lilypads": 1},  # 6
    {"type": "next_phase"},  # 7: Ana takes 3, 2 left; Ben's Start Phase
    {"type": "next_phase"},  # 8: Ben's Main Phase
    {"type": "damage", "by": "Ben", "to": "Ana", "amount": 4},  # 9: 2 taken, 2 lost: the end
    {"type": "next_phase"},  # 10: refused
    {"type": "card_vp", "player": "Ana", "amount": 7},  # 11
    {"type": "card_vp", "player": "Ben", "amount": 15},  # 12
]


def _write(tmp_path: Path, events: list[Any], count: int = 4, **options: Any) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**info(count, **options).to_json(), "events": events}))
    return path


def test_replay_prints_supply_end_player_standings_winner_violations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, ABOUT_TO_END)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == (
        f"{path}: Pond, 4 players, 13 events\n"
        "VP supply: 0 left of 105 (105 taken, 2 lost)\n"
        "Game over: the last VP token was taken at event 9\n"
        "Current player: Ben, Main Phase, turn 2\n"
        "Player  Faction  Tokens Card VP Total\n"
        "Ana     wizard      103       7   110\n"
        "Ben     pumpkin       3      15    18\n"
        "Cy      banana        2       0     2\n"
        "Dee     cowboy        3       0     3\n"
        "Winner: Ana wins with 110 VP.\n"
        "Violations: 3\n"
        "  event 1: [fountain-fwooog] pond F: A Long Fwooog (wizard) is in the Fountain, "
        "which cannot contain Long Fwooogs.\n"
        "  event 1: [fwooog-moved] pond N: A wizard Long Fwooog left pond N; Long Fwooogs "
        "cannot move and are not removed by damage.\n"
        "  event 10: [refused]: the game is over (the last VP token was taken); only "
        "card_vp can be entered now\n"
    )


def test_replay_json_has_every_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, [*ABOUT_TO_END[:2], {"type": "next_phase"}])
    assert main(["replay", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["supply_left"] == 105
    assert report["over"] is False and report["ended_at_event"] is None
    assert (report["current_player"], report["phase"], report["turn"]) == ("Ana", "end", 1)
    assert report["players"][3] == {
        "name": "Dee",
        "faction": "cowboy",
        "tokens": 3,
        "card_vp": 0,
        "total": 3,
    }
    assert report["winners"] == ["Dee"]
    assert report["winner_sentence"] == "Dee would win now with 3 VP."
    assert [(v["rule"], v["where"], v["event_index"]) for v in report["violations"]] == [
        ("fountain-fwooog", "F", 1),
        ("fwooog-moved", "N", 1),
    ]


def test_replay_violations_of_undone_events_no_longer_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, [*ABOUT_TO_END[:2], {"type": "undo"}])
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["violations"] == []


@pytest.mark.parametrize(
    ("events", "options", "message"),
    [
        (
            [{"type": "next_phase"}, {"type": "damage", "by": "Ana", "to": "Ben", "amount": "2"}],
            {},
            r"game.json: events\[1\]: field 'amount' must be a whole number, found '2'",
        ),
        (
            [{"type": "board", "ponds": {"N": {"frogs": {"wizard": -3}}}}],
            {},
            r"game.json: events\[0\]: ponds.N.frogs.wizard must be a whole number >= 0",
        ),
        ([{"type": "teleport"}], {}, r"game.json: events\[0\]: field 'type': unknown Pond event"),
        ([], {"vp_supply": 50}, r"game.json: options.vp_supply must be a whole number of at least"),
    ],
)
def test_replay_malformed_file_exits_2_naming_file_event_and_field(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    events: list[Any],
    options: dict[str, Any],
    message: str,
) -> None:
    path = _write(tmp_path, events, **options)
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip()
    assert err.startswith("pond-companion: ") and "\n" not in err
    assert f"{tmp_path}" in err
    assert re.search(message, err), err


def test_replay_not_json_or_missing_or_other_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["replay", str(bad)]) == 2
    assert "bad.json: not valid JSON (line 1" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "none.json: cannot read" in capsys.readouterr().err
    other = tmp_path / "pad.json"
    other.write_text(
        json.dumps({"format": "session/1", "game": "scorepad", "players": [{"name": "A"}]})
    )
    assert main(["replay", str(other)]) == 2
    assert (
        "pad.json: field 'game' is 'scorepad'; replay reads sessions of the games with an "
        "engine (pond" in capsys.readouterr().err
    )
