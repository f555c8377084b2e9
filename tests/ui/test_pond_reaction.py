"""A Reaction entered on the tracker's VP and damage dialogs and on the board check.

"Cards with Reaction effects can be played whenever their condition is met, even if it
is not your turn!" The events carry ``"reaction": true`` and the checker does not flag them.
"""

from __future__ import annotations

from typing import Any

from companion.games.pond.events import Board, PondContent
from tests.ui.conftest import find, render, tap


def _tracker(app: Any) -> Any:
    from ui.screens.pond_tracker import start_demo_game

    start_demo_game(app)
    render(app, 1)
    return app.screen


def test_reaction_vp_and_damage_in_the_start_phase_are_not_flagged(app: Any) -> None:
    screen = _tracker(app)
    assert app.live.state.phase == "start"
    tap(screen.ids.vp_button)
    dialog = screen.dialog
    tap(find(dialog, text="Ben"))
    tap(dialog.ids.reaction_button)
    assert dialog.ids.reaction_button.text == "Reaction: yes"
    assert dialog.summary == "Ben takes 1 VP (card ability), by a Reaction"
    tap(dialog.ids.give)
    render(app, 1)
    assert app.live.log[-1].to_json() == {
        "type": "vp",
        "player": "Ben",
        "amount": 1,
        "reason": "card ability",
        "reaction": True,
    }
    tap(screen.ids.damage_button)
    dialog = screen.dialog
    assert dialog.ids.reaction_button.text == "Reaction: no"  # each entry starts unset
    tap(find(dialog, text="by Cy"))
    tap(dialog.ids.reaction_button)
    tap(dialog.ids.give)
    render(app, 1)
    assert app.live.log[-1].to_json()["reaction"] is True
    assert app.live.effective_violations() == []
    # The same VP without the mark is flagged.
    tap(screen.ids.vp_button)
    tap(screen.dialog.ids.give)
    assert [v.rule for v in app.live.effective_violations()] == ["vp-outside-main-phase"]


def test_reaction_board_check_is_not_flagged_as_out_of_turn(app: Any) -> None:
    screen = _tracker(app)
    screen.scan()  # Start Phase: a board check, not the End Phase review
    review = app.screen
    assert review.name == "pond_end_phase" and review.mode == "look"
    review.stop_scan()
    st = app.live.state
    ben_pond = next(pid for pid, c in st.board.ponds if c.fwooogs == ("pumpkin",))
    deployed = PondContent((("pumpkin", 1),), ("pumpkin",))  # a frog of Ben's, in Ana's turn
    review.board = Board(tuple((p, deployed if p == ben_pond else c) for p, c in st.board.ponds))
    review.have_board = True
    unmarked = app.live.check(review.board)  # the same board without the mark is flagged
    assert [v.rule for v in unmarked] == ["not-your-turn"]
    tap(review.ids.hand_button)
    assert review.ids.hand_button.text == "Reaction: yes"
    tap(review.ids.confirm_button)
    render(app, 1)
    event = app.live.log[-1]
    assert event.type == "board" and event.reaction is True
    assert app.live.effective_violations() == []
