"""The format documents stay true: their examples load and replay as they say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.pond import default_layout, load_layout

DOCS = Path(__file__).resolve().parents[2] / "docs" / "formats"


def _blocks(text: str, kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", text, flags=re.S)


def test_docs_pond_log_full_example_replays_as_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (DOCS / "pond-log.md").read_text()
    example = text.split("## Full example game", 1)[1]
    game_json = _blocks(example, "json")[0]
    printed = _blocks(example, "text")[0]
    game = json.loads(game_json)
    assert game["game"] == "pond" and len(game["events"]) == 114
    monkeypatch.chdir(tmp_path)
    Path("example-game.json").write_text(game_json)
    assert main(["replay", "example-game.json"]) == 0
    assert capsys.readouterr().out == printed


def test_docs_pond_layout_example_is_a_valid_layout() -> None:
    text = (DOCS / "pond-layout.md").read_text()
    layout = load_layout(json.loads(_blocks(text, "json")[0]), "pond-layout.md")
    assert layout.fountain == "F" and layout.adjacent("N", "F")
    full = default_layout(13)
    for pond_id, shape in layout.ponds.items():
        assert shape == full.ponds[pond_id]  # the example is cut from the shipped drawing
