"""Setup guides for the five boxed games (companion.games.guides)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import BadFileError, UnknownGameError
from companion.games.base import Player
from companion.games.croak import lilypad_piles
from companion.games.guides import (
    GUIDES,
    default_options,
    guide,
    leaders,
    played_game,
    player_limits,
    score_rule,
    score_rule_for,
    session_info,
    setup_steps,
)
from companion.session import LiveSession, SessionInfo


def players(n: int, **attrs: str) -> list[Player]:
    return [Player(name, dict(attrs)) for name in ("Ana", "Ben", "Cy", "Dee", "Eve")[:n]]


def by_id(steps: list) -> dict:
    return {s.id: s for s in steps}


def test_guides_cover_the_five_boxed_games() -> None:
    from companion.games import BOXED_GAMES

    assert [name for name, _ in BOXED_GAMES] == list(GUIDES)


def test_player_limits_per_game() -> None:
    assert player_limits("pond") == (2, 4)
    assert player_limits("pondscape") == (1, 4)
    assert player_limits("ponder") == (2, 4)
    assert player_limits("bog") == (2, 2)
    assert player_limits("croak") == (2, 4)


def test_guide_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGameError, match=r"'chess'.*pond, pondscape, ponder, bog, croak"):
        guide("chess")


def test_ponder_setup_lily_pads_and_first_player() -> None:
    """ "Place the 28 lily pads on the spaces that have a green dot." ... "Decide who goes
    first by rolling your 3 frogs like dice on the table." """
    steps = by_id(setup_steps("ponder", players(3), {}))
    assert steps["lily-pads"].values == {"lily_pads": 28}
    assert "green dot" in steps["lily-pads"].text
    assert "rolling your 3 frogs" in steps["first-player"].text
    assert "roll again" in steps["first-player"].text
    assert steps["frogs"].values == {"frogs": 9}
    assert steps["movement-cards"].values == {"decks": 3}


def test_ponder_two_players_sit_side_by_side() -> None:
    """ "If playing with two players, use colours that sit next to each other on the table" """
    two = by_id(setup_steps("ponder", players(2), {}))["colours"].text
    three = by_id(setup_steps("ponder", players(3), {}))["colours"].text
    assert "next to each other" in two
    assert "next to each other" not in three


def test_ponder_colours_named_when_chosen() -> None:
    """Ponder's checklist comes from its engine: colours are the board's banks."""
    ps = [Player("Ana", {"colour": "blue"}), Player("Ben", {"colour": "yellow"})]
    text = by_id(setup_steps("ponder", ps, {}))["colours"].text
    assert "Ana blue (east bank), Ben yellow (south bank)" in text
    assert guide("ponder").score is None  # no score pad for Ponder: it has its own screen
    assert session_info("ponder", ps, {}).game == "ponder"


def test_bog_setup_for_two_players_comes_from_the_engine() -> None:
    """ "The Start player draws two Frogs into their hand from the face down deck. Next, the
    second player draws 3 Frogs. Finally, draw 3 Frogs ... to create the Draw Area." """
    assert guide("bog").score is None  # BOG has its own engine and screen: no score pad
    steps = by_id(setup_steps("bog", players(2), {}))
    assert steps["bog"].values == {"lily_pads": 9, "rows": "3 x 3"}
    assert steps["flies"].values == {"flies": 3}
    assert "center row" in steps["flies"].text
    assert steps["deck"].values == {"frogs": 18}
    assert steps["start-hand"].values == {"Ana": 2}
    assert steps["second-hand"].values == {"Ben": 3}
    assert steps["draw-area"].values == {"draw_area": 3, "deck": 10}
    assert list(steps) == [
        "bog",
        "flies",
        "deck",
        "start-player",
        "start-hand",
        "second-hand",
        "draw-area",
        "first-turn",
    ]
    info = session_info("bog", players(2), {"start": "Ben"})
    assert info.game == "bog" and info.options["start"] == "Ben"
    assert by_id(setup_steps("bog", players(2), {"start": "Ben"}))["start-hand"].values == {
        "Ben": 2
    }


def test_bog_refuses_three_players() -> None:
    with pytest.raises(BadFileError, match="BOG takes 2 players, found 3"):
        setup_steps("bog", players(3), {})


@pytest.mark.parametrize(("count", "piles"), [(2, 5), (3, 3), (4, 3)])
def test_croak_lilypad_piles_by_count(count: int, piles: int) -> None:
    """ "draws the top 3 cards (or 5, if playing with 2 players) face up" """
    steps = by_id(setup_steps("croak", players(count), {}))
    assert steps["lilypad-piles"].values == {"lilypad_piles": piles}
    assert f"top {piles} cards" in steps["lilypad-piles"].text
    assert steps["pond-pile"].values == {"pond_pile": 10}
    assert "STOCKPILE" in steps["stockpile"].text
    assert lilypad_piles(count) == piles


def test_pond_setup_comes_from_the_engine() -> None:
    """ "For 3 players, use 112 VP." """
    ps = [
        Player(n, {"faction": f})
        for n, f in (("Ana", "wizard"), ("Ben", "banana"), ("Cy", "cowboy"))
    ]
    steps = by_id(setup_steps("pond", ps, {}))
    assert steps["vp-supply"].values == {"vp_supply": 112}
    assert steps["map-side"].values["ponds"] == 13


def test_pondscape_setup_comes_from_the_engine() -> None:
    """ "Each player then draws 3 cards from the pond deck into their hand." """
    steps = by_id(setup_steps("pondscape", players(2), {}))
    assert steps["hands"].values == {"cards": 6}
    assert steps["display"].values == {"display": 3}


def test_pondscape_solo_has_the_croaker_deck() -> None:
    steps = by_id(setup_steps("pondscape", players(1), default_options("pondscape", 1)))
    assert steps["croaker"].values == {"solo_cards": 6}


def test_setup_refuses_duplicate_and_empty_names() -> None:
    with pytest.raises(BadFileError, match=r"players\[1\].name: 'Ana' is used twice"):
        setup_steps("croak", [Player("Ana"), Player("Ana")], {})
    with pytest.raises(BadFileError, match=r"players\[0\].name: every player needs a name"):
        setup_steps("croak", [Player(" "), Player("Ben")], {})


def test_session_info_croak_is_played_by_its_engine() -> None:
    info = session_info("croak", players(3), {})
    assert info.game == "croak"
    assert info.options == {"deck": "sample", "target": 75}
    assert played_game(info) == "croak"
    assert LiveSession(info).state.scores == (0, 0, 0)


def test_croak_pad_stored_before_the_engine_still_keeps_its_rule() -> None:
    """A Croak match kept on the score pad (before Croak had an engine) resumes on the pad."""
    info = SessionInfo("scorepad", tuple(players(3)), {"for": "croak", "rounds": True})
    assert played_game(info) == "croak"
    assert score_rule(info).target == 75
    live = LiveSession(info)  # the score pad takes the session as it is
    assert live.state.scores == (0, 0, 0)


def test_session_info_uses_the_engine_when_there_is_one() -> None:
    info = session_info("pondscape", players(1), {})
    assert info.game == "pondscape"
    assert info.options == {"solo": True}
    assert played_game(info) == "pondscape"


def test_leaders_croak_first_to_75() -> None:
    """ "The first player to accumulate 75 points wins the game." """
    rule = score_rule_for("croak")  # the pad's rule, for Croak matches stored as pads
    assert leaders(rule, ["Ana", "Ben"], [76, 40]) == (["Ana"], "Ana wins with 75 points or more!")
    won, text = leaders(rule, ["Ana", "Ben", "Cy"], [75, 80, 10])
    assert won == ["Ana", "Ben"] and "face off" in text
    assert leaders(rule, ["Ana", "Ben"], [30, 40]) == (["Ben"], "First to 75 points.")


def test_leaders_bare_score_pad_most_points_and_tie() -> None:
    rule = score_rule_for("scorepad")
    assert leaders(rule, ["Ana", "Ben"], [11, 13]) == (["Ben"], "Ben leads with 13 points.")
    assert leaders(rule, ["Ana", "Ben"], [12, 12]) == (
        ["Ana", "Ben"],
        "Ana and Ben tie on 12 points.",
    )


@given(st.sampled_from(["ponder", "bog", "croak", "pondscape"]), st.integers(1, 5))
def test_setup_steps_ids_unique_for_any_allowed_count(game: str, count: int) -> None:
    lo, hi = player_limits(game)
    if not lo <= count <= hi:
        with pytest.raises(BadFileError):
            setup_steps(game, players(count), default_options(game, count))
        return
    steps = setup_steps(game, players(count), default_options(game, count))
    ids = [s.id for s in steps]
    assert len(ids) == len(set(ids)) and all(s.text for s in steps)
