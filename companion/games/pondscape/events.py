"""Pondscape's events: small frozen dataclasses that round-trip to JSON exactly.

A turn, in the rulebook's order ("On your turn, follow these steps"):

- ``take``: "Choose one frog or habitat card from the display" (slot 0, 1 or 2, under
  the movement card of that value); slot 1 or 2 moves the jumping frog that many spaces;
- ``refill``: "Immediately refill the card display" (the slot taken from);
- ``place``: "play one card from your hand ... either face up or face down" (a frog or
  habitat card face up, a ``water`` card face down) at (row, column) of the 3 x 5 pond;
- the card's effect, if any: ``jump`` (the jumping frog action, 1 or 2 spaces), then
  ``tuck`` under a food card the frog spans; ``tuck`` with ``special`` for a desert rain
  frog's special tucking effect (any food card); ``draw`` for "Draw Cards";
- ``next_turn``: "Play passes to the next player."

In a solo game Croaker's turn is ``croaker`` (the solo card flipped: how far the frog
moves, which display slot Croaker takes), ``refill``, ``next_turn``. ``pond`` (a
scanned or corrected pond) is taken at any time. ``undo``/``redo`` belong to the session.
The log format: docs/formats/pondscape-log.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON
from companion.games.pondscape.tableau import (
    Card,
    PlayerPond,
    card_to_json,
    parse_card,
    parse_player,
    player_to_json,
)
from companion.turns import NextTurn

SLOTS = 3  # the movement cards 0, 1 and 2 above the display


@dataclass(frozen=True)
class PondEvent:
    """A scanned or corrected pond for one player (replaces what was entered before)."""

    player: str
    pond: PlayerPond
    type: str = "pond"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "pond": player_to_json(self.pond)}


@dataclass(frozen=True)
class Take:
    """``player`` took the display card under the movement card ``slot`` (0, 1 or 2)."""

    player: str
    slot: int
    type: str = "take"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "slot": self.slot}


@dataclass(frozen=True)
class Refill:
    """The empty display ``slot`` was refilled from the pond deck."""

    slot: int
    type: str = "refill"

    def to_json(self) -> JSON:
        return {"type": self.type, "slot": self.slot}


@dataclass(frozen=True)
class Place:
    """``player`` placed ``card`` at (row, column); a ``WaterCard`` is a card placed face down.

    Row 0 is farthest from the food row. Any whole numbers are read: a cell outside
    the 3 x 5 is flagged by the checker and leaves the pond unchanged.
    """

    player: str
    row: int
    column: int
    card: Card
    type: str = "place"

    def to_json(self) -> JSON:
        return {
            "type": self.type,
            "player": self.player,
            "row": self.row,
            "column": self.column,
            "card": card_to_json(self.card),
        }


@dataclass(frozen=True)
class Jump:
    """The jumping frog action: "Move the jumping frog card 1 or 2 spaces forward"."""

    player: str
    spaces: int
    type: str = "jump"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "spaces": self.spaces}


@dataclass(frozen=True)
class Tuck:
    """``player`` tucked one card from their hand under their food card ``food``.

    ``special``: a desert rain frog's special tucking effect ("Tuck them under any food
    card(s) of your choice"), not the jumping frog action.
    """

    player: str
    food: str
    special: bool = False
    type: str = "tuck"

    def to_json(self) -> JSON:
        data: JSON = {"type": self.type, "player": self.player, "food": self.food}
        if self.special:
            data["special"] = True
        return data


@dataclass(frozen=True)
class Draw:
    """The "Draw Cards" effect: ``player`` drew ``cards`` (1, 2 or 3) into their hand."""

    player: str
    cards: int
    type: str = "draw"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "cards": self.cards}


@dataclass(frozen=True)
class CroakerFlip:
    """Croaker's turn: the solo card flipped. ``move``: "how many spaces the jumping frog
    moves (this is the total number ...)"; ``take``: the display slot Croaker takes."""

    move: int
    take: int
    type: str = "croaker"

    def to_json(self) -> JSON:
        return {"type": self.type, "move": self.move, "take": self.take}


PlayEvent = Take | Refill | Place | Jump | Tuck | Draw | CroakerFlip
PondscapeEvent = PondEvent | NextTurn | PlayEvent

# type -> the fields it takes (besides "type")
FIELDS: dict[str, set[str]] = {
    "next_turn": set(),
    "pond": {"player", "pond"},
    "take": {"player", "slot"},
    "refill": {"slot"},
    "place": {"player", "row", "column", "card"},
    "jump": {"player", "spaces"},
    "tuck": {"player", "food", "special"},
    "draw": {"player", "cards"},
    "croaker": {"move", "take"},
}
REQUIRED_OPTIONAL = {"special"}


def _int(data: Mapping[str, Any], key: str, where: str, low: int, high: int | None) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadFileError(f"{where}: field {key!r} must be a whole number, found {value!r}")
    if value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        raise BadFileError(f"{where}: field {key!r} must be {span}, found {value}")
    return value


def _player(data: Mapping[str, Any], where: str) -> str:
    name = data.get("player")
    if not isinstance(name, str) or not name:
        raise BadFileError(f"{where}: field 'player' must be a player's name, found {name!r}")
    return name


def parse_event(data: Mapping[str, Any], where: str) -> PondscapeEvent:
    """A Pondscape event from its JSON; ``BadFileError`` names ``where`` and the field."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        known = ", ".join([*FIELDS, "undo", "redo"])
        raise BadFileError(f"{where}: unknown event type {kind!r} for Pondscape (known: {known})")
    extra = sorted(set(data) - FIELDS[kind] - {"type"})
    if extra:
        if kind == "next_turn":
            raise BadFileError(f"{where}: next_turn takes no fields, found {', '.join(extra)}")
        raise BadFileError(f"{where}: unknown field(s) {', '.join(map(repr, extra))}")
    missing = sorted(FIELDS[kind] - set(data) - REQUIRED_OPTIONAL)
    if missing:
        raise BadFileError(f"{where}: field {missing[0]!r} is missing from a {kind} event")
    if kind == "next_turn":
        return NextTurn()
    if kind == "pond":
        player = _player(data, where)
        pond = parse_player(data.get("pond"), f"{where}: pond")
        if pond.name != player:
            raise BadFileError(
                f"{where}: pond.name {pond.name!r} is not the event's player {player!r}"
            )
        return PondEvent(player, pond)
    if kind == "take":
        return Take(_player(data, where), _int(data, "slot", where, 0, SLOTS - 1))
    if kind == "refill":
        return Refill(_int(data, "slot", where, 0, SLOTS - 1))
    if kind == "place":
        card = parse_card(data.get("card"), f"{where}: card")
        if card is None:
            raise BadFileError(f"{where}: field 'card' must be the card placed, found null")
        return Place(
            _player(data, where),
            _int(data, "row", where, -99, 99),
            _int(data, "column", where, -99, 99),
            card,
        )
    if kind == "jump":
        return Jump(_player(data, where), _int(data, "spaces", where, 1, 2))
    if kind == "tuck":
        food = data.get("food")
        if not isinstance(food, str) or not food:
            raise BadFileError(f"{where}: field 'food' must be a food card's name, found {food!r}")
        special = data.get("special", False)
        if not isinstance(special, bool):
            raise BadFileError(f"{where}: field 'special' must be true or false, found {special!r}")
        return Tuck(_player(data, where), food, special)
    if kind == "draw":
        return Draw(_player(data, where), _int(data, "cards", where, 1, 3))
    return CroakerFlip(_int(data, "move", where, 0, 5), _int(data, "take", where, 0, SLOTS - 1))
