"""The pondscape-tableau/1 file: exact round trip, and bad files named to the cell (exit code 2)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.errors import BadFileError
from companion.games.pondscape.tableau import (
    FrogCard,
    PlayerPond,
    Solo,
    Tableau,
    card_to_json,
    load_tableau,
    parse_card,
    player_to_json,
    read_tableau_file,
    tableau_to_json,
)

Run = Callable[..., tuple[int, str, str]]
Write = Callable[[Any, str], Path]


@pytest.fixture
def document(example_114: PlayerPond) -> dict[str, Any]:
    ben = copy.deepcopy(player_to_json(example_114))
    ben["name"] = "Ben"
    return {
        "format": "pondscape-tableau/1",
        "solo": False,
        "players": [player_to_json(example_114), ben],
    }


def test_tableau_round_trip_keeps_ids_and_key_order(write_json: Write) -> None:
    data = {
        "format": "pondscape-tableau/1",
        "solo": True,
        "players": [
            {
                "name": "Ana",
                "food_row": ["spider", "dragonfly", "butterfly", "fly", "snail"],
                "tucked": {"snail": 2, "spider": 0},
                "hand": 1,
                "pond": [
                    [
                        {
                            "frog": "desert-rain",
                            "food": ["fly"],
                            "solo": {"per": "row-water", "points": 3},
                            "wild": 2,
                            "id": 88,
                        },
                        {"habitat": "reeds", "food": [], "id": "H-07"},
                        {"water": 3, "food": ["snail", "snail"], "id": 3},
                        None,
                        {"frog": "tomato", "food": []},
                    ],
                    [None] * 5,
                    [None] * 5,
                ],
            }
        ],
    }
    tableau = read_tableau_file(write_json(data, "t.json"))
    assert tableau_to_json(tableau) == data
    assert json.dumps(tableau_to_json(tableau)) == json.dumps(data)  # same key order
    card = tableau.players[0].pond[0][0]
    assert card == FrogCard("desert-rain", ("fly",), Solo("row-water", 3), 2, 88)


def test_parse_card_food_may_be_omitted() -> None:
    card = parse_card({"frog": "tomato"}, "cell")
    assert card == FrogCard("tomato")
    assert card_to_json(card) == {"frog": "tomato", "food": []}
    assert parse_card(None, "cell") is None and card_to_json(None) is None


def _break(doc: dict[str, Any], how: str) -> Any:
    p = doc["players"][1]
    if how == "format":
        doc["format"] = "pondscape-tableau/2"
    elif how == "rows":
        p["pond"].append([None] * 5)
    elif how == "species":
        p["pond"][1][3] = {"frog": "bullfrog", "food": []}
    elif how == "tucked-negative":
        p["tucked"]["dragonfly"] = -1
    elif how == "tucked-food":
        p["tucked"]["beetle"] = 2
    elif how == "solo":
        p["pond"][0][2]["solo"] = {"per": "row-water", "points": 3}
    elif how == "columns":
        p["pond"][2].pop()
    elif how == "two-kinds":
        p["pond"][2][0]["water"] = 2
    elif how == "wild":
        p["pond"][2][1]["wild"] = 3
    elif how == "food-row":
        p["food_row"] = ["spider", "spider", "fly", "snail", "bee"]
    elif how == "solo-players":
        doc["solo"] = True
    return doc


CASES = {
    "format": "field 'format' must be 'pondscape-tableau/1', found 'pondscape-tableau/2'",
    "rows": "players[1] (Ben): field 'pond' must be a list of 3 rows, found 4 rows",
    "species": "players[1] (Ben): pond[1][3] (row 1, column 3): unknown species 'bullfrog' "
    "(known: ornate-horned, red-eyed-tree, panamanian-golden, tomato, clown-tree, "
    "blue-poison-dart, indian-bullfrog, desert-rain)",
    "tucked-negative": "players[1] (Ben): tucked['dragonfly'] must be a count (0 or more), "
    "found -1",
    "tucked-food": "players[1] (Ben): tucked food 'beetle' is not in the food row (spider, "
    "dragonfly, butterfly, fly, snail)",
    "solo": "players[1] (Ben): pond[0][2] (row 0, column 2): field 'solo' is only printed on "
    "desert rain frogs, not on ornate-horned",
    "columns": "players[1] (Ben): pond[2] must be a list of 5 cells, found 4 cells",
    "two-kinds": "players[1] (Ben): pond[2][0] (row 2, column 0): a card needs exactly one of "
    "'frog', 'habitat' or 'water', found ['habitat', 'water']",
    "wild": "players[1] (Ben): pond[2][1] (row 2, column 1): field 'wild' must be 1 (?) or 2 "
    "(??), found 3",
    "food-row": "players[1] (Ben): field 'food_row' must list 5 different lowercase food names, "
    "found ['spider', 'spider', 'fly', 'snail', 'bee']",
    "solo-players": "field 'solo' is true but the file has 2 players (solo needs 1)",
}


@pytest.mark.parametrize("how", list(CASES))
def test_cli_bad_tableau_names_the_place(
    how: str, document: dict[str, Any], write_json: Write, run_cli: Run
) -> None:
    path = write_json(_break(document, how), "bad.json")
    code, out, err = run_cli("score", "pondscape", str(path))
    assert code == 2
    assert out == ""
    assert err == f"pond-companion: {path}: {CASES[how]}\n"
    with pytest.raises(BadFileError):
        load_tableau(_break(copy.deepcopy(document), how), "x")


def test_cli_malformed_json_names_line_and_column(write_json: Write, run_cli: Run) -> None:
    path = write_json('{"format": "pondscape-tableau/1",\n "players": [,]}', "bad.json")
    code, out, err = run_cli("score", "pondscape", str(path), "--json")
    assert code == 2
    assert err == f"pond-companion: {path}: not valid JSON (line 2, column 14: Expecting value)\n"
    assert "Traceback" not in err and out == ""


def test_cli_missing_file(tmp_path: Path, run_cli: Run) -> None:
    path = tmp_path / "nowhere.json"
    code, _, err = run_cli("score", "pondscape", str(path))
    assert code == 2
    assert err == f"pond-companion: {path}: cannot read: No such file or directory\n"


def test_load_tableau_rejects_unknown_fields() -> None:
    with pytest.raises(BadFileError, match=r"t: players\[0\] \(Ana\): unknown field\(s\) 'score'"):
        load_tableau(
            {
                "format": "pondscape-tableau/1",
                "players": [
                    {
                        "name": "Ana",
                        "food_row": ["a", "b", "c", "d", "e"],
                        "pond": [[None] * 5] * 3,
                        "score": 3,
                    }
                ],
            },
            "t",
        )


def test_tableau_player_lookup(example_114: PlayerPond) -> None:
    assert Tableau((example_114,)).player("Ana") is example_114
    with pytest.raises(KeyError):
        Tableau((example_114,)).player("Bob")
