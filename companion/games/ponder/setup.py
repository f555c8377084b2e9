"""Ponder's setup: teams and colours, options, and the rulebook's setup as a checklist."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON, Player, SetupStep
from companion.games.ponder.board import (
    DEFAULT_BOARD,
    LILY_PADS,
    OPPOSITE,
    PonderBoard,
    board_for,
)
from companion.games.ponder.events import CARD_TITLES, CARD_TYPES
from companion.games.ponder.state import FROGS

MIN_TEAMS, MAX_TEAMS = 2, 4
OPTIONS = ("board", "deck")


def default_options(player_count: int) -> JSON:
    return {"board": DEFAULT_BOARD}


def parse_deck(value: Any) -> dict[str, int] | None:
    """The ``deck`` option: how many cards of each type one team's deck holds, or null."""
    if value is None:
        return None
    if not isinstance(value, dict) or not value:
        raise BadFileError(
            "options.deck must be null or an object of card type -> number of cards "
            f"({', '.join(CARD_TYPES)})"
        )
    deck: dict[str, int] = {}
    for kind, n in value.items():
        if kind not in CARD_TYPES:
            raise BadFileError(
                f"options.deck: unknown card type {kind!r} (known: {', '.join(CARD_TYPES)})"
            )
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
            raise BadFileError(f"options.deck.{kind} must be a whole number 0 to 99, found {n!r}")
        deck[kind] = n
    if sum(deck.values()) == 0:
        raise BadFileError("options.deck: a deck needs at least one card")
    return deck


def parse_options(players: Sequence[Player], options: Mapping[str, Any]) -> PonderBoard:
    """Check the teams and options; the board in use. Errors name the player or option."""
    extra = sorted(set(options) - set(OPTIONS))
    if extra:
        raise BadFileError(f"options.{extra[0]}: unknown Ponder option (known: board, deck)")
    if not MIN_TEAMS <= len(players) <= MAX_TEAMS:
        raise BadFileError(f"players: Ponder takes 2 to 4 teams, found {len(players)}")
    board = board_for(options.get("board", DEFAULT_BOARD))
    parse_deck(options.get("deck"))
    colours = team_colours(players, board)
    if len(players) == 2:
        a, b = colours
        if OPPOSITE[board.banks[a].side] == board.banks[b].side:
            raise BadFileError(
                f"players[1].colour: with two players, use colours that sit next to each "
                f"other on the table ({a} and {b} sit opposite)"
            )
    return board


def team_colours(players: Sequence[Player], board: PonderBoard) -> list[str]:
    """Each team's colour: the player's ``colour``, else the next free bank clockwise.

    Unchosen colours are given in the board's order (north, then clockwise in the shipped
    drawing), so two teams get banks that sit next to each other.
    """
    chosen: dict[int, str] = {}
    for i, player in enumerate(players):
        colour = player.attrs.get("colour")
        if colour is None:
            continue
        if not isinstance(colour, str) or colour not in board.banks:  # a list is unhashable
            raise BadFileError(
                f"players[{i}].colour must be a team colour of the board "
                f"({', '.join(board.colours)}), found {colour!r}"
            )
        for j, other in chosen.items():
            if other == colour:
                raise BadFileError(f"players[{i}].colour {colour!r} is also players[{j}]'s")
        chosen[i] = str(colour)
    free = [c for c in clockwise_colours(board) if c not in chosen.values()]
    return [chosen[i] if i in chosen else free.pop(0) for i in range(len(players))]


def clockwise_colours(board: PonderBoard) -> list[str]:
    """The board's team colours clockwise from the north bank."""
    order = ("north", "east", "south", "west")
    return sorted(board.colours, key=lambda c: order.index(board.banks[c].side))


def setup_steps(players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
    """The rulebook's Setup, worded for these teams and this board."""
    board = parse_options(players, options)
    n = len(players)
    colours = team_colours(players, board)
    teams = ", ".join(
        f"{p.name} {c} ({board.banks[c].side} bank)" for p, c in zip(players, colours, strict=True)
    )
    deck = parse_deck(options.get("deck"))
    deck_text = ""
    if deck:
        cards = ", ".join(f"{n} {CARD_TITLES[k]}" for k, n in deck.items() if n)
        deck_text = f" This app counts each deck: {cards}."
    colours_text = f"Teams: {teams}."
    if n == 2:
        colours_text += (
            " With two players, use colours that sit next to each other on the table "
            "(for example Blue and Yellow)."
        )
    return [
        SetupStep(
            "lily-pads",
            f"Place the {LILY_PADS} lily pads on the spaces that have a green dot.",
            {"lily_pads": LILY_PADS},
        ),
        SetupStep("colours", colours_text, {"teams": n}),
        SetupStep(
            "movement-cards",
            "Each team shuffles its movement cards and places them in a stack, face down, "
            "facing them." + deck_text,
            {"decks": n},
        ),
        SetupStep(
            "first-card",
            "Each team turns over its first movement card and places it on the space of its "
            "colour, so all players can see it. Tell the app which card it is.",
        ),
        SetupStep(
            "starting-bank",
            "The bank of the Marsh by your colour's space is your starting zone.",
        ),
        SetupStep(
            "first-player",
            f"Decide who goes first by rolling your {FROGS} frogs like dice: the player who "
            'gets the most frogs "seated" goes first. In case of a tie, roll again until only '
            "one player remains. The app asks for each roll.",
            {"frogs_rolled": FROGS},
        ),
        SetupStep(
            "frogs",
            f"Place your {FROGS} frogs wherever you like on your starting bank.",
            {"frogs": FROGS * n},
        ),
    ]
