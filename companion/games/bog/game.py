"""The ``Game`` object for BOG (``GAME``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import JSON, Event, Game, Player, SetupStep, Violation
from companion.games.bog import events, rules, setup, state
from companion.games.bog.events import BogEvent
from companion.games.bog.state import BogState


def _event(ev: Event) -> BogEvent:
    if not isinstance(
        ev, events.Play | events.Advance | events.Complete | events.Score | events.CannotAct
    ):
        raise TypeError(f"not a BOG event: {ev!r}")
    return ev


def score_line(st: BogState) -> str:
    """ "Ana 5, Ben 3" in seat order."""
    return ", ".join(f"{n} {p.total}" for n, p in zip(st.names, st.points, strict=True))


class Bog:
    name = "bog"
    title = "BOG"
    min_players = setup.PLAYERS
    max_players = setup.PLAYERS

    def validate_setup(self, players: Sequence[Player], options: Mapping[str, Any]) -> None:
        setup.parse_options(players, options)

    def default_options(self, player_count: int) -> JSON:
        return setup.default_options(player_count)

    def setup_steps(self, players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
        return setup.setup_steps(players, options)

    def parse_event(self, data: Mapping[str, Any], where: str) -> Event:
        return events.parse_event(data, where)

    def initial_state(self, players: Sequence[Player], options: Mapping[str, Any]) -> BogState:
        return state.initial_state(players, options)

    def refusal(self, st: BogState, event: Event) -> str | None:
        if not isinstance(
            event, events.Play | events.Advance | events.Complete | events.Score | events.CannotAct
        ):
            return f"not a BOG event: {event.type!r}"
        return rules.refusal(st, event)

    def check(self, st: BogState, event: Event) -> list[Violation]:
        if not isinstance(
            event, events.Play | events.Advance | events.Complete | events.Score | events.CannotAct
        ):
            return []
        return rules.check(st, event)

    def apply(self, st: BogState, event: Event) -> BogState:
        return state.apply(st, _event(event))

    def is_over(self, st: BogState) -> bool:
        return st.over

    def legal_actions(self, st: BogState) -> list[BogEvent]:
        return rules.legal_actions(st)

    def summary(self, st: BogState) -> str:
        if st.result is not None:
            return "Game over: " + st.result.sentence
        return (
            f"{st.names[st.to_move]}'s turn, {score_line(st)}; {len(st.draw_area)} in the "
            f"Draw Area, {st.deck} in the deck"
        )

    # What ``pond-companion replay`` prints (companion.commands.replay_cmd asks every game).
    def report(self, live: Any) -> JSON:
        from companion.games.bog.report import replay_report

        return replay_report(live)

    def format_report(self, report: JSON) -> str:
        from companion.games.bog.report import format_report

        return format_report(report)


GAME: Game[BogState] = Bog()
