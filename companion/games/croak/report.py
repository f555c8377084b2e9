"""What ``pond-companion replay`` prints for a Croak session: hands, totals, the winner."""

from __future__ import annotations

from typing import Any

from companion.errors import BadFileError
from companion.games.croak.game import impossible_count
from companion.games.croak.match import CroakState, leaders
from companion.session import LiveSession


def replay_report(live: LiveSession) -> dict[str, Any]:
    """Describe a replayed Croak session as JSON data (what ``replay --json`` prints).

    A count no table can have (more cards than a deck holds) is a bad file:
    ``BadFileError`` names the event and the field.
    """
    st: CroakState = live.state
    for i, event in enumerate(live.log):
        reason = impossible_count(st.deck_size, event)
        if reason is not None:
            raise BadFileError(f"events[{i}]: {reason}")
    now = st.now
    by_number = {r.number: r for r in now.results}
    hands = []
    for hand in st.hands:
        result = by_number.get(hand.number)
        hands.append(
            {
                "hand": hand.number,
                "kind": result.kind if result else "open",
                "players": list(result.players if result else hand.players),
                "callers": list(hand.callers),
                "counts": {
                    c.player: {"returned": c.returned, "pond_left": c.pond_left, "points": c.points}
                    for c in hand.counts
                },
                "totals": dict(zip(st.names, result.totals, strict=True)) if result else None,
            }
        )
    return {
        "events": len(live.log),
        "target": st.target,
        "deck_size": st.deck_size,
        "phase": st.phase,
        "over": st.over,
        "players": [
            {"name": n, "deck": d, "total": t}
            for n, d, t in zip(st.names, st.decks, now.totals, strict=True)
        ],
        "hands": hands,
        "face_off": list(now.face_off),
        "winner": now.winner,
        "how": now.how,
        "leaders": list(leaders(st)),
        "notes": list(now.notes),
        "violations": [v.to_json() for v in live.effective_violations()],
    }


def format_report(report: dict[str, Any]) -> str:
    """The text form of ``replay_report`` (plus the ``file`` key the command adds)."""
    players = report["players"]
    names = [p["name"] for p in players]
    lines = [
        f"{report['file']}: Croak, {len(players)} players, {report['events']} events, "
        f"first to {report['target']}",
    ]
    width = max(4, *(len(n) for n in names))
    lines.append(f"{'Hand':<11} " + " ".join(f"{n:>{width}}" for n in names) + "  CROAK")
    for h in report["hands"]:
        label = {
            "hand": f"{h['hand']}",
            "face-off": f"{h['hand']} face-off",
            "open": f"{h['hand']} open",
        }
        cells = []
        for n in names:
            c = h["counts"].get(n)
            cells.append(
                f"{c['points']:>{width}}" if c and n in h["players"] else f"{'-':>{width}}"
            )
        tag = label.get(h["kind"], f"{h['hand']} void")
        lines.append(f"{tag:<11} " + " ".join(cells) + f"  {', '.join(h['callers']) or '-'}")
    lines.append(f"{'Total':<11} " + " ".join(f"{p['total']:>{width}}" for p in players))
    if report["winner"]:
        lines.append(f"Winner: {report['how']}")
    elif report["face_off"]:
        lines.append(f"Face-off due: {', '.join(report['face_off'])} (reached {report['target']})")
    else:
        lines.append(f"Match not over ({report['phase']}); leading: {', '.join(report['leaders'])}")
    lines.extend(f"Note: {n}" for n in report["notes"])
    violations = report["violations"]
    lines.append(f"Violations: {len(violations)}")
    for v in violations:
        where = f" {v['where']}" if v["where"] else ""
        lines.append(f"  event {v['event_index']}: [{v['rule']}]{where}: {v['message']}")
    return "\n".join(lines)
