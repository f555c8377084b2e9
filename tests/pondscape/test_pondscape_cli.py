"""``pond-companion score pondscape FILE [--json]``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pondscape_builders import desert, filler_pond, player, water

from companion.games.pondscape.tableau import PlayerPond, Tableau, tableau_to_json

Run = Callable[..., tuple[int, str, str]]
Write = Callable[[Any, str], Path]


def test_cli_table_for_the_rulebook_example(
    example_114: PlayerPond, write_json: Write, run_cli: Run
) -> None:
    path = write_json(tableau_to_json(Tableau((example_114,))), "t.json")
    code, out, err = run_cli("score", "pondscape", str(path))
    assert (code, err) == (0, "")
    rows = [line for line in out.splitlines() if not line.startswith("       ")]
    assert rows == [
        "Ana (2 cards left in hand)",
        "  1. Frog clusters               54",
        "     ornate horned frog           5",
        "     red-eyed tree frog           0",
        "     panamanian golden frog      17",
        "     tomato frog                  0",
        "     clown tree frog             32",
        "     blue poison dart frog        0",
        "     indian bullfrog              0",
        "  2. Solitary frogs               6",
        "  3. Water cards                  5",
        "  4. Habitat variety             21",
        "  5. Tucked food                 28",
        "  Total                         114",
        "",
        "Winner: Ana (114 points)",
    ]
    assert (
        "         a cluster of 4 at (1,0), (1,1), (1,2), (1,3): 32 "
        "(condition met: adjacent to 4 other frog species (3 needed))"
    ) in out.splitlines()


def _two(a: PlayerPond, b: PlayerPond) -> dict[str, Any]:
    return tableau_to_json(Tableau((a, b)))


def test_cli_table_tie_break_and_wild_and_warning(write_json: Write, run_cli: Run) -> None:
    ana = player(filler_pond({(0, 0): water(5)}), hand=1, name="Ana")
    ben = player(filler_pond({(0, 0): desert(wild=1)}), {"snail": 5}, hand=3, name="Ben")
    code, out, _ = run_cli("score", "pondscape", str(write_json(_two(ana, ben), "t.json")))
    assert code == 0
    assert "  ? 0,0: wild symbol(s) count as snail" in out.splitlines()
    assert (
        "  warning: the pond is not complete: 14 empty cell(s) at (0,1), (0,2), (0,3), (0,4), "
        "(1,0), (1,1), (1,2), (1,3), (1,4), (2,0), (2,1), (2,2), (2,3), (2,4)"
    ) in out.splitlines()
    assert (
        out.splitlines()[-1] == "Winner: Ben (5 points; the tie is broken by 3 cards left in hand)"
    )


def test_cli_table_shared_victory(write_json: Write, run_cli: Run) -> None:
    ana = player(filler_pond({(0, 0): water(5)}), hand=2, name="Ana")
    ben = player(filler_pond({(1, 1): water(5)}), hand=2, name="Ben")
    _, out, _ = run_cli("score", "pondscape", str(write_json(_two(ana, ben), "t.json")))
    assert (
        out.splitlines()[-1]
        == "Winners: Ana, Ben share the victory (5 points, 2 cards in hand each)"
    )


def test_cli_json_shape(example_114: PlayerPond, write_json: Write, run_cli: Run) -> None:
    ben = player(filler_pond({(2, 2): water(4)}), name="Ben")
    path = write_json(_two(example_114, ben), "t.json")
    code, out, err = run_cli("score", "pondscape", str(path), "--json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert set(doc) == {"players", "winners"}
    assert doc["winners"] == ["Ana"]
    assert [p["name"] for p in doc["players"]] == ["Ana", "Ben"]
    ana = doc["players"][0]
    assert set(ana) == {"name", "total", "breakdown", "details"}
    assert ana["total"] == 114
    assert ana["breakdown"] == {
        "clusters": 54,
        "solitary": 6,
        "water": 5,
        "habitats": 21,
        "food": 28,
    }
    assert all(set(d) == {"step", "points", "text"} for d in ana["details"])
    assert [d["step"] for d in ana["details"]] == ["clusters"] * 5 + [
        "solitary",
        "water",
        "habitats",
    ] + ["food"] * 5
    assert ana["details"][-5] == {
        "step": "food",
        "points": 2,
        "text": "2 spider symbols x 1 card tucked under the spider: 2",
    }
    assert doc["players"][1]["total"] == 4
    assert doc["players"][1]["details"][-1]["step"] == "warning"


def test_cli_solo_reports_achievement(
    example_114: PlayerPond, write_json: Write, run_cli: Run
) -> None:
    """At the end of the game, compare your score to the achievement table."""
    data = tableau_to_json(Tableau((example_114,), solo=True))
    path = write_json(data, "solo.json")
    _, out, _ = run_cli("score", "pondscape", str(path))
    assert out.splitlines()[-1] == "Solo: 114 points, rank Tadpole (110+ points)"
    _, out, _ = run_cli("score", "pondscape", str(path), "--json")
    doc = json.loads(out)
    assert doc["achievement"] == {"points": 114, "rank": "Tadpole"}
    assert doc["winners"] == ["Ana"]
