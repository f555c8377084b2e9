"""Seeded random play: whole games of 2 to 4 teams through legal moves only.

Every game must end with exactly one winner within the turn cap, or be reported as stuck
with its position. At every step the checker must accept each action the generator offers,
and must flag every other action of the same kinds that the table could type (sampled).

``make test`` plays 40 games; ``make ponder-random`` plays the 1,000 of the acceptance
(``PONDER_GAMES`` sets the number).
"""

from __future__ import annotations

import os
import random
from typing import Any

from companion.games.ponder import (
    ALL_CARDS,
    LANDINGS,
    Combat,
    Move,
    Paddle,
    Pass,
    Reveal,
    Stay,
    Throw,
)
from companion.games.ponder.checker import check
from companion.games.ponder.demo import play_game
from companion.games.ponder.game import refusal
from companion.games.ponder.report import position_text
from companion.games.ponder.state import PonderState

GAMES = int(os.environ.get("PONDER_GAMES", "40"))
SAMPLES = 6  # typed actions tried per step besides the offered ones


def _typed(st: PonderState, rng: random.Random) -> Any:
    """An action a table might type now: any kind, any spaces near the current frogs."""
    cells = st.board.cells
    frogs: list[Any] = list(st.team.frogs) + ([None] if st.team.on_bank else [])
    kind = rng.randrange(7)
    if kind == 0:
        return Throw(rng.choice(sorted(st.pads)), rng.choice(cells))
    if kind == 1 and st.team.frogs:
        return Paddle(rng.choice(st.team.frogs), rng.choice(cells))
    if kind == 2:
        return rng.choice((Pass(), Stay()))
    if kind == 3 and st.moved_to is not None:
        defender = rng.choice(cells)
        push = rng.choice([None, *cells])
        return Combat(st.moved_to, defender, rng.choice(LANDINGS), push)
    if kind == 4:
        return Reveal(st.team.colour, rng.choice(ALL_CARDS))
    source = rng.choice(frogs) if frogs else None
    return Move(source, rng.choice(cells), rng.random() < 0.2)


def test_ponder_random_play_legal_moves_only_and_checker_agrees() -> None:
    rng = random.Random(2026)
    stats = {"offered": 0, "typed_rejected": 0, "typed_legal": 0}
    stuck: list[str] = []
    for game_no in range(GAMES):
        seed = rng.randrange(1 << 30)
        teams = 2 + game_no % 3
        typer = random.Random(seed + 1)

        def on_step(
            st: PonderState, actions: list[Any], event: Any, typer: random.Random = typer
        ) -> None:
            if not st.started:
                return
            assert event in actions
            # Every offered action is accepted (all of them: cheap enough for moves; throws
            # are many, so a sample of them).
            sample = actions if len(actions) <= 12 else typer.sample(actions, 12)
            for action in sample:
                assert refusal(st, action) is None, action
                assert check(st, action) == [], (action, check(st, action))
                stats["offered"] += 1
            offered = set(actions)
            for _ in range(SAMPLES):
                typed = _typed(st, typer)
                if refusal(st, typed) is not None:
                    continue
                flagged = check(st, typed)
                if typed in offered:
                    assert flagged == [], typed
                    stats["typed_legal"] += 1
                else:
                    assert flagged, (typed, position_text(st))
                    stats["typed_rejected"] += 1

        game = play_game(teams, random.Random(seed), on_step=on_step)
        if game.stuck:
            stuck.append(f"game {game_no} (seed {seed}):\n{position_text(game.state)}")
            continue
        winners = [t for t in game.state.teams if len(t.arrived) == 3]
        assert len(winners) == 1 and game.state.winner is not None
        assert game.state.teams[game.state.winner] is winners[0]
    print(f"{GAMES} games, {len(stuck)} stuck; {stats}")
    assert not stuck, "stuck games:\n" + "\n\n".join(stuck)
    assert stats["typed_rejected"] > GAMES
