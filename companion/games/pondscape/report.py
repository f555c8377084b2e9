"""What ``pond-companion replay`` prints for a Pondscape session: round, table, scores, flags."""

from __future__ import annotations

from typing import Any

from companion.games.pondscape.scoring import STEPS, rank_sheets, score_player
from companion.games.pondscape.solo import SAMPLE_NAME, SAMPLE_SOLO_CARDS, achievement
from companion.games.pondscape.state import ROUNDS, PondscapeState


def replay_report(live: Any) -> dict[str, Any]:
    """Describe a replayed Pondscape session as JSON data (what ``replay --json`` prints)."""
    st: PondscapeState = live.state
    over = bool(live.game.is_over(st))
    sheets = {p.name: score_player(p) for p in st.ponds if p is not None}
    ranking = rank_sheets(list(sheets.values())) if sheets else None
    players = []
    for i, name in enumerate(st.names):
        pond = st.ponds[i]
        sheet = sheets.get(name)
        players.append(
            {
                "name": name,
                "cards": len(pond.cards()) if pond is not None else 0,
                "tucked": dict(pond.tucked) if pond is not None else {},
                "hand": st.hands[i],
                "score": sheet.breakdown() if sheet is not None else None,
                "total": sheet.total if sheet is not None else None,
            }
        )
    report: dict[str, Any] = {
        "events": len(live.log),
        "solo": st.solo,
        "over": over,
        "round": st.round,
        "rounds": ROUNDS,
        "to_play": None if over else st.seat_name,
        "turns": dict(zip(st.seats, st.turns, strict=True)),
        "food_row": list(st.food_row),
        "jumping_frog": list(st.spanned()),
        "players": players,
        "winners": list(ranking.winners) if ranking is not None else [],
        "violations": [v.to_json() for v in live.effective_violations()],
    }
    if st.solo and ranking is not None:
        report["achievement"] = achievement(ranking.sheets[0].total)
        sample = st.solo_cards == SAMPLE_SOLO_CARDS
        report["croaker_cards"] = SAMPLE_NAME if sample else "the owner's 6 solo cards"
    return report


def format_report(report: dict[str, Any]) -> str:
    """The text form of ``replay_report`` (plus the ``file`` key the command adds)."""
    kind = "solo against Croaker" if report["solo"] else f"{len(report['players'])} players"
    lines = [f"{report['file']}: Pondscape, {kind}, {report['events']} events"]
    if report["over"]:
        lines.append("Game over")
    else:
        lines.append(f"Round {report['round']} of {report['rounds']}: {report['to_play']}'s turn")
    lines.append("The jumping frog spans " + " and ".join(report["jumping_frog"]))
    width = max(6, *(len(p["name"]) for p in report["players"]))
    heads = "".join(f" {s.capitalize():>9}" for s in STEPS)
    lines.append(f"{'Player':<{width}} {'Cards':>5} {'Hand':>4}{heads} {'Total':>6}")
    for p in report["players"]:
        if p["score"] is None:
            lines.append(f"{p['name']:<{width}} {p['cards']:>5} {p['hand']:>4}  no pond yet")
            continue
        steps = "".join(f" {p['score'][s]:>9}" for s in STEPS)
        lines.append(f"{p['name']:<{width}} {p['cards']:>5} {p['hand']:>4}{steps} {p['total']:>6}")
        if p["tucked"]:
            tucked = ", ".join(f"{n} under {food}" for food, n in p["tucked"].items() if n)
            lines.append(f"{'':<{width}} tucked: {tucked}")
    if report["winners"] and not report["solo"]:
        names = " and ".join(report["winners"])
        if report["over"]:
            verb = "share the victory" if len(report["winners"]) > 1 else "wins"
        else:
            verb = "lead" if len(report["winners"]) > 1 else "leads"
        lines.append(f"{names} {verb}")
    if "achievement" in report:
        so_far = "" if report["over"] else " (so far)"
        lines.append(f"Solo rank: {report['achievement']}{so_far}")
        lines.append(f"Croaker's cards: {report['croaker_cards']}")
    violations = report["violations"]
    lines.append(f"Violations: {len(violations)}")
    for v in violations:
        where = f" {v['where']}" if v["where"] else ""
        lines.append(f"  event {v['event_index']}: [{v['rule']}]{where}: {v['message']}")
    return "\n".join(lines)
