"""Pond checker rules about whose turn and which phase it is, and about lilypads.

Each function returns violations (never raises); ``companion.games.pond.checker``
calls them and lists their ids in ``RULES``. The rulebook sentence each rule
stands on is quoted beside it.
"""

from __future__ import annotations

from companion.games.base import Violation
from companion.games.pond.events import LILYPAD_FREE, Board, Damage, PondContent
from companion.games.pond.state import PondState

Changes = list[tuple[str, PondContent, PondContent]]

TURN_RULES = {
    "lilypad-without-frog": "You control a Lilypad if you have a Frog on that Lilypad.",
    "lilypad-removed": "No rule removes a Lilypad: the Fountain begins the game with one and "
    "each one built stays.",
    "lilypad-not-your-turn": "You may place a Frog on a Lilypad anytime you have a Frog in a "
    "Pond with an unoccupied Lilypad during your turn.",
    "lilypad-in-start-phase": "Build a Lilypad is a Special Action, taken in the Main Phase.",
    "start-no-deploy": "Reminder: Start Phase: deploy 1 Frog to Ponds with your Long Fwooogs.",
    "attack-not-in-pond": "You can initiate combat in a Pond you are in.",
    "damage-fwooog-shielded": "Your Long Fwooog only takes Damage if you have no other Frogs "
    "in the Pond.",
    "march-in-end-phase": "March is a Special Action, taken in the Main Phase.",
}

# Rules that remind rather than accuse: the table may have had a reason.
REMINDERS = frozenset({"start-no-deploy"})


def _holder(content: PondContent) -> str | None:
    """The faction named on the pond's lilypad, or None (no lilypad, or a free one)."""
    if content.lilypad is None or content.lilypad == LILYPAD_FREE:
        return None
    return content.lilypad


def lilypads_alone(board: Board) -> list[Violation]:
    """A lilypad holder with no frog in that pond: the board contradicts itself."""
    found: list[Violation] = []
    for pond_id, content in board.ponds:
        holder = _holder(content)
        if holder is not None and content.frogs_of(holder) == 0:
            found.append(
                Violation(
                    "lilypad-without-frog",
                    f"The lilypad in pond {pond_id} is held by {holder}, but no {holder} frog is "
                    "counted in that pond; it earns no VP until the board is corrected.",
                    pond_id,
                )
            )
    return found


def lilypads_between(state: PondState, board: Board, changes: Changes) -> list[Violation]:
    """Lilypads that vanished, were built in the Start Phase, or taken by another player."""
    found: list[Violation] = []
    current = state.current_faction
    for pond_id, was, now in changes:
        if was.lilypad is not None and now.lilypad is None:
            found.append(
                Violation(
                    "lilypad-removed",
                    f"The lilypad in pond {pond_id} is gone from the map; no rule removes a "
                    "Lilypad, and its VP would be lost.",
                    pond_id,
                )
            )
        if was.lilypad is None and now.lilypad is not None and state.phase == "start":
            found.append(
                Violation(
                    "lilypad-in-start-phase",
                    f"A lilypad was built in pond {pond_id} during the Start Phase; Build a "
                    "Lilypad is a Special Action of the Main Phase.",
                    pond_id,
                )
            )
        holder = _holder(now)
        if holder is not None and holder != _holder(was) and holder != current:
            found.append(
                Violation(
                    "lilypad-not-your-turn",
                    f"A {holder} frog was placed on the lilypad in pond {pond_id} during "
                    f"{state.current_player}'s turn; you place a Frog on a Lilypad during "
                    "your turn.",
                    pond_id,
                )
            )
    return found


def one_action(state: PondState, board: Board, changes: Changes) -> list[Violation]:
    """Between two boards of one turn: an attack from outside the pond, a March in the End Phase."""
    found: list[Violation] = []
    current = state.current_faction
    if not board.reaction:
        for pond_id, was, now in changes:
            if was.frogs_of(current):
                continue
            hit = [f for f in state.factions if f != current and now.frogs_of(f) < was.frogs_of(f)]
            if hit:
                found.append(
                    Violation(
                        "attack-not-in-pond",
                        f"{', '.join(hit)} frogs were removed from pond {pond_id}, where "
                        f"{state.current_player} ({current}) has no frog; you attack in a Pond "
                        "you are in.",
                        pond_id,
                    )
                )
    if state.phase == "end":
        left = sorted(p for p, was, now in changes if now.frogs_of(current) < was.frogs_of(current))
        came = sorted(p for p, was, now in changes if now.frogs_of(current) > was.frogs_of(current))
        if left and came:
            found.append(
                Violation(
                    "march-in-end-phase",
                    f"{current} frogs moved from {', '.join(left)} to {', '.join(came)} in the "
                    "End Phase; March is a Special Action of the Main Phase.",
                    came[0],
                )
            )
    return found


def start_phase_ends(state: PondState) -> list[Violation]:
    """Leaving the Start Phase with no deploy seen, though frogs are in the supply (a reminder).

    Only judged when a board was seen in this Start Phase: with the camera at the
    End Phase only (or none) the app cannot see the deploy.
    """
    start = state.turn_start_board
    if state.phase != "start" or start is None or state.board_seen != (state.flow.turn, "start"):
        return []
    faction = state.current_faction
    ponds = state.fwooog_ponds(faction, start)
    allowed = min(len(ponds), state.frogs_in_supply(faction, start))
    deployed = state.frogs_on_map(faction) - state.frogs_on_map(faction, start)
    if allowed == 0 or deployed >= allowed:
        return []
    return [
        Violation(
            "start-no-deploy",
            f"Reminder: {state.current_player} deployed {max(0, deployed)} of {allowed} "
            f"frog{'s' if allowed > 1 else ''} in the Start Phase (Long Fwooogs in "
            f"{', '.join(ponds)}); deploy 1 Frog to each Pond with your Long Fwooogs.",
        )
    ]


def damage_shielded(state: PondState, event: Damage) -> list[Violation]:
    """Damage to a Long Fwooog while the target still has other frogs beside each of theirs.

    Judged on a board seen in this turn (the camera sees the attack before the
    damage is entered); an older board may be out of date.
    """
    seat = state.seat_of(event.to)
    if seat is None or state.board_seen is None or state.board_seen[0] != state.flow.turn:
        return []
    target = state.factions[seat]
    ponds = state.fwooog_ponds(target)
    if not ponds or any(state.board.pond(p).frogs_of(target) == 0 for p in ponds):
        return []
    return [
        Violation(
            "damage-fwooog-shielded",
            f"{event.by} gained VP for damage to {event.to}'s Long Fwooog, but every pond with "
            f"a {target} Long Fwooog ({', '.join(ponds)}) still holds {target} frogs; a Long "
            "Fwooog only takes Damage if you have no other Frogs in the Pond.",
            ponds[0],
        )
    ]
