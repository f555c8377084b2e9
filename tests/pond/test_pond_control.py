"""Control of ponds and lilypads, and what each phase asks of the player."""

from __future__ import annotations

from pond_builders import advance, board, pond, session, setup_board_4

from companion.games.pond import Control, Vp, control_of, phase_prompt


def test_control_most_pieces_counts_frogs_and_long_fwooogs() -> None:
    """ "You control a Pond if you have the most pieces, which counts both Frogs and Long
    Fwooogs, in that Pond.\""""
    b = board(
        A=pond({"wizard": 1}, ["wizard"], "free"),  # 2 beats 1
        B=pond({"banana": 1}),
        C=pond({"wizard": 2, "banana": 2}, lilypad="banana"),  # tie
        D=pond({"wizard": 1, "banana": 1}, ["cowboy"]),  # three-way tie
        E=pond(fwooogs=["pumpkin"], lilypad="free", lilypad_fwooog="pumpkin"),
    )
    control = control_of(b, ("A", "B", "C", "D", "E", "G"))
    assert control.ponds == {
        "A": "wizard",
        "B": "banana",
        "C": None,
        "D": None,
        "E": "pumpkin",
        "G": None,
    }
    assert control.lilypads == {"A": None, "C": "banana", "E": None}
    assert control.count("wizard") == (1, 0)
    assert control.count("banana") == (1, 1)


def test_control_tie_means_no_one_controls_the_pond() -> None:
    """ "No one controls a Pond in case of a tie.\""""
    b = board(A=pond({"wizard": 3}, ["banana"]), B=pond({"wizard": 2, "banana": 1}, ["banana"]))
    assert control_of(b).ponds == {"A": "wizard", "B": None}


def test_prompt_start_phase_counts_long_fwooog_ponds() -> None:
    """ "Deploy 1 Frog to Ponds with your Long Fwooogs.\""""
    live = session(4)
    assert phase_prompt(live.state) == "Deploy 1 frog: you have a Long Fwooog in 1 pond (N)."
    live.play(setup_board_4(IN=pond(fwooogs=["wizard"])))
    assert phase_prompt(live.state) == "Deploy 2 frogs: you have Long Fwooogs in 2 ponds (N, IN)."


def test_prompt_start_phase_is_limited_by_the_frogs_left_in_the_supply() -> None:
    """ "You cannot deploy a Frog if your supply is empty.\""""
    live = session(4)
    live.play(setup_board_4(N=pond({"wizard": 9}, ["wizard"]), IN=pond(fwooogs=["wizard"])))
    assert phase_prompt(live.state) == (
        "Deploy 1 frog: you have Long Fwooogs in 2 ponds (N, IN) but only 1 left in your supply."
    )
    live.play(setup_board_4(N=pond({"wizard": 10}, ["wizard"]), IN=pond(fwooogs=["wizard"])))
    assert phase_prompt(live.state) == (
        "Deploy 0 frogs: you have Long Fwooogs in 2 ponds (N, IN) but your supply is empty."
    )
    live.play(setup_board_4(N=pond({"wizard": 1})))
    assert phase_prompt(live.state) == "Deploy no frogs: you have no Long Fwooog on the map."


def test_prompt_main_and_end_phase() -> None:
    live = session(2)
    advance(live, 1)
    assert phase_prompt(live.state) == (
        "Play cards, buy Frog cards, recruit Hero Frogs. Each damage dealt to an opponent's "
        "Long Fwooog gains 1 VP (120 VP left in the supply)."
    )
    advance(live, 1)
    assert phase_prompt(live.state) == (
        "You control 1 pond and 0 lilypads: take 1 VP (120 VP left in the supply)."
    )
    live.play(Control(3, 2))
    assert phase_prompt(live.state) == (
        "You control 3 ponds and 2 lilypads (as typed in): take 5 VP (120 VP left in the supply)."
    )


def test_prompt_end_phase_warns_the_award_empties_the_supply_and_game_over() -> None:
    live = session(2)
    advance(live, 1)
    live.play(Vp("Ana", 117, "x"))
    advance(live, 1)
    live.play(Control(2, 1))
    assert phase_prompt(live.state) == (
        "You control 2 ponds and 1 lilypad (as typed in): take 3 VP; only 3 left in the supply, "
        "so the game ends."
    )
    advance(live, 1)
    assert live.state.over
    assert phase_prompt(live.state).startswith("The game is over: the last VP token was taken.")
