"""Croak (the SWAMP/POND/LILYPAD card game): hands scored to 75, the face-off, the pile referee.

Game object
    ``GAME``: follows ``companion.games.base.Game``; the registry finds it as "croak".

Events (frozen dataclasses; ``to_json()`` and ``parse_event(data, where)`` round-trip exactly)
    ``Start()``; ``Croak(player)``; ``Score(counts)`` with ``counts`` a tuple of
    ``Count(player, returned, pond_left)`` (``.points`` = returned - 2 x pond_left);
    ``Correct(hand, counts, caller=None)``. ``undo``/``redo`` belong to ``companion.session``.

State (``CroakState``, frozen)
    ``names``, ``decks`` (KERMIT, PRINCESS, HYPNO, JEREMY), ``deck_size``, ``target`` (75),
    ``hands`` (``Hand``: number, players, callers, counts, scored), ``open_hand``, ``phase``
    ("between", "playing", "counting", "over"), ``over``, and ``now`` (``Standing``: totals,
    next_players, face_off, face_offs, winner, how, results per hand, notes).

Deck and pile referee (``companion.games.croak.deck``)
    ``read_deck_file(path | "sample")`` -> ``Deck`` (``cards``, ``size``, ``card(id)``,
    ``cards_named(ids)``), ``load_deck(data, where)``, ``check_swamp``, ``check_lilypad``,
    ``check_pile(kind, cards)`` -> ``PileVerdict`` (legal, reason, position, card).

Demo (``companion.games.croak.demo``): seeded random matches for tests, demos, the benchmark.

Options: ``deck`` ("sample" or a ``croak-deck/1`` file), ``target`` (default 75).
Formats: docs/formats/croak-log.md and docs/formats/croak-deck.md.
"""

from __future__ import annotations

from companion.games.croak.deck import (
    Card,
    Deck,
    PileVerdict,
    check_lilypad,
    check_pile,
    check_swamp,
    load_deck,
    read_deck_file,
)
from companion.games.croak.events import Correct, Count, Croak, Score, Start, parse_event
from companion.games.croak.game import DECKS, GAME, CroakGame, decks_of, lilypad_piles
from companion.games.croak.match import TARGET, CroakState, Hand, Standing, leaders, standing

__all__ = [
    "DECKS",
    "GAME",
    "TARGET",
    "Card",
    "Correct",
    "Count",
    "Croak",
    "CroakGame",
    "CroakState",
    "Deck",
    "Hand",
    "PileVerdict",
    "Score",
    "Standing",
    "Start",
    "check_lilypad",
    "check_pile",
    "check_swamp",
    "decks_of",
    "leaders",
    "lilypad_piles",
    "load_deck",
    "parse_event",
    "read_deck_file",
    "standing",
]
