"""The ``Game`` object for Ponder (``GAME``): setup, refusals, the checker and the fold."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import JSON, Event, Game, Player, SetupStep, Violation
from companion.games.ponder import checker, events, setup, state
from companion.games.ponder.board import Cell, cell_name
from companion.games.ponder.events import Combat, Move, Paddle, Reveal, Roll, Throw
from companion.games.ponder.state import FROGS, PHASE_TITLES, PonderState


def _grid(st: PonderState, cell: Cell | None, field: str) -> str | None:
    if cell is not None and not st.board.on_grid(cell):
        last = cell_name((st.board.columns - 1, st.board.rows - 1))
        return f"{field} {cell_name(cell)} is not on the board (A1 to {last})"
    return None


def _setup_refusal(st: PonderState, event: Event) -> str | None:
    if isinstance(event, Reveal):
        seat = st.seat_of(event.team)
        if seat is not None and st.teams[seat].card is not None:
            return f"{event.team}'s first card is already face up"
        return None
    if isinstance(event, Roll):
        seat = st.seat_of(event.team)
        if st.first is not None:
            return f"{st.teams[st.first].colour} already goes first"
        if seat not in st.rolling:
            rolling = ", ".join(st.teams[s].colour for s in st.rolling)
            return f"{event.team} does not roll again: only {rolling} roll again"
        if any(s == seat for s, _ in st.rolls):
            return f"{event.team} already rolled in this round"
        return None
    return "the game has not started: each team turns over its first card and rolls for first"


def refusal(st: PonderState, event: Event) -> str | None:
    """Why ``event`` makes no sense on this table now, or None."""
    if st.over:
        winner = st.teams[st.winner or 0].colour
        return f"the game is over: {winner} has {FROGS} frogs across; only undo now"
    team_name = getattr(event, "team", None)
    if team_name is not None and st.seat_of(team_name) is None:
        return f"no team plays {team_name} (teams: {', '.join(st.colours)})"
    if not st.started:
        return _setup_refusal(st, event)
    if isinstance(event, Roll):
        return "the first player is already decided"
    team = st.team
    if isinstance(event, Reveal):
        if event.team != team.colour:
            return f"it is {team.colour}'s turn, not {event.team}'s"
        return None
    if isinstance(event, Throw | Paddle):
        bad = _grid(st, event.source, "from") or _grid(st, event.target, "to")
        if bad:
            return bad
        src, dst = cell_name(event.source), cell_name(event.target)
        if isinstance(event, Throw) and event.source not in st.pads:
            return f"there is no lily pad on {src}"
        if isinstance(event, Paddle) and st.frog_at(event.source) != st.seat:
            return f"no {team.colour} frog is on {src}"
        if event.target in st.pads:
            return f"there is already a lily pad on {dst}"
        if st.frog_at(event.target) is not None:
            return f"a frog is on {dst}"
        return None
    if isinstance(event, Move):
        bad = _grid(st, event.source, "from") or _grid(st, event.target, "to")
        if bad:
            return bad
        if event.source is None and not team.on_bank:
            return f"no {team.colour} frog is on the bank"
        if event.source is not None and st.frog_at(event.source) != st.seat:
            return f"no {team.colour} frog is on {cell_name(event.source)}"
        if event.target != event.source and st.frog_at(event.target) is not None:
            return (
                f"a frog is already on {cell_name(event.target)} (after a Punch, fight it "
                "with combat)"
            )
        return None
    if isinstance(event, Combat):
        bad = (
            _grid(st, event.attacker, "attacker")
            or _grid(st, event.defender, "defender")
            or _grid(st, event.push, "push")
        )
        if bad:
            return bad
        if st.frog_at(event.attacker) != st.seat:
            return f"no {team.colour} frog is on {cell_name(event.attacker)}"
        if st.frog_at(event.defender) is None:
            return f"no frog is on {cell_name(event.defender)} to fight"
        if (
            event.push is not None
            and event.push != event.attacker
            and st.frog_at(event.push) is not None
        ):
            return f"a frog is on {cell_name(event.push)}"
        return None
    return None


def summary(st: PonderState) -> str:
    if st.over:
        team = st.teams[st.winner or 0]
        return f"Game over: {team.player} ({team.colour}) wins with {FROGS} frogs across"
    if not st.started:
        return "Setup: first cards and the roll for the first player"
    team = st.team
    arrived = ", ".join(f"{t.colour} {len(t.arrived)}" for t in st.teams)
    return (
        f"{team.player}'s turn ({team.colour}), {PHASE_TITLES[st.flow.phase]}; "
        f"frogs across: {arrived}"
    )


class Ponder:
    name = "ponder"
    title = "Ponder"
    min_players = setup.MIN_TEAMS
    max_players = setup.MAX_TEAMS

    def validate_setup(self, players: Sequence[Player], options: Mapping[str, Any]) -> None:
        setup.parse_options(players, options)

    def default_options(self, player_count: int) -> JSON:
        return setup.default_options(player_count)

    def setup_steps(self, players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
        return setup.setup_steps(players, options)

    def parse_event(self, data: Mapping[str, Any], where: str) -> Event:
        return events.parse_event(data, where)

    def initial_state(self, players: Sequence[Player], options: Mapping[str, Any]) -> PonderState:
        board = setup.parse_options(players, options)
        colours = setup.team_colours(players, board)
        return state.initial_state(board, players, colours, setup.parse_deck(options.get("deck")))

    def refusal(self, st: PonderState, event: Event) -> str | None:
        return refusal(st, event)

    def check(self, st: PonderState, event: Event) -> list[Violation]:
        return checker.check(st, event)

    def apply(self, st: PonderState, event: Event) -> PonderState:
        return state.apply(st, event)

    def is_over(self, st: PonderState) -> bool:
        return st.over

    def summary(self, st: PonderState) -> str:
        return summary(st)

    # What ``pond-companion replay`` prints (companion.commands.replay_cmd asks every game).
    def report(self, live: Any) -> JSON:
        from companion.games.ponder.report import replay_report

        return replay_report(live)

    def format_report(self, report: JSON) -> str:
        from companion.games.ponder.report import format_report

        return format_report(report)


GAME: Game[PonderState] = Ponder()
