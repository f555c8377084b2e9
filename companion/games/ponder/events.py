"""Ponder's events: one per action of a turn, small frozen dataclasses with an exact JSON form.

A turn is the rulebook's three actions: *Throw a lily pad* (``throw``, or ``paddle`` /
``pass`` when no lily pad can be recovered), *Move a frog* (``move``, ``stay`` for Fly
Meal or when no frog can move, then ``combat`` after a Punch) and *Reveal a new card*
(``reveal``, which ends the turn). Before the first turn each team reveals its first card
and rolls its frogs for the first player (``roll``). ``undo``/``redo`` belong to
``companion.session``. The log format is documented in ``docs/formats/ponder-session.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON
from companion.games.ponder.board import Cell, cell_name, parse_cell

BANK = "bank"  # a frog's place while it waits on its starting bank
# The movement cards (the last page of the rulebook).
STRAIGHT, DIAGONAL, ANY, ONE_STEP, FLY_MEAL, PUNCH = (
    "straight",
    "diagonal",
    "any",
    "one-step",
    "fly-meal",
    "punch",
)
CARD_TYPES = (STRAIGHT, DIAGONAL, ANY, ONE_STEP, FLY_MEAL, PUNCH)
MOVEMENTS = (STRAIGHT, DIAGONAL, ANY, ONE_STEP)  # what a Punch card shows
CARD_TITLES = {
    STRAIGHT: "Straight line",
    DIAGONAL: "Diagonal",
    ANY: "Any direction",
    ONE_STEP: "One step",
    FLY_MEAL: "Fly Meal",
    PUNCH: "Punch",
}
# How the defender's frog lands when thrown like a die (the rulebook's Combat).
LANDINGS = ("back", "side", "sitting", "nose", "stomach")
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONALS = ((1, -1), (1, 1), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class Card:
    """A movement card: its type, and for a Punch the movement shown on it."""

    kind: str
    movement: str | None = None

    @property
    def moves_as(self) -> str | None:
        """The movement the frog makes (None for Fly Meal)."""
        if self.kind == PUNCH:
            return self.movement
        return None if self.kind == FLY_MEAL else self.kind

    @property
    def directions(self) -> tuple[tuple[int, int], ...]:
        how = self.moves_as
        if how == STRAIGHT:
            return ORTHOGONAL
        if how == DIAGONAL:
            return DIAGONALS
        if how in (ANY, ONE_STEP):
            return ORTHOGONAL + DIAGONALS
        return ()

    @property
    def one_step(self) -> bool:
        return self.moves_as == ONE_STEP

    @property
    def title(self) -> str:
        if self.kind == PUNCH and self.movement:
            return f"Punch ({CARD_TITLES[self.movement]})"
        return CARD_TITLES[self.kind]

    def to_json(self) -> JSON:
        data: JSON = {"card": self.kind}
        if self.kind == PUNCH:
            data["movement"] = self.movement
        return data


ALL_CARDS = tuple(Card(k) for k in CARD_TYPES if k != PUNCH) + tuple(
    Card(PUNCH, m) for m in MOVEMENTS
)


@dataclass(frozen=True)
class Reveal:
    """``team`` turns over its next movement card (before the first turn, its first card)."""

    team: str
    card: Card
    type: str = "reveal"

    def to_json(self) -> JSON:
        return {"type": self.type, "team": self.team, **self.card.to_json()}


@dataclass(frozen=True)
class Roll:
    """To decide who goes first: ``team`` rolled its 3 frogs and ``seated`` landed sitting."""

    team: str
    seated: int
    type: str = "roll"

    def to_json(self) -> JSON:
        return {"type": self.type, "team": self.team, "seated": self.seated}


@dataclass(frozen=True)
class Throw:
    """Recover the lily pad on ``source`` and throw it onto the empty space ``target``."""

    source: Cell
    target: Cell
    type: str = "throw"

    def to_json(self) -> JSON:
        return {"type": self.type, "from": cell_name(self.source), "to": cell_name(self.target)}


@dataclass(frozen=True)
class Paddle:
    """No lily pad can be recovered: the frog on ``source`` paddles its pad to ``target``."""

    source: Cell
    target: Cell
    type: str = "paddle"

    def to_json(self) -> JSON:
        return {"type": self.type, "from": cell_name(self.source), "to": cell_name(self.target)}


@dataclass(frozen=True)
class Pass:
    """All the team's frogs are on the bank and none can recover a lily pad."""

    type: str = "pass"

    def to_json(self) -> JSON:
        return {"type": self.type}


@dataclass(frozen=True)
class Move:
    """One frog jumps from ``source`` (a space, or None: the bank) to ``target``.

    ``arrive``: from ``target`` the frog goes on one more step in the same direction, off the
    Marsh onto the opposite bank: it has arrived.
    """

    source: Cell | None
    target: Cell
    arrive: bool = False
    type: str = "move"

    def to_json(self) -> JSON:
        return {
            "type": self.type,
            "from": BANK if self.source is None else cell_name(self.source),
            "to": cell_name(self.target),
            "arrive": self.arrive,
        }


@dataclass(frozen=True)
class Stay:
    """No frog moves this turn: a Fly Meal card, or no frog can move."""

    type: str = "stay"

    def to_json(self) -> JSON:
        return {"type": self.type}


@dataclass(frozen=True)
class Combat:
    """After a Punch the frog on ``attacker`` challenges the frog on ``defender``.

    The attacker takes the defender's place and the defender's frog lands on ``landing``.
    ``push`` is the space the loser is moved back to (back or side: the defender; sitting:
    the attacker); None when no lily pad is free there (the loser returns to its starting
    bank) and for nose or stomach (the defender returns to its starting bank).
    """

    attacker: Cell
    defender: Cell
    landing: str
    push: Cell | None = None
    type: str = "combat"

    def to_json(self) -> JSON:
        return {
            "type": self.type,
            "attacker": cell_name(self.attacker),
            "defender": cell_name(self.defender),
            "landing": self.landing,
            "push": None if self.push is None else cell_name(self.push),
        }


PonderEvent = Reveal | Roll | Throw | Paddle | Pass | Move | Stay | Combat
EVENT_TYPES = ("reveal", "roll", "throw", "paddle", "pass", "move", "stay", "combat")

# --- parsing ---------------------------------------------------------------------------


def _fields(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(data) - allowed - {"type"})
    if extra:
        raise BadFileError(f"{where}: unknown field {extra[0]!r} for a {data.get('type')} event")
    missing = sorted(allowed - set(data) - {"movement", "arrive", "push"})
    if missing:
        raise BadFileError(f"{where}: field {missing[0]!r} is missing")


def _cell(data: Mapping[str, Any], key: str, where: str) -> Cell:
    cell = parse_cell(data.get(key))
    if cell is None:
        raise BadFileError(
            f'{where}: field {key!r} must be a space name like "C1", found {data.get(key)!r}'
        )
    return cell


def _team(data: Mapping[str, Any], where: str) -> str:
    team = data.get("team")
    if not isinstance(team, str) or not team:
        raise BadFileError(f"{where}: field 'team' must be a team colour, found {team!r}")
    return team


def parse_card(data: Mapping[str, Any], where: str) -> Card:
    kind = data.get("card")
    if kind not in CARD_TYPES:
        raise BadFileError(
            f"{where}: field 'card' must be one of {', '.join(CARD_TYPES)}, found {kind!r}"
        )
    movement = data.get("movement")
    if kind == PUNCH:
        if movement not in MOVEMENTS:
            raise BadFileError(
                f"{where}: field 'movement' (the movement shown on the Punch card) must be one "
                f"of {', '.join(MOVEMENTS)}, found {movement!r}"
            )
        return Card(PUNCH, str(movement))
    if movement is not None:
        raise BadFileError(f"{where}: field 'movement' is only for a punch card")
    return Card(str(kind))


def parse_event(data: Mapping[str, Any], where: str) -> PonderEvent:
    """A Ponder event from its JSON; ``BadFileError`` names ``where`` and the field."""
    kind = data.get("type")
    if kind == "reveal":
        _fields(data, {"team", "card", "movement"}, where)
        return Reveal(_team(data, where), parse_card(data, where))
    if kind == "roll":
        _fields(data, {"team", "seated"}, where)
        seated = data.get("seated")
        if isinstance(seated, bool) or not isinstance(seated, int) or not 0 <= seated <= 3:
            raise BadFileError(
                f"{where}: field 'seated' must be 0 to 3 (frogs that landed sitting), "
                f"found {seated!r}"
            )
        return Roll(_team(data, where), seated)
    if kind in ("throw", "paddle"):
        _fields(data, {"from", "to"}, where)
        cls = Throw if kind == "throw" else Paddle
        return cls(_cell(data, "from", where), _cell(data, "to", where))
    if kind in ("pass", "stay"):
        _fields(data, set(), where)
        return Pass() if kind == "pass" else Stay()
    if kind == "move":
        _fields(data, {"from", "to", "arrive"}, where)
        arrive = data.get("arrive", False)
        if not isinstance(arrive, bool):
            raise BadFileError(f"{where}: field 'arrive' must be true or false, found {arrive!r}")
        source = None if data.get("from") == BANK else _cell(data, "from", where)
        return Move(source, _cell(data, "to", where), arrive)
    if kind == "combat":
        _fields(data, {"attacker", "defender", "landing", "push"}, where)
        landing = data.get("landing")
        if landing not in LANDINGS:
            raise BadFileError(
                f"{where}: field 'landing' must be one of {', '.join(LANDINGS)}, found {landing!r}"
            )
        push = None if data.get("push") is None else _cell(data, "push", where)
        return Combat(
            _cell(data, "attacker", where), _cell(data, "defender", where), str(landing), push
        )
    known = ", ".join(EVENT_TYPES) + ", undo, redo"
    raise BadFileError(f"{where}: field 'type': unknown Ponder event {kind!r} (known: {known})")
