"""What every game module provides, and the small shared types it uses.

A game is data plus a few pure functions (see ``Game``). The session and
event-log machinery in ``companion.session`` knows no game: it parses events
with the game, asks the game's checker, folds them with ``apply`` and handles
undo/redo itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

JSON = dict[str, Any]

S = TypeVar("S")


@dataclass(frozen=True)
class Violation:
    """A rule the table may have broken. Never raised: returned and shown.

    ``rule`` is a short stable id (``"fountain-fwooog"``), ``message`` a
    sentence for the players, ``where`` names the pond, cell or card, and
    ``event_index`` is the index of the event in the log that tripped it
    (filled in by the session).
    """

    rule: str
    message: str
    where: str | None = None
    event_index: int | None = None

    def to_json(self) -> JSON:
        return {
            "rule": self.rule,
            "message": self.message,
            "where": self.where,
            "event_index": self.event_index,
        }


@dataclass(frozen=True)
class SetupStep:
    """One line of a setup checklist, already worded for the chosen player count.

    ``values`` holds the numbers the step depends on (``{"vp_supply": 112}``)
    so a screen can show them large.
    """

    id: str
    text: str
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Player:
    """A seat at the table, in turn order. ``attrs`` holds game fields (``faction``)."""

    name: str
    attrs: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"name": self.name, **dict(self.attrs)}


class Event(Protocol):
    """A game event: a small frozen dataclass with a ``type`` and a JSON form."""

    @property
    def type(self) -> str: ...

    def to_json(self) -> JSON: ...


class Game(Protocol[S]):
    """The interface each module under ``companion.games`` provides (as a module-level object)."""

    name: str  # "pond"
    title: str  # "Pond"
    min_players: int
    max_players: int

    def validate_setup(self, players: Sequence[Player], options: Mapping[str, Any]) -> None:
        """Raise ``BadFileError`` naming the player or option that is wrong."""

    def default_options(self, player_count: int) -> JSON:
        """The options a new session starts with for this many players."""

    def setup_steps(self, players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
        """The rulebook's setup as a checklist for these players and options."""

    def parse_event(self, data: Mapping[str, Any], where: str) -> Event:
        """Build an event from its JSON; raise ``BadFileError`` naming ``where`` and the field."""

    def initial_state(self, players: Sequence[Player], options: Mapping[str, Any]) -> S:
        """The state before the first event."""

    def refusal(self, state: S, event: Event) -> str | None:
        """Why this event cannot be taken at all now (game over...), or None."""

    def check(self, state: S, event: Event) -> list[Violation]:
        """The rules checker: what the table may have got wrong. Never raises."""

    def apply(self, state: S, event: Event) -> S:
        """The unchecked path: the state after the event. Pure."""

    def is_over(self, state: S) -> bool:
        """True once the game has ended."""

    def summary(self, state: S) -> str:
        """One line for the Resume tile and ``sessions list`` ("Ana's turn, Main Phase")."""
