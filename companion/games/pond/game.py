"""The ``Game`` object for Pond (``GAME``), plus what each phase asks of the player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import JSON, Event, Game, Player, SetupStep, Violation
from companion.games.pond import checker, events, setup, state
from companion.games.pond.events import Board, CardVp, Damage, Vp
from companion.games.pond.scoring import winners
from companion.games.pond.state import PHASE_TITLES, PondState, end_phase_award


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def phase_prompt(st: PondState) -> str:
    """What the current phase asks of the current player, with the numbers."""
    if st.over:
        return (
            "The game is over: the last VP token was taken. Enter the VP printed on each "
            "player's cards for the final score."
        )
    faction = st.current_faction
    if st.phase == "start":
        ponds = st.fwooog_ponds(faction)
        left = st.frogs_in_supply(faction)
        if not ponds:
            return "Deploy no frogs: you have no Long Fwooog on the map."
        deploy = min(len(ponds), left)
        where = (
            "a Long Fwooog in 1 pond" if len(ponds) == 1 else f"Long Fwooogs in {len(ponds)} ponds"
        )
        text = f"Deploy {_plural(deploy, 'frog')}: you have {where} ({', '.join(ponds)})"
        if deploy < len(ponds):
            text += (
                " but your supply is empty"
                if left == 0
                else f" but only {left} left in your supply"
            )
        return text + "."
    if st.phase == "main":
        return (
            "Play cards, buy Frog cards, recruit Hero Frogs. Each damage dealt to an "
            f"opponent's Long Fwooog gains 1 VP ({st.supply} VP left in the supply)."
        )
    controlled, lilypads = end_phase_award(st)
    award = controlled + lilypads
    source = " (as typed in)" if st.control is not None else ""
    text = (
        f"You control {_plural(controlled, 'pond')} and {_plural(lilypads, 'lilypad')}{source}: "
        f"take {award} VP"
    )
    if award >= st.supply:
        return text + f"; only {st.supply} left in the supply, so the game ends."
    return text + f" ({st.supply} VP left in the supply)."


class Pond:
    name = "pond"
    title = "Pond"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS

    def freeze_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options a stored session keeps: a layout file path becomes the layout itself."""
        return setup.freeze_options(options)

    def validate_setup(self, players: Sequence[Player], options: Mapping[str, Any]) -> None:
        setup.factions_of(players)
        setup.parse_options(players, options)

    def default_options(self, player_count: int) -> JSON:
        return setup.default_options(player_count)

    def setup_steps(self, players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
        return setup.setup_steps(players, options)

    def parse_event(self, data: Mapping[str, Any], where: str) -> Event:
        return events.parse_event(data, where)

    def initial_state(self, players: Sequence[Player], options: Mapping[str, Any]) -> PondState:
        return state.initial_state(players, options)

    def refusal(self, st: PondState, event: Event) -> str | None:
        if st.over and not isinstance(event, CardVp):
            return "the game is over (the last VP token was taken); only card_vp can be entered now"
        names: list[str] = []
        if isinstance(event, Damage):
            names = [event.by, event.to]
            if event.by == event.to:
                return f"{event.by} cannot gain VP for damage to their own Long Fwooog"
        elif isinstance(event, Vp | CardVp):
            names = [event.player]
        for name in names:
            if st.seat_of(name) is None:
                return f"no player named {name!r} (players: {', '.join(st.names)})"
        if isinstance(event, Board):
            for pond_id, content in event.ponds:
                if pond_id not in st.layout.ponds:
                    return (
                        f"pond {pond_id!r} is not on the layout {st.layout.name!r} "
                        f"(ponds: {', '.join(st.layout.pond_ids)})"
                    )
                for faction in sorted(content.factions()):
                    if faction not in st.factions:
                        return f"pond {pond_id}: no player plays {faction}"
        return None

    def check(self, st: PondState, event: Event) -> list[Violation]:
        return checker.check(st, event)

    def apply(self, st: PondState, event: Event) -> PondState:
        return state.apply(st, event)

    def is_over(self, st: PondState) -> bool:
        return st.over

    def summary(self, st: PondState) -> str:
        if st.over:
            return "Game over: " + winners(st).sentence
        return (
            f"{st.current_player}'s turn ({st.current_faction}), {PHASE_TITLES[st.phase]}, "
            f"{st.supply} VP left in the supply"
        )

    # What ``pond-companion replay`` prints (companion.commands.replay_cmd asks every game).
    def report(self, live: Any) -> JSON:
        from companion.games.pond.report import replay_report

        return replay_report(live)

    def format_report(self, report: JSON) -> str:
        from companion.games.pond.report import format_report

        return format_report(report)


GAME: Game[PondState] = Pond()
