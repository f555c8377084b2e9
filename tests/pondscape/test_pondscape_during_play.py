"""Pondscape during play: the display, the jumping frog, tucks, Croaker, the checker.

Each scenario quotes the rulebook sentence it checks, and each check is tripped once and
left quiet once.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.errors import BadFileError, EventRefusedError
from companion.games.base import Player, Violation
from companion.games.pondscape import GAME
from companion.games.pondscape.checks import RULES
from companion.games.pondscape.events import (
    CroakerFlip,
    Draw,
    Jump,
    Place,
    Refill,
    Take,
    Tuck,
    parse_event,
)
from companion.games.pondscape.scoring import score_player
from companion.games.pondscape.solo import (
    SAMPLE_NAME,
    SAMPLE_SOLO_CARDS,
    SoloCard,
    flip_croaker,
    parse_solo_cards,
)
from companion.games.pondscape.tableau import FrogCard, HabitatCard, WaterCard
from companion.session import LiveSession, SessionInfo, load_session_json
from companion.turns import NextTurn

FROG = FrogCard("tomato", ("fly",))
WATER = WaterCard(3, ("fly", "snail"))


def game(names: tuple[str, ...] = ("Ana", "Ben", "Cy"), **options: Any) -> LiveSession:
    return LiveSession(SessionInfo("pondscape", tuple(Player(n) for n in names), options))


def solo(**options: Any) -> LiveSession:
    return game(("Ana",), solo=True, **options)


def rules(found: list[Violation]) -> list[str]:
    return [v.rule for v in found]


def turn(live: LiveSession, who: str, slot: int, row: int, column: int, card: Any = FROG) -> None:
    live.play(Take(who, slot))
    live.play(Refill(slot))
    live.play(Place(who, row, column, card))


# --- round and turn ------------------------------------------------------------------


def test_play_round_and_whose_turn() -> None:
    """ "Pondscape is played over 15 rounds, with players taking turns starting from the first
    player and continuing clockwise.\""""
    live = game()
    turn(live, "Ana", 0, 0, 0)
    live.play(NextTurn())
    assert GAME.summary(live.state) == "round 1 of 15, Ben's turn"
    assert rules(live.check(Take("Cy", 0))) == ["not-your-turn"]
    assert live.check(Take("Ben", 0)) == []


# --- the display and the jumping frog ------------------------------------------------


def test_play_display_slot_moves_the_jumping_frog() -> None:
    """ "If the card was under a movement card with value 1 or 2, move the jumping frog card
    forward 1 or 2 spaces clockwise around the food row.\""""
    live = game()
    assert live.state.spanned() == ("spider", "dragonfly")  # "above the start of the row"
    live.play(Take("Ana", 0))
    assert live.state.frog == 0
    live.play(Refill(0))
    live.play(Place("Ana", 0, 0, FROG))
    live.play(NextTurn())
    live.play(Take("Ben", 2))
    assert live.state.spanned() == ("butterfly", "fly")
    assert live.state.display == (True, True, False)


def test_play_display_must_be_refilled() -> None:
    """ "Immediately refill the card display.\""""
    live = game()
    live.play(Take("Ana", 1))
    assert rules(live.check(Place("Ana", 0, 0, FROG))) == ["display-not-refilled"]
    live.play(Refill(1))
    assert live.check(Place("Ana", 0, 0, FROG)) == []
    live.play(Place("Ana", 0, 0, FROG))
    live.play(NextTurn())
    live.play(Take("Ben", 2))
    assert rules(live.check(Take("Ben", 2))) == ["two-takes", "slot-empty"]
    assert live.check(Refill(2)) == []
    live.play(Refill(2))
    assert rules(live.check(Take("Ben", 2))) == ["two-takes"]
    assert rules(live.check(Refill(2))) == ["slot-full"]


def test_play_the_food_row_is_circular() -> None:
    """ "If it reaches the end, continue clockwise at the beginning of the other side.\""""
    live = game(("Ana",))
    live.play(Take("Ana", 2))
    live.play(Refill(2))
    live.play(Place("Ana", 0, 0, FROG))
    live.play(Jump("Ana", 2))
    assert live.state.frog == 4
    assert live.state.spanned() == ("snail", "spider")  # straddles the end and the beginning
    live.play(NextTurn())
    live.play(Take("Ana", 2))
    assert live.state.spanned() == ("dragonfly", "butterfly")


# --- placing cards -------------------------------------------------------------------


def test_play_place_builds_the_pond_and_the_live_score() -> None:
    """ "play one card from your hand ... either face up or face down.\""""
    live = game(("Ana", "Ben"))
    turn(live, "Ana", 0, 2, 4, WATER)
    pond = live.state.ponds[0]
    assert pond is not None and pond.cell(2, 4) == WATER
    assert score_player(pond).total == 3  # "add up the points shown on the water cards"
    assert live.state.ponds[1] is None


def test_play_card_into_an_occupied_cell_or_outside_the_pond() -> None:
    """ "once you place a card, you cannot move it for the rest of the game." A pond is
    "15 cards (3 rows of 5 cards)"."""
    live = game(("Ana", "Ben"))
    turn(live, "Ana", 0, 1, 1)
    live.play(NextTurn())
    live.play(NextTurn())
    live.play(Take("Ana", 0))
    live.play(Refill(0))
    taken = live.check(Place("Ana", 1, 1, WATER))
    assert rules(taken) == ["cell-taken"]
    assert taken[0].where == "Ana: pond[1][1]"
    assert rules(live.check(Place("Ana", 3, 0, WATER))) == ["outside-pond"]
    assert rules(live.check(Place("Ana", 0, 5, WATER))) == ["outside-pond"]
    assert live.check(Place("Ana", 2, 4, WATER)) == []
    live.play(Place("Ana", 1, 1, WATER))  # the table may go on: the first card stays
    assert live.state.ponds[0].cell(1, 1) == FROG


def test_play_two_cards_in_one_turn() -> None:
    """ "Then play one card from your hand\""""
    live = game()
    turn(live, "Ana", 0, 0, 0)
    assert rules(live.check(Place("Ana", 0, 1, FROG))) == ["two-cards"]
    live.play(NextTurn())
    live.play(Take("Ben", 0))
    live.play(Refill(0))
    assert live.check(Place("Ben", 0, 1, FROG)) == []


# --- the jumping frog action and tucks -----------------------------------------------


def _jumped(spaces: int = 1) -> LiveSession:
    live = game(("Ana", "Ben"))
    turn(live, "Ana", 0, 0, 0)
    live.play(Jump("Ana", spaces))  # the frog spans dragonfly and butterfly
    return live


def test_play_tuck_under_the_food_cards_the_frog_spans() -> None:
    """ "You may then tuck up one card from your hand under each of your two food cards that
    the jumping frog is currently spanning.\""""
    live = _jumped()
    assert live.state.spanned() == ("dragonfly", "butterfly")
    assert live.check(Tuck("Ana", "dragonfly")) == []
    wrong = live.check(Tuck("Ana", "snail"))
    assert rules(wrong) == ["tuck-not-spanned"]
    assert wrong[0].message == (
        "The jumping frog spans dragonfly and butterfly, not snail: tuck under the two food "
        "cards it is spanning."
    )


def test_play_one_tuck_per_spanned_food_card() -> None:
    """ "tuck up one card ... under each of your two food cards\""""
    live = _jumped()
    live.play(Tuck("Ana", "dragonfly"))
    assert rules(live.check(Tuck("Ana", "dragonfly"))) == ["tuck-twice"]
    assert live.check(Tuck("Ana", "butterfly")) == []
    live.play(Jump("Ana", 1))  # a second jumping frog action this turn: fresh tucks
    assert live.check(Tuck("Ana", "butterfly")) == []


def test_play_tuck_needs_a_jump_unless_special() -> None:
    """Special tucking effect: "You can tuck any 1, or 2 cards from your hand. Tuck them
    under any food card(s) of your choice.\""""
    live = game(("Ana", "Ben"))
    turn(live, "Ana", 0, 0, 0, FrogCard("desert-rain"))
    assert rules(live.check(Tuck("Ana", "snail"))) == ["tuck-without-jump"]
    live.play(Tuck("Ana", "snail", special=True))
    live.play(Tuck("Ana", "snail", special=True))
    assert rules(live.check(Tuck("Ana", "fly", special=True))) == ["special-tuck-limit"]


def test_play_tucked_cards_and_hand_are_counted_from_the_log() -> None:
    """ "Each tucked card will score 1 point at game end for every matching food symbol in
    your pond.\""""
    live = _jumped()
    live.play(Tuck("Ana", "dragonfly"))
    live.play(Tuck("Ana", "butterfly"))
    live.play(Draw("Ana", 2))
    pond = live.state.ponds[0]
    assert dict(pond.tucked) == {"dragonfly": 1, "butterfly": 1}
    assert pond.hand == 3 + 1 - 1 - 2 + 2  # 3 dealt, 1 taken, 1 placed, 2 tucked, 2 drawn
    live.play(NextTurn())
    turn(live, "Ben", 0, 0, 0)
    live.play(NextTurn())
    turn(live, "Ana", 0, 0, 1, HabitatCard("reeds", ("dragonfly", "dragonfly")))
    sheet = score_player(live.state.ponds[0])
    assert sheet.food == 2  # 2 dragonfly symbols x 1 card tucked under the dragonfly


# --- Croaker -------------------------------------------------------------------------


def test_play_croaker_moves_the_frog_the_total_and_takes_a_card() -> None:
    """ "The upper number determines how many spaces the jumping frog moves (this is the
    total number, not added to the movement card value above the display).\""""
    live = solo()
    turn(live, "Ana", 0, 0, 0)
    live.play(NextTurn())
    assert live.state.croakers_turn
    assert live.check(CroakerFlip(2, 1)) == []
    live.play(CroakerFlip(2, 1))  # slot 1's movement card does not add a space
    assert live.state.frog == 2 and live.state.display == (True, False, True)
    live.play(Refill(1))
    live.play(NextTurn())
    assert rules(live.check(CroakerFlip(1, 0))) == ["not-croakers-turn"]


def test_play_croaker_deck_is_reshuffled_after_the_sixth_card() -> None:
    """ "After turning over the sixth card, take all 6 solo cards, shuffle them, and form a
    new deck for Croaker's remaining turns.\""""
    live = solo()
    rng = random.Random(3)
    flipped = []
    for _ in range(7):
        turn(live, "Ana", 0, *live.state.pond_of("Ana").empty_cells()[0])
        live.play(NextTurn())
        card = flip_croaker(live.state.croaker_deck, rng)
        assert live.check(CroakerFlip(card.move, card.take)) == []
        live.play(CroakerFlip(card.move, card.take))
        live.play(Refill(card.take))
        live.play(NextTurn())
        flipped.append(card)
        if len(flipped) < 6:
            assert len(live.state.croaker_deck) == 6 - len(flipped)
    assert sorted(flipped[:6], key=repr) == sorted(SAMPLE_SOLO_CARDS, key=repr)
    # A fresh deck of all 6, the seventh card flipped from it.
    left = [*live.state.croaker_deck, flipped[6]]
    assert sorted(left, key=repr) == sorted(SAMPLE_SOLO_CARDS, key=repr)


def test_play_croaker_card_not_in_the_deck_is_flagged() -> None:
    live = solo(solo_cards=[{"move": 1, "take": 0}] * 6)
    turn(live, "Ana", 0, 0, 0)
    live.play(NextTurn())
    assert rules(live.check(CroakerFlip(2, 2))) == ["croaker-card"]
    assert live.check(CroakerFlip(1, 0)) == []


def test_play_solo_cards_option_and_sample() -> None:
    """The owner enters the 6 solo cards once; the sample set says it is a sample."""
    assert "sample" in SAMPLE_NAME
    assert len(SAMPLE_SOLO_CARDS) == 6
    cards = [{"move": 2, "take": 1}] * 6
    assert parse_solo_cards(cards, "x") == (SoloCard(2, 1),) * 6
    with pytest.raises(BadFileError, match=r"^options: 'solo_cards' must list the 6 solo cards"):
        GAME.validate_setup([Player("Ana")], {"solo": True, "solo_cards": cards[:5]})
    with pytest.raises(BadFileError, match=r"\[2\]\.take must be display slot 0, 1 or 2"):
        parse_solo_cards([*cards[:2], {"move": 1, "take": 3}, *cards[3:]], "options: 'solo_cards'")


def test_play_solo_game_lasts_until_both_took_15_turns() -> None:
    """ "Croaker alternates turns with the player until both have taken 15 turns.\""""
    from companion.games.pondscape.demo import demo_session, play_demo_game

    live = play_demo_game(demo_session(1), random.Random(5))
    assert live.over and live.state.turns == (15, 15)
    assert live.state.ponds[0].is_complete()
    assert live.effective_violations() == []


# --- the log -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        {"type": "take", "player": "Ana", "slot": 2},
        {"type": "refill", "slot": 0},
        {
            "type": "place",
            "player": "Ana",
            "row": 2,
            "column": 4,
            "card": {"frog": "tomato", "food": ["fly"]},
        },
        {
            "type": "place",
            "player": "Ana",
            "row": 0,
            "column": 0,
            "card": {"water": 3, "food": [], "id": 17},
        },
        {"type": "jump", "player": "Ana", "spaces": 2},
        {"type": "tuck", "player": "Ana", "food": "fly"},
        {"type": "tuck", "player": "Ana", "food": "fly", "special": True},
        {"type": "draw", "player": "Ana", "cards": 3},
        {"type": "croaker", "move": 0, "take": 2},
    ],
)
def test_play_events_round_trip(data: dict[str, Any]) -> None:
    assert parse_event(data, "e").to_json() == data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "take", "player": "Ana", "slot": 3}, "e: field 'slot' must be 0 to 2, found 3"),
        ({"type": "take", "player": "Ana"}, "e: field 'slot' is missing from a take event"),
        ({"type": "jump", "player": "Ana", "spaces": 3}, "e: field 'spaces' must be 1 to 2"),
        (
            {"type": "place", "player": "Ana", "row": 0, "column": 0, "card": None},
            "e: field 'card' must be the card placed, found null",
        ),
        (
            {"type": "place", "player": "Ana", "row": 0, "column": 0, "card": {"frog": "toad"}},
            "e: card: unknown species 'toad'",
        ),
        (
            {"type": "tuck", "player": "Ana", "food": "fly", "special": 1},
            "e: field 'special' must be true or false, found 1",
        ),
        ({"type": "croaker", "move": 1, "take": 0, "x": 1}, "e: unknown field(s) 'x'"),
        ({"type": "draw", "player": "", "cards": 1}, "e: field 'player' must be a player's name"),
    ],
)
def test_play_bad_events_name_the_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(BadFileError) as err:
        parse_event(data, "e")
    assert str(err.value).startswith(message)


def test_play_refusals() -> None:
    live = game(("Ana", "Ben"))
    with pytest.raises(EventRefusedError, match="no player named 'Cy'"):
        live.play(Take("Cy", 0))
    with pytest.raises(EventRefusedError, match="Croaker only plays in a solo game"):
        live.play(CroakerFlip(1, 0))


def test_play_session_round_trip_and_every_rule_quotes_the_rulebook() -> None:
    live = _jumped()
    live.play(Tuck("Ana", "butterfly"))
    _info, events = load_session_json(live.to_json(), "s.json")
    assert [e.to_json() for e in events] == live.events_json()
    assert all(text.endswith(".") for text in RULES.values())


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_play_bot_games_are_clean_and_replay_the_same(count: int) -> None:
    from companion.games.pondscape.demo import demo_game_json
    from companion.session import replay

    for seed in range(2):
        info, events = load_session_json(demo_game_json(count, seed), "demo")
        live = replay(info, events)
        assert live.over
        assert live.effective_violations() == []
        assert all(p is not None and p.is_complete() for p in live.state.ponds)
