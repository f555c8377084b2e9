"""The Ponder screen's choices (ui.ponder_choices, no Kivy): every event offered is legal,
every legal action can be reached, and random touching plays whole games to a win."""

from __future__ import annotations

import random
from typing import Any

from companion.games.ponder import Reveal, default_board, legal_actions
from companion.games.ponder.demo import play_game, teams_for
from companion.games.ponder.state import PonderState, apply, initial_state
from ui.ponder_choices import Choice, choices, prompt


def reachable(st: PonderState, sel: tuple[Any, ...] = (), depth: int = 0) -> set[Any]:
    """Every event the choices lead to from ``sel``, following selections."""
    found: set[Any] = set()
    for choice in choices(st, sel):
        if choice.event is not None:
            found.add(choice.event)
        elif depth < 4:
            found |= reachable(st, choice.select or (), depth + 1)
    return found


def test_ponder_choices_reach_exactly_the_legal_actions() -> None:
    """Touch can play every legal action and nothing else (reveals: the current team's)."""
    checked = 0

    def on_step(st: PonderState, actions: list[Any], event: Any) -> None:
        nonlocal checked
        if not st.started or checked > 400:
            return
        legal = set(legal_actions(st))
        if st.flow.phase != "reveal":  # turning the card over comes after Stay there
            legal = {a for a in legal if not isinstance(a, Reveal)}
        assert reachable(st) == legal
        checked += 1

    for seed in range(3):
        play_game(2 + seed, random.Random(seed), on_step=on_step)
    assert checked > 100


def test_ponder_random_touches_play_whole_games_to_a_win() -> None:
    rng = random.Random(11)
    for game_no in range(6):
        players = teams_for(2 + game_no % 3, None, rng)
        colours = [str(p.attrs["colour"]) for p in players]
        st = initial_state(default_board(), players, colours, None)
        sel: tuple[Any, ...] = ()
        for _ in range(20000):
            if st.over:
                break
            options: list[Choice] = choices(st, sel)
            assert options and prompt(st, sel)
            choice = rng.choice(options)
            if choice.event is not None:
                assert choice.event in legal_actions(st)
                st, sel = apply(st, choice.event), ()
            else:
                sel = choice.select or ()
        assert st.over and "wins" in prompt(st, ())
        assert sum(len(t.arrived) == 3 for t in st.teams) == 1
