"""Build BOG positions and whole games for the tests (and the benchmark)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import Player
from companion.games.bog import (
    GAME,
    BogState,
    Frog,
    Points,
)
from companion.games.bog.cards import sample_cards
from companion.games.bog.demo import play_random_game, random_cards

PLAYERS = (Player("Ana"), Player("Ben"))
ANA, BEN = 0, 1


def cards_doc(overrides: Mapping[str, tuple[list[int], list[int]]]) -> dict[str, Any]:
    """The sample cards with some cards' (route, formation) replaced."""
    doc = sample_cards().to_json()
    for card in doc["cards"]:
        if card["id"] in overrides:
            route, formation = overrides[card["id"]]
            card["route"], card["formation"] = route, formation
    return doc


def position(
    *,
    frogs: Mapping[int, tuple[str, int, int]] | None = None,
    flies: Iterable[int] = (4, 5, 6),
    shores: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    hand_counts: tuple[int, int] | None = None,
    draw_area: tuple[str | None, ...] = ("16", "17", "18"),
    deck: int = 10,
    points: tuple[int, int] = (0, 0),
    to_move: int = ANA,
    cards: Mapping[str, tuple[list[int], list[int]]] | None = None,
) -> BogState:
    """A position: ``frogs`` maps a Bog pad to (card, seat, stop index 0-3)."""
    options: dict[str, Any] = {"cards": cards_doc(cards or {})}
    st = GAME.initial_state(PLAYERS, options)
    grid: list[Frog | None] = [None] * 9
    for pad, (card, seat, stop) in (frogs or {}).items():
        grid[pad - 1] = Frog(card, seat, stop)
    counts = hand_counts if hand_counts is not None else (len(hands[0]), len(hands[1]))
    return replace(
        st,
        frogs=tuple(grid),
        flies=tuple(p in set(flies) for p in range(1, 10)),
        shores=shores,
        hands=hands,
        hand_counts=counts,
        draw_area=draw_area,
        deck=deck,
        points=(Points(captures=points[0]), Points(captures=points[1])),
        flow=replace(st.flow, seat=to_move),
    )


__all__ = ["play_random_game", "position", "random_cards"]
