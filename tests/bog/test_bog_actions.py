"""BOG's setup and four Actions, each scenario quoting the rulebook (rulebooks/bog.txt)."""

from __future__ import annotations

import random

from bog_builders import ANA, BEN, PLAYERS, position

from companion.games.bog import (
    GAME,
    Advance,
    Play,
    check,
    legal_actions,
    pick_start_player,
    refusal,
)
from companion.games.bog.state import apply


def rules_of(violations: list) -> list[str]:
    return [v.rule for v in violations]


# --- Setup


def test_setup_bog_flies_hands_and_draw_area() -> None:
    """ "Place a Fly perpendicular on each of the 3 center row Lily Pads. ... The Start player
    draws two Frogs into their hand ... Next, the second player draws 3 Frogs. Finally, draw 3
    Frogs and place them face up next to the deck to create the Draw Area." """
    st = GAME.initial_state(PLAYERS, {"start": "Ben"})
    assert [p for p in range(1, 10) if st.flies[p - 1]] == [4, 5, 6]
    assert st.frogs == (None,) * 9
    assert st.hand_counts == (3, 2)  # Ben starts: he holds 2, Ana 3
    assert len(st.draw_area) == 3 and st.deck == 18 - 2 - 3 - 3
    assert st.to_move == BEN  # "The Start Player takes the first turn."


def test_setup_the_app_picks_the_start_player_from_a_seeded_rng() -> None:
    """ "Choose a Start Player." """
    picks = {pick_start_player(PLAYERS, random.Random(seed)) for seed in range(20)}
    assert picks == {"Ana", "Ben"}
    assert pick_start_player(PLAYERS, random.Random(3)) == pick_start_player(
        PLAYERS, random.Random(3)
    )


def test_setup_steps_come_from_the_engine() -> None:
    steps = {s.id: s for s in GAME.setup_steps(PLAYERS, {"start": "Ben"})}
    assert steps["start-hand"].values == {"Ben": 2}
    assert steps["second-hand"].values == {"Ana": 3}
    assert steps["draw-area"].values == {"draw_area": 3, "deck": 10}


# --- 1. PLAY


def test_play_a_frog_from_hand_to_your_shore() -> None:
    """ "Place a Frog from your hand to your Shore." """
    st = position(hands=(("01", "02"), ()))
    assert Play("Ana", "01") in legal_actions(st)
    after = apply(st, Play("Ana", "01"))
    assert after.shores[ANA] == ("01",)
    assert after.hands[ANA] == ("02",) and after.hand_counts[ANA] == 1
    assert after.to_move == BEN


def test_play_a_third_frog_on_your_shore_is_flagged() -> None:
    """ "You may have a maximum of 2 Frogs in your Shore." """
    st = position(shores=(("01", "02"), ()), hands=(("03",), ()))
    assert not [a for a in legal_actions(st) if isinstance(a, Play)]
    found = check(st, Play("Ana", "03"))
    assert rules_of(found) == ["shore-full"]
    assert "a third Frog on your Shore" in found[0].message


# --- 2. ADVANCE


def test_advance_from_the_shore_to_its_starting_pad() -> None:
    """ "Advance a Frog from your Shore to its starting Lily Pad shown on the Route." Card 01's
    Route starts on pad 7, on Ana's bottom row."""
    st = position(shores=(("01",), ()))
    assert Advance("Ana", "01", 7) in legal_actions(st)
    after = apply(st, Advance("Ana", "01", 7))
    frog = after.frogs[7 - 1]
    assert frog is not None and (frog.card, frog.seat, frog.stop) == ("01", ANA, 0)
    assert after.shores[ANA] == ()


def test_advance_your_opponents_frog_starts_on_their_bottom_row() -> None:
    """ "Frogs always begin their Route on one of the three Lily Pads on the bottom row,
    closest to a player's Shore." and "Your OPPONENT'S Frogs will face them.": Ben's card 01
    starts on his pad 7, which is pad 3 seen from Ana's side."""
    st = position(shores=((), ("01",)), to_move=BEN)
    assert legal_actions(st) == [Advance("Ben", "01", 3)]


def test_advance_to_the_next_lily_pad_of_its_route() -> None:
    """ "Advance a Frog to the next Lily Pad in its Route." Card 01: 7, 8, 9, 6."""
    st = position(frogs={8: ("01", ANA, 1)})
    assert legal_actions(st) == [Advance("Ana", "01", 9)]
    after = apply(st, Advance("Ana", "01", 9))
    assert after.frogs[8 - 1] is None
    frog = after.frogs[9 - 1]
    assert frog is not None and frog.stop == 2


def test_advance_to_a_pad_that_is_not_the_next_stop_is_flagged() -> None:
    st = position(frogs={8: ("01", ANA, 1)})
    found = check(st, Advance("Ana", "01", 2))
    assert rules_of(found) == ["next-stop"]
    assert "that pad is not this Frog's next stop" in found[0].message
    assert "pad 9" in found[0].message


def test_advance_landing_on_an_opposing_frog_captures_it() -> None:
    """ "If you move a Frog to a Lily Pad that is occupied by an opposing Frog ..., remove the
    opposing Frog from the Bog and use its card back to score 1 point." """
    st = position(frogs={7: ("01", ANA, 0), 8: ("02", BEN, 2)})
    assert Advance("Ana", "01", 8) in legal_actions(st)
    assert check(st, Advance("Ana", "01", 8)) == []
    after = apply(st, Advance("Ana", "01", 8))
    frog = after.frogs[8 - 1]
    assert frog is not None and frog.card == "01"
    assert after.points[ANA].captures == 1 and after.scored[ANA] == ("02",)
    assert after.points[BEN].total == 0


def test_advance_onto_your_own_frog_only_without_another_move() -> None:
    """ "If you have no other available moves, you may be forced to hop onto your own Frog.
    If you do, the opponent takes that Frog and scores it for 1 point." """
    forced = position(frogs={7: ("01", ANA, 0), 8: ("02", ANA, 3)}, hands=((), ("03",)))
    # 02 is on its final stop (it can only COMPLETE, a Score Action): 01's hop is the only move.
    assert Advance("Ana", "01", 8) in legal_actions(forced)
    assert check(forced, Advance("Ana", "01", 8)) == []
    after = apply(forced, Advance("Ana", "01", 8))
    assert after.points[BEN].captures == 1 and after.scored[BEN] == ("02",)
    assert after.points[ANA].total == 0


def test_advance_onto_your_own_frog_with_another_move_is_flagged() -> None:
    st = position(frogs={7: ("01", ANA, 0), 8: ("02", ANA, 3)}, shores=(("03",), ()))
    assert Advance("Ana", "01", 8) not in legal_actions(st)
    found = check(st, Advance("Ana", "01", 8))
    assert rules_of(found) == ["own-frog"]
    assert "landed on your own Frog although another move was possible" in found[0].message


def test_advance_landing_on_a_fly_moves_it_and_draws_a_card() -> None:
    """ "Move the fly to another unoccupied pad. Draw a card from the Draw Area to your hand. If
    you selected a face up card, replace it with a new card from the deck." Card 07: 7, 8, 5, 2.
    """
    st = position(frogs={8: ("07", ANA, 1)})
    offered = [a for a in legal_actions(st) if isinstance(a, Advance)]
    # The Fly may go to any unoccupied pad (pad 8, left by the Frog, included), any card drawn.
    assert {a.fly_to for a in offered} == {1, 2, 3, 7, 8, 9}
    assert {a.draw for a in offered} == {0, 1, 2}
    ev = Advance("Ana", "07", 5, fly_to=1, draw=1, refill="15")
    assert refusal(st, ev) is None and check(st, ev) == []
    after = apply(st, ev)
    assert after.flies[1 - 1] and not after.flies[5 - 1]
    assert after.hands[ANA] == ("17",) and after.hand_counts[ANA] == 1
    assert after.draw_area == ("16", "15", "18") and after.deck == 9
    assert after.points[ANA].total == 0


def test_advance_fly_to_an_occupied_pad_is_refused() -> None:
    st = position(frogs={8: ("07", ANA, 1), 1: ("03", BEN, 2)})
    reason = refusal(st, Advance("Ana", "07", 5, fly_to=1, draw=0))
    assert reason is not None and "pad 1 is not free" in reason
    assert "say where the Fly" in (refusal(st, Advance("Ana", "07", 5)) or "")


def test_advance_fly_with_an_empty_deck_shrinks_the_draw_area() -> None:
    st = position(frogs={8: ("07", ANA, 1)}, deck=0)
    after = apply(st, Advance("Ana", "07", 5, fly_to=1, draw=0))
    assert after.draw_area == ("17", "18") and after.hands[ANA] == ("16",)
    assert "deck is empty" in (refusal(st, Advance("Ana", "07", 5, 1, 0, "15")) or "")


def test_advance_fly_with_the_draw_area_empty_scores_the_fly() -> None:
    """ "If there are no more Draw Area cards, instead put the Fly in your scoring area. It's
    worth 1 point at the end of the game." """
    st = position(frogs={8: ("07", ANA, 1)}, draw_area=(), deck=0)
    assert [a for a in legal_actions(st) if isinstance(a, Advance)] == [Advance("Ana", "07", 5)]
    after = apply(st, Advance("Ana", "07", 5))
    assert after.points[ANA].flies == 1
    assert [p for p in range(1, 10) if after.flies[p - 1]] == [4, 6]  # the Fly left the Bog
    assert after.hand_counts[ANA] == 0
    assert "the Fly is scored" in (refusal(st, Advance("Ana", "07", 5, fly_to=1)) or "")


def test_advance_fly_rare_case_no_free_pad_scores_it() -> None:
    """ "Rare case: If a Fly cannot be placed because all other Lily Pads are occupied by Flies
    or Frogs, instead put it in your scoring area." (A card is still drawn.) A Frog leaving a
    pad frees it, so the rare case comes from the Shore: card 06 starts on pad 9, under a Fly.
    """
    others = {1: "10", 2: "11", 3: "12", 7: "13", 8: "14"}
    frogs = {pad: (card, BEN, 1) for pad, card in others.items()}
    st = position(frogs=frogs, flies=(4, 5, 6, 9), shores=(("06",), ()))
    assert [p for p in range(1, 10) if p != 9 and not st.frogs[p - 1] and not st.flies[p - 1]] == []
    offered = [a for a in legal_actions(st) if isinstance(a, Advance)]
    assert offered == [Advance("Ana", "06", 9, None, s) for s in range(3)]
    assert check(st, offered[0]) == []
    assert "no pad is free" in (refusal(st, Advance("Ana", "06", 9, 1, 0)) or "")
    after = apply(st, Advance("Ana", "06", 9, None, 0, "01"))
    assert after.points[ANA].flies == 1
    assert [p for p in range(1, 10) if after.flies[p - 1]] == [4, 5, 6]
    assert after.hands[ANA] == ("16",) and after.draw_area == ("01", "17", "18")
