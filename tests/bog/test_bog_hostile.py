"""Hostile BOG files: every mutation of the documented session and card files is read with
exit 0 or one line and exit 2 from the CLI, never a traceback."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.games.bog import SAMPLE_CARDS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "formats"
HOSTILE: list[Any] = [
    None, True, 0, -1, 10, 2**63, 1e308, 0.5, "", "x" * 500, "\ud800", "a\u0000b",
    [], {}, [[[]]], {"a": {}}, "99", "01", "../../etc/passwd", "Ana", "fly",
]  # fmt: skip


def _session() -> dict[str, Any]:
    text = (DOCS / "bog-log.md").read_text().split("## Full example game", 1)[1]
    return json.loads(re.findall(r"```json\n(.*?)```", text, flags=re.S)[0])


def _paths(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*at, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*at, i))
    return out


def _mutate(doc: Any, rng: random.Random) -> Any:
    doc = copy.deepcopy(doc)
    at = rng.choice(_paths(doc)[1:])
    parent = doc
    for key in at[:-1]:
        parent = parent[key]
    how = rng.randrange(4)
    if how == 0:
        parent[at[-1]] = copy.deepcopy(rng.choice(HOSTILE))
    elif how == 1 and isinstance(parent, dict):
        del parent[at[-1]]
    elif how == 2 and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(parent[at[-1]]))
    else:  # swap two events or cards, or reverse a list
        if isinstance(parent, list) and len(parent) > 1:
            i, j = rng.randrange(len(parent)), rng.randrange(len(parent))
            parent[i], parent[j] = parent[j], parent[i]
        else:
            parent[at[-1]] = copy.deepcopy(rng.choice(HOSTILE))
    return doc


@pytest.mark.parametrize("kind", ["session", "session-inline-cards", "cards"])
def test_bog_hostile_files_exit_0_or_one_line_exit_2(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = _session() if kind.startswith("session") else json.loads(SAMPLE_CARDS.read_text())
    if kind == "session-inline-cards":
        base["options"]["cards"] = json.loads(SAMPLE_CARDS.read_text())
    rng = random.Random(16)
    path = tmp_path / f"{kind}.json"
    for n in range(150):
        doc = _mutate(base, rng)
        path.write_text(json.dumps(doc))
        argv = ["catalog", "check", str(path)] if kind == "cards" else ["replay", str(path)]
        code = main(argv)
        out, err = capsys.readouterr()
        assert code in (0, 2), (n, doc)
        if code == 2:
            assert err.count("\n") == 1 and str(path) in err, (n, err)
        assert "Traceback" not in out + err
