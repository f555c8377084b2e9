"""``pond-companion replay FILE [--json]``: replay a Pond session file and report.

Prints the VP supply left, whether and at which event the game ended, the
current player and phase, each player's tokens, card VP and total, the winner,
and every rules violation with the index of its event. Exit 0 for a valid file
(even with violations); a malformed file is one line naming the file, the event
index and the field, and exit 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay",
        help="replay a Pond session file: supply, end, standings, rules violations",
        description="Replay a Pond session file (session/1) and print where the game stands.",
    )
    p.add_argument("file", type=Path, metavar="FILE", help="a session/1 JSON file of a Pond game")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    p.set_defaults(func=run)


def replay_report(path: Path) -> dict[str, Any]:
    """Replay ``path`` and describe the result as JSON data (what ``--json`` prints)."""
    from companion.errors import BadFileError
    from companion.games.pond import (
        PHASE_TITLES,
        PondState,
        ended_at_event,
        final_standings,
        winners,
    )
    from companion.session import read_session_file, replay

    try:
        info, events = read_session_file(path)
        if info.game != "pond":
            raise BadFileError(f"field 'game' is {info.game!r}; replay reads Pond sessions")
        live = replay(info, events, str(path))
    except BadFileError as exc:
        message = str(exc)
        if not message.startswith(str(path)):
            message = f"{path}: {message}"  # setup errors name the option, not the file
        raise BadFileError(message) from None
    st: PondState = live.state
    win = winners(st)
    return {
        "file": str(path),
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


def run(args: argparse.Namespace) -> int:
    report = replay_report(args.file)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_report(report))
    return 0
