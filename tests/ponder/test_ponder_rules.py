"""Ponder's rules, scenario by scenario; each test quotes the rulebook sentence it checks."""

from __future__ import annotations

from ponder_builders import c, card, messages, position

from companion.games.ponder import (
    Combat,
    Move,
    Paddle,
    Pass,
    Reveal,
    Stay,
    Throw,
    frog_moves,
    legal_actions,
    push_spaces,
    recoverable,
)
from companion.games.ponder.checker import check
from companion.games.ponder.state import apply


def targets(moves: list[Move]) -> set[str]:
    return {("+" if m.arrive else "") + _name(m.target) for m in moves}


def _name(cell: tuple[int, int]) -> str:
    return f"{chr(65 + cell[0])}{cell[1] + 1}"


# --- movement cards ------------------------------------------------------------------------


def test_ponder_straight_card_moves_forwards_backwards_or_sideways() -> None:
    """ "Straight line: The frog you choose to move may jump from lily pad to lily pad in a
    straight line (not diagonally): forwards, backwards or sideways." """
    st = position(pads="D2 D3 D4 D5 C3 E4", frogs={"orange": "D3"}, phase="move")
    assert targets(frog_moves(st, c("D3"))) == {"D2", "D4", "D5", "C3"}
    assert messages(check(st, Move(c("D3"), c("E4")))) == [
        "straight card, but the frog moved diagonally"
    ]


def test_ponder_diagonal_card_moves_diagonally_only() -> None:
    """ "Diagonal: The frog you choose to move may jump from lily pad to lily pad diagonally." """
    st = position(
        pads="D3 D4 E4 F5 C2",
        frogs={"orange": "D3"},
        cards={"orange": "diagonal"},
        phase="move",
    )
    assert targets(frog_moves(st, c("D3"))) == {"E4", "F5", "C2"}
    assert messages(check(st, Move(c("D3"), c("D4")))) == [
        "diagonal card, but the frog moved straight"
    ]


def test_ponder_any_direction_card_goes_straight_or_diagonally() -> None:
    """ "Any direction: The frog you choose to move may go in a straight line or diagonally." """
    st = position(
        pads="D3 D4 D5 E4 F5 C3", frogs={"orange": "D3"}, cards={"orange": "any"}, phase="move"
    )
    assert targets(frog_moves(st, c("D3"))) == {"D4", "D5", "E4", "F5", "C3"}
    assert messages(check(st, Move(c("D3"), c("E5")))) == ["the frog did not move in a line"]


def test_ponder_one_step_card_moves_one_space_in_all_directions() -> None:
    """ "One step: The frog you choose to move may jump one step, from one lily pad to
    another, in all directions." """
    st = position(
        pads="D3 D4 D5 E4 C2", frogs={"orange": "D3"}, cards={"orange": "one-step"}, phase="move"
    )
    assert targets(frog_moves(st, c("D3"))) == {"D4", "E4", "C2"}
    assert messages(check(st, Move(c("D3"), c("D5")))) == [
        "one step card, but the frog moved 2 spaces"
    ]


def test_ponder_fly_meal_card_the_frog_passes_its_turn() -> None:
    """ "Fly Meal: ... the frog passes its turn. Don't forget, however, to turn over a new
    movement card for the next turn." """
    st = position(pads="D3 D4", frogs={"orange": "D3"}, cards={"orange": "fly-meal"}, phase="move")
    actions = legal_actions(st)
    assert Stay() in actions and not [a for a in actions if isinstance(a, Move)]
    assert messages(check(st, Move(c("D3"), c("D4")))) == [
        "Fly Meal card: the frog passes its turn, but a frog moved"
    ]
    after = apply(st, Stay())
    assert after.flow.phase == "reveal"
    assert Reveal("orange", card("straight")) in legal_actions(after)


def test_ponder_punch_moves_then_may_fight_a_frog_one_space_away() -> None:
    """ "Punch: Moves normally according to the movement shown on the card. At the end of the
    movement, if your frog is 1 space away from another frog, you may perform a combat." """
    st = position(
        pads="D3 D4 E5 F5 F6 D5",
        frogs={"orange": "D3", "blue": "E5"},
        cards={"orange": "punch straight"},
        phase="move",
    )
    assert targets(frog_moves(st, c("D3"))) == {"D4", "D5"}  # moves as a straight card
    moved = apply(st, Move(c("D3"), c("D4")))
    fights = [a for a in legal_actions(moved) if isinstance(a, Combat)]
    assert {(f.attacker, f.defender) for f in fights} == {(c("D4"), c("E5"))}
    assert {f.landing for f in fights} == {"back", "side", "sitting", "nose", "stomach"}
    # The combat is optional: the card may be turned over at once.
    assert Reveal("orange", card("any")) in legal_actions(moved)
    plain = position(pads="D3 D4 E5", frogs={"orange": "D3", "blue": "E5"}, phase="move")
    assert not [
        a for a in legal_actions(apply(plain, Move(c("D3"), c("D4")))) if isinstance(a, Combat)
    ]
    assert messages(
        check(apply(plain, Move(c("D3"), c("D4"))), Combat(c("D4"), c("E5"), "nose"))
    ) == ["combat without a Punch card"]


# --- combat ----------------------------------------------------------------------------------


def _fight() -> object:
    st = position(
        pads="D3 D4 E5 F5 F6 D5 E4",
        frogs={"orange": "D3", "blue": "E5 F6"},
        cards={"orange": "punch straight"},
        phase="move",
    )
    return apply(st, Move(c("D3"), c("D4")))


def test_ponder_combat_push_back_offers_only_free_pads_next_to_the_fight() -> None:
    """ "your opponent moves your frog back one space in any direction where a lily pad is
    available." """
    st = _fight()
    # Around E5: D4 (the attacker's pad, free once it attacks), D5, E4, F5 carry pads;
    # F6 has a blue frog on it.
    assert set(push_spaces(st, c("D4"), c("E5"))) == {c("D4"), c("E4"), c("D5"), c("F5")}
    bad = Combat(c("D4"), c("E5"), "back", c("E6"))
    assert check(st, bad) and check(st, bad)[0].rule == "push-back"


def test_ponder_combat_back_or_side_the_defender_is_pushed_back() -> None:
    """ "If the frog lands on its back or on its side, you lose the combat and your opponent
    moves your frog back one space in any direction where a lily pad is available." """
    for landing in ("back", "side"):
        st = _fight()
        fight = Combat(c("D4"), c("E5"), landing, c("F5"))
        assert check(st, fight) == []
        after = apply(st, fight)
        assert after.teams[0].frogs == (c("E5"),)  # the attacker takes the defender's place
        assert after.teams[1].frogs == (c("F5"), c("F6"))


def test_ponder_combat_sitting_the_attacker_is_pushed_back() -> None:
    """ "If the frog lands sitting up, your frog, unshakeable, takes its place back on its lily
    pad. In this case you may move your opponent's frog back one space" """
    st = _fight()
    fight = Combat(c("D4"), c("E5"), "sitting", c("D5"))
    assert check(st, fight) == []
    after = apply(st, fight)
    assert after.teams[1].frogs == (c("E5"), c("F6"))
    assert after.teams[0].frogs == (c("D5"),)


def test_ponder_combat_nose_or_stomach_the_defender_returns_to_its_bank() -> None:
    """ "If the frog stops in an acrobatic position on its nose or on its stomach, your frog
    falls into the Marsh and returns to its starting bank." """
    for landing in ("nose", "stomach"):
        st = _fight()
        fight = Combat(c("D4"), c("E5"), landing)
        assert check(st, fight) == []
        after = apply(st, fight)
        assert after.teams[0].frogs == (c("E5"),)
        assert after.teams[1].frogs == (c("F6"),) and after.teams[1].on_bank == 2
        assert check(st, Combat(c("D4"), c("E5"), landing, c("F5")))  # no push for these


# --- lily pads ------------------------------------------------------------------------------


def test_ponder_throw_recovers_a_pad_one_space_away_onto_any_empty_space() -> None:
    """ "a turn begins by recovering a lily pad located 1 space away from one of your team's
    frogs. Once the lily pad has been recovered, you can throw it onto any empty space" """
    st = position(pads="D3 E4 F5 A1", frogs={"orange": "D3"})
    assert recoverable(st) == [c("E4")]
    throw = Throw(c("E4"), c("G7"))
    assert check(st, throw) == []
    after = apply(st, throw)
    assert c("G7") in after.pads and c("E4") not in after.pads
    assert after.flow.phase == "move"
    assert messages(check(st, Throw(c("F5"), c("G7")))) == ["recovered a pad 2 spaces away"]


def test_ponder_only_one_lily_pad_per_turn() -> None:
    """ "Only one lily pad may be moved per turn." """
    st = apply(position(pads="D3 E4 C4", frogs={"orange": "D3"}), Throw(c("E4"), c("G7")))
    assert messages(check(st, Throw(c("C4"), c("A1")))) == [
        "threw a second lily pad: only one may be moved per turn"
    ]


def test_ponder_cannot_recover_a_pad_with_a_frog_on_it() -> None:
    """ "You cannot move a lily pad on which a frog is seated." """
    st = position(pads="D3 E4 C4", frogs={"orange": "D3", "blue": "E4"})
    assert recoverable(st) == [c("C4")]
    assert messages(check(st, Throw(c("E4"), c("G7")))) == ["recovered a pad with a frog on it"]


def test_ponder_bank_is_one_space_for_recovering_and_entering() -> None:
    """ "The starting bank may be treated as a single space. Frogs still on the bank may
    recover any lily pad located on one of the 5 spaces along it." and "Frogs on the starting
    line may enter the Marsh onto any adjacent space, but only in the direction of your
    movement card." """
    st = position(pads="B1 F1 A1 D2 D4")  # orange: all 3 frogs on the north bank
    assert recoverable(st) == [c("B1"), c("F1")]  # A1 is not along the bank, D2 not on it
    straight = position(pads="B1 F1 A1 D2", phase="move")
    assert targets(frog_moves(straight, None)) == {"B1", "F1"}
    diagonal = position(pads="B1 F1 A1 D2", cards={"orange": "diagonal"}, phase="move")
    assert targets(frog_moves(diagonal, None)) == {"A1", "B1", "F1"}
    assert messages(check(diagonal, Move(None, c("D2")))) == [
        "Diagonal card: a frog on the bank enters the Marsh onto an adjacent space in the "
        "card's direction"
    ]


def test_ponder_paddle_when_no_pad_is_within_reach() -> None:
    """ "If no lily pad is within 1 space of any of your 3 frogs ... you may move any one frog
    that is accompanied by its lily pad by one space, in any direction. After a paddle move, a
    new movement card must be turned over." """
    st = position(pads="D4 A7 G7 G1", frogs={"orange": "D4"})
    assert recoverable(st) == []
    paddles = [a for a in legal_actions(st) if isinstance(a, Paddle)]
    assert len(paddles) == 8 and not [a for a in legal_actions(st) if isinstance(a, Throw)]
    after = apply(st, Paddle(c("D4"), c("E5")))
    assert after.teams[0].frogs == (c("E5"),) and c("E5") in after.pads
    assert c("D4") not in after.pads and after.flow.phase == "reveal"
    busy = position(pads="D4 E4", frogs={"orange": "D4"})
    assert messages(check(busy, Paddle(c("D4"), c("D5")))) == [
        "paddled although a lily pad could be recovered"
    ]


def test_ponder_pass_when_all_frogs_are_on_the_bank_and_none_can_recover() -> None:
    """ "If all your frogs are on the starting bank and none of them can recover a nearby lily
    pad, you pass your turn (however, you must still turn over a movement card)." """
    st = position(pads="A1 D3 D4")
    assert Pass() in legal_actions(st)
    after = apply(st, Pass())
    assert after.flow.phase == "reveal"
    assert Reveal("orange", card("diagonal")) in legal_actions(after)
    assert messages(check(position(pads="C1 D3"), Pass())) == [
        "passed although a lily pad could be recovered"
    ]


def test_ponder_pads_next_to_an_arrived_frog_cannot_be_recovered() -> None:
    """ "Lily pads located next to a frog that has already arrived cannot be recovered to move
    the other frogs still in the race." """
    # Orange's finish is the south bank; its frog left the Marsh from D7.
    st = position(pads="D6 E6 E7 C7 D7 F7", frogs={"orange": "E6"}, arrived={"orange": "D7"})
    assert recoverable(st) == [c("D6"), c("F7")]  # not C7, D7, E7: next to the arrived frog
    assert messages(check(st, Throw(c("E7"), c("A1")))) == [
        "recovered a pad next to an arrived frog"
    ]


# --- moving a frog --------------------------------------------------------------------------


def test_ponder_must_move_if_you_can() -> None:
    """ "You must move only ONE frog per turn. If you can move it, you must do so." """
    st = position(pads="D3 D4", frogs={"orange": "D3"}, phase="move")
    assert Stay() not in legal_actions(st)
    assert messages(check(st, Stay())) == ["did not move although a move was possible"]
    stuck = position(pads="D3", frogs={"orange": "D3"}, phase="move")
    assert legal_actions(stuck)[0] == Stay()
    assert check(stuck, Stay()) == []


def test_ponder_only_one_frog_per_turn() -> None:
    """ "You must move only ONE frog per turn." """
    st = position(pads="D3 D4 C3 C4", frogs={"orange": "D3 C3"}, phase="move")
    after = apply(st, Move(c("D3"), c("D4")))
    assert messages(check(after, Move(c("C3"), c("C4")))) == ["moved two frogs"]


def test_ponder_no_jumping_over_frogs() -> None:
    """ "A frog cannot jump over another frog or double it, but that frog may be challenged" """
    st = position(pads="D3 D4 D5 D6", frogs={"orange": "D3", "blue": "D5"}, phase="move")
    assert targets(frog_moves(st, c("D3"))) == {"D4"}
    assert messages(check(st, Move(c("D3"), c("D6")))) == ["jumped over the frog on D5"]


def test_ponder_frogs_jump_only_onto_lily_pads() -> None:
    """ "Your frogs must jump onto, and only onto, spaces containing a lily pad." """
    st = position(pads="D3 D4 D6", frogs={"orange": "D3"}, phase="move")
    assert targets(frog_moves(st, c("D3"))) == {"D4"}
    found = check(st, Move(c("D3"), c("D5")))
    assert messages(found) == ["landed on an empty space"] and found[0].where == "D5"
    assert messages(check(st, Move(c("D3"), c("D6")))) == ["landed on an empty space"]


def test_ponder_a_frog_reaching_the_opposite_bank_has_arrived() -> None:
    """ "A frog that reaches the opposite bank is considered arrived and can no longer
    re-enter the game." and "Any movement card, used well, lets a frog leave the Marsh
    (except the Fly Meal card)." """
    st = position(pads="D5 D6 D7 C6", frogs={"orange": "D5"}, phase="move")
    assert targets(frog_moves(st, c("D5"))) == {"D6", "D7", "+D7", "C5"} - {"C5"}
    after = apply(st, Move(c("D5"), c("D7"), arrive=True))
    assert after.teams[0].arrived == (c("D7"),) and after.teams[0].frogs == ()
    diagonal = position(
        pads="C6 D7", frogs={"orange": "C6"}, cards={"orange": "diagonal"}, phase="move"
    )
    assert targets(frog_moves(diagonal, c("C6"))) == {"D7", "+D7"}
    # Not from the side: the east bank is blue's, not orange's finish.
    side = position(pads="G4", frogs={"orange": "G4"}, phase="move")
    assert targets(frog_moves(side, c("G4"))) == set()
    assert check(side, Move(c("G4"), c("G4"), arrive=True))[0].rule == "finish"
