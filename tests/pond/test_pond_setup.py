"""Pond setup: 2, 3 and 4 players, the options, and the setup checklist."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pond_builders import info, players, session

from companion.errors import BadFileError
from companion.games.base import Player
from companion.games.pond import GAME, default_layout, layout_to_json, load_layout, setup_steps
from companion.games.pond.setup import middle_seat
from companion.session import LiveSession, SessionInfo


def _steps(count: int, **options: Any) -> dict[str, Any]:
    return {s.id: s for s in setup_steps(players(count), options)}


def test_setup_2_players_uses_9_ponds_120_vp_12_frogs_each() -> None:
    """ "For 2 player games, use the side with 9 ponds." "For 2 players, use 120 VP worth of
    tokens." "In 2 player games, everyone takes 12 Frogs.\""""
    st = session(2).state
    assert len(st.layout.ponds) == 9
    assert st.supply == 120 and st.starting_supply == 120
    assert st.frog_pieces == (12, 12)
    assert st.tokens == (0, 1)
    steps = _steps(2)
    assert steps["map-side"].values["ponds"] == 9
    assert steps["vp-supply"].values == {"vp_supply": 120}
    assert steps["frogs"].values == {"Ana": 12, "Ben": 12}
    assert steps["starting-vp"].values == {"Ben": 1}
    assert steps["long-fwooogs"].values == {"Ana": "N", "Ben": "S"}


def test_setup_3_players_uses_13_ponds_112_vp_12_frogs_for_the_middle_seat() -> None:
    """ "For 3 players, use 112 VP." "In 3 player games, the player in the starting Pond
    between the other 2 players takes 12 Frogs.\""""
    st = session(3).state
    assert len(st.layout.ponds) == 13
    assert st.supply == 112
    assert st.frog_pieces == (10, 12, 10)  # seats start in N, E, S: E lies between
    assert st.tokens == (0, 1, 2)
    steps = _steps(3)
    assert steps["frogs"].text == (
        "Frog pieces: Ana 10, Ben 12, Cy 10 "
        "(Ben's starting pond lies between the other two, so 12)."
    )
    assert steps["long-fwooogs"].values == {"Ana": "N", "Ben": "E", "Cy": "S"}


def test_setup_3_players_twelve_frog_seat_option_chooses_who() -> None:
    assert session(3, twelve_frog_seat=2).state.frog_pieces == (10, 10, 12)
    assert _steps(3, twelve_frog_seat=0)["frogs"].values == {"Ana": 12, "Ben": 10, "Cy": 10}


def test_setup_4_players_uses_13_ponds_105_vp_10_frogs() -> None:
    """ "For 4 players, use 105 VP." "2nd player gets 1 VP, 3rd gets 2 VP, and 4th gets 3 VP.\""""
    st = session(4).state
    assert st.supply == 105
    assert st.frog_pieces == (10, 10, 10, 10)
    assert st.tokens == (0, 1, 2, 3)
    assert st.extra_tokens == 6
    assert _steps(4)["starting-vp"].text == (
        "Give starting VP: Ben 1, Cy 2, Dee 3 (from the 3 extra tokens, not the VP supply)."
    )


def test_setup_starting_vp_from_supply_option_takes_them_out_of_the_supply() -> None:
    st = session(4, starting_vp_from_supply=True).state
    assert st.supply == 99 and st.starting_supply == 105
    assert st.extra_tokens == 0 and st.taken == 6
    assert "leaving 99" in _steps(4, starting_vp_from_supply=True)["vp-supply"].text


def test_setup_larger_vp_supply_is_allowed_smaller_is_not() -> None:
    """ "You may opt to use more VP for longer games!\""""
    assert session(2, vp_supply=150).state.supply == 150
    with pytest.raises(
        BadFileError, match=r"options.vp_supply must be a whole number of at least 105"
    ):
        session(4, vp_supply=100)


def test_setup_steps_cover_the_rulebook_in_order() -> None:
    assert list(_steps(4)) == [
        "map-side",
        "vp-supply",
        "lilypads",
        "dice",
        "shop",
        "first-player",
        "starting-vp",
        "factions",
        "frogs",
        "decks",
        "long-fwooogs",
    ]
    assert _steps(4)["first-player"].text.startswith("Ana goes first")
    assert _steps(4)["lilypads"].values == {"fountain": "F"}


def test_setup_default_options_by_player_count() -> None:
    assert GAME.default_options(2) == {
        "vp_supply": 120,
        "starting_vp_from_supply": False,
        "layout": "default",
    }
    assert GAME.default_options(3)["twelve_frog_seat"] == 1
    assert GAME.default_options(4)["vp_supply"] == 105


@pytest.mark.parametrize(
    ("count", "options", "pattern"),
    [
        (4, {"twelve_frog_seat": 1}, r"options.twelve_frog_seat is only for 3-player games"),
        (3, {"twelve_frog_seat": 3}, r"options.twelve_frog_seat must be the seat \(0, 1 or 2\)"),
        (2, {"starting_vp_from_supply": "yes"}, r"options.starting_vp_from_supply must be true"),
        (2, {"colour": "red"}, r"options: unknown option 'colour'"),
        (2, {"layout": 5}, r"options.layout must be 'default' or a layout file path"),
        (2, {"layout": "/no/such/layout.json"}, r"/no/such/layout.json: cannot read layout"),
    ],
)
def test_setup_bad_option_names_the_option(
    count: int, options: dict[str, Any], pattern: str
) -> None:
    with pytest.raises(BadFileError, match=pattern):
        GAME.validate_setup(players(count), options)


def test_setup_players_need_distinct_known_factions() -> None:
    with pytest.raises(BadFileError, match=r"players\[1\].faction: 'wizard' is already taken"):
        GAME.validate_setup(
            (Player("A", {"faction": "wizard"}), Player("B", {"faction": "wizard"})), {}
        )
    with pytest.raises(BadFileError, match=r"players\[0\].faction: A needs a faction"):
        GAME.validate_setup((Player("A", {}), Player("B", {"faction": "wizard"})), {})
    with pytest.raises(BadFileError, match=r"Pond takes 2 to 4 players, found 1"):
        GAME.validate_setup(players(1), {})


def test_setup_layout_file_option_is_used(tmp_path: Path) -> None:
    data = layout_to_json(default_layout(13))
    data["name"] = "our box"
    path = tmp_path / "ours.json"
    path.write_text(json.dumps(data))
    live = LiveSession(SessionInfo("pond", players(4), {"layout": str(path)}))
    assert live.state.layout.name == "our box"


def test_setup_layout_without_enough_start_ponds_is_refused(tmp_path: Path) -> None:
    # The 9-pond side only has starting ponds for 2 seats.
    path = tmp_path / "nine.json"
    path.write_text(json.dumps(layout_to_json(default_layout(9))))
    with pytest.raises(BadFileError, match=r"has no starting pond for seat 2 \(Cy\)"):
        LiveSession(info(3, layout=str(path)))


def test_setup_middle_seat_is_read_from_the_drawing() -> None:
    assert middle_seat(default_layout(13)) == 1
    data = layout_to_json(default_layout(13))
    data["ponds"]["E"]["start_seat"] = None
    data["ponds"]["W"]["start_seat"] = 1
    data["ponds"]["S"]["start_seat"] = 2
    # N (top), W (left), S (bottom): W is the one between the other two.
    assert middle_seat(load_layout(data, "t")) == 1
    data["ponds"]["W"]["start_seat"] = 3
    data["ponds"]["E"]["start_seat"] = 2
    data["ponds"]["S"]["start_seat"] = 1
    # N, S, E: E (seat 2) lies between N and S.
    assert middle_seat(load_layout(data, "t")) == 2
    assert middle_seat(default_layout(9)) is None
