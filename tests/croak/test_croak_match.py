"""Croak's hands, the race to 75 and the face-off, as the rulebook words them."""

from __future__ import annotations

import pytest
from croak_builders import counts, new_match, play_hand, points, totals

from companion.errors import EventRefusedError
from companion.games.croak import GAME, Correct, Croak, Score, Start
from companion.session import RedoEvent, UndoEvent


def test_croak_hand_scores_one_per_card_returned_minus_two_per_pond_card() -> None:
    """Rulebook:
    "calculate their score by awarding one point for every card returned from the SWAMP,
    and deducting 2 points for every card remaining in their POND pile. A scorekeeper will
    collect these figures and add them to the players' accumulating scores." """
    live = new_match()
    assert play_hand(live, "Ana", {"Ana": (14, 0), "Ben": (9, 3), "Cy": (2, 7)}) == []
    assert totals(live) == {"Ana": 14, "Ben": 3, "Cy": -12}
    assert play_hand(live, "Ben", {"Ana": (5, 1), "Ben": (11, 0), "Cy": (12, 2)}) == []
    assert totals(live) == {"Ana": 17, "Ben": 14, "Cy": -4}
    assert live.state.phase == "between" and not live.over
    assert GAME.summary(live.state) == "hand 3, Ana leads with 17"


def test_croak_hand_phases_start_croak_score() -> None:
    """Rulebook:
    "One player signals the start. everyone begins and plays at the same time, until the
    end of the round." ... "When a player uses the last card in this POND pile, they should
    say "CROAK" to signal the end of round." """
    live = new_match(("Ana", "Ben"))
    assert live.state.phase == "between"
    live.play(Start())
    assert live.state.phase == "playing" and live.state.open_hand.number == 1
    live.play(Croak("Ben"))
    assert live.state.phase == "counting"
    live.play(Score(counts({"Ana": (3, 4), "Ben": (9, 0)})))
    assert live.state.phase == "between" and totals(live) == {"Ana": -5, "Ben": 9}


def test_croak_one_player_alone_reaching_75_wins_at_once() -> None:
    """Rulebook:
    "The first player to accumulate 75 points wins the game." (no face-off when alone)"""
    live = new_match()
    for _ in range(3):
        points(live, Ana=20, Ben=24, Cy=10)
    assert totals(live) == {"Ana": 60, "Ben": 72, "Cy": 30} and not live.over
    points(live, Ana=14, Ben=3, Cy=30)
    st = live.state
    assert st.over and st.now.winner == "Ben" and st.now.face_off == ()
    assert st.now.how == "Ben reached 75 alone in hand 4, with 75 points"
    assert st.phase == "over"
    with pytest.raises(EventRefusedError, match="the match is over"):
        live.play(Start())


def test_croak_passing_75_counts_like_reaching_it() -> None:
    """Rulebook: "reaches or surpasses 75 points": 74 is not enough, 81 is."""
    live = new_match(("Ana", "Ben"))
    points(live, Ana=40, Ben=10)
    points(live, Ana=34)
    assert totals(live)["Ana"] == 74 and not live.over
    points(live, Ana=7, Ben=-4)
    assert live.state.now.winner == "Ana" and totals(live)["Ana"] == 81


def test_croak_two_player_face_off_decides() -> None:
    """Rulebook: "If more then one player reaches or surpasses 75 points during the same hand, these
    players face off in a round to determine the winner." """
    live = new_match(("Ana", "Ben"))
    points(live, Ana=35, Ben=30)
    points(live, Ana=35, Ben=30)
    points(live, Ana=5, Ben=30)  # Ana 75, Ben 90: both in the same hand
    st = live.state
    assert not st.over and st.now.face_off == ("Ana", "Ben")
    assert GAME.summary(st) == "face-off of Ana and Ben, hand 4, Ben leads with 90"
    points(live, Ana=12, Ben=8)  # the face-off hand's score decides, not the totals
    st = live.state
    assert st.now.winner == "Ana"
    assert st.now.how == (
        "Ana won the first face-off (hand 4: Ana 12, Ben 8) after Ana and Ben reached 75 in "
        "the same hand"
    )
    assert totals(live) == {"Ana": 75, "Ben": 90}  # face-off scores are not added


def test_croak_three_player_face_off_only_those_players_play() -> None:
    """Rulebook:
    "these players face off": with four at the table and three at 75, only the three play."""
    live = new_match(("Ana", "Ben", "Cy", "Dee"))
    points(live, Ana=35, Ben=35, Cy=35, Dee=10)
    points(live, Ana=35, Ben=35, Cy=35, Dee=10)
    points(live, Ana=5, Ben=6, Cy=9, Dee=50)
    st = live.state
    assert st.now.face_off == ("Ana", "Ben", "Cy")
    live.play(Start())
    assert live.state.open_hand.players == ("Ana", "Ben", "Cy")
    with pytest.raises(EventRefusedError, match="Dee is not in this face-off"):
        live.play(Croak("Dee"))
    live.play(Croak("Cy"))
    with pytest.raises(EventRefusedError, match="no count for Cy"):
        live.play(Score(counts({"Ana": (3, 0), "Ben": (4, 1)})))
    with pytest.raises(EventRefusedError, match="Dee is not in this face-off"):
        live.play(Score(counts({"Ana": (3, 1), "Ben": (4, 1), "Cy": (9, 0), "Dee": (1, 0)})))
    assert live.play(Score(counts({"Ana": (3, 1), "Ben": (4, 1), "Cy": (9, 0)}))) == []
    assert live.state.now.winner == "Cy"


def test_croak_face_off_that_ties_again_is_played_again_by_the_tied() -> None:
    """A tie in the face-off: another face-off among the tied players only."""
    live = new_match(("Ana", "Ben", "Cy"))
    points(live, Ana=40, Ben=40, Cy=40)
    points(live, Ana=40, Ben=37, Cy=35)
    assert live.state.now.face_off == ("Ana", "Ben", "Cy")
    points(live, Ana=10, Ben=10, Cy=4)
    st = live.state
    assert not st.over and st.now.face_off == ("Ana", "Ben") and st.now.face_offs == 1
    points(live, Ana=6, Ben=6)
    assert live.state.now.face_off == ("Ana", "Ben") and live.state.now.face_offs == 2
    points(live, Ana=-3, Ben=2)
    st = live.state
    assert st.now.winner == "Ben"
    assert st.now.how.startswith("Ben won the third face-off (hand 5: Ana -3, Ben 2)")


def test_croak_corrected_past_hand_changes_who_won() -> None:
    """A correction is an event; the totals and the end of the match follow it."""
    live = new_match()
    points(live, Ana=40, Ben=30, Cy=20)
    points(live, Ana=30, Ben=40, Cy=10)
    points(live, Ana=6, Ben=3, Cy=2)  # Ana 76: she wins alone
    assert live.state.now.winner == "Ana"
    # Hand 2 was mis-read: Ana had 4 cards left in her POND pile (22 returned, -8).
    assert live.play(Correct(2, counts({"Ana": (22, 4)}), caller="Ben")) == []
    st = live.state
    assert totals(live) == {"Ana": 60, "Ben": 73, "Cy": 32} and not st.over
    points(live, Ana=3, Ben=9, Cy=1)
    assert live.state.now.winner == "Ben"
    # Corrected again: Ana's hand 4 was 17, so both reach 75 in hand 4: a face-off.
    live.play(Correct(4, counts({"Ana": (17, 0)})))
    assert live.state.now.face_off == ("Ana", "Ben") and not live.over
    live.play(UndoEvent())
    assert live.state.now.winner == "Ben"
    live.play(RedoEvent())
    assert live.state.now.face_off == ("Ana", "Ben")


def test_croak_correction_that_ends_the_match_earlier_voids_later_hands() -> None:
    live = new_match(("Ana", "Ben"))
    points(live, Ana=35, Ben=10)
    points(live, Ana=35, Ben=10)
    points(live, Ana=3, Ben=10)
    points(live, Ana=5, Ben=10)  # Ana 78 wins in hand 4
    live.play(Correct(3, counts({"Ana": (5, 0)})))  # Ana 75 after hand 3 already
    st = live.state
    assert st.now.winner == "Ana" and "hand 3" in st.now.how
    assert st.now.notes == ("hand 4 was played after the match ended; it does not count",)
    assert [r.kind for r in st.now.results] == ["hand", "hand", "hand", "after the end"]


def test_croak_caller_must_have_emptied_the_pond_pile() -> None:
    """Rulebook: "If you are the first to drain your POND pile, yell "CROAK" to end the round." """
    live = new_match(("Ana", "Ben"))
    found = play_hand(live, "Ana", {"Ana": (10, 2), "Ben": (8, 0)})
    assert [(v.rule, v.where) for v in found] == [("croak-caller", "Ana")]
    assert "Ana called CROAK with 2 cards left in the POND pile" in found[0].message
    assert totals(live) == {"Ana": 6, "Ben": 8}  # flagged, not refused: the table decides


def test_croak_exactly_one_caller() -> None:
    live = new_match(("Ana", "Ben"))
    live.play(Start())
    assert live.play(Croak("Ana")) == []
    second = live.play(Croak("Ben"))
    assert [v.rule for v in second] == ["one-caller"]
    assert second[0].message.startswith("Ana already called CROAK in hand 1")
    # Nobody called it: flagged when the hand is scored.
    live.play(Score(counts({"Ana": (3, 0), "Ben": (4, 0)})))
    live.play(Start())
    found = live.play(Score(counts({"Ana": (3, 0), "Ben": (4, 0)})))
    assert [(v.rule, v.where) for v in found] == [("one-caller", "hand 2")]


def test_croak_counts_beyond_a_deck_or_the_pond_pile_are_flagged() -> None:
    """Rulebook:
    "each player counts the next 10 cards": POND left is 0 to 10; the sample deck holds 52."""
    live = new_match(("Ana", "Ben"))
    live.play(Start())
    live.play(Croak("Ana"))
    found = live.play(Score(counts({"Ana": (53, 0), "Ben": (42, 11)})))
    assert [(v.rule, v.where) for v in found] == [
        ("deck-size", "Ana"),
        ("pond-left", "Ben"),
        ("deck-size", "Ben"),
    ]
    assert GAME.check(live.state, Start()) == []


def test_croak_refusals_name_the_problem() -> None:
    live = new_match(("Ana", "Ben"))
    with pytest.raises(EventRefusedError, match="no hand is being played"):
        live.play(Croak("Ana"))
    with pytest.raises(EventRefusedError, match="no hand 1 to correct"):
        live.play(Correct(1, counts({"Ana": (1, 0)})))
    live.play(Start())
    with pytest.raises(EventRefusedError, match="hand 1 has not been scored yet"):
        live.play(Start())
    with pytest.raises(EventRefusedError, match="no player named 'Zed'"):
        live.play(Croak("Zed"))
    with pytest.raises(EventRefusedError, match="score it before correcting"):
        live.play(Correct(1, counts({"Ana": (1, 0)})))
    assert live.log == [Start()]


def test_croak_setup_steps_per_player_count() -> None:
    """Rulebook:
    "draws the top 3 cards (or 5, if playing with 2 players) ... counts the next 10 cards
    ... The players hold their remaining cards": the STOCKPILE is the rest of the deck."""
    from companion.games.base import Player

    for n, piles in ((2, 5), (3, 3), (4, 3)):
        players = [Player(f"P{i}") for i in range(n)]
        steps = {s.id: s for s in GAME.setup_steps(players, GAME.default_options(n))}
        assert steps["lilypad-piles"].values == {"lilypad_piles": piles}
        assert steps["pond-pile"].values == {"pond_pile": 10}
        assert steps["stockpile"].values == {"stockpile": 52 - piles - 10}
    steps = GAME.setup_steps([Player("Ana"), Player("Ben", {"deck": "KERMIT"})], {})
    assert "Ana PRINCESS, Ben KERMIT" in steps[0].text
