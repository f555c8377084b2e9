"""The rules checker: every rule has a board that trips it and one that does not."""

from __future__ import annotations

from pond_builders import advance, pond, session, setup_board_4

from companion.games.base import Violation
from companion.games.pond import GAME, RULES, Board, Control, Damage, NextPhase, Vp
from companion.session import LiveSession


def _rules(found: list[Violation]) -> list[tuple[str, str | None]]:
    return [(v.rule, v.where) for v in found]


def _main(count: int = 4) -> LiveSession:
    live = session(count)
    advance(live, 1)  # Ana's (wizard) Main Phase, turn 1
    return live


def _check(live: LiveSession, board: Board) -> list[tuple[str, str | None]]:
    return _rules(GAME.check(live.state, board))


def test_checker_setup_board_is_clean() -> None:
    live = _main()
    assert _check(live, setup_board_4()) == []


# --- on every board -----------------------------------------------------------------


def test_checker_long_fwooog_in_the_fountain() -> None:
    """ "Long Fwooogs cannot be placed in the Fountain (the very central Pond)\""""
    live = _main()
    live.play(setup_board_4(IN=pond({"wizard": 2})))
    found = GAME.check(live.state, setup_board_4(F=pond({"wizard": 2}, lilypad="free")))
    assert _rules(found) == []
    found = GAME.check(
        live.state, setup_board_4(N=pond(), F=pond(fwooogs=["wizard"], lilypad="free"))
    )
    assert ("fountain-fwooog", "F") in _rules(found)
    assert found[0].message == (
        "A Long Fwooog (wizard) is in the Fountain, which cannot contain Long Fwooogs."
    )


def test_checker_two_long_fwooogs_of_one_faction_in_one_pond() -> None:
    """ "You cannot have more than one of your own Long Fwooogs in the same Pond.\""""
    live = _main()
    ok = setup_board_4(N=pond({"wizard": 1}, ["wizard", "pumpkin"]))
    assert "two-fwooogs" not in [r for r, _ in _check(live, ok)]
    bad = setup_board_4(N=pond({"wizard": 0}, ["wizard", "wizard"]))
    assert ("two-fwooogs", "N") in _check(live, bad)


def test_checker_more_than_four_long_fwooogs() -> None:
    """ "You cannot deploy more than 4 Long Fwooogs\""""
    live = _main()
    four = {p: pond(fwooogs=["wizard"]) for p in ("IN", "NW", "NE")}
    assert "too-many-fwooogs" not in [r for r, _ in _check(live, setup_board_4(**four))]
    five = {**four, "SE": pond(fwooogs=["wizard"])}
    assert ("too-many-fwooogs", None) in _check(live, setup_board_4(**five))


def test_checker_more_frogs_on_the_map_than_pieces() -> None:
    """ "Each player takes 10 Faction Frog pieces" (12 in a 2-player game)."""
    live = _main()
    ten = setup_board_4(N=pond({"wizard": 6}, ["wizard"]), IN=pond({"wizard": 4}))
    assert "too-many-frogs" not in [r for r, _ in _check(live, ten)]
    eleven = setup_board_4(N=pond({"wizard": 6}, ["wizard"]), IN=pond({"wizard": 5}))
    found = GAME.check(live.state, eleven)
    assert ("too-many-frogs", None) in _rules(found)
    assert "wizard has 11 frogs on the map but only 10 frog pieces." in [v.message for v in found]
    two = session(2)
    advance(two, 1)
    eleven_of_twelve = Board(
        (("N", pond({"wizard": 11}, ["wizard"])), ("S", pond(fwooogs=["pumpkin"])))
    )
    assert "too-many-frogs" not in [r for r, _ in _check(two, eleven_of_twelve)]


def test_checker_long_fwooog_on_a_lilypad() -> None:
    """ "Long Fwooogs ... cannot occupy Lilypads.\""""
    live = _main()
    assert _check(live, setup_board_4(N=pond({"wizard": 1}, ["wizard"], lilypad="wizard"))) == []
    bad = setup_board_4(N=pond(fwooogs=["wizard"], lilypad="free", lilypad_fwooog="wizard"))
    assert ("fwooog-on-lilypad", "N") in _check(live, bad)


# --- between two boards of one turn ----------------------------------------------------


def test_checker_long_fwooog_that_moved_or_vanished() -> None:
    """ "Long Fwooogs cannot move!" "Long Fwooogs are not removed by damage\""""
    live = _main()
    assert _check(live, setup_board_4(N=pond({"wizard": 1}, ["wizard"]))) == []
    moved = setup_board_4(N=pond(), IN=pond(fwooogs=["wizard"]))
    assert ("fwooog-moved", "N") in _check(live, moved)
    vanished = setup_board_4(E=pond())
    assert _check(live, vanished) == [("fwooog-moved", "E")]


def test_checker_long_fwooog_that_appeared_without_a_merge() -> None:
    """ "Remove 2 of your Frogs from any one Pond that does not have one of your Long Fwooogs,
    then deploy a Long Fwooog into that Pond.\""""
    live = _main()
    live.play(setup_board_4(N=pond({"wizard": 1}, ["wizard"]), IN=pond({"wizard": 2})))
    merged = setup_board_4(N=pond({"wizard": 1}, ["wizard"]), IN=pond(fwooogs=["wizard"]))
    assert _check(live, merged) == []
    from_nothing = setup_board_4(
        N=pond({"wizard": 1}, ["wizard"]), IN=pond({"wizard": 2}), NW=pond(fwooogs=["wizard"])
    )
    assert _check(live, from_nothing) == [("fwooog-appeared", "NW")]


def test_checker_long_fwooog_merged_where_one_already_is() -> None:
    live = _main()
    live.play(setup_board_4(N=pond({"wizard": 3}, ["wizard"])))
    second = setup_board_4(N=pond({"wizard": 1}, ["wizard", "wizard"]))
    assert _check(live, second) == [("two-fwooogs", "N"), ("fwooog-appeared", "N")]


def test_checker_march_to_a_pond_not_adjacent() -> None:
    """ "move any number of your Frogs ... from one Pond to one adjacent Pond. Ponds are
    considered adjacent if they are connected by a river.\""""
    live = _main()
    live.play(setup_board_4(N=pond({"wizard": 3}, ["wizard"]), IN=pond({"wizard": 2})))
    # IN -> F is a river; N -> NW is a river
    ok = setup_board_4(
        N=pond({"wizard": 1}, ["wizard"]),
        NW=pond({"wizard": 2}),
        F=pond({"wizard": 2}, lilypad="free"),
    )
    assert _check(live, ok) == []
    # IN -> SE has no river (and nothing left a pond next to SE)
    bad = setup_board_4(N=pond({"wizard": 3}, ["wizard"]), SE=pond({"wizard": 2}))
    found = GAME.check(live.state, bad)
    assert _rules(found) == [("march-not-adjacent", "SE")]
    assert found[0].message == (
        "2 wizard frogs arrived in pond SE, which no river joins to a pond they left (IN); "
        "a March goes to one adjacent pond."
    )


def test_checker_march_rule_allows_a_card_deploy_where_the_long_fwooog_is() -> None:
    live = _main()
    live.play(setup_board_4(N=pond({"wizard": 1}, ["wizard"])))
    assert _check(live, setup_board_4(N=pond({"wizard": 2}, ["wizard"]))) == []


def test_checker_start_phase_deploys_more_than_it_allows() -> None:
    """ "Deploy 1 Frog to Ponds with your Long Fwooogs." "You cannot deploy a Frog if your
    supply is empty.\""""
    live = session(4)  # Ana's Start Phase, turn 1: Long Fwooog in N only
    assert _check(live, setup_board_4(N=pond({"wizard": 1}, ["wizard"]))) == []
    two_in_n = GAME.check(live.state, setup_board_4(N=pond({"wizard": 2}, ["wizard"])))
    assert _rules(two_in_n) == [("start-deploy", "N"), ("start-deploy", None)]
    assert two_in_n[1].message == (
        "2 wizard frogs deployed in the Start Phase; you may deploy 1 (1 pond with your "
        "Long Fwooog, 10 frogs in your supply)."
    )
    elsewhere = setup_board_4(IN=pond({"wizard": 1}))
    found = GAME.check(live.state, elsewhere)
    assert _rules(found) == [("start-deploy", "IN")]
    assert found[0].message == (
        "1 wizard frog deployed to pond IN in the Start Phase; you have no Long Fwooog there."
    )


def test_checker_start_phase_with_an_empty_supply_allows_no_deploy() -> None:
    live = session(4)
    full = setup_board_4(N=pond({"wizard": 4}, ["wizard"]), NW=pond({"wizard": 6}))
    advance(live, 10)  # Dee's Main Phase, turn 4
    live.play(full)  # 10 wizard frogs on the map: none left in Ana's supply
    advance(live, 2)  # Ana's next Start Phase (turn 5)
    assert (live.state.current_player, live.state.phase) == ("Ana", "start")
    assert _check(live, full) == []
    one_more = setup_board_4(N=pond({"wizard": 5}, ["wizard"]), NW=pond({"wizard": 6}))
    assert ("start-deploy", None) in _check(live, one_more)


def test_checker_pieces_of_a_player_not_taking_the_turn_increased() -> None:
    live = _main()
    attacked = setup_board_4(N=pond({"wizard": 1}, ["wizard"]))
    assert _check(live, attacked) == []
    theirs = setup_board_4(E=pond({"pumpkin": 1}, ["pumpkin"]))
    found = GAME.check(live.state, theirs)
    assert _rules(found) == [("not-your-turn", "E")]
    assert found[0].message == "pumpkin's pieces in pond E went from 1 to 2 during Ana's turn."


def test_checker_between_rules_need_a_board_from_this_turn() -> None:
    """With no board in the previous turn there is nothing to compare with."""
    live = _main()
    advance(live, 2)  # Ben's Start Phase, no board was seen in turn 1
    advance(live, 1)
    assert live.state.turn_start_board is None
    assert _check(live, setup_board_4(N=pond())) == []  # wizard Fwooog gone: not comparable
    live.play(setup_board_4())
    assert _check(live, setup_board_4(N=pond())) == [("fwooog-moved", "N")]


def test_checker_last_board_of_the_previous_turn_is_the_reference() -> None:
    live = _main()
    live.play(setup_board_4(N=pond({"wizard": 2}, ["wizard"])))
    advance(live, 2)  # Ben's Start Phase
    assert _check(live, setup_board_4(N=pond({"wizard": 2}, ["wizard"]))) == []
    assert _check(live, setup_board_4(N=pond({"wizard": 3}, ["wizard"]))) == [
        ("not-your-turn", "N")
    ]


# --- other events -----------------------------------------------------------------------


def test_checker_vp_outside_the_main_phase() -> None:
    live = session(2)  # Start Phase
    assert _rules(GAME.check(live.state, Damage("Ana", "Ben", 1))) == [
        ("vp-outside-main-phase", None)
    ]
    live.play(NextPhase())
    assert GAME.check(live.state, Damage("Ana", "Ben", 1)) == []
    assert GAME.check(live.state, Vp("Ana", 1, "x")) == []
    live.play(NextPhase())
    assert _rules(GAME.check(live.state, Vp("Ana", 1, "x"))) == [("vp-outside-main-phase", None)]


def test_checker_control_beyond_the_map() -> None:
    live = session(2)
    advance(live, 2)
    assert GAME.check(live.state, Control(9, 9)) == []
    assert _rules(GAME.check(live.state, Control(10, 0))) == [("control-beyond-map", None)]


def test_checker_every_rule_is_listed() -> None:
    assert set(RULES) == {
        "fountain-fwooog",
        "two-fwooogs",
        "too-many-fwooogs",
        "too-many-frogs",
        "fwooog-on-lilypad",
        "fwooog-moved",
        "fwooog-appeared",
        "march-not-adjacent",
        "start-deploy",
        "not-your-turn",
        "vp-outside-main-phase",
        "control-beyond-map",
        # the missing rules of issue 14: tests/pond/test_pond_checker_rules.py
        "merge-frogs-kept",
        "march-two-ponds",
        "lilypad-without-frog",
        "lilypad-removed",
        "lilypad-not-your-turn",
        "lilypad-in-start-phase",
        "start-no-deploy",
        "attack-not-in-pond",
        "damage-fwooog-shielded",
        "march-in-end-phase",
    }


def test_checker_violations_carry_their_event_index_in_a_session() -> None:
    live = _main()
    live.play(Vp("Ana", 1, "x"))
    flags = live.play(setup_board_4(E=pond()))
    assert [(v.rule, v.where, v.event_index) for v in flags] == [("fwooog-moved", "E", 2)]


def test_checker_one_action_rules_wait_for_a_second_board_of_the_turn() -> None:
    """A whole turn seen at once (deploy, then March on) is not judged as one March."""
    live = _main()
    live.play(setup_board_4())
    advance(live, 2)  # Ben (pumpkin): Start Phase, last board from Ana's turn
    advance(live, 1)
    deployed_then_marched = setup_board_4(IE=pond({"pumpkin": 1}))
    assert _check(live, deployed_then_marched) == []
    merged_after_marching = setup_board_4(IE=pond(fwooogs=["pumpkin"]))
    assert _check(live, merged_after_marching) == []
    live.play(deployed_then_marched)
    assert _check(live, setup_board_4(IE=pond({"pumpkin": 1}), SW=pond({"pumpkin": 1}))) == [
        ("march-not-adjacent", "SW")
    ]
