"""The Ponder screen's demo states: seeded demo games played into the app as live sessions.

Used by the screen's ``demo(app)`` / ``demo_states()`` (screenshots and the layout check)
and by the UI tests.
"""

from __future__ import annotations

from typing import Any

from companion.games.ponder import PonderState


def _demo_session(app: Any, teams: int, seed: int, stop: Any) -> None:
    """A seeded demo game played until ``stop(state)`` says so, as the live session."""
    import random

    from companion.games.ponder.demo import play_game
    from companion.games.ponder.state import apply
    from companion.session import SessionInfo

    game = play_game(teams, random.Random(seed))
    info = SessionInfo("ponder", tuple(game.players), {"board": "default"})
    app.start_session(info)
    st = app.live.state
    for event in game.events:
        if stop(st):
            break
        app.play(event)
        st = apply(st, event)


def mid_game(app: Any) -> None:
    """Four teams in mid-game: a frog chosen, its legal destinations lit."""
    _demo_session(
        app, 4, 7, lambda st: st.started and st.flow.turn >= 14 and st.flow.phase == "move"
    )
    screen = app.screen
    frogs = [c for c in screen.options if c.kind in ("frog", "bank")]
    if frogs:
        screen.take(screen.options.index(frogs[-1]))


def first_roll(app: Any) -> None:
    """The first-player roll: two teams tied, rolling again."""
    from companion.games.ponder import Card, Reveal, Roll
    from companion.games.ponder.demo import teams_for
    from companion.session import SessionInfo

    players = teams_for(3)
    app.start_session(SessionInfo("ponder", tuple(players), {"board": "default"}))
    for p, kind in zip(players, ("straight", "diagonal", "any"), strict=True):
        app.play(Reveal(str(p.attrs["colour"]), Card(kind)))
    for p, seated in zip(players, (2, 2, 1), strict=True):
        app.play(Roll(str(p.attrs["colour"]), seated))


def combat(app: Any) -> None:
    """After a Punch: the combat helper asks how the thrown frog landed."""
    from companion.games.ponder import Combat, legal_actions

    def can_fight(st: PonderState) -> bool:
        return st.started and any(isinstance(a, Combat) for a in legal_actions(st))

    _demo_session(app, 2, 1, can_fight)
    screen = app.screen
    fights = [c for c in screen.options if c.key.startswith("fight:")]
    if fights:
        screen.take(screen.options.index(fights[0]))


def won(app: Any) -> None:
    """The end: a team has its third frog across."""
    _demo_session(app, 2, 1, lambda st: False)
