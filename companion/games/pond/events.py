"""Pond's events: small frozen dataclasses that round-trip to JSON exactly.

``undo`` and ``redo`` are not here: ``companion.session`` handles them for every game.
The log format is documented in ``docs/formats/pond-log.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON

FACTIONS = ("wizard", "pumpkin", "banana", "cowboy")
LILYPAD_FREE = "free"


@dataclass(frozen=True)
class PondContent:
    """What is in one pond: each faction's small frogs, its Long Fwooogs, and the lilypad.

    ``frogs`` counts every small frog in the pond, the one on the lilypad included.
    ``lilypad`` is None (no lilypad), ``"free"`` or the faction whose frog is on it;
    ``lilypad_fwooog`` names a faction whose Long Fwooog sits on the lilypad (illegal,
    reported so the checker can flag it).
    """

    frogs: tuple[tuple[str, int], ...] = ()  # (faction, n > 0), sorted by faction
    fwooogs: tuple[str, ...] = ()
    lilypad: str | None = None
    lilypad_fwooog: str | None = None

    def __post_init__(self) -> None:
        # One spelling per content, so events built in code equal their JSON round trip.
        # (The cheap tests first: replay builds thousands of these.)
        frogs = self.frogs
        if len(frogs) > 1 or (frogs and not frogs[0][1]):
            normal = tuple(sorted(pair for pair in frogs if pair[1]))
            if normal != frogs:
                object.__setattr__(self, "frogs", normal)
        if len(self.fwooogs) > 1:
            object.__setattr__(self, "fwooogs", tuple(sorted(self.fwooogs)))

    def frogs_of(self, faction: str) -> int:
        for name, n in self.frogs:
            if name == faction:
                return n
        return 0

    def fwooogs_of(self, faction: str) -> int:
        return self.fwooogs.count(faction)

    def pieces_of(self, faction: str) -> int:
        """Frogs and Long Fwooogs together: what counts for control of the pond."""
        return self.frogs_of(faction) + self.fwooogs_of(faction)

    def factions(self) -> set[str]:
        """Every faction with a piece here, the lilypad's holder included."""
        found = {name for name, _ in self.frogs} | set(self.fwooogs)
        if self.lilypad not in (None, LILYPAD_FREE):
            found.add(str(self.lilypad))
        if self.lilypad_fwooog is not None:
            found.add(self.lilypad_fwooog)
        return found

    def to_json(self) -> JSON:
        data: JSON = {
            "frogs": dict(self.frogs),
            "fwooogs": list(self.fwooogs),
            "lilypad": self.lilypad,
        }
        if self.lilypad_fwooog is not None:
            data["lilypad_fwooog"] = self.lilypad_fwooog
        return data


EMPTY_POND = PondContent()


def _with_reaction(data: JSON, reaction: bool) -> JSON:
    """``"reaction": true`` is written only when set, so older logs read back unchanged."""
    if reaction:
        data["reaction"] = True
    return data


@dataclass(frozen=True)
class NextPhase:
    """The current player moves on: Start -> Main -> End -> next player's Start.

    Leaving the End Phase takes the End Phase award (ponds and lilypads) from the supply.
    """

    type: str = "next_phase"

    def to_json(self) -> JSON:
        return {"type": self.type}


@dataclass(frozen=True)
class Board:
    """What is on the map now, from the camera or typed in. Ponds left out are empty."""

    ponds: tuple[tuple[str, PondContent], ...]  # (pond id, content), in the order given
    type: str = "board"
    # A Reaction card changed the map ("can be played ... even if it is not your turn!").
    reaction: bool = False
    # A lookup table built once: boards are compared pond by pond many times.
    _index: Mapping[str, PondContent] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", dict(self.ponds))

    def pond(self, pond_id: str) -> PondContent:
        return self._index.get(pond_id, EMPTY_POND)

    def as_dict(self) -> dict[str, PondContent]:
        return dict(self._index)

    def to_json(self) -> JSON:
        data: JSON = {"type": self.type, "ponds": {k: v.to_json() for k, v in self.ponds}}
        return _with_reaction(data, self.reaction)


@dataclass(frozen=True)
class Control:
    """The current player's control, typed in: overrides the board for this End Phase."""

    ponds: int
    lilypads: int
    type: str = "control"

    def to_json(self) -> JSON:
        return {"type": self.type, "ponds": self.ponds, "lilypads": self.lilypads}


@dataclass(frozen=True)
class Damage:
    """``by`` dealt ``amount`` damage to ``to``'s Long Fwooog: 1 VP each, from the supply."""

    by: str
    to: str
    amount: int
    type: str = "damage"
    reaction: bool = False  # dealt by a Reaction card, maybe outside the dealer's turn

    def to_json(self) -> JSON:
        data: JSON = {"type": self.type, "by": self.by, "to": self.to, "amount": self.amount}
        return _with_reaction(data, self.reaction)


@dataclass(frozen=True)
class Vp:
    """Any other VP a card grants, from the supply."""

    player: str
    amount: int
    reason: str = ""
    type: str = "vp"
    reaction: bool = False  # granted by a Reaction card, maybe outside the player's turn

    def to_json(self) -> JSON:
        data: JSON = {
            "type": self.type,
            "player": self.player,
            "amount": self.amount,
            "reason": self.reason,
        }
        return _with_reaction(data, self.reaction)


@dataclass(frozen=True)
class CardVp:
    """The VP printed on all of a player's cards, entered at the end (replaces earlier entries)."""

    player: str
    amount: int
    type: str = "card_vp"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "amount": self.amount}


PondEvent = NextPhase | Board | Control | Damage | Vp | CardVp


# --- parsing ---------------------------------------------------------------------------


def _check_fields(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(data) - allowed - {"type"})
    if extra:
        raise BadFileError(f"{where}: unknown field {extra[0]!r} for a {data.get('type')} event")


#: The most any whole-number field may hold (VP, damage): bigger is a typo or an attack.
MAX_WHOLE = 100_000
#: A faction has 12 frog pieces at most; 100 leaves room for house rules.
MAX_FROGS = 100


def _whole(data: Mapping[str, Any], key: str, where: str, minimum: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadFileError(f"{where}: field {key!r} must be a whole number, found {value!r}")
    if value < minimum:
        raise BadFileError(f"{where}: field {key!r} must be at least {minimum}, found {value}")
    if value > MAX_WHOLE:
        raise BadFileError(f"{where}: field {key!r} must be at most {MAX_WHOLE}")
    return value


def _name(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise BadFileError(f"{where}: field {key!r} must be a player's name, found {value!r}")
    return value


def _faction(value: Any, where: str) -> str:
    if value not in FACTIONS:
        raise BadFileError(f"{where} must be a faction ({', '.join(FACTIONS)}), found {value!r}")
    return str(value)


def _reaction(data: Mapping[str, Any], where: str) -> bool:
    value = data.get("reaction", False)
    if not isinstance(value, bool):
        raise BadFileError(f"{where}: field 'reaction' must be true or false, found {value!r}")
    return value


def parse_pond(data: Any, where: str) -> PondContent:
    """One pond of a board event; ``where`` already names the pond."""
    if not isinstance(data, dict):
        raise BadFileError(f"{where} must be an object with 'frogs', 'fwooogs', 'lilypad'")
    extra = sorted(set(data) - {"frogs", "fwooogs", "lilypad", "lilypad_fwooog"})
    if extra:
        raise BadFileError(f"{where}: unknown field {extra[0]!r}")
    raw_frogs = data.get("frogs", {})
    if not isinstance(raw_frogs, dict):
        raise BadFileError(f"{where}.frogs must be an object of faction -> number of frogs")
    frogs: dict[str, int] = {}
    for faction, n in raw_frogs.items():
        _faction(faction, f"{where}.frogs key")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_FROGS:
            raise BadFileError(
                f"{where}.frogs.{faction} must be a whole number >= 0 (at most {MAX_FROGS}), "
                f"found {n if isinstance(n, int) and abs(n) < 10**20 else 'a huge number'}"
            )
        if n:
            frogs[faction] = n
    raw_fwooogs = data.get("fwooogs", [])
    if not isinstance(raw_fwooogs, list):
        raise BadFileError(f"{where}.fwooogs must be a list of factions")
    fwooogs = tuple(_faction(f, f"{where}.fwooogs[{i}]") for i, f in enumerate(raw_fwooogs))
    lilypad = data.get("lilypad")
    if lilypad is not None and lilypad != LILYPAD_FREE:
        _faction(lilypad, f"{where}.lilypad (null, 'free' or a faction)")
    lilypad_fwooog = data.get("lilypad_fwooog")
    if lilypad_fwooog is not None:
        _faction(lilypad_fwooog, f"{where}.lilypad_fwooog")
    return PondContent(tuple(frogs.items()), fwooogs, lilypad, lilypad_fwooog)


def parse_event(data: Mapping[str, Any], where: str) -> PondEvent:
    """A Pond event from its JSON; ``BadFileError`` names ``where`` and the field."""
    kind = data.get("type")
    if kind == "next_phase":
        _check_fields(data, set(), where)
        return NextPhase()
    if kind == "board":
        _check_fields(data, {"ponds", "reaction"}, where)
        raw = data.get("ponds")
        if not isinstance(raw, dict):
            raise BadFileError(f"{where}: field 'ponds' must be an object of pond id -> pond")
        ponds = tuple((pid, parse_pond(p, f"{where}: ponds.{pid}")) for pid, p in raw.items())
        return Board(ponds, reaction=_reaction(data, where))
    if kind == "control":
        _check_fields(data, {"ponds", "lilypads"}, where)
        return Control(_whole(data, "ponds", where, 0), _whole(data, "lilypads", where, 0))
    if kind == "damage":
        _check_fields(data, {"by", "to", "amount", "reaction"}, where)
        return Damage(
            _name(data, "by", where),
            _name(data, "to", where),
            _whole(data, "amount", where, 1),
            reaction=_reaction(data, where),
        )
    if kind == "vp":
        _check_fields(data, {"player", "amount", "reason", "reaction"}, where)
        reason = data.get("reason", "")
        if not isinstance(reason, str):
            raise BadFileError(f"{where}: field 'reason' must be text, found {reason!r}")
        return Vp(
            _name(data, "player", where),
            _whole(data, "amount", where, 1),
            reason,
            reaction=_reaction(data, where),
        )
    if kind == "card_vp":
        _check_fields(data, {"player", "amount"}, where)
        return CardVp(_name(data, "player", where), _whole(data, "amount", where, 0))
    known = "next_phase, board, control, damage, vp, card_vp, undo, redo"
    raise BadFileError(f"{where}: field 'type': unknown Pond event {kind!r} (known: {known})")


def board_from_json(ponds: Mapping[str, Any], where: str = "board") -> Board:
    """A ``Board`` from the ``ponds`` object alone (what ``scan pond`` prints)."""
    return Board(tuple((pid, parse_pond(p, f"{where}: ponds.{pid}")) for pid, p in ponds.items()))
