"""The checked path: what is wrong with an event typed on the screen. Never raises.

Each rule has a short stable id and a sentence in the rulebook's words. An event the
checker does not flag is exactly an event ``rules.legal_actions`` offers; when none of the
named rules explains a rejection, ``not-legal`` says so plainly.
"""

from __future__ import annotations

from companion.games.base import Violation
from companion.games.ponder.board import Cell, cell_name
from companion.games.ponder.events import (
    FLY_MEAL,
    PUNCH,
    Card,
    Combat,
    Move,
    Paddle,
    Pass,
    Reveal,
    Roll,
    Stay,
    Throw,
)
from companion.games.ponder.rules import (
    _near,
    all_frog_moves,
    combats,
    frog_moves,
    is_legal,
    near_arrived,
    reach,
    recoverable,
)
from companion.games.ponder.state import PonderState

RULES = {
    "one-lily-pad": "Only one lily pad may be moved per turn.",
    "throw-first": "In the Marsh, a turn begins by recovering a lily pad.",
    "pad-with-frog": "You cannot move a lily pad on which a frog is seated.",
    "pad-too-far": "Recover a lily pad located 1 space away from one of your team's frogs.",
    "pad-near-arrived": "Lily pads located next to a frog that has already arrived cannot be "
    "recovered.",
    "paddle": "Paddle only if no lily pad is within 1 space of any of your frogs, by one space.",
    "pass": "Pass only if all your frogs are on the starting bank and none can recover a pad.",
    "card-direction": "The movement card determines how your frog moves.",
    "one-frog": "You must move only ONE frog per turn.",
    "must-move": "If you can move it, you must do so.",
    "jump-over": "A frog cannot jump over another frog or double it.",
    "pads-only": "Your frogs must jump onto, and only onto, spaces containing a lily pad.",
    "fly-meal": "Fly Meal: the frog passes its turn.",
    "finish": "A frog leaves the Marsh only by passing the finish line, the opposite bank.",
    "combat": "After a Punch, a frog 1 space away from another frog may perform a combat.",
    "push-back": "The loser moves back one space where a lily pad is available.",
    "deck": "The card must still be face down in the team's deck.",
    "not-legal": "Not a legal action now.",
}


def _v(rule: str, message: str, where: Cell | None = None) -> Violation:
    return Violation(rule, message, None if where is None else cell_name(where))


def _line(source: Cell, target: Cell) -> tuple[tuple[int, int], int] | None:
    """The unit direction and number of steps from source to target, if on one line."""
    dx, dy = target[0] - source[0], target[1] - source[1]
    steps = max(abs(dx), abs(dy))
    if steps == 0 or (dx and dy and abs(dx) != abs(dy)):
        return None
    return (dx // steps if dx else 0, dy // steps if dy else 0), steps


def _pad_action(st: PonderState, what: str) -> list[Violation]:
    """What is wrong with moving a lily pad now, at all."""
    if st.thrown:
        return [_v("one-lily-pad", f"{what} a second lily pad: only one may be moved per turn")]
    if st.flow.phase != "throw":
        return [_v("throw-first", f"{what} a lily pad after the frog's move")]
    return []


def _check_throw(st: PonderState, ev: Throw) -> list[Violation]:
    found = _pad_action(st, "threw")
    src = ev.source
    if st.frog_at(src) is not None:
        found.append(_v("pad-with-frog", "recovered a pad with a frog on it", src))
    elif src not in reach(st):
        frogs = st.team.frogs
        dist = min((_near(src, f) for f in frogs), default=0)
        where = f"{dist} spaces away" if dist else "away from your frogs"
        found.append(_v("pad-too-far", f"recovered a pad {where}", src))
    if near_arrived(st, src):
        found.append(_v("pad-near-arrived", "recovered a pad next to an arrived frog", src))
    return found


def _check_paddle(st: PonderState, ev: Paddle) -> list[Violation]:
    found = _pad_action(st, "paddled")
    if recoverable(st):
        found.append(_v("paddle", "paddled although a lily pad could be recovered", ev.source))
    if _near(ev.source, ev.target) != 1:
        dist = _near(ev.source, ev.target)
        found.append(_v("paddle", f"paddled {dist} spaces: a paddle is one space", ev.target))
    return found


def _check_pass(st: PonderState) -> list[Violation]:
    found = _pad_action(st, "passed instead of moving")
    if recoverable(st):
        found.append(_v("pass", "passed although a lily pad could be recovered"))
    if st.team.frogs:
        found.append(_v("pass", "passed with frogs in the Marsh (paddle or move a frog)"))
    return found


def _direction_word(d: tuple[int, int]) -> str:
    return "diagonally" if d[0] and d[1] else "straight"


def _check_path(st: PonderState, ev: Move, card: Card) -> list[Violation]:
    """Card direction, the lily pads along the way and the finish, for a frog in the Marsh."""
    assert ev.source is not None
    if ev.source == ev.target:
        if ev.arrive:
            return [
                _v(
                    "finish",
                    f"{card.title} card: the frog cannot leave the Marsh from "
                    f"{cell_name(ev.target)}",
                    ev.target,
                )
            ]
        return [_v("must-move", "the frog did not move", ev.target)]
    line = _line(ev.source, ev.target)
    if line is None:
        return [_v("card-direction", "the frog did not move in a line", ev.target)]
    d, steps = line
    found: list[Violation] = []
    moved = _direction_word(d)
    if d not in card.directions:
        wanted = "straight" if moved == "diagonally" else "diagonal"
        found.append(_v("card-direction", f"{wanted} card, but the frog moved {moved}", ev.target))
    if card.one_step and steps > 1:
        found.append(_v("card-direction", f"one step card, but the frog moved {steps} spaces"))
    for k in range(1, steps + 1):
        cell = (ev.source[0] + d[0] * k, ev.source[1] + d[1] * k)
        if k < steps and st.frog_at(cell) is not None:
            found.append(_v("jump-over", f"jumped over the frog on {cell_name(cell)}", cell))
        elif cell not in st.pads:
            found.append(_v("pads-only", "landed on an empty space", cell))
    if ev.arrive and not found:
        found.append(
            _v("finish", "the frog cannot leave the Marsh from there in that direction", ev.target)
        )
    return found


def _check_move(st: PonderState, ev: Move) -> list[Violation]:
    card = st.team.card
    found: list[Violation] = []
    if st.moves or st.flow.phase == "reveal":
        found.append(_v("one-frog", "moved two frogs"))
    elif st.flow.phase == "throw" and recoverable(st):
        found.append(_v("throw-first", "moved a frog before throwing a lily pad"))
    if card is None or card.kind == FLY_MEAL:
        found.append(_v("fly-meal", "Fly Meal card: the frog passes its turn, but a frog moved"))
        return found
    if ev in frog_moves(st, ev.source, card):
        return found
    if ev.source is None:
        if ev.target not in st.pads:
            found.append(_v("pads-only", "landed on an empty space", ev.target))
        else:
            found.append(
                _v(
                    "card-direction",
                    f"{card.title} card: a frog on the bank enters the Marsh "
                    "onto an adjacent space in the card's direction",
                    ev.target,
                )
            )
        return found
    return found + (_check_path(st, ev, card) or [_v("not-legal", "not a legal move")])


def _check_stay(st: PonderState) -> list[Violation]:
    found: list[Violation] = []
    if st.flow.phase == "throw" and recoverable(st):
        found.append(_v("throw-first", "did not throw a lily pad although one could be recovered"))
    card = st.team.card
    if (
        st.flow.phase != "reveal"
        and card is not None
        and card.kind != FLY_MEAL
        and all_frog_moves(st)
    ):
        found.append(_v("must-move", "did not move although a move was possible"))
    if st.flow.phase == "reveal":
        found.append(_v("one-frog", "the turn's frog move is already made"))
    return found


def _check_combat(st: PonderState, ev: Combat) -> list[Violation]:
    card = st.team.card
    if card is None or card.kind != PUNCH:
        return [_v("combat", "combat without a Punch card", ev.defender)]
    if st.fought:
        return [_v("combat", "a second combat in one turn", ev.defender)]
    if st.moved_to is None:
        return [_v("combat", "combat before the frog moved", ev.attacker)]
    if ev.attacker != st.moved_to:
        return [_v("combat", "only the frog that moved may fight", ev.attacker)]
    if _near(ev.attacker, ev.defender) != 1:
        return [_v("combat", "the defending frog is not 1 space away", ev.defender)]
    if st.frog_at(ev.defender) == st.seat:
        return [_v("combat", "fought a frog of its own team", ev.defender)]
    return [
        _v(
            "push-back",
            "that push-back is not allowed here: the loser moves back one "
            "space onto a free lily pad next to the fight, if there is one",
            ev.push or ev.defender,
        )
    ]


def _check_reveal(st: PonderState, ev: Reveal) -> list[Violation]:
    found: list[Violation] = []
    if st.started and st.flow.phase != "reveal":
        if st.flow.phase == "throw" and recoverable(st):
            found.append(
                _v("throw-first", "did not throw a lily pad although one could be recovered")
            )
        card = st.team.card
        if card is not None and card.kind != FLY_MEAL and all_frog_moves(st):
            found.append(_v("must-move", "did not move although a move was possible"))
    seat = st.seat_of(ev.team)
    team = st.teams[seat] if seat is not None else None
    if (
        team is not None
        and team.deck is not None
        and team.face_down() > 0
        and dict(team.deck).get(ev.card.kind, 0) == 0
    ):
        found.append(
            _v("deck", f"no {ev.card.title} card is left face down in {team.colour}'s deck")
        )
    return found


def check(st: PonderState, event: object) -> list[Violation]:
    """The violations of ``event`` now; [] exactly when ``legal_actions`` offers it."""
    if isinstance(event, Roll) or st.over:
        return []  # the setup's and refusals' business
    if not st.started:
        return _check_reveal(st, event) if isinstance(event, Reveal) else []
    if isinstance(event, Throw):
        found = _check_throw(st, event)
    elif isinstance(event, Paddle):
        found = _check_paddle(st, event)
    elif isinstance(event, Pass):
        found = _check_pass(st)
    elif isinstance(event, Move):
        found = _check_move(st, event)
    elif isinstance(event, Stay):
        found = _check_stay(st)
    elif isinstance(event, Combat):
        found = [] if event in combats(st) else _check_combat(st, event)
    elif isinstance(event, Reveal):
        found = _check_reveal(st, event)
    else:
        return []
    if not found and not is_legal(st, event):
        found = [_v("not-legal", "not a legal action now")]
    return found
