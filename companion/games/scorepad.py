"""A plain score pad: the smallest game, for any table and for testing the session machinery.

Events: ``{"type": "points", "player": NAME, "amount": N}`` and ``{"type": "next_turn"}``.
Options: ``"for"`` (the boxed game it keeps, e.g. "croak"), ``"rounds"`` (true when
scores are entered round by round, so the summary says "round"), ``"negative"``
(true when a score may go below 0, as in Croak; otherwise that is flagged).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON, Event, Player, SetupStep, Violation
from companion.turns import NextTurn, TurnFlow

#: Points in one entry: no table scores a million in one go (and huge numbers cannot print).
MAX_AMOUNT = 1_000_000


@dataclass(frozen=True)
class Points:
    player: str
    amount: int
    type: str = "points"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "amount": self.amount}


@dataclass(frozen=True)
class ScorepadState:
    names: tuple[str, ...]
    scores: tuple[int, ...]
    flow: TurnFlow
    negative_ok: bool = False
    rounds: bool = False


class Scorepad:
    name = "scorepad"
    title = "Score pad"
    min_players = 1
    max_players = 8

    def validate_setup(self, players: Sequence[Player], options: Mapping[str, Any]) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise BadFileError(f"players: a score pad takes 1 to 8 players, found {len(players)}")
        for key in ("rounds", "negative"):
            if not isinstance(options.get(key, False), bool):
                raise BadFileError(f"options.{key}: must be true or false")

    def default_options(self, player_count: int) -> JSON:
        return {}

    def setup_steps(self, players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
        return [SetupStep("first-player", f"{players[0].name} goes first.")]

    def parse_event(self, data: Mapping[str, Any], where: str) -> Event:
        kind = data.get("type")
        if kind == "next_turn":
            return NextTurn()
        if kind == "points":
            player, amount = data.get("player"), data.get("amount")
            if not isinstance(player, str):
                raise BadFileError(f"{where}: field 'player' must be a player's name")
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise BadFileError(f"{where}: field 'amount' must be a whole number")
            if abs(amount) > MAX_AMOUNT:
                raise BadFileError(
                    f"{where}: field 'amount' must be from -{MAX_AMOUNT} to {MAX_AMOUNT}"
                )
            return Points(player, amount)
        raise BadFileError(f"{where}: unknown event type {kind!r} for a score pad")

    def initial_state(self, players: Sequence[Player], options: Mapping[str, Any]) -> ScorepadState:
        names = tuple(p.name for p in players)
        return ScorepadState(
            names,
            (0,) * len(names),
            TurnFlow(("turn",), len(names)),
            negative_ok=bool(options.get("negative", False)),
            rounds=bool(options.get("rounds", False)),
        )

    def refusal(self, state: ScorepadState, event: Event) -> str | None:
        if isinstance(event, Points) and event.player not in state.names:
            return f"no player named {event.player!r}"
        return None

    def check(self, state: ScorepadState, event: Event) -> list[Violation]:
        if isinstance(event, Points) and not state.negative_ok:
            i = state.names.index(event.player) if event.player in state.names else -1
            if i >= 0 and state.scores[i] + event.amount < 0:
                return [
                    Violation(
                        "negative-score", f"{event.player}'s score would go below 0", event.player
                    )
                ]
        return []

    def apply(self, state: ScorepadState, event: Event) -> ScorepadState:
        if isinstance(event, NextTurn):
            return replace(state, flow=state.flow.next_phase())
        if isinstance(event, Points) and event.player in state.names:
            i = state.names.index(event.player)
            scores = list(state.scores)
            scores[i] += event.amount
            return replace(state, scores=tuple(scores))
        return state

    def is_over(self, state: ScorepadState) -> bool:
        return False

    def summary(self, state: ScorepadState) -> str:
        if state.rounds:
            return f"round {state.flow.turn}"
        return f"turn {state.flow.turn}, {state.names[state.flow.seat]} to play"


GAME = Scorepad()
