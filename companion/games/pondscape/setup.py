"""Pondscape as a session game for the touchscreen: setup checklist, play, ponds, score.

The events (``companion.games.pondscape.events``) follow a turn: ``take`` from the
display, ``refill``, ``place`` a card, the card's ``jump``/``tuck``/``draw``, and
``next_turn``; Croaker's turn in a solo game is ``croaker`` (the solo card flipped),
``refill``, ``next_turn``. ``pond`` (a scanned or corrected pond) is taken at any time,
also after the game is over: the end of the game is when the ponds are scanned.

The game is over when every seat has taken 15 turns, or when every player has a
complete pond (in a solo game whose turns are followed: when Croaker has taken its 15th
turn too). ``ranking(state)`` scores the ponds so far (built from the log).

Options: ``solo`` (1 player against Croaker), ``food_row`` (the 5 food names in their
strict order; default the sample catalog's), ``solo_cards`` (Croaker's 6 cards; default
the sample set), ``coach`` (show the coach; default false).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON, Event, Player, SetupStep, Violation
from companion.games.pondscape import checks, events
from companion.games.pondscape.events import CroakerFlip, PondEvent
from companion.games.pondscape.scoring import Ranking, rank_sheets, score_player
from companion.games.pondscape.solo import SAMPLE_SOLO_CARDS, achievement, parse_solo_cards
from companion.games.pondscape.state import (
    CROAKER,
    DEFAULT_FOOD_ROW,
    ROUNDS,
    STARTING_HAND,
    PondscapeState,
    apply,
)
from companion.turns import NextTurn, TurnFlow

MAX_PLAYERS = 4  # 20 player food cards, 5 per player
OPTIONS = ("solo", "food_row", "solo_cards", "coach")

__all__ = [
    "CROAKER",
    "GAME",
    "ROUNDS",
    "NextTurn",
    "PondEvent",
    "PondscapeState",
    "choose_first_player",
    "ranking",
]


def ranking(state: PondscapeState) -> Ranking:
    """The ranking of the ponds entered so far (players without a pond are left out)."""
    return rank_sheets([score_player(p) for p in state.ponds if p is not None])


def choose_first_player(players: Sequence[Player], rng: random.Random) -> Player:
    """ "Randomly determine the starting player", with the caller's seeded ``rng``."""
    return players[rng.randrange(len(players))]


class Pondscape:
    name = "pondscape"
    title = "Pondscape"
    min_players = 1
    max_players = MAX_PLAYERS

    def validate_setup(self, players: Sequence[Player], options: Mapping[str, Any]) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise BadFileError(
                f"players: Pondscape takes 1 to {MAX_PLAYERS} players (20 food cards, "
                f"5 per player), found {len(players)}"
            )
        extra = sorted(set(options) - set(OPTIONS))
        if extra:
            raise BadFileError(f"options: unknown option(s) {', '.join(map(repr, extra))}")
        solo = options.get("solo", False)
        if not isinstance(solo, bool):
            raise BadFileError(f"options: 'solo' must be true or false, found {solo!r}")
        coach = options.get("coach", False)
        if not isinstance(coach, bool):
            raise BadFileError(f"options: 'coach' must be true or false, found {coach!r}")
        _food_row(options)
        if "solo_cards" in options:
            parse_solo_cards(options["solo_cards"], "options: 'solo_cards'")
        if solo and len(players) != 1:
            raise BadFileError(f"options: 'solo' needs exactly 1 player, found {len(players)}")
        if any(p.name == CROAKER for p in players) and solo:
            raise BadFileError(f"players: {CROAKER!r} is the solo opponent's name")

    def default_options(self, player_count: int) -> JSON:
        return {"solo": player_count == 1}

    def setup_steps(self, players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
        n = len(players)
        solo = bool(options.get("solo", False))
        steps = [
            SetupStep(
                "food-row",
                "In the center of the play area, arrange the 5 jumping frog food cards in a "
                "food row, according to the symbol on the bottom of each card.",
                {"food_cards": 5},
            ),
            SetupStep("jumping-frog", "Place the jumping frog card above the start of the row."),
            SetupStep(
                "pond-deck",
                "Thoroughly shuffle the pond deck and place it within reach of all players.",
                {"pond_cards": 120},
            ),
            SetupStep(
                "display",
                "Draw three cards from the pond deck and place them face up next to it: "
                "the card display.",
                {"display": 3},
            ),
            SetupStep(
                "movement-cards",
                "Place the movement cards (0, 1 and 2) above the three cards in the display.",
            ),
            SetupStep("scoring-card", "Place the scoring card next to the display."),
            SetupStep(
                "food-cards",
                ("Place your" if n == 1 else f"Each of the {n} players places")
                + " five food cards in front of "
                + ("you" if n == 1 else "them")
                + ", in their strict order (see the symbols in the lower part of the cards). "
                "Leave room above them for a pond of 3 rows of 5 cards.",
                {"food_cards": 5 * n},
            ),
            SetupStep(
                "hands",
                ("Draw" if n == 1 else "Each player draws")
                + " 3 cards from the pond deck into "
                + ("your" if n == 1 else "their")
                + " hand.",
                {"cards": 3 * n},
            ),
        ]
        if solo:
            steps.append(
                SetupStep(
                    "croaker",
                    "Shuffle the 6 solo cards and form the deck of your opponent, Croaker "
                    "(the play screen shuffles and flips them for you). You start; Croaker "
                    "then alternates turns with you until both have taken 15 turns.",
                    {"solo_cards": 6},
                )
            )
        elif n == 1:
            steps.append(SetupStep("first-player", f"{players[0].name} plays alone, 15 rounds."))
        else:
            steps.append(
                SetupStep(
                    "first-player",
                    "Randomly determine the starting player, then play clockwise for 15 "
                    "rounds. Enter the players in turn order, starting player first, so the "
                    "turn tracker follows the table.",
                    {"rounds": ROUNDS},
                )
            )
        return steps

    def parse_event(self, data: Mapping[str, Any], where: str) -> Event:
        return events.parse_event(data, where)

    def initial_state(
        self, players: Sequence[Player], options: Mapping[str, Any]
    ) -> PondscapeState:
        names = tuple(p.name for p in players)
        solo = bool(options.get("solo", False))
        seats = (*names, CROAKER) if solo else names
        cards = (
            parse_solo_cards(options["solo_cards"], "options: 'solo_cards'")
            if "solo_cards" in options
            else SAMPLE_SOLO_CARDS
        )
        return PondscapeState(
            names,
            solo,
            seats,
            TurnFlow(("turn",), len(seats)),
            (0,) * len(seats),
            (None,) * len(names),
            food_row=_food_row(options),
            hands=(STARTING_HAND,) * len(names),
            solo_cards=cards,
            croaker_deck=cards,
            coach=bool(options.get("coach", False)),
        )

    def refusal(self, state: PondscapeState, event: Event) -> str | None:
        if isinstance(event, PondEvent):
            return None if event.player in state.names else f"no player named {event.player!r}"
        if self.is_over(state):
            return "the game is over: no more turns (scan or correct the ponds for the score)"
        player = getattr(event, "player", None)
        if player is not None and player not in state.names:
            return f"no player named {player!r} (players: {', '.join(state.names)})"
        if isinstance(event, CroakerFlip) and not state.solo:
            return "Croaker only plays in a solo game"
        return None

    def check(self, state: PondscapeState, event: Event) -> list[Violation]:
        return checks.check(state, event)

    def apply(self, state: PondscapeState, event: Event) -> PondscapeState:
        return apply(state, event)

    def is_over(self, state: PondscapeState) -> bool:
        if all(t >= ROUNDS for t in state.turns):
            return True
        if state.solo and any(t > 0 for t in state.turns):
            # "Croaker alternates turns with the player until both have taken 15 turns."
            return False
        return all(p is not None and p.is_complete() for p in state.ponds)

    def summary(self, state: PondscapeState) -> str:
        if self.is_over(state):
            result = ranking(state)
            scores = ", ".join(f"{s.name} {s.total}" for s in result.sheets)
            if state.solo and result.sheets:
                return f"game over: {scores} ({achievement(result.sheets[0].total)})"
            if not scores:
                return "game over: no ponds entered yet"
            missing = [n for n, p in zip(state.names, state.ponds, strict=True) if p is None]
            waiting = f"; waiting for {', '.join(missing)}" if missing else ""
            return f"game over: {scores}{waiting}"
        seat = state.seats[state.flow.seat]
        whose = "Croaker's turn" if state.solo and seat == CROAKER else f"{seat}'s turn"
        return f"round {state.round} of {ROUNDS}, {whose}"

    # What ``pond-companion replay`` prints (companion.commands.replay_cmd asks every game).
    def report(self, live: Any) -> JSON:
        from companion.games.pondscape.report import replay_report

        return replay_report(live)

    def format_report(self, report: JSON) -> str:
        from companion.games.pondscape.report import format_report

        return format_report(report)


def _food_row(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The ``food_row`` option: 5 different lowercase food names (default the sample's)."""
    row = options.get("food_row", list(DEFAULT_FOOD_ROW))
    if (
        not isinstance(row, list)
        or len(row) != len(DEFAULT_FOOD_ROW)
        or not all(isinstance(f, str) and f and f == f.lower() for f in row)
        or len(set(row)) != len(row)
    ):
        raise BadFileError(
            f"options: 'food_row' must list 5 different lowercase food names, found {row!r}"
        )
    return tuple(row)


GAME = Pondscape()
