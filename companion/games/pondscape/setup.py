"""Pondscape as a session game for the touchscreen: setup checklist, turn tracker, ponds.

Events:

- ``{"type": "pond", "player": NAME, "pond": PLAYER}``: a scanned or corrected pond;
  ``PLAYER`` is a player object of the tableau file (``name`` equal to ``NAME``)
  and replaces what was entered for that player before. Ponds are taken at any
  time, also after the game is over: the end of the game is when they are scanned.
- ``{"type": "next_turn"}``: the seat to play has finished their turn. In a solo
  game Croaker is a seat after the player ("Croaker alternates turns with the
  player until both have taken 15 turns").

The game is over when every seat has taken 15 turns, or when every player has
a complete pond entered. ``ranking(state)`` scores the ponds entered so far.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON, Event, Player, SetupStep, Violation
from companion.games.pondscape.scoring import Ranking, rank_sheets, score_player
from companion.games.pondscape.solo import achievement
from companion.games.pondscape.tableau import PlayerPond, Tableau, parse_player, player_to_json
from companion.turns import NextTurn, TurnFlow

ROUNDS = 15
CROAKER = "Croaker"
MAX_PLAYERS = 4  # 20 player food cards, 5 per player


@dataclass(frozen=True)
class PondEvent:
    """A scanned or corrected pond for one player."""

    player: str
    pond: PlayerPond
    type: str = "pond"

    def to_json(self) -> JSON:
        return {"type": self.type, "player": self.player, "pond": player_to_json(self.pond)}


@dataclass(frozen=True)
class PondscapeState:
    """Who plays (``seats`` adds Croaker in a solo game), turns taken, and the ponds entered."""

    names: tuple[str, ...]
    solo: bool
    seats: tuple[str, ...]
    flow: TurnFlow
    turns: tuple[int, ...]  # turns taken, per seat
    ponds: tuple[PlayerPond | None, ...]  # per player (never Croaker)

    @property
    def round(self) -> int:
        """The round being played, 1 to 15 (15 once the last round is done)."""
        return min(min(self.turns) + 1, ROUNDS)

    def tableau(self) -> Tableau:
        """The ponds entered so far, as a tableau."""
        return Tableau(tuple(p for p in self.ponds if p is not None), self.solo)


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
        extra = sorted(set(options) - {"solo"})
        if extra:
            raise BadFileError(f"options: unknown option(s) {', '.join(map(repr, extra))}")
        solo = options.get("solo", False)
        if not isinstance(solo, bool):
            raise BadFileError(f"options: 'solo' must be true or false, found {solo!r}")
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
                    "Shuffle the 6 solo cards and form the deck of your opponent, Croaker. "
                    "You start; Croaker then alternates turns with you until both have taken "
                    "15 turns.",
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
        kind = data.get("type")
        if kind == "next_turn":
            extra = sorted(set(data) - {"type"})
            if extra:
                raise BadFileError(f"{where}: next_turn takes no fields, found {', '.join(extra)}")
            return NextTurn()
        if kind == "pond":
            extra = sorted(set(data) - {"type", "player", "pond"})
            if extra:
                raise BadFileError(f"{where}: unknown field(s) {', '.join(map(repr, extra))}")
            player = data.get("player")
            if not isinstance(player, str) or not player:
                raise BadFileError(f"{where}: field 'player' must be a player's name")
            pond = parse_player(data.get("pond"), f"{where}: pond")
            if pond.name != player:
                raise BadFileError(
                    f"{where}: pond.name {pond.name!r} is not the event's player {player!r}"
                )
            return PondEvent(player, pond)
        raise BadFileError(f"{where}: unknown event type {kind!r} for Pondscape")

    def initial_state(
        self, players: Sequence[Player], options: Mapping[str, Any]
    ) -> PondscapeState:
        names = tuple(p.name for p in players)
        solo = bool(options.get("solo", False))
        seats = (*names, CROAKER) if solo else names
        return PondscapeState(
            names,
            solo,
            seats,
            TurnFlow(("turn",), len(seats)),
            (0,) * len(seats),
            (None,) * len(names),
        )

    def refusal(self, state: PondscapeState, event: Event) -> str | None:
        if isinstance(event, PondEvent) and event.player not in state.names:
            return f"no player named {event.player!r}"
        if isinstance(event, NextTurn) and self.is_over(state):
            return "the game is over: no more turns"
        return None

    def check(self, state: PondscapeState, event: Event) -> list[Violation]:
        if not isinstance(event, PondEvent) or event.player not in state.names:
            return []
        found: list[Violation] = []
        me = state.names.index(event.player)
        pond = event.pond
        placed = len(pond.cards())
        if sum(state.turns):  # the turn tracker is in use
            allowed = state.turns[me] + (1 if state.flow.seat == me else 0)
            if placed > allowed:
                found.append(
                    Violation(
                        "too-many-cards",
                        f"{event.player}'s pond shows {placed} cards but {event.player} has taken "
                        f"only {state.turns[me]} turns (one card is placed each turn)",
                        event.player,
                    )
                )
        ids: dict[Any, str] = {}
        for i, other in enumerate(state.ponds):
            if other is not None and i != me:
                for r, c, card in other.cards():
                    if card.id is not None:
                        ids[card.id] = f"{other.name}'s pond at ({r},{c})"
        for r, c, card in pond.cards():
            if card.id is None:
                continue
            if card.id in ids:
                found.append(
                    Violation(
                        "card-twice",
                        f"card {card.id} is at ({r},{c}) in {event.player}'s pond "
                        f"and in {ids[card.id]}",
                        f"{event.player}: pond[{r}][{c}]",
                    )
                )
            ids[card.id] = f"{event.player}'s pond at ({r},{c})"
        for i, other in enumerate(state.ponds):
            if other is not None and i != me and other.food_row != pond.food_row:
                found.append(
                    Violation(
                        "food-row-order",
                        f"{event.player}'s food cards are in the order "
                        f"{', '.join(pond.food_row)} but "
                        f"{other.name}'s are {', '.join(other.food_row)}: the food cards have a "
                        "strict order",
                        f"{event.player}: food_row",
                    )
                )
                break
        return found

    def apply(self, state: PondscapeState, event: Event) -> PondscapeState:
        if isinstance(event, NextTurn):
            turns = list(state.turns)
            turns[state.flow.seat] += 1
            return replace(state, flow=state.flow.next_phase(), turns=tuple(turns))
        if isinstance(event, PondEvent) and event.player in state.names:
            ponds = list(state.ponds)
            ponds[state.names.index(event.player)] = event.pond
            return replace(state, ponds=tuple(ponds))
        return state

    def is_over(self, state: PondscapeState) -> bool:
        if all(t >= ROUNDS for t in state.turns):
            return True
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


GAME = Pondscape()
