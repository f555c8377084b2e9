"""Ponder's rules: every legal action in a position, and the checker that names what is wrong.

``legal_actions(state)`` lists every event the rules allow now (for the setup, each card
a team may turn over and each roll). ``check(state, event)`` returns the ``Violation``s of
an event and never raises: an event it does not flag is exactly one ``legal_actions``
offers. ``refusal(state, event)`` is for events that make no sense at all on this table
(no frog on that space, a space off the grid, the game is over).
"""

from __future__ import annotations

from companion.games.ponder.board import OUTWARD, Cell
from companion.games.ponder.events import (
    ALL_CARDS,
    FLY_MEAL,
    LANDINGS,
    PUNCH,
    Card,
    Combat,
    Move,
    Paddle,
    Pass,
    PonderEvent,
    Reveal,
    Roll,
    Stay,
    Throw,
)
from companion.games.ponder.state import PonderState

Action = PonderEvent


def _near(a: Cell, b: Cell) -> int:
    """Spaces between two cells counting diagonals as one (Chebyshev distance)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# --- lily pads -----------------------------------------------------------------------------


def reach(st: PonderState) -> set[Cell]:
    """The spaces the current team's frogs can recover a lily pad from (pads or not).

    "1 space away from one of your team's frogs"; "Frogs still on the bank may recover any
    lily pad located on one of the 5 spaces along it."
    """
    team = st.team
    spaces: set[Cell] = set()
    for frog in team.frogs:
        spaces.update(st.board.neighbours(frog))
    if team.on_bank:
        spaces.update(st.board.banks[team.colour].spaces)
    return spaces


def near_arrived(st: PonderState, cell: Cell) -> bool:
    """ "Lily pads located next to a frog that has already arrived cannot be recovered" """
    return any(_near(cell, spot) <= 1 for spot in st.arrived_spots())


def recoverable(st: PonderState) -> list[Cell]:
    """The lily pads the current team may recover, sorted."""
    return sorted(
        c for c in reach(st) if c in st.pads and st.frog_at(c) is None and not near_arrived(st, c)
    )


def empty_spaces(st: PonderState) -> list[Cell]:
    return [c for c in st.board.cells if c not in st.pads and st.frog_at(c) is None]


def throws(st: PonderState) -> list[Throw]:
    empties = empty_spaces(st)
    return [Throw(s, t) for s in recoverable(st) for t in empties]


def paddles(st: PonderState) -> list[Paddle]:
    """ "you may move any one frog that is accompanied by its lily pad by one space" """
    found = []
    for frog in st.team.frogs:
        if frog not in st.pads:
            continue
        for n in st.board.neighbours(frog):
            if n not in st.pads and st.frog_at(n) is None:
                found.append(Paddle(frog, n))
    return found


# --- frog moves ----------------------------------------------------------------------------


def _entry_cells(st: PonderState, card: Card) -> list[Cell]:
    """From the bank (one space), the adjacent spaces in the card's direction."""
    bank = st.board.banks[st.team.colour]
    ox, oy = OUTWARD[bank.side]
    found: list[Cell] = []
    for x, y in bank.spaces:
        vx, vy = x + ox, y + oy  # the bank in front of this space
        for dx, dy in card.directions:
            if dx * ox + dy * oy >= 0:  # not into the Marsh
                continue
            cell = (vx + dx, vy + dy)
            if st.board.on_grid(cell) and st.free_pad(cell) and cell not in found:
                found.append(cell)
    return sorted(found)


def _leaves(st: PonderState, cell: Cell, d: tuple[int, int]) -> bool:
    """One step from ``cell`` in ``d`` takes the frog off the Marsh onto its finish bank."""
    colour = st.team.colour
    if cell not in st.board.finish_spaces(colour):
        return False
    beyond = (cell[0] + d[0], cell[1] + d[1])
    return st.board.crosses(beyond, st.board.finish_side(colour))


def frog_moves(st: PonderState, source: Cell | None, card: Card | None = None) -> list[Move]:
    """Every legal move of one frog (``source`` None: a frog on the bank) by ``card``."""
    card = card if card is not None else st.team.card
    if card is None or not card.directions:
        return []
    if source is None:
        if not st.team.on_bank:
            return []
        return [Move(None, c) for c in _entry_cells(st, card)]
    found: list[Move] = []
    for d in card.directions:
        if _leaves(st, source, d):
            found.append(Move(source, source, True))
        x, y = source
        while True:
            x, y = x + d[0], y + d[1]
            cell = (x, y)
            if not st.board.on_grid(cell) or not st.free_pad(cell):
                break  # onto lily pads only; never over a frog
            found.append(Move(source, cell))
            if _leaves(st, cell, d):
                found.append(Move(source, cell, True))
            if card.one_step:
                break
    return list(dict.fromkeys(found))


def all_frog_moves(st: PonderState, card: Card | None = None) -> list[Move]:
    sources: list[Cell | None] = list(st.team.frogs)
    if st.team.on_bank:
        sources.insert(0, None)
    return [m for s in sources for m in frog_moves(st, s, card)]


# --- combat --------------------------------------------------------------------------------


def push_spaces(st: PonderState, attacker: Cell, defender: Cell) -> list[Cell]:
    """The free lily pads one space from the defender's space, once the attacker is there."""
    return sorted(
        n
        for n in st.board.neighbours(defender)
        if n in st.pads and (st.frog_at(n) is None or n == attacker)
    )


def combats(st: PonderState) -> list[Combat]:
    """After a Punch: "if your frog is 1 space away from another frog, you may perform a combat" """
    card = st.team.card
    if card is None or card.kind != PUNCH or st.moved_to is None or st.fought:
        return []
    attacker = st.moved_to
    found: list[Combat] = []
    for n in st.board.neighbours(attacker):
        seat = st.frog_at(n)
        if seat is None or seat == st.seat:
            continue
        pushes = push_spaces(st, attacker, n)
        for landing in LANDINGS:
            if landing in ("nose", "stomach"):
                found.append(Combat(attacker, n, landing, None))
            elif pushes:
                found.extend(Combat(attacker, n, landing, p) for p in pushes)
            else:
                found.append(Combat(attacker, n, landing, None))
    return found


# --- the whole list ------------------------------------------------------------------------


def reveals(st: PonderState, colour: str) -> list[Reveal]:
    seat = st.seat_of(colour)
    if seat is None:
        return []
    team = st.teams[seat]
    cards = ALL_CARDS
    if team.deck is not None and team.face_down() > 0:
        left = dict(team.deck)
        cards = tuple(c for c in ALL_CARDS if left.get(c.kind, 0) > 0)
    return [Reveal(colour, c) for c in cards]


def _may_end_turn(st: PonderState) -> bool:
    """Turning over the card now skips nothing the rules require."""
    phase = st.flow.phase
    if phase == "reveal":
        return True
    if phase == "throw" and recoverable(st):
        return False
    card = st.team.card
    return card is None or card.kind == FLY_MEAL or not all_frog_moves(st)


def legal_actions(st: PonderState) -> list[Action]:
    """Every event the rules allow now, for the current team (or the setup's teams)."""
    if st.over:
        return []
    if not st.started:
        found: list[Action] = []
        for team in st.teams:
            if team.card is None:
                found.extend(reveals(st, team.colour))
        rolled = {s for s, _ in st.rolls}
        for seat in st.rolling:
            if seat not in rolled:
                found.extend(Roll(st.teams[seat].colour, n) for n in range(4))
        return found
    phase = st.flow.phase
    actions: list[Action] = []
    if phase == "throw":
        if recoverable(st):
            return list(throws(st))
        actions.extend(paddles(st))
        if not st.team.frogs:
            actions.append(Pass())
    if phase in ("throw", "move"):
        card = st.team.card
        moves = [] if card is None or card.kind == FLY_MEAL else all_frog_moves(st)
        actions.extend(moves)
        if not moves:
            actions.append(Stay())
    if phase == "reveal":
        actions.extend(combats(st))
    if _may_end_turn(st):
        actions.extend(reveals(st, st.team.colour))
    return actions


def is_legal(st: PonderState, event: Action) -> bool:
    """``event in legal_actions(st)``, without listing every throw."""
    if isinstance(event, Throw):
        return (
            st.started
            and not st.over
            and st.flow.phase == "throw"
            and event.source in recoverable(st)
            and st.board.on_grid(event.target)
            and event.target not in st.pads
            and st.frog_at(event.target) is None
        )
    return event in legal_actions(st)
