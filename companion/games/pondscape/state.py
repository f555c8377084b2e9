"""Pondscape's state during play, and how each event changes it (the unchecked, pure path).

The jumping frog: "The jumping frog card must always straddle two adjacent food cards",
and the food row is circular ("If it reaches the end, continue clockwise at the
beginning of the other side"). This product reads that as 5 spaces: space ``i`` spans
food cards ``i`` and ``i + 1``, space 4 spans the last and the first card, and every
move adds to the space modulo 5. Setup places the frog "above the start of the row":
space 0, spanning the first two food cards.

Each player's pond is built from their ``place`` events (or replaced by a scanned
``pond``); the cards tucked under each food card and the cards in hand are counted
from the log, so the end-game score needs no typed-in tucked counts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.pondscape.events import (
    SLOTS,
    CroakerFlip,
    Draw,
    Jump,
    Place,
    PondEvent,
    Refill,
    Take,
    Tuck,
)
from companion.games.pondscape.solo import SAMPLE_SOLO_CARDS, SoloCard, next_croaker_deck
from companion.games.pondscape.tableau import COLUMNS, ROWS, Card, PlayerPond, Pond
from companion.turns import NextTurn, TurnFlow

ROUNDS = 15
CROAKER = "Croaker"
STARTING_HAND = 3  # "Each player then draws 3 cards from the pond deck into their hand."
FOOD_SPACES = 5
# The sample catalog's food cards, in their strict order (the default food row).
DEFAULT_FOOD_ROW = ("spider", "dragonfly", "butterfly", "fly", "snail")


@dataclass(frozen=True)
class TurnRecord:
    """What the seat to play has done so far this turn (forgotten when the turn passes)."""

    took: int | None = None  # the display slot taken (Croaker's too)
    placed: int = 0  # cards placed ("play one card from your hand")
    jumps: int = 0  # jumping frog actions resolved
    tucked: tuple[str, ...] = ()  # food cards tucked under since the last jump
    special_tucks: int = 0  # cards tucked by a desert rain frog's special effect
    flipped: bool = False  # Croaker's solo card flipped


@dataclass(frozen=True)
class PondscapeState:
    """Who plays (``seats`` adds Croaker in a solo game), turns taken, the ponds, and the table.

    ``frog`` is the jumping frog's space (see the module docstring); ``display`` says
    which of the 3 slots hold a card; ``hands`` counts each player's cards in hand.
    """

    names: tuple[str, ...]
    solo: bool
    seats: tuple[str, ...]
    flow: TurnFlow
    turns: tuple[int, ...]  # turns taken, per seat
    ponds: tuple[PlayerPond | None, ...]  # per player (never Croaker)
    food_row: tuple[str, ...] = DEFAULT_FOOD_ROW
    frog: int = 0
    display: tuple[bool, ...] = (True,) * SLOTS
    hands: tuple[int, ...] = ()
    this_turn: TurnRecord = TurnRecord()
    solo_cards: tuple[SoloCard, ...] = SAMPLE_SOLO_CARDS
    croaker_deck: tuple[SoloCard, ...] = SAMPLE_SOLO_CARDS
    last_flip: CroakerFlip | None = None
    coach: bool = False

    @property
    def round(self) -> int:
        """The round being played, 1 to 15 (15 once the last round is done)."""
        return min(min(self.turns) + 1, ROUNDS)

    @property
    def seat_name(self) -> str:
        """Who is to play: a player's name, or ``Croaker``."""
        return self.seats[self.flow.seat]

    @property
    def croakers_turn(self) -> bool:
        return self.solo and self.seat_name == CROAKER

    def spanned(self, frog: int | None = None) -> tuple[str, str]:
        """The two food cards the jumping frog straddles (at ``frog``, default where it is)."""
        at = self.frog if frog is None else frog
        return self.food_row[at], self.food_row[(at + 1) % FOOD_SPACES]

    def player_index(self, name: str) -> int | None:
        return self.names.index(name) if name in self.names else None

    def pond_of(self, name: str) -> PlayerPond:
        """The player's pond so far (an empty one with the table's food row before any card)."""
        i = self.names.index(name)
        pond = self.ponds[i]
        if pond is None:
            return PlayerPond(name, self.food_row, {}, self.hands[i])
        return pond


def _with_cell(pond: Pond, row: int, column: int, card: Card) -> Pond:
    rows = [list(cells) for cells in pond]
    rows[row][column] = card
    return (tuple(rows[0]), tuple(rows[1]), tuple(rows[2]))


def _set_player(
    state: PondscapeState, i: int, pond: PlayerPond | None, hand_delta: int
) -> PondscapeState:
    hands = list(state.hands)
    hands[i] = max(0, hands[i] + hand_delta)
    ponds = list(state.ponds)
    current = pond if pond is not None else ponds[i]
    if current is not None:
        ponds[i] = replace(current, hand=hands[i])
    return replace(state, hands=tuple(hands), ponds=tuple(ponds))


def _move_frog(state: PondscapeState, spaces: int) -> int:
    return (state.frog + spaces) % FOOD_SPACES


def apply(state: PondscapeState, event: object) -> PondscapeState:
    """The state after ``event``. Pure; refused events never reach here."""
    turn = state.this_turn
    if isinstance(event, NextTurn):
        turns = list(state.turns)
        turns[state.flow.seat] += 1
        return replace(
            state, flow=state.flow.next_phase(), turns=tuple(turns), this_turn=TurnRecord()
        )
    if isinstance(event, PondEvent):
        i = state.names.index(event.player)
        hands = list(state.hands)
        hands[i] = event.pond.hand
        ponds = list(state.ponds)
        ponds[i] = event.pond
        return replace(state, ponds=tuple(ponds), hands=tuple(hands))
    if isinstance(event, Refill):
        display = list(state.display)
        display[event.slot] = True
        return replace(state, display=tuple(display))
    if isinstance(event, CroakerFlip):
        display = list(state.display)
        display[event.take] = False
        flipped = SoloCard(event.move, event.take)
        return replace(
            state,
            frog=_move_frog(state, event.move),
            display=tuple(display),
            croaker_deck=next_croaker_deck(state.croaker_deck, flipped, state.solo_cards),
            this_turn=replace(turn, took=event.take, flipped=True),
            last_flip=event,
        )
    who = state.player_index(getattr(event, "player", ""))
    if who is None:
        return state
    if isinstance(event, Take):
        display = list(state.display)
        display[event.slot] = False
        state = replace(
            state,
            frog=_move_frog(state, event.slot),
            display=tuple(display),
            this_turn=replace(turn, took=event.slot),
        )
        return _set_player(state, who, None, +1)
    if isinstance(event, Place):
        state = replace(state, this_turn=replace(turn, placed=turn.placed + 1))
        inside = 0 <= event.row < ROWS and 0 <= event.column < COLUMNS
        pond = state.pond_of(event.player)
        if not inside or pond.cell(event.row, event.column) is not None:
            return state  # flagged by the checker; "you cannot move it" keeps the first card
        placed = replace(pond, pond=_with_cell(pond.pond, event.row, event.column, event.card))
        return _set_player(state, who, placed, -1)
    if isinstance(event, Jump):
        state = replace(
            state,
            frog=_move_frog(state, event.spaces),
            this_turn=replace(turn, jumps=turn.jumps + 1, tucked=()),
        )
        return state
    if isinstance(event, Tuck):
        if event.special:
            record = replace(turn, special_tucks=turn.special_tucks + 1)
        else:
            record = replace(turn, tucked=(*turn.tucked, event.food))
        state = replace(state, this_turn=record)
        pond = state.pond_of(event.player)
        if event.food not in pond.food_row:
            return state
        tucked = dict(pond.tucked)
        tucked[event.food] = tucked.get(event.food, 0) + 1
        return _set_player(state, who, replace(pond, tucked=tucked), -1)
    if isinstance(event, Draw):
        return _set_player(state, who, None, event.cards)
    return state
