"""BOG's Score Actions and the Game End, quoting the rulebook; hidden hands; refusals."""

from __future__ import annotations

from bog_builders import ANA, BEN, PLAYERS, position

from companion.games.bog import (
    GAME,
    Advance,
    CannotAct,
    Complete,
    Play,
    Score,
    check,
    legal_actions,
    refusal,
)
from companion.games.bog.state import apply
from companion.session import LiveSession, SessionInfo, UndoEvent


def rules_of(violations: list) -> list[str]:
    return [v.rule for v in violations]


# --- 3. COMPLETE


def test_complete_a_route_scores_two() -> None:
    """ "Score one of your Frogs that is on the final Lily Pad in its Route. Place the card in
    front of you facedown, with the '2' at the top facing you." Card 01: 7, 8, 9, 6."""
    st = position(frogs={6: ("01", ANA, 3)})
    assert legal_actions(st) == [Complete("Ana", "01")]
    after = apply(st, Complete("Ana", "01"))
    assert after.frogs[6 - 1] is None
    assert after.points[ANA].routes == 2 and after.scored[ANA] == ("01",)


def test_complete_a_frog_not_on_its_final_stop_is_flagged() -> None:
    st = position(frogs={9: ("01", ANA, 2)})
    assert Complete("Ana", "01") not in legal_actions(st)
    found = check(st, Complete("Ana", "01"))
    assert rules_of(found) == ["not-final"]
    assert "that Frog is not on its final stop" in found[0].message


def test_complete_or_advance_someone_elses_frog_is_refused() -> None:
    st = position(frogs={6: ("01", BEN, 3)})
    assert "not one of Ana's Frogs" in (refusal(st, Complete("Ana", "01")) or "")
    assert "not one of Ana's Frogs" in (refusal(st, Advance("Ana", "01", 2)) or "")


# --- 4. SCORE a Formation


def test_score_a_formation_counts_frogs_regardless_of_who_controls_them() -> None:
    """ "Reveal a card from your hand showing 1, 2 or 3 Frogs (regardless of who controls them)
    on the exact locations of Frogs in the Bog. ... Example: This card scores 2 points, as there
    are 2 Frogs on the 3 possible Lily Pad locations." Card 01's Formation: pads 3, 5, 9."""
    st = position(frogs={3: ("02", BEN, 1), 9: ("03", ANA, 2)}, hands=(("01",), ()))
    assert Score("Ana", "01") in legal_actions(st)
    assert check(st, Score("Ana", "01")) == []
    after = apply(st, Score("Ana", "01"))
    assert after.points[ANA].formations == 2
    assert after.hand_counts[ANA] == 0 and after.scored[ANA] == ("01",)
    assert after.frogs == st.frogs  # the Frogs stay on the Bog


def test_score_a_formation_is_read_from_the_scorers_side() -> None:
    """ "Your Frogs will always face you": Ben's card 01 (pads 3, 5, 9 for him) asks for Bog
    pads 7, 5 and 1 seen from Ana's side."""
    st = position(frogs={7: ("02", ANA, 0), 1: ("03", BEN, 1)}, hands=((), ("01",)), to_move=BEN)
    assert apply(st, Score("Ben", "01")).points[BEN].formations == 2


def test_score_a_formation_with_no_frog_on_it_is_flagged() -> None:
    st = position(frogs={1: ("02", BEN, 1)}, hands=(("01",), ()))
    assert Score("Ana", "01") not in legal_actions(st)
    found = check(st, Score("Ana", "01"))
    assert rules_of(found) == ["no-formation"]
    assert "that card's Formation is not on the bog" in found[0].message


# --- Game End


def test_end_rulebook_example_player_2_wins_11_to_13() -> None:
    """ "Example: Player 1 could not perform an Action as they had no cards in hand, and no
    Frogs remaining in the Bog. There are no cards to draw from the Draw Area, therefore players
    add their score cards. Player 1 has 11 points. Player 2 has 13 points. Player 2 wins!" """
    st = position(frogs={2: ("05", BEN, 1)}, draw_area=(), deck=0, points=(11, 13))
    assert legal_actions(st) == [CannotAct("Ana")]
    assert check(st, CannotAct("Ana")) == []
    end = apply(st, CannotAct("Ana"))
    assert end.over and end.result is not None
    assert end.result.outcome == "A" and end.names[end.result.winner] == "Ben"
    assert end.result.sentence == (
        "Outcome A: the Draw Area is exhausted, so score: Ana 11, Ben 13. "
        "Ben wins with the most points!"
    )
    assert legal_actions(end) == []


def test_end_outcome_a_the_player_who_could_not_act_may_still_win_on_points() -> None:
    """ "A. If the Draw Area is exhausted, score. The player with the most points wins!" """
    st = position(draw_area=(), deck=0, points=(9, 4))
    end = apply(st, CannotAct("Ana"))
    assert end.result is not None and (end.result.outcome, end.result.winner) == ("A", ANA)


def test_end_outcome_a_tie_is_lost_by_the_player_who_could_not_act() -> None:
    """ "If tied the player who could not perform an Action loses." """
    st = position(draw_area=(), deck=0, points=(7, 7), to_move=BEN)
    end = apply(st, CannotAct("Ben"))
    assert end.result is not None and (end.result.outcome, end.result.winner) == ("A", ANA)
    assert "Tied: Ben could not perform an Action and loses; Ana wins!" in end.result.sentence


def test_end_outcome_b_cards_in_the_draw_area_the_stuck_player_loses() -> None:
    """ "B. If there are one or more cards remaining in the Draw Area, the player who cannot
    perform an Action loses and the other player wins." - whatever the points."""
    st = position(draw_area=("16",), deck=0, points=(12, 1))
    assert legal_actions(st) == [CannotAct("Ana")]
    end = apply(st, CannotAct("Ana"))
    assert end.result is not None and (end.result.outcome, end.result.winner) == ("B", BEN)
    assert "1 card remains in the Draw Area" in end.result.sentence


def test_end_declared_while_an_action_remains_is_flagged() -> None:
    """ "When a player cannot perform an Action, the game ends" - not before."""
    st = position(hands=(("01",), ()))
    found = check(st, CannotAct("Ana"))
    assert rules_of(found) == ["can-act"] and "PLAY" in found[0].message
    assert CannotAct("Ana") not in legal_actions(st)


def test_end_no_event_after_the_game_is_over() -> None:
    end = apply(position(draw_area=(), deck=0), CannotAct("Ana"))
    reason = refusal(end, Play("Ben", "01"))
    assert reason is not None and reason.startswith("the game is over: Outcome A")


# --- Hidden hands, turns, refusals


def test_hidden_hand_offers_every_card_that_may_be_in_hand() -> None:
    """The app knows a card in hand only once entered: unplaced cards may be played."""
    st = GAME.initial_state(PLAYERS, {})
    plays = {a.card for a in legal_actions(st) if isinstance(a, Play)}
    assert len(plays) == 18 and CannotAct("Ana") not in legal_actions(st)
    after = apply(st, Play("Ana", "07"))
    assert after.shores[ANA] == ("07",) and after.hand_counts[ANA] == 1
    assert "07" not in {a.card for a in legal_actions(after) if isinstance(a, Play)}


def test_hidden_hand_a_player_with_cards_in_hand_can_always_act() -> None:
    """With cards in hand either the Shore has room (PLAY) or it holds 2 Frogs that can
    ADVANCE: the app never offers to end the game then, even knowing no card in hand."""
    st = position(frogs={7: ("03", ANA, 3)}, shores=(("01", "02"), ()), hand_counts=(2, 0))
    actions = legal_actions(st)
    assert CannotAct("Ana") not in actions
    assert {a.type for a in actions} >= {"advance", "complete"}
    scores = {a.card for a in actions if isinstance(a, Score)}
    # Any unplaced card whose Formation (seen from Ana's side) covers pad 7 may be scored.
    assert scores == {c for c in st.unplaced() if 7 in st.cards[c].formation}


def test_card_known_elsewhere_is_refused() -> None:
    st = position(frogs={2: ("05", BEN, 1)}, hands=(("01",), ()))
    reason = refusal(st, Play("Ana", "05"))
    assert reason == "card 05 is not in Ana's hand (it is Ben's Frog on pad 2)"
    assert "no player named 'Cy'" in (refusal(st, Play("Cy", "01")) or "")
    assert "no card '99'" in (refusal(st, Play("Ana", "99")) or "")


def test_out_of_turn_action_is_flagged_not_refused() -> None:
    st = position(hands=(("01",), ("02",)))
    found = check(st, Play("Ben", "02"))
    assert rules_of(found) == ["turn"] and found[0].message == "it is Ana's turn"
    assert apply(st, Play("Ben", "02")).to_move == ANA


def test_session_plays_undoes_and_reports_violations() -> None:
    live = LiveSession(SessionInfo("bog", PLAYERS, {"start": "Ben"}), GAME)
    for ev in (Play("Ben", "03"), Play("Ana", "01"), Play("Ben", "04"), Play("Ana", "02")):
        assert live.play(ev) == []
    assert live.play(Advance("Ben", "03", 1)) == []  # Ben's card 03 starts on his pad 9
    flags = live.play(Play("Ana", "05"))
    assert rules_of(flags) == ["shore-full"] and flags[0].event_index == 5
    live.play(UndoEvent())
    assert live.state.shores[ANA] == ("01", "02") and live.effective_violations() == []
