"""Scenario tests for play: phases, the live VP supply, the end trigger, undo."""

from __future__ import annotations

import pytest
from pond_builders import advance, board, pond, session, setup_board_4

from companion.errors import EventRefusedError
from companion.games.pond import (
    GAME,
    CardVp,
    Control,
    Damage,
    NextPhase,
    Vp,
    end_phase_award,
    ended_at_event,
    final_standings,
    vp_by_turn,
    winners,
)
from companion.session import RedoEvent, UndoEvent, replay


def test_turn_phases_run_start_main_end_then_next_player_clockwise() -> None:
    """ "Each turn is split into 3 Phases: Start Phase, Main Phase, and End Phase." "After a
    player ends their turn, play passes to the next player clockwise around the table.\""""
    live = session(3)
    seen = []
    for _ in range(7):
        st = live.state
        seen.append((st.current_player, st.phase, st.flow.turn))
        live.play(NextPhase())
    assert seen == [
        ("Ana", "start", 1),
        ("Ana", "main", 1),
        ("Ana", "end", 1),
        ("Ben", "start", 2),
        ("Ben", "main", 2),
        ("Ben", "end", 2),
        ("Cy", "start", 3),
    ]
    # Ana and Ben each scored their starting pond (their Long Fwooog alone) at their End Phase
    assert GAME.summary(live.state) == "Cy's turn (banana), Main Phase, 110 VP left in the supply"


def test_end_phase_scores_ponds_and_lilypads_from_the_last_board() -> None:
    """ "Gain 1 VP for each Pond you control." "You control a Pond if you have the most pieces,
    which counts both Frogs and Long Fwooogs." "No one controls a Pond in case of a tie."
    "Gain 1 VP for each Lilypad you control." "You do not need to control a Pond to control a
    Lilypad in that Pond.\""""
    live = session(4)
    advance(live, 2)  # Ana's End Phase
    live.play(
        setup_board_4(
            N=pond({"wizard": 1}, ["wizard"]),  # Ana controls: 2 pieces
            IN=pond({"wizard": 2, "pumpkin": 2}),  # tie: no one
            F=pond({"wizard": 1, "banana": 2}, lilypad="wizard"),  # lilypad only
            NE=pond({"wizard": 1}, lilypad="free"),  # pond, free lilypad
        )
    )
    assert end_phase_award(live.state) == (2, 1)
    assert GAME.summary(live.state).endswith("105 VP left in the supply")
    live.play(NextPhase())
    assert live.state.tokens == (3, 1, 2, 3)
    assert live.state.supply == 102
    assert live.state.current_player == "Ben"


def test_end_phase_control_typed_in_overrides_the_board() -> None:
    """The control event: the current player's control, typed in, for a table with no camera."""
    live = session(2)
    advance(live, 2)
    live.play(Control(4, 2))
    assert end_phase_award(live.state) == (4, 2)
    live.play(NextPhase())
    assert live.state.tokens == (6, 1)
    assert live.state.control is None  # only for that End Phase
    advance(live, 2)
    assert end_phase_award(live.state) == (1, 0)  # Ben's Long Fwooog alone in his starting pond


def test_damage_to_a_long_fwooog_gains_vp_from_the_supply() -> None:
    """ "You gain 1 VP token for every damage you deal to an opponent's Long Fwooog.\""""
    live = session(2)
    advance(live, 1)
    live.play(Damage("Ana", "Ben", 3))
    live.play(Vp("Ana", 2, "Frog card"))
    assert live.state.tokens == (5, 1)
    assert live.state.supply == 115


def test_supply_running_out_in_the_middle_of_an_end_phase_award() -> None:
    """ "POND ends IMMEDIATELY when the last VP token is taken." "After you've taken the last VP
    token, any additional VP tokens you would have taken are lost.\""""
    live = session(4)
    advance(live, 1)
    live.play(Vp("Ana", 103, "a long game, shortened"))  # event 1: 2 VP left
    live.play(NextPhase())  # event 2: End Phase
    live.play(Control(2, 1))  # event 3: award of 3
    live.play(NextPhase())  # event 4: takes 2, loses 1
    st = live.state
    assert st.over
    assert st.supply == 0
    assert st.tokens == (105, 1, 2, 3)
    assert st.lost_vp == 1
    assert ended_at_event(live) == 4
    assert (st.current_player, st.phase) == ("Ana", "end")  # the turn never passed
    assert st.taken + st.supply == st.starting_supply


def test_supply_running_out_from_damage_in_a_main_phase() -> None:
    live = session(3)
    advance(live, 4)  # Ben's Main Phase; Ana scored 1 for her starting pond
    live.play(Vp("Ben", 109, "cards"))  # 2 left
    assert not live.state.over
    live.play(Damage("Ben", "Cy", 5))
    st = live.state
    assert st.over and st.supply == 0 and st.lost_vp == 3
    assert st.tokens == (1, 112, 2)
    assert ended_at_event(live) == 5
    assert GAME.summary(st) == "Game over: Ben wins with 112 VP."


def test_game_over_refuses_play_but_takes_card_vp() -> None:
    """ "the engine refuses further play events and moves to final scoring\""""
    live = session(2)
    advance(live, 1)
    live.play(Vp("Ana", 120, "x"))
    for event in (NextPhase(), Damage("Ana", "Ben", 1), Vp("Ben", 1, "x"), Control(1, 0)):
        with pytest.raises(EventRefusedError, match="the game is over"):
            live.play(event)
    live.play(CardVp("Ben", 130))
    live.play(CardVp("Ana", 3))
    assert [(s.tokens, s.card_vp, s.total) for s in final_standings(live.state)] == [
        (120, 3, 123),
        (1, 130, 131),
    ]
    assert winners(live.state).names == ("Ben",)


def test_replay_keeps_a_refused_event_without_effect_and_flags_it() -> None:
    live = session(2)
    events = [NextPhase(), Vp("Ana", 120, "x"), Damage("Ana", "Ben", 2), CardVp("Ana", 4)]
    replayed = replay(live.info, [e.to_json() for e in events])
    st = replayed.state
    assert st.tokens == (120, 1) and st.card_vp == (4, 0)
    assert [(v.rule, v.event_index) for v in replayed.effective_violations()] == [("refused", 2)]


def test_tie_goes_to_the_tied_player_last_in_turn_order() -> None:
    """ "The player with the most total VP wins! In case of a tie, the player last in turn
    order wins.\""""
    live = session(4)
    advance(live, 1)
    live.play(Vp("Ana", 10, "x"))  # Ana 10 tokens
    live.play(Vp("Cy", 3, "x"))  # Cy 5 tokens
    live.play(CardVp("Cy", 5))  # Cy 10 total
    live.play(CardVp("Ben", 2))  # Ben 3 total, Dee 3 total
    result = winners(live.state)
    assert result.names == ("Cy",)
    assert result.tied == ("Ana", "Cy")
    assert result.total == 10
    assert result.sentence == (
        "Ana and Cy tie on 10 VP; Cy would win now as the tied player last in turn order."
    )


def test_undo_across_a_phase_boundary_gives_the_award_back() -> None:
    live = session(2)
    advance(live, 2)  # Ana's End Phase
    live.play(Control(3, 1))
    live.play(NextPhase())  # award of 4, Ben's Start Phase
    assert (live.state.current_player, live.state.phase, live.state.tokens) == (
        "Ben",
        "start",
        (4, 1),
    )
    live.play(UndoEvent())
    st = live.state
    assert (st.current_player, st.phase, st.tokens, st.supply) == ("Ana", "end", (0, 1), 120)
    assert st.control == Control(3, 1)
    live.play(UndoEvent())  # the control typed in
    assert end_phase_award(live.state) == (1, 0)
    live.play(RedoEvent())
    live.play(RedoEvent())
    assert (live.state.current_player, live.state.tokens) == ("Ben", (4, 1))
    # the same through the stored log
    again = replay(live.info, live.events_json())
    assert again.state == live.state


def test_undo_of_the_event_that_ended_the_game_reopens_it() -> None:
    live = session(3)
    advance(live, 1)
    live.play(Vp("Ana", 100, "x"))
    live.play(Damage("Ana", "Ben", 20))  # ends the game: 12 taken, 8 lost
    assert live.over and ended_at_event(live) == 2
    live.play(UndoEvent())
    st = live.state
    assert not st.over and st.ended_by is None and ended_at_event(live) is None
    assert (st.supply, st.lost_vp, st.tokens) == (12, 0, (100, 1, 2))
    live.play(Damage("Ana", "Ben", 2))  # play goes on
    assert live.state.supply == 10
    log = live.events_json()
    again = replay(live.info, log)
    assert again.state == live.state
    assert not again.over
    # and the game that ended, replayed from a log with the undo then a redo
    ended = replay(live.info, [*log[:3], {"type": "undo"}, {"type": "redo"}])
    assert ended.over and ended_at_event(ended) == 2


def test_vp_by_turn_gives_each_players_tokens_after_every_turn() -> None:
    live = session(2)
    advance(live, 1)
    live.play(Damage("Ana", "Ben", 2))
    advance(live, 2)  # Ana scores 1 for her starting pond
    advance(live, 1)
    live.play(Vp("Ben", 4, "x"))
    assert vp_by_turn(live.state) == [(0, 1), (3, 1), (3, 5)]
    advance(live, 2)
    assert vp_by_turn(live.state) == [(0, 1), (3, 1), (3, 6), (3, 6)]


def test_refusal_of_events_that_make_no_sense() -> None:
    live = session(2)
    with pytest.raises(EventRefusedError, match="no player named 'Zed'"):
        live.play(Vp("Zed", 1, "x"))
    with pytest.raises(EventRefusedError, match="cannot gain VP for damage to their own"):
        live.play(Damage("Ana", "Ana", 1))
    with pytest.raises(EventRefusedError, match="pond 'IN' is not on the layout"):
        live.play(board(IN=pond({"wizard": 1})))
    with pytest.raises(EventRefusedError, match="pond N: no player plays banana"):
        live.play(board(N=pond(lilypad="banana")))
    assert live.log == []


def test_supply_running_out_in_a_start_phase_ends_the_game_there() -> None:
    """The game ends the instant the supply reaches 0, in any phase."""
    live = session(2)
    advance(live, 3)  # Ben's Start Phase; Ana scored 1
    flags = live.play(Vp("Ben", 119, "a Reaction card"))
    assert [v.rule for v in flags] == ["vp-outside-main-phase"]  # flagged, still taken
    st = live.state
    assert st.over and (st.current_player, st.phase) == ("Ben", "start")
    assert st.tokens == (1, 120) and st.supply == 0 and st.lost_vp == 0
