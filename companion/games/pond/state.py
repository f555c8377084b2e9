"""Pond's state and how each event changes it (the unchecked, pure path).

The VP supply is live: every VP token a player gains comes out of it, and the
instant it reaches 0 the game is over ("POND ends IMMEDIATELY when the last VP
token is taken"); VP that could not be taken are lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.base import Player
from companion.games.pond.control import control_of
from companion.games.pond.events import (
    Board,
    CardVp,
    Control,
    Damage,
    NextPhase,
    PondContent,
    Vp,
)
from companion.games.pond.layout import Layout
from companion.games.pond.setup import (
    STARTING_VP,
    factions_of,
    frog_pieces,
    parse_options,
)
from companion.turns import TurnFlow

PHASES = ("start", "main", "end")
PHASE_TITLES = {"start": "Start Phase", "main": "Main Phase", "end": "End Phase"}


@dataclass(frozen=True)
class PondState:
    """Everything the table needs to know, folded from the events in effect.

    ``tokens`` are the VP tokens each player holds (starting VP included);
    ``extra_tokens`` counts the starting VP that did not come from the supply,
    so that ``sum(tokens) - extra_tokens + supply == starting_supply`` always.
    ``board`` is the last board seen (the setup board before any) and
    ``board_seen`` the (turn, phase) it was seen in (None for the setup board).
    ``ended_by`` is the position, among the events in effect, of the event that
    took the last VP token (``LiveSession.active[ended_by].index`` is its log index).
    ``vp_history[t]`` holds each player's tokens at the end of turn t (index 0: the start).
    """

    names: tuple[str, ...]
    factions: tuple[str, ...]
    layout: Layout
    frog_pieces: tuple[int, ...]
    starting_supply: int
    extra_tokens: int
    supply: int
    tokens: tuple[int, ...]
    card_vp: tuple[int, ...]
    flow: TurnFlow
    board: Board
    board_seen: tuple[int, str] | None
    turn_start_board: Board | None  # the board as this turn began, if one was seen
    control: Control | None = None
    over: bool = False
    ended_by: int | None = None
    lost_vp: int = 0
    applied: int = 0
    vp_history: tuple[tuple[int, ...], ...] = ()

    @property
    def seat(self) -> int:
        return self.flow.seat

    @property
    def phase(self) -> str:
        return self.flow.phase

    @property
    def current_player(self) -> str:
        return self.names[self.flow.seat]

    @property
    def current_faction(self) -> str:
        return self.factions[self.flow.seat]

    @property
    def taken(self) -> int:
        """VP tokens taken from the supply so far."""
        return sum(self.tokens) - self.extra_tokens

    def seat_of(self, name: str) -> int | None:
        return self.names.index(name) if name in self.names else None

    def seat_of_faction(self, faction: str) -> int | None:
        return self.factions.index(faction) if faction in self.factions else None

    def frogs_on_map(self, faction: str, board: Board | None = None) -> int:
        board = board if board is not None else self.board
        return sum(content.frogs_of(faction) for _, content in board.ponds)

    def frogs_in_supply(self, faction: str, board: Board | None = None) -> int:
        """The faction's frog pieces not on the map (never below 0)."""
        seat = self.seat_of_faction(faction)
        pieces = self.frog_pieces[seat] if seat is not None else 0
        return max(0, pieces - self.frogs_on_map(faction, board))

    def fwooog_ponds(self, faction: str, board: Board | None = None) -> list[str]:
        """The ponds holding one of the faction's Long Fwooogs (in layout order)."""
        board = board if board is not None else self.board
        return [pid for pid in self.layout.ponds if board.pond(pid).fwooogs_of(faction)]


def setup_board(layout: Layout, factions: Sequence[str]) -> Board:
    """The map after setup: 1 Long Fwooog in each starting pond, 1 Lilypad in the Fountain."""
    ponds: list[tuple[str, PondContent]] = []
    for pond_id, shape in layout.ponds.items():
        fwooogs: tuple[str, ...] = ()
        if shape.start_seat is not None and shape.start_seat < len(factions):
            fwooogs = (factions[shape.start_seat],)
        lilypad = "free" if shape.fountain else None
        if fwooogs or lilypad:
            ponds.append((pond_id, PondContent(fwooogs=fwooogs, lilypad=lilypad)))
    return Board(tuple(ponds))


def initial_state(players: Sequence[Player], options: Mapping[str, Any]) -> PondState:
    factions = factions_of(players)
    opts = parse_options(players, options)
    count = len(players)
    starting = tuple(STARTING_VP[seat] for seat in range(count))
    from_supply = sum(starting) if opts.starting_vp_from_supply else 0
    board = setup_board(opts.layout, factions)
    return PondState(
        names=tuple(p.name for p in players),
        factions=factions,
        layout=opts.layout,
        frog_pieces=frog_pieces(count, opts.twelve_frog_seat),
        starting_supply=opts.vp_supply,
        extra_tokens=0 if opts.starting_vp_from_supply else sum(starting),
        supply=opts.vp_supply - from_supply,
        tokens=starting,
        card_vp=(0,) * count,
        flow=TurnFlow(PHASES, count),
        board=board,
        board_seen=None,
        turn_start_board=board,
        vp_history=(starting,),
    )


def take_vp(state: PondState, seat: int, amount: int, applied: int | None = None) -> PondState:
    """``seat`` takes ``amount`` VP from the supply; past its last token the rest are lost.

    Taking the last token ends the game at once, and this event is the one that ended it.
    ``applied`` sets the count of events applied in the same step (one copy, not two).
    """
    got = min(amount, state.supply)
    tokens = list(state.tokens)
    tokens[seat] += got
    supply = state.supply - got
    ended = supply == 0 and not state.over
    return replace(
        state,
        tokens=tuple(tokens),
        supply=supply,
        lost_vp=state.lost_vp + amount - got,
        over=state.over or supply == 0,
        ended_by=state.applied if ended else state.ended_by,
        applied=state.applied if applied is None else applied,
    )


def end_phase_award(state: PondState) -> tuple[int, int]:
    """(ponds, lilypads) the current player controls for the End Phase award.

    A ``control`` event typed in this turn overrides the board; otherwise the
    last board seen decides.
    """
    if state.control is not None:
        return state.control.ponds, state.control.lilypads
    return control_of(state.board, state.layout.pond_ids).count(state.current_faction)


def _leave_end_phase(state: PondState) -> PondState:
    ponds, lilypads = end_phase_award(state)
    # Step 4 (ponds) then step 5 (lilypads): both go to the same player, so one take.
    state = take_vp(state, state.seat, ponds + lilypads)
    if state.over:
        return state  # the game ended during the award: the turn does not pass
    turn = state.flow.turn
    seen_this_turn = state.board_seen is not None and state.board_seen[0] == turn
    return replace(
        state,
        flow=state.flow.next_phase(),
        control=None,
        turn_start_board=state.board if seen_this_turn else None,
        vp_history=(*state.vp_history, state.tokens),
    )


def apply(state: PondState, event: object) -> PondState:
    """The state after ``event``. Pure; refused events never reach here."""
    applied = state.applied + 1
    if isinstance(event, NextPhase):
        if state.phase == "end":
            return replace(_leave_end_phase(state), applied=applied)
        return replace(state, flow=state.flow.next_phase(), applied=applied)
    if isinstance(event, Board):
        return replace(
            state, board=event, board_seen=(state.flow.turn, state.phase), applied=applied
        )
    if isinstance(event, Control):
        return replace(state, control=event, applied=applied)
    if isinstance(event, Damage | Vp):
        seat = state.seat_of(event.by if isinstance(event, Damage) else event.player)
        if seat is not None:
            return take_vp(state, seat, event.amount, applied)
    if isinstance(event, CardVp):
        seat = state.seat_of(event.player)
        if seat is not None:
            card_vp = list(state.card_vp)
            card_vp[seat] = event.amount
            return replace(state, card_vp=tuple(card_vp), applied=applied)
    return replace(state, applied=applied)


def vp_by_turn(state: PondState) -> list[tuple[int, ...]]:
    """Each player's VP tokens at the start, at the end of each finished turn, and now.

    Point ``t`` is the end of turn ``t``; the last point is the turn in progress
    (or the final count once the game is over): what the VP chart draws.
    """
    return [*state.vp_history, state.tokens]
