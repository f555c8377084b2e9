"""A game session: who plays, with which options, and its append-only event log.

The state is always the fold of the log over the game's rules. ``undo`` and
``redo`` are events too: the log only ever grows.

Two paths, as in python-chess: ``LiveSession.play`` is the checked one (it asks
the game's rules checker and may refuse an event that makes no sense now);
``replay`` is the unchecked one that rebuilds the state from a stored log and
records what the checker says, never raising for an illegal move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import BadFileError, EventRefusedError
from companion.files import check_text
from companion.games import get_game
from companion.games.base import JSON, Event, Game, Player, Violation
from companion.jsonfile import read_json_file

SESSION_FORMAT = "session/1"
UNDO = "undo"
REDO = "redo"
#: A player's name fits a seat on the screen; longer is a mistake or an attack.
MAX_NAME_CHARS = 40
#: The longest log a session file may hold: a 4-player Pond game is about 2,000 events, so this
#: is ten long games; a bigger file is a mistake or an attack (and would replay for minutes).
MAX_EVENTS = 20_000


@dataclass(frozen=True)
class UndoEvent:
    """Take back the last event still in effect."""

    type: str = UNDO

    def to_json(self) -> JSON:
        return {"type": self.type}


@dataclass(frozen=True)
class RedoEvent:
    """Put back the last event undone, if nothing new was played since."""

    type: str = REDO

    def to_json(self) -> JSON:
        return {"type": self.type}


@dataclass(frozen=True)
class SessionInfo:
    """Everything about a session but its events."""

    game: str
    players: tuple[Player, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {
            "format": SESSION_FORMAT,
            "game": self.game,
            "players": [p.to_json() for p in self.players],
            "options": dict(self.options),
        }


def parse_players(data: Any, where: str) -> tuple[Player, ...]:
    """Players from JSON: a list of objects, each with a unique non-empty ``name``."""
    if not isinstance(data, list) or not data:
        raise BadFileError(f"{where}: 'players' must be a non-empty list")
    players: list[Player] = []
    seen: set[str] = set()
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            raise BadFileError(f"{where}: players[{i}] must be an object with a 'name'")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise BadFileError(f"{where}: players[{i}].name must be a non-empty string")
        check_text(name, f"{where}: players[{i}].name")
        if len(name) > MAX_NAME_CHARS:
            raise BadFileError(
                f"{where}: players[{i}].name is {len(name)} characters (at most {MAX_NAME_CHARS})"
            )
        if name in seen:
            raise BadFileError(f"{where}: players[{i}].name {name!r} is used twice")
        seen.add(name)
        attrs = {k: v for k, v in item.items() if k != "name"}
        players.append(Player(name, attrs))
    return tuple(players)


def parse_event(game: Game[Any], data: Any, where: str) -> Event:
    """An event from JSON: the shared ``undo``/``redo``, or one of the game's own."""
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: an event must be a JSON object")
    kind = data.get("type")
    if kind in (UNDO, REDO):
        extra = sorted(set(data) - {"type"})
        if extra:
            raise BadFileError(f"{where}: {kind} takes no fields, found {', '.join(extra)}")
        return UndoEvent() if kind == UNDO else RedoEvent()
    if not isinstance(kind, str):
        raise BadFileError(f"{where}: field 'type' is missing or not a string")
    return game.parse_event(data, where)


@dataclass
class Step:
    """One event in effect, with the log index it came from and the state after it."""

    index: int
    event: Event
    state: Any


class LiveSession:
    """A session being played: the log, the states in effect, and what the checker said.

    Keeps one state per event in effect, so undo and redo cost nothing.
    """

    def __init__(self, info: SessionInfo, game: Game[Any] | None = None) -> None:
        self.info = info
        self.game: Game[Any] = game if game is not None else get_game(info.game)
        self.game.validate_setup(info.players, info.options)
        self.initial = self.game.initial_state(info.players, info.options)
        self.log: list[Event] = []
        self.active: list[Step] = []
        self.undone: list[Step] = []
        self.violations: list[Violation] = []

    @property
    def state(self) -> Any:
        return self.active[-1].state if self.active else self.initial

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def can_undo(self) -> bool:
        return bool(self.active)

    def can_redo(self) -> bool:
        return bool(self.undone)

    def check(self, event: Event) -> list[Violation]:
        """What the rules checker would say about ``event`` now, without playing it."""
        if event.type in (UNDO, REDO):
            return []
        return self.game.check(self.state, event)

    def play(self, event: Event) -> list[Violation]:
        """The checked path: refuse what cannot be taken, else record and return the flags.

        Raises ``EventRefusedError`` (and records nothing) when the game refuses
        the event, or for an undo/redo with nothing to undo/redo.
        """
        if event.type == UNDO and not self.active:
            raise EventRefusedError("nothing to undo")
        if event.type == REDO and not self.undone:
            raise EventRefusedError("nothing to redo")
        if event.type not in (UNDO, REDO):
            reason = self.game.refusal(self.state, event)
            if reason is not None:
                raise EventRefusedError(reason)
        return self._take(event)

    def _take(self, event: Event) -> list[Violation]:
        index = len(self.log)
        self.log.append(event)
        if event.type == UNDO:
            if self.active:
                self.undone.append(self.active.pop())
            return []
        if event.type == REDO:
            if self.undone:
                self.active.append(self.undone.pop())
            return []
        found = [
            Violation(v.rule, v.message, v.where, index) for v in self.game.check(self.state, event)
        ]
        self.violations.extend(found)
        self.active.append(Step(index, event, self.game.apply(self.state, event)))
        self.undone.clear()
        return found

    def replay_one(self, event: Event) -> list[Violation]:
        """The unchecked path for one stored event: never raises for the table's choices.

        An event the game would refuse is kept in the log but has no effect, and
        is reported as a ``refused`` violation; so is an undo/redo with nothing to act on.
        """
        index = len(self.log)
        if event.type in (UNDO, REDO):
            pool = self.active if event.type == UNDO else self.undone
            if not pool:
                self.log.append(event)
                flag = Violation("refused", f"nothing to {event.type}", None, index)
                self.violations.append(flag)
                return [flag]
            return self._take(event)
        reason = self.game.refusal(self.state, event)
        if reason is not None:
            self.log.append(event)
            flag = Violation("refused", reason, None, index)
            self.violations.append(flag)
            return [flag]
        return self._take(event)

    def effective_violations(self) -> list[Violation]:
        """Violations of the events still in effect (an undone move no longer counts)."""
        live = {step.index for step in self.active}
        return [
            v
            for v in self.violations
            if v.event_index is None or v.event_index in live or v.rule == "refused"
        ]

    def events_json(self) -> list[JSON]:
        return [e.to_json() for e in self.log]

    def to_json(self) -> JSON:
        return {**self.info.to_json(), "events": self.events_json()}


def freeze_info(info: SessionInfo) -> SessionInfo:
    """``info`` as a session stores it: a game may replace options that point outside the
    session (Pond's layout file path) by what they point to (its ``freeze_options``)."""
    freeze = getattr(get_game(info.game), "freeze_options", None)
    if freeze is None:
        return info
    return SessionInfo(info.game, info.players, freeze(info.options))


def replay(
    info: SessionInfo, events: Sequence[Mapping[str, Any] | Event], where: str = "log"
) -> LiveSession:
    """Rebuild a session from its stored log (the unchecked path)."""
    live = LiveSession(info)
    for i, raw in enumerate(events):
        event = (
            raw
            if not isinstance(raw, Mapping)
            else parse_event(live.game, raw, f"{where}: events[{i}]")
        )
        live.replay_one(event)
    return live


def load_session_json(data: Any, where: str) -> tuple[SessionInfo, list[Event]]:
    """Parse a ``session/1`` document; errors name ``where`` and the field."""
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: a session file must be a JSON object")
    if data.get("format") != SESSION_FORMAT:
        raise BadFileError(
            f"{where}: field 'format' must be {SESSION_FORMAT!r}, found {data.get('format')!r}"
        )
    game_name = data.get("game")
    if not isinstance(game_name, str):
        raise BadFileError(f"{where}: field 'game' must be a string")
    game = get_game(game_name, where)
    players = parse_players(data.get("players"), where)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise BadFileError(f"{where}: field 'options' must be an object")
    info = SessionInfo(game_name, players, options)
    game.validate_setup(players, options)
    raw_events = data.get("events", [])
    if not isinstance(raw_events, list):
        raise BadFileError(f"{where}: field 'events' must be a list")
    if len(raw_events) > MAX_EVENTS:
        raise BadFileError(
            f"{where}: field 'events' has {len(raw_events)} events (at most {MAX_EVENTS})"
        )
    events = [parse_event(game, e, f"{where}: events[{i}]") for i, e in enumerate(raw_events)]
    return info, events


def read_session_file(path: Path) -> tuple[SessionInfo, list[Event]]:
    """Read a ``session/1`` JSON file; every problem is a ``BadFileError`` naming the file."""
    return load_session_json(read_json_file(path), str(path))
