"""The rules the checker used to let through (issue 14): each trips on a board that breaks it
and stays quiet on one that does not, quoting the rulebook."""

from __future__ import annotations

import pytest
from pond_builders import advance, pond, session, setup_board_4

from companion.errors import BadFileError
from companion.games.base import Violation
from companion.games.pond import GAME, REMINDERS, Board, Damage, NextPhase, Vp, end_phase_award
from companion.games.pond.demo import demo_game_json
from companion.games.pond.events import parse_event
from companion.session import LiveSession, load_session_json, replay


def _rules(found: list[Violation]) -> list[tuple[str, str | None]]:
    return [(v.rule, v.where) for v in found]


def _check(live: LiveSession, event: object) -> list[tuple[str, str | None]]:
    return _rules(GAME.check(live.state, event))


def _main() -> LiveSession:
    live = session(4)
    advance(live, 1)  # Ana's (wizard) Main Phase, turn 1
    return live


# --- Merge ---------------------------------------------------------------------------


def test_rule_merge_removes_two_frogs() -> None:
    """ "Remove 2 of your Frogs from any one Pond that does not have one of your Long Fwooogs,
    then deploy a Long Fwooog into that Pond.\""""
    live = _main()
    live.play(setup_board_4(IN=pond({"wizard": 3})))
    removed = setup_board_4(IN=pond({"wizard": 1}, ["wizard"]))
    assert _check(live, removed) == []
    kept = GAME.check(live.state, setup_board_4(IN=pond({"wizard": 3}, ["wizard"])))
    assert _rules(kept) == [("merge-frogs-kept", "IN")]
    assert kept[0].message == (
        "A wizard Long Fwooog appeared in pond IN but its frogs went from 3 to 3; "
        "a Merge removes 2 of your Frogs from the Pond."
    )
    one_removed = setup_board_4(IN=pond({"wizard": 2}, ["wizard"]))
    assert _check(live, one_removed) == [("merge-frogs-kept", "IN")]


# --- March ---------------------------------------------------------------------------


def test_rule_march_from_a_long_fwooog_pond_to_a_pond_not_adjacent() -> None:
    """ "move any number of your Frogs ... from one Pond to one adjacent Pond.\""""
    live = _main()
    # wizard: Long Fwooog and 3 frogs in N, a second Long Fwooog in SE (not joined to N).
    live.play(setup_board_4(N=pond({"wizard": 3}, ["wizard"]), SE=pond(fwooogs=["wizard"])))
    to_se = setup_board_4(N=pond({"wizard": 1}, ["wizard"]), SE=pond({"wizard": 2}, ["wizard"]))
    found = GAME.check(live.state, to_se)
    assert _rules(found) == [("march-not-adjacent", "SE")]
    assert found[0].message == (
        "2 wizard frogs arrived in pond SE, which no river joins to a pond they left (N); "
        "a March goes to one adjacent pond."
    )
    to_empty_se = setup_board_4(N=pond({"wizard": 1}, ["wizard"]), SE=pond({"wizard": 2}))
    assert ("march-not-adjacent", "SE") in _check(live, to_empty_se)
    to_nw = setup_board_4(
        N=pond({"wizard": 1}, ["wizard"]), NW=pond({"wizard": 2}), SE=pond(fwooogs=["wizard"])
    )
    assert _check(live, to_nw) == []
    # A card's deploy (no frog left a pond) may still add frogs beside a Long Fwooog.
    deployed = setup_board_4(N=pond({"wizard": 3}, ["wizard"]), SE=pond({"wizard": 1}, ["wizard"]))
    assert _check(live, deployed) == []


def test_rule_march_goes_to_one_pond() -> None:
    """ "move any number of your Frogs ... from one Pond to one adjacent Pond.\""""
    live = _main()
    live.play(setup_board_4(N=pond({"wizard": 3}, ["wizard"])))
    two = GAME.check(
        live.state,
        setup_board_4(N=pond(fwooogs=["wizard"]), NW=pond({"wizard": 2}), NE=pond({"wizard": 1})),
    )
    assert _rules(two) == [("march-two-ponds", "NE")]
    assert two[0].message == (
        "wizard frogs left N and arrived in 2 ponds (NE, NW); a March goes from one Pond to "
        "one adjacent Pond."
    )
    one = setup_board_4(N=pond({"wizard": 0}, ["wizard"]), NW=pond({"wizard": 3}))
    assert _check(live, one) == []


def test_rule_march_in_the_end_phase() -> None:
    """Special Actions "are actions you take in the Main Phase": no March in the End Phase."""
    live = _main()
    start = setup_board_4(N=pond({"wizard": 3}, ["wizard"]))
    marched = setup_board_4(N=pond({"wizard": 1}, ["wizard"]), IN=pond({"wizard": 2}))
    live.play(start)
    assert _check(live, marched) == []  # Main Phase
    advance(live, 1)  # End Phase
    assert live.state.phase == "end"
    assert _check(live, start) == []  # the camera looks again: nothing moved
    live.play(start)
    assert _check(live, marched) == [("march-in-end-phase", "IN")]


# --- Lilypads ------------------------------------------------------------------------


def test_rule_lilypad_holder_without_a_frog_earns_nothing() -> None:
    """ "You control a Lilypad if you have a Frog on that Lilypad.\""""
    live = _main()
    held = setup_board_4(F=pond({"wizard": 1}, lilypad="wizard"))
    assert _check(live, held) == []
    empty = setup_board_4(F=pond(lilypad="wizard"))
    found = GAME.check(live.state, empty)
    assert _rules(found) == [("lilypad-without-frog", "F")]
    assert found[0].message == (
        "The lilypad in pond F is held by wizard, but no wizard frog is counted in that pond; "
        "it earns no VP until the board is corrected."
    )
    advance(live, 1)  # End Phase: the award reads the board
    live.play(held)
    assert end_phase_award(live.state) == (2, 1)  # ponds N and F, the lilypad in F
    live.play(empty)
    assert end_phase_award(live.state) == (1, 0)  # pond N only: F is empty


def test_rule_lilypad_never_leaves_the_map() -> None:
    """The Fountain "begins the game with a Lilypad", and no rule removes one."""
    live = _main()
    assert _check(live, setup_board_4(F=pond({"wizard": 1}, lilypad="free"))) == []
    gone = GAME.check(live.state, setup_board_4(F=pond()))
    assert _rules(gone) == [("lilypad-removed", "F")]
    assert gone[0].message == (
        "The lilypad in pond F is gone from the map; no rule removes a Lilypad, and its VP "
        "would be lost."
    )


def test_rule_lilypad_taken_by_an_opponent_during_your_turn() -> None:
    """ "You may place a Frog on a Lilypad anytime you have a Frog in a Pond with an unoccupied
    Lilypad during your turn.\""""
    live = _main()
    live.play(setup_board_4(F=pond({"wizard": 1, "pumpkin": 1}, lilypad="free")))
    theirs = GAME.check(
        live.state, setup_board_4(F=pond({"wizard": 1, "pumpkin": 1}, lilypad="pumpkin"))
    )
    assert _rules(theirs) == [("lilypad-not-your-turn", "F")]
    assert theirs[0].message == (
        "A pumpkin frog was placed on the lilypad in pond F during Ana's turn; you place a "
        "Frog on a Lilypad during your turn."
    )
    mine = setup_board_4(F=pond({"wizard": 1, "pumpkin": 1}, lilypad="wizard"))
    assert _check(live, mine) == []


def test_rule_lilypad_built_in_the_start_phase() -> None:
    """Build a Lilypad is a Special Action: "actions you take in the Main Phase"."""
    live = session(4)  # Ana's Start Phase
    deployed = setup_board_4(N=pond({"wizard": 1}, ["wizard"]))
    built = setup_board_4(N=pond({"wizard": 1}, ["wizard"], lilypad="free"))
    assert _check(live, deployed) == []
    assert _check(live, built) == [("lilypad-in-start-phase", "N")]
    live.play(deployed)
    advance(live, 1)  # Main Phase
    assert _check(live, built) == []


# --- Start Phase ---------------------------------------------------------------------


def test_rule_start_phase_ends_without_a_deploy_is_a_reminder() -> None:
    """ "Deploy 1 Frog to Ponds with your Long Fwooogs.\""""
    live = session(4)
    live.play(setup_board_4())  # the camera sees Ana's Start Phase: nothing deployed
    found = GAME.check(live.state, NextPhase())
    assert _rules(found) == [("start-no-deploy", None)]
    assert found[0].rule in REMINDERS
    assert found[0].message == (
        "Reminder: Ana deployed 0 of 1 frog in the Start Phase (Long Fwooogs in N); "
        "deploy 1 Frog to each Pond with your Long Fwooogs."
    )
    live.play(setup_board_4(N=pond({"wizard": 1}, ["wizard"])))
    assert _check(live, NextPhase()) == []


def test_rule_start_phase_reminder_needs_frogs_in_the_supply_and_a_board() -> None:
    """ "You cannot deploy a Frog if your supply is empty.\""""
    live = session(4)
    assert _check(live, NextPhase()) == []  # no board this Start Phase: the app cannot tell
    full = setup_board_4(N=pond({"wizard": 4}, ["wizard"]), NW=pond({"wizard": 6}))
    advance(live, 10)
    live.play(full)  # Dee's turn; Ana's 10 frogs are all on the map
    advance(live, 2)
    assert (live.state.current_player, live.state.phase) == ("Ana", "start")
    live.play(full)
    assert _check(live, NextPhase()) == []


# --- Whose turn ----------------------------------------------------------------------


def test_rule_attack_in_a_pond_you_are_not_in() -> None:
    """ "you can initiate combat in a Pond you are in that also has enemy Frogs\""""
    live = _main()
    live.play(setup_board_4(IE=pond({"pumpkin": 2}), NE=pond({"wizard": 2})))
    outside = GAME.check(live.state, setup_board_4(IE=pond({"pumpkin": 1}), NE=pond({"wizard": 2})))
    assert _rules(outside) == [("attack-not-in-pond", "IE")]
    assert outside[0].message == (
        "pumpkin frogs were removed from pond IE, where Ana (wizard) has no frog; you attack "
        "in a Pond you are in."
    )
    live.play(setup_board_4(IE=pond({"pumpkin": 2, "wizard": 1}), NE=pond({"wizard": 1})))
    inside = setup_board_4(IE=pond({"pumpkin": 1, "wizard": 1}), NE=pond({"wizard": 1}))
    assert _check(live, inside) == []


def test_rule_damage_to_a_long_fwooog_with_frogs_beside_it() -> None:
    """ "Your Long Fwooog only takes Damage if you have no other Frogs in the Pond.\""""
    live = _main()
    live.play(setup_board_4(E=pond({"pumpkin": 1, "wizard": 2}, ["pumpkin"])))
    shielded = GAME.check(live.state, Damage("Ana", "Ben", 1))
    assert _rules(shielded) == [("damage-fwooog-shielded", "E")]
    assert shielded[0].message == (
        "Ana gained VP for damage to Ben's Long Fwooog, but every pond with a pumpkin Long "
        "Fwooog (E) still holds pumpkin frogs; a Long Fwooog only takes Damage if you have "
        "no other Frogs in the Pond."
    )
    live.play(setup_board_4(E=pond({"wizard": 2}, ["pumpkin"])))
    assert _check(live, Damage("Ana", "Ben", 1)) == []


def test_rule_damage_is_not_judged_on_a_board_of_an_earlier_turn() -> None:
    """The board of an earlier turn may be out of date; one seen in this turn is not."""
    live = _main()
    shielded = setup_board_4(N=pond({"wizard": 1, "pumpkin": 2}, ["wizard"]))
    live.play(shielded)
    advance(live, 3)  # Ben's Main Phase: no board seen in this turn yet
    assert _check(live, Damage("Ben", "Ana", 1)) == []
    live.play(shielded)
    assert _check(live, Damage("Ben", "Ana", 1)) == [("damage-fwooog-shielded", "N")]


# --- Reactions -----------------------------------------------------------------------


def test_rule_reaction_is_not_flagged_out_of_turn() -> None:
    """ "Cards with Reaction effects can be played whenever their condition is met, even if it
    is not your turn!\""""
    live = _main()
    deployed = setup_board_4(E=pond({"pumpkin": 1}, ["pumpkin"]))
    assert _check(live, deployed) == [("not-your-turn", "E")]
    reaction = Board(deployed.ponds, reaction=True)
    assert _check(live, reaction) == []
    live.play(setup_board_4())
    advance(live, 1)  # End Phase
    assert _check(live, Vp("Ben", 1, "card")) == [("vp-outside-main-phase", None)]
    assert _check(live, Vp("Ben", 1, "card", reaction=True)) == []
    assert _check(live, Damage("Ben", "Ana", 1)) == [("vp-outside-main-phase", None)]
    assert _check(live, Damage("Ben", "Ana", 1, reaction=True)) == []


def test_rule_reaction_field_round_trips_and_is_checked() -> None:
    for data in (
        {"type": "vp", "player": "Ana", "amount": 1, "reason": "card", "reaction": True},
        {"type": "damage", "by": "Ana", "to": "Ben", "amount": 2, "reaction": True},
        {
            "type": "board",
            "ponds": {"N": {"frogs": {}, "fwooogs": ["wizard"], "lilypad": None}},
            "reaction": True,
        },
        {"type": "vp", "player": "Ana", "amount": 1, "reason": "card"},
    ):
        event = parse_event(data, "log: events[0]")
        assert event.to_json() == data
    assert parse_event({"type": "damage", "by": "A", "to": "B", "amount": 1}, "x").reaction is False
    with pytest.raises(
        BadFileError, match=r"log: events\[3\]: field 'reaction' must be true or false"
    ):
        parse_event({"type": "vp", "player": "A", "amount": 1, "reaction": "yes"}, "log: events[3]")


# --- the bots still play clean games ---------------------------------------------------


@pytest.mark.parametrize("camera", ["live", "end", "none"])
@pytest.mark.parametrize("count", [2, 3, 4])
def test_rule_demo_bots_raise_no_flag(camera: str, count: int) -> None:
    for seed in range(3):
        info, events = load_session_json(demo_game_json(count, seed, camera=camera), "demo")
        live = replay(info, events)
        assert live.state.over
        assert live.effective_violations() == []
