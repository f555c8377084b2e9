"""A whole Pondscape game played by simple bots: for the docs' example, tests and demo screens.

Each turn follows the rulebook: take a card from the display (the jumping frog moves 1
or 2 spaces for slot 1 or 2), refill the display, place a card face up or face down in a
free cell, sometimes resolve a jumping frog action (tucking under the food cards the frog
spans) or draw cards, then pass. In a solo game Croaker flips its solo cards. The cards
are invented at random (the bots do not hold a real deck). Randomness comes from the
injected ``random.Random``.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.base import JSON, Player
from companion.games.pondscape.events import CroakerFlip, Draw, Jump, Place, Refill, Take, Tuck
from companion.games.pondscape.solo import flip_croaker
from companion.games.pondscape.state import PondscapeState
from companion.games.pondscape.tableau import SPECIES, Card, FrogCard, HabitatCard, WaterCard
from companion.session import LiveSession, SessionInfo
from companion.turns import NextTurn

DEMO_NAMES = ("Ana", "Ben", "Cy", "Dee")
HABITATS = ("reeds", "lotus", "stones", "logs", "moss")


def random_card(rng: random.Random, food_row: tuple[str, ...]) -> Card:
    """A plausible card: a frog or habitat face up, or a card face down (water)."""
    food = tuple(rng.sample(food_row, rng.choice((0, 1, 1, 2))))
    kind = rng.random()
    if kind < 0.6:
        return FrogCard(rng.choice(SPECIES[:-1]), food)
    if kind < 0.8:
        return HabitatCard(rng.choice(HABITATS), food)
    return WaterCard(rng.randint(1, 5), food)


def play_turn(live: LiveSession, rng: random.Random) -> None:
    """One whole turn of the seat to play (Croaker's too)."""
    st: PondscapeState = live.state
    if st.croakers_turn:
        card = flip_croaker(st.croaker_deck, rng)
        live.play(CroakerFlip(card.move, card.take))
        live.play(Refill(card.take))
        live.play(NextTurn())
        return
    me = st.seat_name
    slot = rng.randrange(3)
    live.play(Take(me, slot))
    live.play(Refill(slot))
    st = live.state
    free = st.pond_of(me).empty_cells()
    row, column = rng.choice(free)
    live.play(Place(me, row, column, random_card(rng, st.food_row)))
    if live.game.is_over(live.state):
        return
    effect = rng.random()
    if effect < 0.25:
        live.play(Jump(me, rng.choice((1, 2))))
        spanned = live.state.spanned()
        for food in spanned:
            if live.state.hands[live.state.names.index(me)] > 0 and rng.random() < 0.7:
                live.play(Tuck(me, food))
    elif effect < 0.35:
        live.play(Draw(me, rng.choice((1, 2))))
    live.play(NextTurn())


def demo_session(player_count: int = 3, solo: bool | None = None) -> SessionInfo:
    solo = player_count == 1 if solo is None else solo
    players = tuple(Player(DEMO_NAMES[i]) for i in range(player_count))
    return SessionInfo("pondscape", players, {"solo": solo})


def play_demo_game(info: SessionInfo, rng: random.Random, turns: int | None = None) -> LiveSession:
    """Bots play ``info`` to the end (or for ``turns`` turns)."""
    live = LiveSession(info)
    played = 0
    while not live.over and (turns is None or played < turns):
        play_turn(live, rng)
        played += 1
    return live


def demo_game_json(player_count: int = 3, seed: int = 0, **kw: Any) -> JSON:
    """A whole game as a ``session/1`` document."""
    live = play_demo_game(demo_session(player_count, **kw), random.Random(seed))
    return live.to_json()
