"""Seeded play through legal moves only: for the demo screen, the tests and the benchmark.

``play_game(teams, rng)`` plays one whole game the way a keen but not brilliant table
would: it throws lily pads ahead of its frogs, usually moves the frog that gains most
ground, fights after a Punch, turns over cards from a shuffled deck (reshuffled when used
up) and rolls real dice for the first player. Every event it plays comes from
``rules.legal_actions``; all randomness comes from the ``random.Random`` it is given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import Player
from companion.games.ponder.board import Cell, PonderBoard, default_board
from companion.games.ponder.events import (
    PUNCH,
    Card,
    Combat,
    Move,
    PonderEvent,
    Reveal,
    Roll,
    Throw,
)
from companion.games.ponder.rules import legal_actions
from companion.games.ponder.state import PonderState, apply, initial_state

# A deck for play when the owner has not entered theirs (the box's mix is not known here).
DEMO_DECK = {"straight": 4, "diagonal": 4, "any": 3, "one-step": 3, "fly-meal": 2, "punch": 4}
TURN_CAP = 400


def teams_for(count: int, board: PonderBoard | None = None, rng: Any = None) -> list[Player]:
    """``count`` teams on ``board``; two teams sit next to each other, as the rulebook asks."""
    board = board or default_board()
    colours = list(board.colours)
    if rng is not None:
        start = rng.randrange(len(colours))
        colours = colours[start:] + colours[:start]
    names = ("Ana", "Ben", "Cleo", "Dev")
    return [Player(names[i], {"colour": colours[i]}) for i in range(count)]


def _progress(st: PonderState, colour: str, cell: Cell | None) -> int:
    """How far a frog on ``cell`` is from its own bank (None: on the bank, 0)."""
    if cell is None:
        return 0
    side = st.board.banks[colour].side
    x, y = cell
    if side == "north":
        return y + 1
    if side == "south":
        return st.board.rows - y
    if side == "west":
        return x + 1
    return st.board.columns - x


@dataclass
class Deck:
    """A real shuffled deck for one team: face down cards, reshuffled when used up."""

    rng: random.Random
    contents: dict[str, int]
    face_down: list[Card] = field(default_factory=list)
    reshuffles: int = 0

    def draw(self) -> Card:
        if not self.face_down:
            cards: list[Card] = []
            for kind, n in self.contents.items():
                for _ in range(n):
                    movement = self.rng.choice(("straight", "diagonal", "any", "one-step"))
                    cards.append(Card(kind, movement if kind == PUNCH else None))
            self.rng.shuffle(cards)
            self.face_down = cards
            self.reshuffles += 1
        return self.face_down.pop()


def choose(st: PonderState, actions: Sequence[PonderEvent], rng: random.Random) -> PonderEvent:
    """Pick one legal action, preferring progress (never a reveal: the deck decides those)."""
    colour = st.team.colour
    moves = [a for a in actions if isinstance(a, Move)]
    if moves and rng.random() < 0.8:

        def gain(m: Move) -> int:
            if m.arrive:
                return 100
            return _progress(st, colour, m.target) - _progress(st, colour, m.source)

        best = max(gain(m) for m in moves)
        return rng.choice([m for m in moves if gain(m) == best])
    throws = [a for a in actions if isinstance(a, Throw)]
    if throws and rng.random() < 0.7:
        # Throw a pad just ahead of one of our frogs (or in front of the bank).
        ahead = []
        for t in throws:
            if st.frog_at(t.source) is None and any(
                max(abs(t.target[0] - f[0]), abs(t.target[1] - f[1])) == 1
                and _progress(st, colour, t.target) > _progress(st, colour, f)
                for f in st.team.frogs
            ):
                ahead.append(t)
        if not ahead and st.team.on_bank:
            spaces = st.board.banks[colour].spaces
            ahead = [t for t in throws if t.target in spaces]
        if ahead:
            return rng.choice(ahead)
    fights = [a for a in actions if isinstance(a, Combat)]
    if fights and rng.random() < 0.7:
        return rng.choice(fights)
    others = [a for a in actions if not isinstance(a, Reveal)]
    return rng.choice(others or list(actions))


@dataclass
class PlayedGame:
    players: list[Player]
    events: list[PonderEvent]
    state: PonderState
    stuck: bool  # the turn cap was reached with no winner


def play_game(
    count: int,
    rng: random.Random,
    board: PonderBoard | None = None,
    turn_cap: int = TURN_CAP,
    on_step: Any = None,
) -> PlayedGame:
    """One whole seeded game of ``count`` teams through legal moves only.

    ``on_step(state, actions, event)`` is called before each event is applied (the tests
    check every offered action there).
    """
    board = board or default_board()
    players = teams_for(count, board, rng)
    st = initial_state(board, players, [str(p.attrs["colour"]) for p in players], None)
    decks = [Deck(rng, dict(DEMO_DECK)) for _ in players]
    events: list[PonderEvent] = []
    while not st.over and st.flow.turn <= turn_cap:
        actions = legal_actions(st)
        event = _next_event(st, actions, decks, rng)
        if on_step is not None:
            on_step(st, actions, event)
        events.append(event)
        st = apply(st, event)
    return PlayedGame(players, events, st, not st.over)


def _next_event(
    st: PonderState, actions: Sequence[PonderEvent], decks: list[Deck], rng: random.Random
) -> PonderEvent:
    if not st.started:
        for seat, team in enumerate(st.teams):
            if team.card is None:
                return Reveal(team.colour, decks[seat].draw())
        rolled = {s for s, _ in st.rolls}
        seat = next(s for s in st.rolling if s not in rolled)
        # A frog lands sitting about one time in three.
        seated = sum(rng.random() < 0.35 for _ in range(3))
        return Roll(st.teams[seat].colour, seated)
    playable = [a for a in actions if not isinstance(a, Reveal)]
    if playable and not (st.flow.phase == "reveal" and rng.random() < 0.3):
        return choose(st, playable, rng)
    return Reveal(st.team.colour, decks[st.seat].draw())
