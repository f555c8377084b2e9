"""The score pad that follows the setup of Croak."""

from __future__ import annotations

from typing import Any

from companion.games.base import Player
from companion.games.guides import session_info
from companion.session import SessionInfo
from tests.ui.conftest import press, tap


def start(app: Any, game: str, names: tuple[str, ...]) -> Any:
    players = [Player(n) for n in names]
    if game == "croak":  # Croak has its own screen now; a match stored on the pad still opens here
        pad = {"for": "croak", "rounds": True, "negative": True}
        app.start_session(SessionInfo("scorepad", tuple(players), pad))
    else:
        app.start_session(session_info(game, players, {}))
    assert app.screen.name == "scorepad"
    return app.screen


def test_scorepad_croak_round_scores_to_75(app: Any) -> None:
    """ "The first player to accumulate 75 points wins the game." Round scores may be
    negative: "deducting 2 points for every card remaining in their POND pile"."""
    screen = start(app, "croak", ("Ana", "Ben"))
    assert screen.title == "Croak" and screen.turn_text == "Round 1"
    pad = screen.ids.pad
    for key in ("4", "0"):
        tap(pad.keys[key])
    tap(screen.ids.ok)  # Ana +40, then Ben is chosen
    assert [r.score for r in screen.rows] == [40, 0]
    assert screen.selected == 1
    tap(pad.keys["6"])
    tap(pad.keys["-"])
    press(app, "confirm")  # Ben -6: no warning for a Croak round below 0
    assert [r.score for r in screen.rows] == [40, -6]
    assert app.last_violations == [] and app.live.violations == []
    press(app, "next")  # next round
    assert screen.turn_text == "Round 2"
    screen.select(0)
    for key in ("3", "5"):
        tap(pad.keys[key])
    tap(screen.ids.ok)
    assert [r.score for r in screen.rows] == [75, -6]
    assert screen.won and screen.leader_text == "Ana wins with 75 points or more!"
    press(app, "undo")
    assert [r.score for r in screen.rows] == [40, -6] and not screen.won
    press(app, "redo")
    assert [r.score for r in screen.rows] == [75, -6]
    app.writer.flush()
    sid = app.session_id
    events = app.store.load(sid)[1]
    assert events[-2:] == [{"type": "undo"}, {"type": "redo"}]
    press(app, "confirm")  # Ana has won: a long press of next ends the game
    assert app.screen.name == "history"
    app.writer.flush()
    assert next(r for r in app.store.list() if r.id == sid).finished


def test_scorepad_croak_counts_swamp_and_pond_cards(app: Any) -> None:
    """ "awarding one point for every card returned from the SWAMP, and deducting 2 points for
    every card remaining in their POND pile" """
    screen = start(app, "croak", ("Ana", "Ben"))
    tap(screen.ids.plus_one)  # "Cards" for Croak
    assert screen.card_mode and "SWAMP" in screen.prompt
    pad = screen.ids.pad
    for key in ("1", "4"):
        tap(pad.keys[key])
    tap(screen.ids.ok)  # Ana: 14 cards back from the SWAMP
    assert "POND" in screen.prompt
    tap(pad.keys["3"])
    press(app, "confirm")  # 3 cards left in the POND: 14 - 6 = 8
    assert [r.score for r in screen.rows] == [8, 0]
    assert screen.selected == 1 and "SWAMP" in screen.prompt
    tap(pad.keys["2"])
    tap(screen.ids.ok)
    tap(pad.keys["5"])
    tap(screen.ids.ok)  # Ben: 2 - 10 = -8
    assert [r.score for r in screen.rows] == [8, -8]
