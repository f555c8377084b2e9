"""What ``pond-companion replay`` prints for a Ponder session: position, turn, arrivals."""

from __future__ import annotations

from typing import Any

from companion.games.ponder.board import board_text, cell_name
from companion.games.ponder.state import FROGS, PHASE_TITLES, PonderState
from companion.session import LiveSession


def position_text(st: PonderState) -> str:
    """The Marsh as text: ``o`` a lily pad, ``.`` empty, a team's first letter its frog."""
    marks = {}
    for team in st.teams:
        for cell in team.frogs:
            marks[cell] = team.colour[0].upper()
    return board_text(st.board, st.pads, marks)


def replay_report(live: LiveSession) -> dict[str, Any]:
    """Describe a replayed Ponder session as JSON data (what ``replay --json`` prints)."""
    st: PonderState = live.state
    winner = st.teams[st.winner] if st.winner is not None else None
    return {
        "events": len(live.log),
        "board": st.board.name,
        "started": st.started,
        "over": st.over,
        "turn": st.flow.turn if st.started else 0,
        "current_team": st.team.colour if st.started and not st.over else None,
        "phase": st.phase,
        "phase_title": PHASE_TITLES.get(st.phase, "Setup"),
        "teams": [
            {
                "name": t.player,
                "colour": t.colour,
                "arrived": len(t.arrived),
                "on_bank": t.on_bank,
                "in_marsh": [cell_name(c) for c in t.frogs],
                "card": t.card.title if t.card else None,
            }
            for t in st.teams
        ],
        "lily_pads": sorted(cell_name(c) for c in st.pads),
        "position": position_text(st).splitlines(),
        "winner": None if winner is None else {"name": winner.player, "colour": winner.colour},
        "violations": [v.to_json() for v in live.effective_violations()],
    }


def format_report(report: dict[str, Any]) -> str:
    """The text form of ``replay_report`` (plus the ``file`` key the command adds)."""
    teams = report["teams"]
    lines = [
        f"{report['file']}: Ponder, {len(teams)} teams, {report['events']} events",
        f"Board: {report['board']}",
    ]
    if report["over"]:
        w = report["winner"]
        lines.append(f"Game over: {w['name']} ({w['colour']}) wins with {FROGS} frogs across")
    elif not report["started"]:
        lines.append("Setup: first cards and the roll for the first player")
    else:
        current = next(t for t in teams if t["colour"] == report["current_team"])
        lines.append(
            f"Turn {report['turn']}: {current['name']} ({current['colour']}), "
            f"{report['phase_title']}"
        )
    width = max(4, *(len(t["name"]) for t in teams))
    lines.append(f"{'Team':<{width}}  {'Colour':<8} {'Across':>6} {'Bank':>4}  Marsh     Card")
    for t in teams:
        marsh = " ".join(t["in_marsh"]) or "-"
        lines.append(
            f"{t['name']:<{width}}  {t['colour']:<8} {t['arrived']:>6} {t['on_bank']:>4}  "
            f"{marsh:<9} {t['card'] or '-'}"
        )
    lines.extend(report["position"])
    violations = report["violations"]
    lines.append(f"Violations: {len(violations)}")
    for v in violations:
        where = f" {v['where']}" if v["where"] else ""
        lines.append(f"  event {v['event_index']}: [{v['rule']}]{where}: {v['message']}")
    return "\n".join(lines)
