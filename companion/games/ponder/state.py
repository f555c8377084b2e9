"""Ponder's state, and the unchecked path: ``apply`` folds one event into the state.

The state is what is on the table (lily pads, frogs, face-up cards, decks when tracked)
plus the turn flow (whose turn, which of the three actions), kept apart as ``TurnFlow``.
``apply`` never raises: an illegal move the table made anyway is applied as made; the
checker (``companion.games.ponder.rules``) says what was wrong with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.base import Player
from companion.games.ponder.board import OUTWARD, Cell, PonderBoard
from companion.games.ponder.events import (
    CARD_TYPES,
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
from companion.turns import TurnFlow

FROGS = 3  # "Each team has 3 frogs"; the first team with 3 arrived wins
# The rulebook's three actions of a turn, as phases.
PHASES = ("throw", "move", "reveal")
PHASE_TITLES = {
    "throw": "Throw a lily pad",
    "move": "Move a frog",
    "reveal": "Reveal a new card",
}
SETUP = "setup"

Deck = tuple[tuple[str, int], ...]  # (card type, face-down count) in CARD_TYPES order


@dataclass(frozen=True)
class Team:
    """One team: its colour, player, frogs and cards."""

    colour: str
    player: str
    frogs: tuple[Cell, ...] = ()  # frogs in the Marsh, sorted
    on_bank: int = FROGS  # frogs waiting on the starting bank
    arrived: tuple[Cell, ...] = ()  # for each arrived frog, the space it left the Marsh from
    card: Card | None = None  # the face-up movement card
    deck: Deck | None = None  # face-down cards per type, when the deck's contents are known
    reshuffles: int = 0

    @property
    def in_race(self) -> int:
        return len(self.frogs) + self.on_bank

    def face_down(self) -> int:
        return sum(n for _, n in self.deck) if self.deck is not None else 0


@dataclass(frozen=True)
class PonderState:
    board: PonderBoard
    teams: tuple[Team, ...]  # in seat order (turn order is clockwise from the first team)
    pads: frozenset[Cell]
    flow: TurnFlow
    deck_contents: Deck | None = None
    started: bool = False
    rolling: tuple[int, ...] = ()  # seats still rolling for the first player
    rolls: tuple[tuple[int, int], ...] = ()  # (seat, frogs seated) this round
    roll_round: int = 1
    first: int | None = None
    thrown: bool = False  # a lily pad was thrown or paddled this turn
    moves: int = 0  # frogs moved this turn
    moved_to: Cell | None = None  # where the frog moved this turn stands
    fought: bool = False
    winner: int | None = None
    last_combat: str | None = None  # one sentence on the last combat, for the screen
    _frog_at: Mapping[Cell, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        where: dict[Cell, int] = {}
        for seat, team in enumerate(self.teams):
            for cell in team.frogs:
                where[cell] = seat
        object.__setattr__(self, "_frog_at", where)

    # --- reading the position --------------------------------------------------------
    def frog_at(self, cell: Cell) -> int | None:
        """The seat of the team whose frog sits on ``cell``, or None."""
        return self._frog_at.get(cell)

    def free_pad(self, cell: Cell) -> bool:
        """A lily pad with no frog on it."""
        return cell in self.pads and cell not in self._frog_at

    @property
    def seat(self) -> int:
        return self.flow.seat

    @property
    def team(self) -> Team:
        return self.teams[self.flow.seat]

    @property
    def phase(self) -> str:
        return self.flow.phase if self.started else SETUP

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(t.colour for t in self.teams)

    def seat_of(self, colour: str) -> int | None:
        for seat, team in enumerate(self.teams):
            if team.colour == colour:
                return seat
        return None

    def arrived_spots(self) -> list[Cell]:
        """Just beyond the Marsh where each arrived frog sits on its finish bank."""
        spots: list[Cell] = []
        for team in self.teams:
            out = OUTWARD[self.board.finish_side(team.colour)]
            spots.extend((x + out[0], y + out[1]) for x, y in team.arrived)
        return spots


def _deck_from(option: Mapping[str, Any] | None) -> Deck | None:
    if not option:
        return None
    return tuple((kind, int(option.get(kind, 0))) for kind in CARD_TYPES)


def initial_state(
    board: PonderBoard,
    players: Sequence[Player],
    colours: Sequence[str],
    deck: Mapping[str, Any] | None,
) -> PonderState:
    """Lily pads on the green dots, 3 frogs on each bank, no card face up yet."""
    contents = _deck_from(deck)
    teams = tuple(Team(c, p.name, deck=contents) for p, c in zip(players, colours, strict=True))
    return PonderState(
        board=board,
        teams=teams,
        pads=board.dots,
        flow=TurnFlow(PHASES, len(teams)),
        deck_contents=contents,
        rolling=tuple(range(len(teams))),
    )


# --- folding events ----------------------------------------------------------------------


def _with_team(st: PonderState, seat: int, team: Team) -> tuple[Team, ...]:
    return (*st.teams[:seat], team, *st.teams[seat + 1 :])


def _move_frog(team: Team, source: Cell | None, target: Cell | None) -> Team:
    """``source`` None: from the bank; ``target`` None: back to the bank."""
    frogs = list(team.frogs)
    on_bank = team.on_bank
    if source is None:
        on_bank = max(0, on_bank - 1)
    elif source in frogs:
        frogs.remove(source)
    if target is None:
        on_bank += 1
    else:
        frogs.append(target)
    return replace(team, frogs=tuple(sorted(frogs)), on_bank=on_bank)


def _draw(st: PonderState, team: Team, card: Card) -> Team:
    """The card turned over; a used-up tracked deck is reshuffled first."""
    team = replace(team, card=card)
    if team.deck is None or st.deck_contents is None:
        return team
    if team.face_down() == 0:  # "shuffle your face-up pile, place it face down again"
        team = replace(team, deck=st.deck_contents, reshuffles=team.reshuffles + 1)
    assert team.deck is not None
    deck = tuple((k, max(0, n - 1) if k == card.kind else n) for k, n in team.deck)
    return replace(team, deck=deck)


def _maybe_start(st: PonderState) -> PonderState:
    if st.first is not None and all(t.card is not None for t in st.teams):
        return replace(st, started=True, flow=TurnFlow(PHASES, len(st.teams), seat=st.first))
    return st


def _roll(st: PonderState, seat: int, seated: int) -> PonderState:
    rolls = (*st.rolls, (seat, seated))
    if {s for s, _ in rolls} != set(st.rolling):
        return replace(st, rolls=rolls)
    best = max(n for _, n in rolls)
    top = tuple(sorted(s for s, n in rolls if n == best))
    if len(top) == 1:  # "The player who gets the most frogs seated goes first."
        return _maybe_start(replace(st, rolls=rolls, rolling=(), first=top[0]))
    # "In case of a tie, roll again until only one player remains."
    return replace(st, rolls=(), rolling=top, roll_round=st.roll_round + 1)


def _end_turn(st: PonderState) -> PonderState:
    return replace(
        st, flow=st.flow.next_phase(), thrown=False, moves=0, moved_to=None, fought=False
    )


def _to_phase(st: PonderState, phase: str) -> PonderState:
    index = PHASES.index(phase)
    if st.flow.phase_index >= index:
        return st
    return replace(st, flow=replace(st.flow, phase_index=index))


def _combat(st: PonderState, ev: Combat) -> PonderState:
    attacker_seat = st.frog_at(ev.attacker)
    defender_seat = st.frog_at(ev.defender)
    if attacker_seat is None or defender_seat is None:
        return st
    teams = list(st.teams)
    # "the attacking frog takes the place of the other frog"
    teams[attacker_seat] = _move_frog(teams[attacker_seat], ev.attacker, ev.defender)
    defender = teams[defender_seat]
    if ev.landing in ("back", "side"):
        teams[defender_seat] = _move_frog(defender, ev.defender, ev.push)
        how = "lost: pushed back" if ev.push is not None else "lost: back to its bank"
    elif ev.landing == "sitting":
        # The attacker is the one pushed back; the defender keeps its place.
        teams[attacker_seat] = _move_frog(teams[attacker_seat], ev.defender, ev.push)
        how = "sat: the attacker is pushed back"
    else:
        teams[defender_seat] = _move_frog(defender, ev.defender, None)
        how = "fell into the Marsh: back to its starting bank"
    sentence = f"{defender.colour} landed on its {ev.landing} and {how}"
    return replace(st, teams=tuple(teams), fought=True, last_combat=sentence)


def apply(st: PonderState, event: object) -> PonderState:
    """The state after ``event``. Pure and total: never raises for the table's choices."""
    if isinstance(event, Reveal):
        seat = st.seat_of(event.team)
        if seat is None:
            return st
        teams = _with_team(st, seat, _draw(st, st.teams[seat], event.card))
        st = replace(st, teams=teams)
        return _maybe_start(st) if not st.started else _end_turn(st)
    if isinstance(event, Roll):
        seat = st.seat_of(event.team)
        return st if seat is None else _roll(st, seat, event.seated)
    if not st.started:
        return st
    team = st.team
    if isinstance(event, Throw):
        pads = (st.pads - {event.source}) | {event.target}
        return _to_phase(replace(st, pads=pads, thrown=True), "move")
    if isinstance(event, Paddle):
        pads = (st.pads - {event.source}) | {event.target}
        teams = _with_team(st, st.seat, _move_frog(team, event.source, event.target))
        return _to_phase(replace(st, pads=pads, teams=teams, thrown=True), "reveal")
    if isinstance(event, Pass | Stay):
        return _to_phase(st, "reveal")
    if isinstance(event, Move):
        if event.arrive:
            moved = _move_frog(team, event.source, event.target)
            frogs = list(moved.frogs)
            frogs.remove(event.target)
            moved = replace(moved, frogs=tuple(frogs), arrived=(*team.arrived, event.target))
        else:
            moved = _move_frog(team, event.source, event.target)
        st = replace(
            st,
            teams=_with_team(st, st.seat, moved),
            moves=st.moves + 1,
            moved_to=None if event.arrive else event.target,
        )
        if len(moved.arrived) >= FROGS:  # "The first player to get their 3 frogs across wins"
            st = replace(st, winner=st.seat)
        return _to_phase(st, "reveal")
    if isinstance(event, Combat):
        return _to_phase(_combat(st, event), "reveal")
    return st
