"""docs/formats/pondscape-log.md stays true: its example game replays as printed, and the
replay, the solo-cards file and the coach behave as it says."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import BadFileError
from companion.games.pondscape.checks import RULES
from companion.games.pondscape.coach import best, coach
from companion.games.pondscape.solo import (
    SAMPLE_SOLO_CARDS,
    SoloCard,
    read_solo_file,
    write_solo_file,
)
from companion.games.pondscape.tableau import FrogCard, PlayerPond, WaterCard

DOC = Path(__file__).resolve().parents[2] / "docs" / "formats" / "pondscape-log.md"


def _blocks(text: str, kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", text, flags=re.S)


def test_docs_pondscape_log_example_replays_as_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = DOC.read_text()
    example = text.split("## Full example game", 1)[1]
    game_json = _blocks(example, "json")[0]
    printed = _blocks(example, "text")[0]
    monkeypatch.chdir(tmp_path)
    Path("example-game.json").write_text(game_json)
    assert main(["replay", "example-game.json"]) == 0
    assert capsys.readouterr().out == printed
    assert main(["replay", "--json", "example-game.json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "pondscape" and report["round"] == 2
    assert report["players"][0]["tucked"] == {"snail": 2, "fly": 1}
    assert [v["rule"] for v in report["violations"]] == [
        "tuck-twice",
        "tuck-not-spanned",
        "cell-taken",
    ]


def test_docs_pondscape_log_lists_every_rule() -> None:
    text = DOC.read_text()
    for rule in RULES:
        assert f"| `{rule}` |" in text


def test_replay_of_a_bad_pondscape_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "format": "session/1",
                "game": "pondscape",
                "players": [{"name": "Ana"}],
                "events": [{"type": "take", "player": "Ana", "slot": 7}],
            }
        )
    )
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "events[0]: field 'slot' must be 0 to 2, found 7" in err


def test_solo_cards_file_round_trip_and_errors(tmp_path: Path) -> None:
    path = tmp_path / "pondscape-solo.json"
    cards = (
        SoloCard(0, 0),
        SoloCard(1, 1),
        SoloCard(2, 2),
        SoloCard(3, 0),
        SoloCard(1, 2),
        SoloCard(2, 1),
    )
    write_solo_file(path, cards)
    assert read_solo_file(path) == cards
    assert json.loads(
        DOC.read_text().split("(`pondscape-solo/1`)", 1)[1].split("```json\n")[1].split("```")[0]
    )["cards"] == [c.to_json() for c in SAMPLE_SOLO_CARDS]
    path.write_text('{"format": "pondscape-solo/1", "cards": [{"move": 1}]}')
    with pytest.raises(
        BadFileError, match=r"pondscape-solo.json: cards must list the 6 solo cards"
    ):
        read_solo_file(path)


def test_coach_gains_face_up_and_face_down() -> None:
    """A learning aid: "the points each free cell would add now, face up and face down"."""
    food = ("spider", "dragonfly", "butterfly", "fly", "snail")
    pond = PlayerPond("Ana", food, {"fly": 2}, 3)
    gains = coach(pond, FrogCard("ornate-horned", ("fly",)), WaterCard(4, ("fly", "fly")))
    assert len(gains) == 15
    first = gains[0]
    # Face up: 1 fly symbol x 2 tucked = 2 (the ornate horned frog needs 4 food types: 0).
    # Face down: 4 on the back + 2 fly symbols x 2 tucked = 8.
    assert (first.row, first.column, first.face_up, first.face_down) == (0, 0, 2, 8)
    assert best(gains) == first
    assert coach(pond, None, WaterCard(1))[0].face_up is None
