"""What ``pond-companion replay`` prints for a BOG session: the Bog, the score by kind, the end."""

from __future__ import annotations

from typing import Any

from companion.games.bog.state import KINDS, BogState
from companion.session import LiveSession


def replay_report(live: LiveSession) -> dict[str, Any]:
    """Describe a replayed BOG session as JSON data (what ``replay --json`` prints)."""
    st: BogState = live.state
    result = st.result
    return {
        "events": len(live.log),
        "over": st.over,
        "turn": st.flow.turn,
        "to_move": None if st.over else st.names[st.to_move],
        "bog": {
            str(pad): (
                {"frog": f.card, "owner": st.names[f.seat], "stop": f.stop + 1}
                if (f := st.frogs[pad - 1]) is not None
                else ("fly" if st.flies[pad - 1] else None)
            )
            for pad in range(1, 10)
        },
        "draw_area": list(st.draw_area),
        "deck": st.deck,
        "players": [
            {
                "name": name,
                "shore": list(st.shores[seat]),
                "hand": st.hand_counts[seat],
                "hand_known": list(st.hands[seat]),
                **st.points[seat].to_json(),
            }
            for seat, name in enumerate(st.names)
        ],
        "outcome": None if result is None else result.outcome,
        "winner": None if result is None else st.names[result.winner],
        "could_not_act": None if result is None else st.names[result.stuck],
        "result_sentence": None if result is None else result.sentence,
        "violations": [v.to_json() for v in live.effective_violations()],
    }


def format_report(report: dict[str, Any]) -> str:
    """The text form of ``replay_report`` (plus the ``file`` key the command adds)."""
    players = report["players"]
    lines = [
        f"{report['file']}: BOG, {players[0]['name']} and {players[1]['name']}, "
        f"{report['events']} events"
    ]
    bog = report["bog"]

    def cell(pad: int) -> str:
        item = bog[str(pad)]
        if item is None:
            return "."
        if item == "fly":
            return "fly"
        arrow = "v" if item["owner"] == players[0]["name"] else "^"
        return f"{item['frog']}{arrow}"

    lines.append(f"Bog (seen from {players[0]['name']}'s Shore; v faces {players[0]['name']}):")
    for row in range(3):
        lines.append("  " + " ".join(f"{cell(3 * row + c + 1):>4}" for c in range(3)))
    area = ", ".join("?" if c is None else c for c in report["draw_area"]) or "empty"
    lines.append(f"Draw Area: {area}; deck: {report['deck']}")
    width = max(6, *(len(p["name"]) for p in players))
    head = " ".join(f"{k.capitalize():>10}" for k in KINDS)
    lines.append(f"{'Player':<{width}}  {'Shore':<6} {'Hand':>4} {head} {'Total':>5}")
    for p in players:
        kinds = " ".join(f"{p[k]:>10}" for k in KINDS)
        shore = ",".join(p["shore"]) or "-"
        lines.append(f"{p['name']:<{width}}  {shore:<6} {p['hand']:>4} {kinds} {p['total']:>5}")
    if report["over"]:
        lines.append(f"Game over: {report['result_sentence']}")
    else:
        lines.append(f"Game not over: {report['to_move']} to act, turn {report['turn']}")
    violations = report["violations"]
    lines.append(f"Violations: {len(violations)}")
    for v in violations:
        where = f" {v['where']}" if v["where"] else ""
        lines.append(f"  event {v['event_index']}: [{v['rule']}]{where}: {v['message']}")
    return "\n".join(lines)
