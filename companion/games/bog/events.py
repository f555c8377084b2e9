"""BOG's events, one per Action, plus the end: frozen dataclasses that round-trip to JSON exactly.

Pads are Bog pads (1 to 9, numbered as the first player listed sees the Bog, see
``companion.games.bog.cards``). ``undo``/``redo`` belong to ``companion.session``.
The log format is documented in ``docs/formats/bog-log.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON


@dataclass(frozen=True)
class Play:
    """1. "Place a Frog from your hand to your Shore." """

    player: str
    card: str
    type: str = "play"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "card": self.card}


@dataclass(frozen=True)
class Advance:
    """2. Advance a Frog from the Shore to its starting pad, or to the next stop of its Route.

    ``to`` is the Bog pad it lands on. Landing on a Fly: ``fly_to`` is the unoccupied pad
    the Fly moves to, ``draw`` the Draw Area slot taken (0 = the first card), ``refill``
    the card turned up from the deck to replace it (None: not entered). With the Draw
    Area empty, or no unoccupied pad for the Fly, the Fly is scored instead.
    """

    player: str
    card: str
    to: int
    fly_to: int | None = None
    draw: int | None = None
    refill: str | None = None
    type: str = "advance"

    def to_json(self) -> JSON:
        data: JSON = {"type": self.type, "player": self.player, "card": self.card, "to": self.to}
        if self.fly_to is not None:
            data["fly_to"] = self.fly_to
        if self.draw is not None:
            data["draw"] = self.draw
        if self.refill is not None:
            data["refill"] = self.refill
        return data


@dataclass(frozen=True)
class Complete:
    """3. "Score one of your Frogs that is on the final Lily Pad in its Route." (2 points)"""

    player: str
    card: str
    type: str = "complete"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "card": self.card}


@dataclass(frozen=True)
class Score:
    """4. Score a Formation: reveal ``card`` from your hand; 1 point per Frog matched."""

    player: str
    card: str
    type: str = "score"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "card": self.card}


@dataclass(frozen=True)
class CannotAct:
    """ "When a player cannot perform an Action, the game ends" (outcome A or B)."""

    player: str
    type: str = "cannot_act"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player}


BogEvent = Play | Advance | Complete | Score | CannotAct
ACTION_TYPES = ("play", "advance", "complete", "score", "cannot_act")


def _fields(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(data) - allowed - {"type"})
    if extra:
        raise BadFileError(f"{where}: unknown field(s) {', '.join(extra)}")


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise BadFileError(f"{where}: field {key!r} must be a non-empty string, found {value!r}")
    return value


def _pad(data: Mapping[str, Any], key: str, where: str, required: bool) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9:
        raise BadFileError(f"{where}: field {key!r} must be a Bog pad 1 to 9, found {value!r}")
    return value


def parse_event(data: Mapping[str, Any], where: str) -> BogEvent:
    """A BOG event from its JSON; ``BadFileError`` names ``where`` and the field."""
    kind = data.get("type")
    if kind in ("play", "complete", "score"):
        _fields(data, {"player", "card"}, where)
        player, card = _text(data, "player", where), _text(data, "card", where)
        if kind == "play":
            return Play(player, card)
        return Complete(player, card) if kind == "complete" else Score(player, card)
    if kind == "advance":
        _fields(data, {"player", "card", "to", "fly_to", "draw", "refill"}, where)
        to = _pad(data, "to", where, True)
        assert to is not None
        draw = data.get("draw")
        if draw is not None and (isinstance(draw, bool) or not isinstance(draw, int) or draw < 0):
            raise BadFileError(
                f"{where}: field 'draw' must be a Draw Area slot 0 to 2, found {draw!r}"
            )
        refill = data.get("refill")
        if refill is not None and (not isinstance(refill, str) or not refill):
            raise BadFileError(
                f"{where}: field 'refill' must be a card id or null, found {refill!r}"
            )
        return Advance(
            _text(data, "player", where),
            _text(data, "card", where),
            to,
            _pad(data, "fly_to", where, False),
            draw,
            refill,
        )
    if kind == "cannot_act":
        _fields(data, {"player"}, where)
        return CannotAct(_text(data, "player", where))
    known = ", ".join((*ACTION_TYPES, "undo", "redo"))
    raise BadFileError(f"{where}: field 'type': unknown BOG event {kind!r} (known: {known})")
