"""Pondscape as a session game: setup checklist, turn tracker, pond events, ranking."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from pondscape_builders import filler_pond, player, water

from companion.errors import BadFileError, EventRefusedError
from companion.games import get_game
from companion.games.base import Player
from companion.games.pondscape import GAME, ranking
from companion.games.pondscape.setup import NextTurn, PondEvent, choose_first_player
from companion.games.pondscape.tableau import PlayerPond, player_to_json
from companion.session import LiveSession, SessionInfo, load_session_json

ANA_BEN = (Player("Ana"), Player("Ben"))


def live(players: tuple[Player, ...] = ANA_BEN, solo: bool = False) -> LiveSession:
    return LiveSession(SessionInfo("pondscape", players, {"solo": solo}))


def pond_event(p: PlayerPond) -> dict[str, Any]:
    return {"type": "pond", "player": p.name, "pond": player_to_json(p)}


def test_game_registered() -> None:
    assert get_game("pondscape") is GAME
    assert (GAME.min_players, GAME.max_players) == (1, 4)


@pytest.mark.parametrize(
    ("count", "options", "message"),
    [
        (0, {}, "players: Pondscape takes 1 to 4 players (20 food cards, 5 per player), found 0"),
        (5, {}, "players: Pondscape takes 1 to 4 players (20 food cards, 5 per player), found 5"),
        (2, {"solo": True}, "options: 'solo' needs exactly 1 player, found 2"),
        (1, {"solo": "yes"}, "options: 'solo' must be true or false, found 'yes'"),
        (1, {"expansion": 1}, "options: unknown option(s) 'expansion'"),
    ],
)
def test_game_validate_setup_refuses(count: int, options: dict[str, Any], message: str) -> None:
    players = [Player(f"P{i}") for i in range(count)]
    with pytest.raises(BadFileError) as err:
        GAME.validate_setup(players, options)
    assert str(err.value) == message


def test_game_default_options() -> None:
    assert GAME.default_options(1) == {"solo": True}
    assert GAME.default_options(3) == {"solo": False}


def test_game_setup_steps_for_three_players() -> None:
    """Each player places five food cards in front of them... Each player then draws 3 cards
    from the pond deck into their hand. Randomly determine the starting player."""
    steps = GAME.setup_steps([Player("A"), Player("B"), Player("C")], {"solo": False})
    assert [s.id for s in steps] == [
        "food-row",
        "jumping-frog",
        "pond-deck",
        "display",
        "movement-cards",
        "scoring-card",
        "food-cards",
        "hands",
        "first-player",
    ]
    by_id = {s.id: s for s in steps}
    assert by_id["food-cards"].values == {"food_cards": 15}
    assert by_id["food-cards"].text.startswith("Each of the 3 players places five food cards")
    assert by_id["hands"].text == "Each player draws 3 cards from the pond deck into their hand."
    assert by_id["hands"].values == {"cards": 9}
    assert "Randomly determine the starting player" in by_id["first-player"].text


def test_game_setup_steps_solo() -> None:
    """During setup, shuffle the 6 solo cards and form a deck of your opponent - Croaker."""
    steps = GAME.setup_steps([Player("Ana")], {"solo": True})
    assert steps[-1].id == "croaker"
    assert steps[-1].values == {"solo_cards": 6}
    assert "first-player" not in [s.id for s in steps]
    assert next(s for s in steps if s.id == "hands").text == (
        "Draw 3 cards from the pond deck into your hand."
    )


def test_game_next_turn_tracks_rounds() -> None:
    """Pondscape is played over 15 rounds, with players taking turns starting from the first
    player and continuing clockwise."""
    session = live()
    assert GAME.summary(session.state) == "round 1 of 15, Ana's turn"
    session.play(NextTurn())
    assert GAME.summary(session.state) == "round 1 of 15, Ben's turn"
    session.play(NextTurn())
    assert GAME.summary(session.state) == "round 2 of 15, Ana's turn"
    for _ in range(2 * 15 - 3):
        session.play(NextTurn())
    assert GAME.summary(session.state) == "round 15 of 15, Ben's turn"
    assert not session.over
    session.play(NextTurn())
    assert session.over
    assert GAME.summary(session.state) == "game over: no ponds entered yet"
    with pytest.raises(EventRefusedError, match="the game is over"):
        session.play(NextTurn())


def test_game_solo_croaker_alternates() -> None:
    """Croaker alternates turns with the player until both have taken 15 turns."""
    session = live((Player("Ana"),), solo=True)
    session.play(NextTurn())
    assert GAME.summary(session.state) == "round 1 of 15, Croaker's turn"
    for _ in range(28):
        session.play(NextTurn())
    assert not session.over
    session.play(NextTurn())
    assert session.over


def test_game_pond_events_replace_and_end_the_game(example_114: PlayerPond) -> None:
    """The game ends when each player has placed 15 cards grid in front of them."""
    session = live()
    ben = player(filler_pond({(0, 0): water(5)}), name="Ben", hand=1)
    session.play(GAME.parse_event(pond_event(ben), "e"))
    session.play(GAME.parse_event(pond_event(replace(example_114, hand=0)), "e"))
    assert not session.over  # Ben's pond is not complete
    assert ranking(session.state).winners == ("Ana",)
    full_ben = player(
        filler_pond({(r, c): water(5) for r in range(3) for c in range(5)}), name="Ben"
    )
    session.play(GAME.parse_event(pond_event(full_ben), "e"))  # a correction replaces it
    assert session.over
    assert [s.total for s in ranking(session.state).sheets] == [114, 75]
    assert GAME.summary(session.state) == "game over: Ana 114, Ben 75"


def test_game_events_round_trip_through_session_file(example_114: PlayerPond) -> None:
    session = live()
    session.play(NextTurn())
    session.play(GAME.parse_event(pond_event(example_114), "e"))
    info, events = load_session_json(session.to_json(), "s.json")
    assert info.options == {"solo": False}
    assert events == [NextTurn(), PondEvent("Ana", example_114)]
    assert [e.to_json() for e in events] == session.events_json()


def test_game_parse_event_errors_name_the_place(example_114: PlayerPond) -> None:
    data = pond_event(example_114)
    data["player"] = "Ben"
    with pytest.raises(BadFileError, match=r"^e: pond.name 'Ana' is not the event's player 'Ben'$"):
        GAME.parse_event(data, "e")
    data = pond_event(example_114)
    data["pond"]["pond"][0][0] = {"frog": "toad"}
    with pytest.raises(
        BadFileError,
        match=r"^e: pond \(Ana\): pond\[0\]\[0\] \(row 0, column 0\): unknown species 'toad'",
    ):
        GAME.parse_event(data, "e")
    with pytest.raises(BadFileError, match="unknown event type 'score'"):
        GAME.parse_event({"type": "score"}, "e")


def test_game_refuses_pond_of_unknown_player(example_114: PlayerPond) -> None:
    session = live()
    with pytest.raises(EventRefusedError, match="no player named 'Cy'"):
        session.play(PondEvent("Cy", replace(example_114, name="Cy")))


def test_game_check_flags_table_mistakes(example_114: PlayerPond) -> None:
    session = live()
    session.play(NextTurn())  # Ana has taken 1 turn, Ben is placing his first card
    flags = session.play(PondEvent("Ana", example_114))
    assert [v.rule for v in flags] == ["too-many-cards"]
    assert flags[0].message == (
        "Ana's pond shows 15 cards but Ana has taken only 1 turns (one card is placed each turn)"
    )
    tagged = filler_pond({(0, 0): replace(water(2), id=41)})
    session.play(PondEvent("Ana", player(tagged)))
    ben = player(
        filler_pond({(1, 1): replace(water(2), id=41)}),
        name="Ben",
        food_row=("snail", "spider", "dragonfly", "butterfly", "fly"),
    )
    flags = session.play(PondEvent("Ben", ben))
    assert [v.rule for v in flags] == ["card-twice", "food-row-order"]
    assert flags[0].message == "card 41 is at (1,1) in Ben's pond and in Ana's pond at (0,0)"
    assert flags[0].where == "Ben: pond[1][1]"


def test_choose_first_player_uses_the_given_rng() -> None:
    players = [Player("A"), Player("B"), Player("C"), Player("D")]
    picks = {choose_first_player(players, random.Random(seed)).name for seed in range(40)}
    assert picks == {"A", "B", "C", "D"}
    assert choose_first_player(players, random.Random(7)) == choose_first_player(
        players, random.Random(7)
    )
