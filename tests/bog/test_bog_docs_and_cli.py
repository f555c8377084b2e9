"""BOG's format documents stay true, and `pond-companion replay` reads BOG sessions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.bog import parse_event
from companion.games.bog.cards import parse_card

DOCS = Path(__file__).resolve().parents[2] / "docs" / "formats"


def _blocks(text: str, kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", text, flags=re.S)


def _example(tmp_path: Path) -> tuple[dict, str, Path]:
    text = (DOCS / "bog-log.md").read_text()
    example = text.split("## Full example game", 1)[1]
    game_json = _blocks(example, "json")[0]
    path = tmp_path / "example-bog-game.json"
    path.write_text(game_json)
    return json.loads(game_json), _blocks(example, "text")[0], path


def test_docs_bog_log_full_example_replays_as_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game, printed, _ = _example(tmp_path)
    assert game["game"] == "bog" and len(game["events"]) == 45
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "example-bog-game.json"]) == 0
    assert capsys.readouterr().out == printed
    assert "Outcome A" in printed


def test_replay_bog_json_names_outcome_winner_and_points_by_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, path = _example(tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "bog" and report["over"] and report["outcome"] == "A"
    assert report["winner"] == "Ben" and report["could_not_act"] == "Ben"
    ana, ben = report["players"]
    assert set(ana) >= {"captures", "routes", "formations", "flies", "total"}
    assert ben["total"] == 13 and ana["total"] == 10 and report["violations"] == []


def test_replay_bog_impossible_action_is_reported_not_fatal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, _, path = _example(tmp_path)
    game["events"].insert(0, {"type": "play", "player": "Ana", "card": "99"})
    game["events"].insert(1, {"type": "complete", "player": "Ben", "card": "01"})
    path.write_text(json.dumps(game))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "event 0: [refused]: there is no card '99' in sample cards" in out
    assert "event 1: [refused]: card 01 is not one of Ben's Frogs in play" in out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda g: g["events"].append({"type": "hop"}), "events[45]: field 'type': unknown BOG"),
        (lambda g: g["events"][2].update(to=12), "events[2]: field 'to' must be a Bog pad"),
        (lambda g: g["options"].update(start="Cy"), "options.start: 'Cy' is not a player"),
        (lambda g: g["options"].update(cards="nowhere.json"), "nowhere.json: cannot read"),
        (lambda g: g["players"].pop(), "players: BOG takes 2 players, found 1"),
        (lambda g: g["options"].update(hands={"Ana": ["01", "01"]}), "named twice"),
    ],
)
def test_replay_bog_bad_session_file_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: object, message: str
) -> None:
    game, _, path = _example(tmp_path)
    change(game)  # type: ignore[operator]
    path.write_text(json.dumps(game))
    before = path.read_text()
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and str(path) in err
    assert "Traceback" not in err and path.read_text() == before  # nothing lost


def test_docs_bog_cards_example_cards_are_valid() -> None:
    text = (DOCS / "bog-cards.md").read_text()
    doc = json.loads(_blocks(text, "json")[0])
    assert doc["format"] == "bog-cards/1"
    for i, card in enumerate(doc["cards"]):
        parse_card(card, f"cards[{i}]")


def test_docs_bog_log_lists_every_event_type() -> None:
    text = (DOCS / "bog-log.md").read_text()
    for kind in ("play", "advance", "complete", "score", "cannot_act"):
        assert f"| `{kind}` |" in text
    parse_event({"type": "cannot_act", "player": "Ana"}, "doc")


def test_catalog_check_and_tags_sheet_read_a_bog_card_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.games.bog import SAMPLE_CARDS
    from companion.games.bog.cards import sample_cards, tag_caption, tag_payloads

    assert main(["catalog", "check", str(SAMPLE_CARDS)]) == 0
    assert "OK: 18 BOG Frog cards" in capsys.readouterr().out
    out = tmp_path / "bog-tags.pdf"
    assert main(["tags", "sheet", "--catalog", str(SAMPLE_CARDS), "--out", str(out)]) == 0
    assert "18 tags (BOG Frog cards)" in capsys.readouterr().out
    assert out.read_bytes().startswith(b"%PDF")
    cards = sample_cards()
    assert tag_payloads(cards)[0] == "BG:01:F"
    assert tag_caption(cards, "BG:01:F") == ("BOG Frog 01", "Route 7-8-9-6, Formation 3,5,9")
    bad = tmp_path / "box.json"
    bad.write_text(json.dumps({"format": "bog-cards/1", "cards": [{"id": "01"}]}))
    assert main(["catalog", "check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "box.json: cards[0].route must be a list of 4 pads" in err
