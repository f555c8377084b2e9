"""Croak's events: small frozen dataclasses that round-trip to JSON exactly.

A hand is ``start``, ``croak`` (who called it) and ``score`` (each player's
cards returned from the SWAMP and cards left in the POND pile). ``correct``
changes a past hand. ``undo``/``redo`` belong to ``companion.session``.
The log format is documented in ``docs/formats/croak-log.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON

POND_PILE = 10  # "each player counts the next 10 cards and places them in a single pile"


@dataclass(frozen=True)
class Count:
    """One player's figures for a hand: "one point for every card returned from the SWAMP,
    and deducting 2 points for every card remaining in their POND pile"."""

    player: str
    returned: int
    pond_left: int

    @property
    def points(self) -> int:
        return self.returned - 2 * self.pond_left

    def to_json(self) -> JSON:
        return {"returned": self.returned, "pond_left": self.pond_left}


@dataclass(frozen=True)
class Start:
    """ "One player signals the start": a new hand begins (a face-off when one is due)."""

    type: str = "start"

    def to_json(self) -> JSON:
        return {"type": self.type}


@dataclass(frozen=True)
class Croak:
    """``player`` used the last card of their POND pile and said "CROAK": the hand ends."""

    player: str
    type: str = "croak"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player}


@dataclass(frozen=True)
class Score:
    """The scorekeeper's figures for the hand, one ``Count`` per player of the hand."""

    counts: tuple[Count, ...]
    type: str = "score"

    def to_json(self) -> JSON:
        return {"type": self.type, "counts": {c.player: c.to_json() for c in self.counts}}


@dataclass(frozen=True)
class Correct:
    """A past hand (numbered from 1) corrected: these players' counts replace theirs, and
    ``caller``, when given, becomes the only player who called CROAK in it."""

    hand: int
    counts: tuple[Count, ...]
    caller: str | None = None
    type: str = "correct"

    def to_json(self) -> JSON:
        data: JSON = {
            "type": self.type,
            "hand": self.hand,
            "counts": {c.player: c.to_json() for c in self.counts},
        }
        if self.caller is not None:
            data["caller"] = self.caller
        return data


CroakEvent = Start | Croak | Score | Correct
KNOWN = "start, croak, score, correct, undo, redo"


def _fields(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(data) - allowed - {"type"})
    if extra:
        raise BadFileError(f"{where}: unknown field {extra[0]!r} for a {data.get('type')} event")


def _name(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise BadFileError(f"{where} must be a player's name, found {value!r}")
    return value


def _whole(value: Any, where: str, most: int | None = None, why: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadFileError(f"{where} must be a whole number, 0 or more, found {value!r}")
    if most is not None and value > most:
        raise BadFileError(f"{where} is {value}: impossible, {why}")
    return value


def parse_counts(data: Any, where: str) -> tuple[Count, ...]:
    """``{NAME: {"returned": N, "pond_left": N}, ...}``; ``where`` names the field."""
    if not isinstance(data, dict) or not data:
        raise BadFileError(f"{where} must be an object of player name -> counts")
    counts: list[Count] = []
    for name, item in data.items():
        at = f"{where}.{name}"
        _name(name, f"{where}: a key")
        if not isinstance(item, dict):
            raise BadFileError(f"{at} must be an object with 'returned' and 'pond_left'")
        extra = sorted(set(item) - {"returned", "pond_left"})
        if extra:
            raise BadFileError(f"{at}: unknown field {extra[0]!r}")
        for key in ("returned", "pond_left"):
            if key not in item:
                raise BadFileError(f"{at}.{key} is missing")
        returned = _whole(item["returned"], f"{at}.returned")
        left = _whole(
            item["pond_left"], f"{at}.pond_left", POND_PILE, "the POND pile holds 10 cards"
        )
        counts.append(Count(name, returned, left))
    return tuple(counts)


def parse_event(data: Mapping[str, Any], where: str) -> CroakEvent:
    """A Croak event from its JSON; ``BadFileError`` names ``where`` and the field."""
    kind = data.get("type")
    if kind == "start":
        _fields(data, set(), where)
        return Start()
    if kind == "croak":
        _fields(data, {"player"}, where)
        return Croak(_name(data.get("player"), f"{where}: field 'player'"))
    if kind == "score":
        _fields(data, {"counts"}, where)
        return Score(parse_counts(data.get("counts"), f"{where}: field 'counts'"))
    if kind == "correct":
        _fields(data, {"hand", "counts", "caller"}, where)
        hand = data.get("hand")
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise BadFileError(
                f"{where}: field 'hand' must be a hand number from 1, found {hand!r}"
            )
        caller = data.get("caller")
        if caller is not None:
            caller = _name(caller, f"{where}: field 'caller'")
        return Correct(hand, parse_counts(data.get("counts"), f"{where}: field 'counts'"), caller)
    raise BadFileError(f"{where}: field 'type': unknown Croak event {kind!r} (known: {KNOWN})")
