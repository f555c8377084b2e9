"""Fixtures for the Pondscape tests: the rulebook's scoring example, files and the CLI."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pondscape_builders import desert, frog, grid, hab, player, water

from companion.cli import main
from companion.games.pondscape.tableau import PlayerPond


@pytest.fixture
def example_114() -> PlayerPond:
    """The pond of the rulebook's scoring example (114 points), row 2 next to the food row.

    row 0: panamanian  panamanian  ornate     blue-dart   blue-dart
    row 1: clown       clown       clown      clown       habitat(reeds)
    row 2: habitat     desert rain habitat    water 5     panamanian
    """
    pg, bpd, ct = "panamanian-golden", "blue-poison-dart", "clown-tree"
    pond = grid(
        [
            [
                frog(pg, "dragonfly"),
                frog(pg),
                frog("ornate-horned", "spider"),
                frog(bpd, "dragonfly"),
                frog(bpd),
            ],
            [frog(ct, "butterfly"), frog(ct), frog(ct, "dragonfly"), frog(ct), hab("reeds", "fly")],
            [
                hab("lilypads", "spider"),
                desert("row-habitat", 3),
                hab("rocks", "dragonfly", "butterfly"),
                water(5, "dragonfly"),
                frog(pg),
            ],
        ]
    )
    return player(pond, {"spider": 1, "dragonfly": 4, "butterfly": 3}, hand=2)


@pytest.fixture
def write_json(tmp_path: Path) -> Callable[[Any, str], Path]:
    """Write a JSON document (or raw text) to a file in the test's folder."""

    def write(data: Any, name: str = "tableau.json") -> Path:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return path

    return write


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """Run ``pond-companion`` in-process: (exit code, stdout, stderr)."""

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run
