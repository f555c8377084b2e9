"""The Pond live tracker driven by touches and buttons through a whole game.

Set up a 3-player game on the setup screen, take VP for damage, play End
Phases (a board corrected by hand, control typed in) until the VP supply runs
out, see the game-over alert and the buzzer, enter card VP and see the winner.
"""

from __future__ import annotations

from typing import Any

from kivy.core.window import Window

from companion.games.pond.events import Damage, NextPhase, Vp
from tests.ui.conftest import find, press, render, tap, tap_pond


def start_pond_game(app: Any) -> Any:
    """Through the setup screen: 3 players, names typed, checklist ticked by `next`."""
    screen = app.go("setup", game="pond")
    render(app, 2)
    for row, name in zip(screen.rows, ("Ana", "Ben", "Cy"), strict=True):
        row.ids.name.text = name
    tap(screen.ids.to_checklist)
    for _ in screen.ids.checklist.rows:
        press(app, "next")
    press(app, "next")  # every step ticked: starts the game
    render(app, 2)
    assert app.screen.name == "pond_tracker"
    return app.screen


def test_pond_tracker_shows_supply_turn_and_prompt(app: Any) -> None:
    """ "For 3 players, use 112 VP." "2nd player gets 1 VP, 3rd gets 2 VP" """
    screen = start_pond_game(app)
    assert screen.ids.supply_number.text == "112"
    assert screen.ids.supply_bar.fraction == 1.0
    assert screen.ids.turn.text == "Turn 1: Ana's turn (wizard)"
    assert screen.ids.phase.text == "Start Phase"
    # Ana's Long Fwooog is in her starting pond: deploy 1 frog there.
    assert screen.ids.prompt.text.startswith("Deploy 1 frog: you have a Long Fwooog in 1 pond")
    tiles = screen.tiles
    assert [(t.name, t.tokens, t.current) for t in tiles.values()] == [
        ("Ana", 0, True),
        ("Ben", 1, False),
        ("Cy", 2, False),
    ]
    assert find(tiles["Ben"], text="1 VP")


def quick_game(app: Any) -> Any:
    """The same 3-player game, started without the setup screen."""
    from ui.screens.pond_tracker import start_demo_game

    start_demo_game(app)
    render(app, 1)
    return app.screen


def test_pond_damage_dialog_takes_vp_from_the_supply(app: Any) -> None:
    """ "you gain 1 VP token for every damage you deal to an opponent's Long Fwooog" """
    screen = quick_game(app)
    press(app, "next")
    assert screen.ids.phase.text == "Main Phase"
    tap(screen.ids.damage_button)
    dialog = screen.dialog
    assert dialog is not None and dialog.parent is not None
    tap(find(dialog, text="Cy's\nLong Fwooog"))
    tap(dialog.ids.plus)
    tap(dialog.ids.plus)
    assert dialog.summary == "Ana dealt 3 damage to Cy's Long Fwooog: Ana takes 3 VP"
    tap(dialog.ids.give)
    render(app, 2)
    assert dialog.parent is None
    assert screen.ids.supply_number.text == "109"
    assert screen.tiles["Ana"].tokens == 3
    assert app.live.state.tokens == (3, 1, 2)
    # Undo by the button takes the VP back to the supply.
    press(app, "undo")
    assert screen.ids.supply_number.text == "112"
    press(app, "redo")
    assert screen.ids.supply_number.text == "109"


def test_pond_other_vp_dialog_by_buttons(app: Any) -> None:
    """Any other VP a card grants comes from the supply; `next` confirms the dialog."""
    screen = quick_game(app)
    press(app, "next")
    tap(screen.ids.vp_button)
    dialog = screen.dialog
    tap(find(dialog, text="Ben"))
    tap(dialog.ids.plus)
    press(app, "next")
    assert app.live.state.tokens == (0, 3, 2)
    assert screen.ids.supply_number.text == "110"
    assert app.live.log[-1].to_json() == {
        "type": "vp",
        "player": "Ben",
        "amount": 2,
        "reason": "card ability",
    }


def test_pond_end_phase_board_corrected_then_confirmed(app: Any) -> None:
    """ "Gain 1 VP for each Pond you control." and "for each Lilypad you control." """
    screen = quick_game(app)
    press(app, "next")
    press(app, "next")  # Main -> End Phase: the review opens
    review = app.screen
    assert review.name == "pond_end_phase"
    assert review.mode == "end"
    st = app.live.state
    review.by_hand = False  # the review may have fallen back to typing in: use the board
    review.refresh()
    render(app, 2)
    fountain = st.layout.fountain
    assert f"Pond {fountain}" not in str(review.ids.control.children)
    tap_pond(review, fountain)  # the map: tap a pond to correct it
    editor = review.editor
    assert editor.heading == f"Pond {fountain} (the Fountain): empty; lilypad: free"
    assert review.board_map.selected == fountain
    # Two wizard frogs in the Fountain, one of them on its lilypad.
    plus = [w for w in editor.ids.rows.walk() if getattr(w, "text", "") == "+"]
    tap(plus[0])
    tap(plus[0])
    tap(find(editor, text="Pad: Wizard"))
    tap(editor.ids.done)
    assert review.award_text == "Ana controls 2 ponds and 1 lilypad: +3 VP"
    # The picture (here the drawing of the map) opens full screen and closes with a tap.
    from ui.screens.pond_end_phase import PictureView

    tap(review.ids.picture)
    big = [w for w in Window.children if isinstance(w, PictureView)]
    assert len(big) == 1 and big[0].ids.big.texture is not None
    tap(big[0].ids.close)
    assert not [w for w in Window.children if isinstance(w, PictureView)]
    assert review.ids.confirm_button.text == "Confirm +3 VP"
    press(app, "next")  # a short press does not confirm
    assert app.screen.name == "pond_end_phase"
    press(app, "confirm")  # the long press does
    render(app, 2)
    assert app.screen.name == "pond_tracker"
    assert [e.type for e in app.live.log[-2:]] == ["board", "next_phase"]
    assert app.live.state.tokens == (3, 1, 2)
    assert screen.ids.supply_number.text == "109"
    assert screen.ids.turn.text == "Turn 2: Ben's turn (pumpkin)"
    assert screen.ids.phase.text == "Start Phase"


def test_pond_whole_game_until_the_supply_runs_out(app: Any, monkeypatch: Any) -> None:
    """ "POND ends IMMEDIATELY when the last VP token is taken." Then the final count:
    "adding your VP tokens and the VP printed on all of your Frog cards"; "In case of a
    tie, the player last in turn order wins." """
    screen = quick_game(app)
    alerts: list[str] = []
    monkeypatch.setattr(app, "buzz", alerts.append)
    # A long Main Phase: most of the supply goes to card VP, through the dialog.
    press(app, "next")
    tap(screen.ids.vp_button)
    screen.dialog.amount = 106
    tap(screen.dialog.ids.give)
    assert screen.ids.supply_number.text == "6"
    turns = 0
    while app.live is not None and not app.live.over:
        assert app.screen.name == "pond_tracker"
        while app.live.state.phase != "end":
            press(app, "next")
        review = app.screen
        assert review.name == "pond_end_phase"
        if not review.by_hand:
            tap(review.ids.hand_button)
        assert review.by_hand
        tap(review.ids.ponds_plus)
        tap(review.ids.lilypads_plus)
        tap(review.ids.confirm_button)
        render(app, 2)
        turns += 1
        assert turns < 20
    # The alert takes the whole screen the instant the last token is taken.
    assert app.screen.name == "pond_game_over"
    assert find(app.screen, text="GAME OVER")
    assert alerts.count("supply_empty") == 1
    st = app.live.state
    assert st.supply == 0
    assert sum(st.tokens) - st.extra_tokens == 112
    press(app, "next")
    final = app.screen
    assert final.name == "pond_final"
    assert final.progress == "0 of 3 entered"
    # Card VP with the number pad: `next` opens it for the first player still to enter.
    for name, digits in (("Ana", "7"), ("Ben", "12"), ("Cy", "0")):
        press(app, "next")
        pad = final.pad
        assert pad.player == name
        for d in digits:
            tap(pad.ids.pad.keys[d])
        press(app, "confirm")
    tokens = st.tokens
    totals = {n: t + c for n, t, c in zip(st.names, tokens, (7, 12, 0), strict=True)}
    assert [(r.name, r.total) for r in final.rows.values()] == list(totals.items())
    best = max(totals.values())
    winner = [n for n, t in totals.items() if t == best][-1]
    assert final.rows[winner].winner
    assert winner in final.ids.winner.text and "wins" in final.ids.winner.text
    # The chart: one series per player, from the start to the end of the last turn.
    series = final.ids.chart.series
    assert [s[0] for s in series] == ["Ana", "Ben", "Cy"]
    assert series[0][1][0] == 0 and series[2][1][0] == 2
    assert [s[1][-1] for s in series] == list(tokens)


def test_pond_game_over_undo_returns_to_play(app: Any) -> None:
    """Undo of the event that ended the game brings the tracker back."""
    from ui.screens.pond_tracker import start_demo_game

    start_demo_game(app)
    app.play(NextPhase())
    app.play(Vp("Ana", 100, "card"))
    tracker = app.screen
    tap(tracker.ids.damage_button)
    tracker.dialog.amount = 20
    tap(tracker.dialog.ids.give)
    assert app.screen.name == "pond_game_over"
    assert app.live.state.lost_vp == 8
    tap(app.screen.ids.undo_button)
    render(app, 1)
    assert app.screen.name == "pond_tracker"
    assert not app.live.over
    assert app.live.state.supply == 12
    # However the last token is taken, the alert follows.
    app.play(Damage("Ana", "Ben", 12))
    render(app, 1)
    assert app.screen.name == "pond_game_over"
