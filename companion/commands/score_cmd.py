"""``pond-companion score pondscape FILE [--json]``: the score sheet of a Pondscape tableau file.

Prints, per player, the five scoring steps of the scoring card with the lines
that explain them and the total, then the winner(s) with the tie-break applied
(and the achievement rank in a solo game). ``--json`` prints the same as JSON.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

STEP_TITLES = (
    ("clusters", "1. Frog clusters"),
    ("solitary", "2. Solitary frogs"),
    ("water", "3. Water cards"),
    ("habitats", "4. Habitat variety"),
    ("food", "5. Tucked food"),
)
WIDTH = 30  # column of the points in the table


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    score = sub.add_parser("score", help="score a game from a file")
    games = score.add_subparsers(dest="game", metavar="GAME", required=True)
    p = games.add_parser("pondscape", help="score a pondscape-tableau/1 file")
    p.add_argument("file", type=Path, metavar="FILE", help="a pondscape-tableau/1 JSON file")
    p.add_argument("--json", action="store_true", help="print the score sheets as JSON")
    p.set_defaults(func=run_pondscape)


def pondscape_json(path: Path) -> dict[str, Any]:
    """The ``--json`` document for a tableau file."""
    from companion.games.pondscape.scoring import rank
    from companion.games.pondscape.solo import achievement
    from companion.games.pondscape.tableau import read_tableau_file

    tableau = read_tableau_file(path)
    result = rank(tableau)
    by_name = {s.name: s for s in result.sheets}
    out: dict[str, Any] = {
        "players": [by_name[p.name].to_json() for p in tableau.players],
        "winners": list(result.winners),
    }
    if tableau.solo:
        total = result.sheets[0].total
        out["achievement"] = {"points": total, "rank": achievement(total)}
    return out


def _row(label: str, points: int) -> str:
    return f"  {label:<{WIDTH - 2}}{points:>5}"


def _species_rows(sheet: Any) -> list[str]:
    """Step 1 as the score sheet has it: one row per species, its clusters under it."""
    from companion.games.pondscape.scoring import SPECIES_NAMES

    rows: list[str] = []
    for species, points in sheet.clusters_by_species().items():
        name = SPECIES_NAMES[species]
        rows.append(_row(f"   {name}", points))
        for line in sheet.details:
            if line.step == "clusters" and line.species == species:
                rows.append(f"         {line.text.removeprefix(name + ', ')}")
    return rows


def pondscape_table(path: Path) -> str:
    """The score sheets as text tables, players in file order, then the winner line."""
    from companion.games.pondscape.scoring import rank
    from companion.games.pondscape.solo import ACHIEVEMENTS, achievement
    from companion.games.pondscape.tableau import read_tableau_file

    tableau = read_tableau_file(path)
    result = rank(tableau)
    by_name = {s.name: s for s in result.sheets}
    out: list[str] = []
    for player in tableau.players:
        sheet = by_name[player.name]
        cards = "card" if sheet.hand == 1 else "cards"
        out.append(f"{sheet.name} ({sheet.hand} {cards} left in hand)")
        for step, title in STEP_TITLES:
            out.append(_row(title, getattr(sheet, step)))
            if step == "clusters":
                out.extend(_species_rows(sheet))
            else:
                out.extend(f"       {line.text}" for line in sheet.details if line.step == step)
        out.append(_row("Total", sheet.total))
        out.extend(
            f"  ? {choice.row},{choice.column}: wild symbol(s) count as {', '.join(choice.food)}"
            for choice in sheet.wild
        )
        out.extend(f"  warning: {w}" for w in sheet.warnings)
        out.append("")
    if tableau.solo:
        total = result.sheets[0].total
        rank_name = achievement(total)
        bands = dict((r, lo) for lo, r in ACHIEVEMENTS)
        out.append(f"Solo: {total} points, rank {rank_name} ({bands[rank_name]}+ points)")
        return "\n".join(out)
    best = result.sheets[0]
    tied = [s for s in result.sheets if s.total == best.total]
    if len(result.winners) > 1:
        line = (
            f"Winners: {', '.join(result.winners)} share the victory "
            f"({best.total} points, {best.hand} cards in hand each)"
        )
    elif len(tied) > 1:
        line = (
            f"Winner: {best.name} ({best.total} points; the tie is broken by "
            f"{best.hand} cards left in hand)"
        )
    else:
        line = f"Winner: {best.name} ({best.total} points)"
    out.append(line)
    return "\n".join(out)


def run_pondscape(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps(pondscape_json(args.file), indent=2))
    else:
        print(pondscape_table(args.file))
    return 0
