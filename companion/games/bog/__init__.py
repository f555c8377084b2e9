"""BOG: the rules engine (setup, the four Actions, landings, both endings, legal actions).

Game object
    ``GAME``: follows ``companion.games.base.Game``; the registry finds it as "bog".
    ``GAME.legal_actions(state)`` lists the actions of the player to move.

Cards (``bog-cards/1``, docs/formats/bog-cards.md)
    ``FrogCard`` (``route``, ``formation``, pads as its owner sees them), ``CardSet``,
    ``read_cards_file``, ``load_cards_json``, ``sample_cards()``, ``SAMPLE_CARDS`` (this
    product's made-up sample), ``bog_pad(pad, seat)`` (a card pad on the Bog).

Events (frozen dataclasses; ``to_json()`` and ``parse_event(data, where)`` round-trip exactly)
    ``Play``, ``Advance`` (with ``fly_to``, ``draw``, ``refill`` for a Fly),
    ``Complete``, ``Score``, ``CannotAct``. Log format: docs/formats/bog-log.md.

State (``BogState``, frozen)
    ``frogs`` and ``flies`` per Bog pad, ``shores``, ``hands`` (known cards) and
    ``hand_counts``, ``draw_area``, ``deck``, ``points`` (``Points`` by kind:
    captures, routes, formations, flies), ``scored``, ``result`` (``Result``: outcome
    "A" or "B", who could not act, the winner and the sentence).

Rules
    ``legal_actions(state)``, ``check(state, event)`` (violations, never raises),
    ``refusal(state, event)``, ``RULES`` (rule id -> the rulebook's words).

Options
    ``cards`` ("sample", a bog-cards/1 path, or the document inline), ``start`` (the
    Start Player's name; ``pick_start_player(players, rng)`` picks one), ``hands``
    ({name: [cards known in hand]}), ``draw_area`` (3 cards, null for not entered).
"""

from __future__ import annotations

from companion.games.bog.cards import (
    SAMPLE_CARDS,
    CardSet,
    FrogCard,
    bog_pad,
    load_cards_json,
    read_cards_file,
    sample_cards,
)
from companion.games.bog.events import (
    Advance,
    BogEvent,
    CannotAct,
    Complete,
    Play,
    Score,
    parse_event,
)
from companion.games.bog.game import GAME, Bog
from companion.games.bog.rules import RULES, check, legal_actions, refusal
from companion.games.bog.setup import parse_options, pick_start_player, setup_steps
from companion.games.bog.state import BogState, Frog, Points, Result

__all__ = [
    "GAME",
    "RULES",
    "SAMPLE_CARDS",
    "Advance",
    "Bog",
    "BogEvent",
    "BogState",
    "CannotAct",
    "CardSet",
    "Complete",
    "Frog",
    "FrogCard",
    "Play",
    "Points",
    "Result",
    "Score",
    "bog_pad",
    "check",
    "legal_actions",
    "load_cards_json",
    "parse_event",
    "parse_options",
    "pick_start_player",
    "read_cards_file",
    "refusal",
    "sample_cards",
    "setup_steps",
]
