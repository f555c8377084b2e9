"""Croak's format documents stay true; bad session files are one line and exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.croak import load_deck

DOCS = Path(__file__).resolve().parents[2] / "docs" / "formats"


def _blocks(text: str, kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", text, flags=re.S)


def example_match() -> str:
    text = (DOCS / "croak-log.md").read_text()
    return _blocks(text.split("## Full example match", 1)[1], "json")[0]


def test_croak_docs_full_example_replays_as_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    example = (DOCS / "croak-log.md").read_text().split("## Full example match", 1)[1]
    printed = _blocks(example, "text")[0]
    monkeypatch.chdir(tmp_path)
    Path("example-match.json").write_text(example_match())
    assert main(["replay", "example-match.json"]) == 0
    assert capsys.readouterr().out == printed
    assert main(["replay", "example-match.json", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["winner"] == "Ana" and report["over"] is True
    assert [h["kind"] for h in report["hands"]] == ["hand"] * 4 + ["face-off"]
    assert [p["total"] for p in report["players"]] == [77, 91]
    assert [v["rule"] for v in report["violations"]] == ["one-caller", "croak-caller"]


def test_croak_docs_deck_example_is_a_deck_but_too_small() -> None:
    text = (DOCS / "croak-deck.md").read_text()
    data = json.loads(_blocks(text, "json")[0])
    assert data["format"] == "croak-deck/1" and len(data["cards"]) == 3
    with pytest.raises(ValueError, match="needs at least 15"):
        load_deck(data, "doc")  # the doc shows three cards of a deck


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            '"returned": 31',
            '"returned": 60',
            "events[5]: field 'counts'.Ben.returned is 60: impossible, a deck holds 52",
        ),
        (
            '"pond_left": 5',
            '"pond_left": 11',
            "events[13]: field 'counts'.Ana.pond_left is 11: impossible, the POND pile holds 10",
        ),
        ('"pond_left": 5', '"pond_left": -1', "events[13]: field 'counts'.Ana.pond_left must be"),
        ('"HYPNO"', '"KERMIT"', "players[1].deck KERMIT is already players[0]'s"),
        ('"HYPNO"', '"FROGGY"', "players[1].deck must be one of KERMIT, PRINCESS"),
        ('"hand": 1', '"hand": 0', "events[6]: field 'hand' must be a hand number from 1"),
        ('"sample"', '"nodeck.json"', "options.deck: nodeck.json: cannot read deck"),
        ('"target": 75', '"target": "75"', "options.target must be a whole number"),
        ('{"type": "start"}', '{"type": "begin"}', "events[0]: field 'type': unknown Croak event"),
        ('"player": "Ana"}', '"player": 7}', "events[1]: field 'player' must be a player's name"),
    ],
)
def test_croak_bad_session_file_is_one_line_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    text = example_match()
    assert old in text
    Path("match.json").write_text(text.replace(old, new, 1))
    before = Path("match.json").read_bytes()
    assert main(["replay", "match.json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("pond-companion: match.json: ") and message in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert Path("match.json").read_bytes() == before  # nothing lost
