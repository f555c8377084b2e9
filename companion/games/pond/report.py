"""What ``pond-companion replay`` prints for a Pond session: supply, end, standings, violations."""

from __future__ import annotations

from typing import Any

from companion.games.pond import ended_at_event
from companion.games.pond.scoring import final_standings, winners
from companion.games.pond.state import PHASE_TITLES, PondState
from companion.session import LiveSession


def replay_report(live: LiveSession) -> dict[str, Any]:
    """Describe a replayed Pond session as JSON data (what ``replay --json`` prints)."""
    st: PondState = live.state
    win = winners(st)
    return {
        "events": len(live.log),
        "supply_left": st.supply,
        "starting_supply": st.starting_supply,
        "taken": st.taken,
        "lost_vp": st.lost_vp,
        "over": st.over,
        "ended_at_event": ended_at_event(live),
        "current_player": st.current_player,
        "phase": st.phase,
        "phase_title": PHASE_TITLES[st.phase],
        "turn": st.flow.turn,
        "players": [
            {
                "name": s.name,
                "faction": s.faction,
                "tokens": s.tokens,
                "card_vp": s.card_vp,
                "total": s.total,
            }
            for s in final_standings(st)
        ],
        "winners": list(win.names),
        "tied": list(win.tied),
        "winner_sentence": win.sentence,
        "violations": [v.to_json() for v in live.effective_violations()],
    }


def format_report(report: dict[str, Any]) -> str:
    """The text form of ``replay_report`` (plus the ``file`` key the command adds)."""
    lines = [
        f"{report['file']}: Pond, {len(report['players'])} players, {report['events']} events",
        f"VP supply: {report['supply_left']} left of {report['starting_supply']} "
        f"({report['taken']} taken, {report['lost_vp']} lost)",
    ]
    if report["over"]:
        lines.append(f"Game over: the last VP token was taken at event {report['ended_at_event']}")
    else:
        lines.append("Game not over")
    lines.append(
        f"Current player: {report['current_player']}, {report['phase_title']}, "
        f"turn {report['turn']}"
    )
    width = max(6, *(len(p["name"]) for p in report["players"]))
    lines.append(f"{'Player':<{width}}  {'Faction':<8} {'Tokens':>6} {'Card VP':>7} {'Total':>5}")
    for p in report["players"]:
        lines.append(
            f"{p['name']:<{width}}  {p['faction']:<8} {p['tokens']:>6} {p['card_vp']:>7} "
            f"{p['total']:>5}"
        )
    lines.append(f"Winner: {report['winner_sentence']}")
    violations = report["violations"]
    lines.append(f"Violations: {len(violations)}")
    for v in violations:
        where = f" pond {v['where']}" if v["where"] else ""
        lines.append(f"  event {v['event_index']}: [{v['rule']}]{where}: {v['message']}")
    return "\n".join(lines)
