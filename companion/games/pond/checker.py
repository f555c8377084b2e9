"""The Pond rules checker: what the table may have got wrong. It flags, never blocks.

Every rule has a stable id (the keys of ``RULES``). Rules on every board look at
that board alone. Rules between two boards compare a board with an earlier one:

- what can never happen during a turn (a Long Fwooog moving or vanishing, pieces
  of a player not taking the turn increasing, more frogs deployed in the Start
  Phase than it allows) is checked against the previous board of this turn, or
  else the board as the turn began: the last board of the previous turn, or the
  setup board before turn 1 (nothing moves between one turn's last board and the
  next Start Phase);
- what one action does (a March to an adjacent pond, a Merge where 2 frogs stood)
  is only checked between two boards of the same turn, because a whole turn of
  Marches and Merges seen at once can look like one illegal move.

The camera reports a board after each change, so in live use two boards of one
turn are one action apart. Boards typed in less often may still be flagged for a
chain of legal moves: the table decides.
"""

from __future__ import annotations

from companion.games.base import Violation
from companion.games.pond import turn_rules
from companion.games.pond.events import Board, Control, Damage, NextPhase, PondContent, Vp
from companion.games.pond.setup import LONG_FWOOOGS
from companion.games.pond.state import PHASE_TITLES, PondState

RULES = {
    # on every board
    "fountain-fwooog": "Long Fwooogs cannot be placed in the Fountain.",
    "two-fwooogs": "You cannot have more than one of your own Long Fwooogs in the same Pond.",
    "too-many-fwooogs": "You cannot deploy more than 4 Long Fwooogs.",
    "too-many-frogs": "A faction cannot have more frogs on the map than it has pieces.",
    "fwooog-on-lilypad": "Long Fwooogs cannot occupy Lilypads.",
    # between two boards of one turn
    "fwooog-moved": "Long Fwooogs cannot move, and are not removed by damage.",
    "fwooog-appeared": "A Long Fwooog is deployed by merging 2 of your Frogs in a Pond "
    "that does not have one of your Long Fwooogs.",
    "merge-frogs-kept": "Merge: remove 2 of your Frogs from the Pond, then deploy a Long Fwooog "
    "into that Pond.",
    "march-not-adjacent": "A March moves Frogs from one Pond to one adjacent Pond.",
    "march-two-ponds": "A March moves Frogs from one Pond to one adjacent Pond.",
    "start-deploy": "Start Phase: deploy 1 Frog to each Pond with your Long Fwooog.",
    "not-your-turn": "Only the player taking the turn adds pieces to the map.",
    # other events
    "vp-outside-main-phase": "VP for damage and from cards are gained during the Main Phase.",
    "control-beyond-map": "You cannot control more ponds or lilypads than the map has.",
    # whose turn, which phase, lilypads: companion.games.pond.turn_rules
    **turn_rules.TURN_RULES,
}
REMINDERS = turn_rules.REMINDERS


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _flag(rule: str, message: str, where: str | None = None) -> Violation:
    return Violation(rule, message, where)


def reference_board(state: PondState) -> Board | None:
    """The board a new board of this turn is compared with, or None if there is none."""
    if same_turn_board(state) is not None:
        return state.board
    return state.turn_start_board


def same_turn_board(state: PondState) -> Board | None:
    """The previous board if it was seen in this turn (for the one-action rules)."""
    if state.board_seen is not None and state.board_seen[0] == state.flow.turn:
        return state.board
    return None


def check_board_alone(state: PondState, board: Board) -> list[Violation]:
    """The rules every board must follow, whatever came before."""
    found: list[Violation] = []
    fountain = state.layout.fountain
    fwooogs_total: dict[str, int] = {}
    frogs_total: dict[str, int] = {}
    for pond_id, content in board.ponds:
        if pond_id == fountain and content.fwooogs:
            found.append(
                _flag(
                    "fountain-fwooog",
                    f"A Long Fwooog ({', '.join(content.fwooogs)}) is in the Fountain, "
                    "which cannot contain Long Fwooogs.",
                    pond_id,
                )
            )
        for faction in sorted(set(content.fwooogs)):
            n = content.fwooogs_of(faction)
            fwooogs_total[faction] = fwooogs_total.get(faction, 0) + n
            if n > 1:
                found.append(
                    _flag(
                        "two-fwooogs",
                        f"{faction} has {n} Long Fwooogs in pond {pond_id}; "
                        "at most one of your own per pond.",
                        pond_id,
                    )
                )
        for faction, n in content.frogs:
            frogs_total[faction] = frogs_total.get(faction, 0) + n
        if content.lilypad_fwooog is not None:
            found.append(
                _flag(
                    "fwooog-on-lilypad",
                    f"A {content.lilypad_fwooog} Long Fwooog is on the lilypad in pond "
                    f"{pond_id}; Long Fwooogs cannot occupy Lilypads.",
                    pond_id,
                )
            )
    for faction, n in sorted(fwooogs_total.items()):
        if n > LONG_FWOOOGS:
            found.append(
                _flag(
                    "too-many-fwooogs",
                    f"{faction} has {n} Long Fwooogs on the map; no more than 4.",
                )
            )
    for faction, n in sorted(frogs_total.items()):
        seat = state.seat_of_faction(faction)
        pieces = state.frog_pieces[seat] if seat is not None else 0
        if n > pieces:
            found.append(
                _flag(
                    "too-many-frogs",
                    f"{faction} has {n} frogs on the map but only {pieces} frog pieces.",
                )
            )
    return found + turn_rules.lilypads_alone(board)


def _pond_ids(before: Board, after: Board) -> list[str]:
    ids = [pid for pid, _ in before.ponds]
    ids += [pid for pid, _ in after.ponds if pid not in before.as_dict()]
    return ids


def _changes(before: Board, after: Board) -> list[tuple[str, PondContent, PondContent]]:
    """(pond id, before, after) for each pond whose content changed; most ponds do not."""
    found = []
    for pond_id in _pond_ids(before, after):
        was, now = before.pond(pond_id), after.pond(pond_id)
        if was != now:
            found.append((pond_id, was, now))
    return found


def check_between(state: PondState, before: Board, after: Board) -> list[Violation]:
    """What can never change during the current player's turn."""
    found: list[Violation] = []
    current = state.current_faction
    changes = _changes(before, after)
    for faction in state.factions:
        for pond_id, was, now in changes:
            f_was, f_now = was.fwooogs_of(faction), now.fwooogs_of(faction)
            if f_now < f_was:
                found.append(
                    _flag(
                        "fwooog-moved",
                        f"A {faction} Long Fwooog left pond {pond_id}; "
                        "Long Fwooogs cannot move and are not removed by damage.",
                        pond_id,
                    )
                )
            if (
                faction != current
                and not after.reaction  # "even if it is not your turn!"
                and now.pieces_of(faction) > was.pieces_of(faction)
            ):
                found.append(
                    _flag(
                        "not-your-turn",
                        f"{faction}'s pieces in pond {pond_id} went from "
                        f"{was.pieces_of(faction)} to {now.pieces_of(faction)} during "
                        f"{state.current_player}'s turn.",
                        pond_id,
                    )
                )
    return found + turn_rules.lilypads_between(state, after, changes)


def check_one_action(state: PondState, before: Board, after: Board) -> list[Violation]:
    """Merges and Marches between two boards of the same turn."""
    found: list[Violation] = []
    changes = _changes(before, after)
    for faction in state.factions:
        for pond_id, was, now in changes:
            f_was, f_now = was.fwooogs_of(faction), now.fwooogs_of(faction)
            if f_now <= f_was:
                continue
            if f_was > 0 or was.frogs_of(faction) < 2:
                found.append(
                    _flag(
                        "fwooog-appeared",
                        f"A {faction} Long Fwooog appeared in pond {pond_id} without 2 of "
                        f"its frogs there to merge (it had {was.frogs_of(faction)}).",
                        pond_id,
                    )
                )
            elif now.frogs_of(faction) > was.frogs_of(faction) - 2:
                found.append(
                    _flag(
                        "merge-frogs-kept",
                        f"A {faction} Long Fwooog appeared in pond {pond_id} but its frogs "
                        f"went from {was.frogs_of(faction)} to {now.frogs_of(faction)}; a Merge "
                        "removes 2 of your Frogs from the Pond.",
                        pond_id,
                    )
                )
    if state.phase != "start":  # the Start Phase only deploys: see check_start_deploy
        found += _check_marches(state, changes)
    return found + turn_rules.one_action(state, after, changes)


def _check_marches(
    state: PondState, changes: list[tuple[str, PondContent, PondContent]]
) -> list[Violation]:
    """Frogs that arrived in a pond no river joins to a pond they could have left."""
    faction = state.current_faction
    delta = {pid: now.frogs_of(faction) - was.frogs_of(faction) for pid, was, now in changes}
    losers = {pid for pid, d in delta.items() if d < 0}
    gainers = sorted(pid for pid, d in delta.items() if d > 0)
    found: list[Violation] = []
    if len(losers) == 1 and len(gainers) > 1:  # two Marches from two ponds may be seen at once
        found.append(
            _flag(
                "march-two-ponds",
                f"{faction} frogs left {', '.join(sorted(losers))} and arrived in "
                f"{len(gainers)} ponds ({', '.join(gainers)}); a March goes from one Pond to "
                "one adjacent Pond.",
                gainers[0],
            )
        )
    for pond_id, was, now in changes:
        d = delta[pond_id]
        if d <= 0:
            continue
        if not losers and (was.fwooogs_of(faction) or now.fwooogs_of(faction)):
            # A card may have deployed it ("where you have a Long Fwooog"); a deploy
            # comes from the supply, so it does not explain frogs that left a pond.
            continue
        if state.layout.neighbours(pond_id) & losers:
            continue
        found.append(
            _flag(
                "march-not-adjacent",
                f"{d} {faction} frog{'s' if d > 1 else ''} arrived in pond {pond_id}, which no "
                "river joins to a pond they left"
                + (f" ({', '.join(sorted(losers))})" if losers else "")
                + "; a March goes to one adjacent pond.",
                pond_id,
            )
        )
    return found


def check_start_deploy(state: PondState, board: Board) -> list[Violation]:
    """Start Phase: at most 1 frog to each pond with a Long Fwooog, and no more than the supply."""
    start = state.turn_start_board
    if state.phase != "start" or start is None:
        return []
    faction = state.current_faction
    fwooog_ponds = set(state.fwooog_ponds(faction, start))
    allowed = min(len(fwooog_ponds), state.frogs_in_supply(faction, start))
    found: list[Violation] = []
    for pond_id in _pond_ids(start, board):
        gain = board.pond(pond_id).frogs_of(faction) - start.pond(pond_id).frogs_of(faction)
        here = 1 if pond_id in fwooog_ponds else 0
        if gain > here:
            found.append(
                _flag(
                    "start-deploy",
                    f"{_count(gain, faction + ' frog')} deployed to pond {pond_id} in the "
                    "Start Phase; "
                    + (
                        "only 1 per pond with your Long Fwooog."
                        if here
                        else "you have no Long Fwooog there."
                    ),
                    pond_id,
                )
            )
    deployed = state.frogs_on_map(faction, board) - state.frogs_on_map(faction, start)
    if deployed > allowed:
        found.append(
            _flag(
                "start-deploy",
                f"{deployed} {faction} frogs deployed in the Start Phase; you may deploy "
                f"{allowed} ({_count(len(fwooog_ponds), 'pond')} with your Long Fwooog, "
                f"{_count(state.frogs_in_supply(faction, start), 'frog')} in your supply).",
            )
        )
    return found


def check(state: PondState, event: object) -> list[Violation]:
    """What the rules checker says about ``event`` in ``state``. Never raises."""
    if isinstance(event, Board):
        found = check_board_alone(state, event)
        before = reference_board(state)
        if before is not None:
            found += check_between(state, before, event)
        same_turn = same_turn_board(state)
        if same_turn is not None:
            found += check_one_action(state, same_turn, event)
        found += check_start_deploy(state, event)
        return found
    if isinstance(event, NextPhase):
        return turn_rules.start_phase_ends(state)
    found = []
    if isinstance(event, Damage):
        found += turn_rules.damage_shielded(state, event)
    if isinstance(event, Damage | Vp) and state.phase != "main" and not event.reaction:
        what = "damage" if isinstance(event, Damage) else "VP"
        who = event.by if isinstance(event, Damage) else event.player
        found.append(
            _flag(
                "vp-outside-main-phase",
                f"{who} gained {what} during the {PHASE_TITLES[state.phase]}; VP for damage "
                "and from cards are gained during the Main Phase.",
            )
        )
    if isinstance(event, Control):
        ponds = len(state.layout.ponds)
        if event.ponds > ponds or event.lilypads > ponds:
            return [
                _flag(
                    "control-beyond-map",
                    f"{state.current_player} cannot control {event.ponds} ponds and "
                    f"{event.lilypads} lilypads: the map has {ponds} ponds, each with at most "
                    "1 lilypad.",
                )
            ]
    return found
