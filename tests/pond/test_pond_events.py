"""Pond events round-trip to JSON exactly; malformed events name the field."""

from __future__ import annotations

from typing import Any

import pytest
from pond_builders import board, pond

from companion.errors import BadFileError
from companion.games.pond import (
    GAME,
    Board,
    CardVp,
    Control,
    Damage,
    NextPhase,
    PondContent,
    Vp,
    board_from_json,
    parse_event,
)

EVENTS = [
    NextPhase(),
    board(
        N=pond({"wizard": 2}, ["wizard"], "wizard"),
        F=pond({"banana": 1}, lilypad="free"),
        E=pond(fwooogs=["pumpkin"], lilypad="free", lilypad_fwooog="pumpkin"),
    ),
    Control(3, 1),
    Damage("Ana", "Ben", 2),
    Vp("Cy", 1, "Frog with a Pop"),
    CardVp("Dee", 17),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.type)
def test_event_round_trips_through_json(event: Any) -> None:
    data = event.to_json()
    assert parse_event(data, "t") == event
    assert parse_event(data, "t").to_json() == data
    assert GAME.parse_event(data, "t") == event


def test_event_board_json_has_the_documented_shape() -> None:
    data = board(N=pond({"wizard": 2, "banana": 1}, ["wizard"], "banana")).to_json()
    assert data == {
        "type": "board",
        "ponds": {
            "N": {"frogs": {"banana": 1, "wizard": 2}, "fwooogs": ["wizard"], "lilypad": "banana"}
        },
    }


def test_event_board_from_scan_output_leaves_out_empty_factions() -> None:
    b = board_from_json({"N": {"frogs": {"wizard": 0, "banana": 2}}, "S": {}})
    assert b.pond("N").frogs == (("banana", 2),)
    assert b.pond("S").frogs == ()
    assert b.pond("nowhere").pieces_of("banana") == 0


@pytest.mark.parametrize(
    ("data", "pattern"),
    [
        ({"type": "dance"}, r"ev: field 'type': unknown Pond event 'dance'"),
        ({"type": "next_phase", "x": 1}, r"ev: unknown field 'x' for a next_phase event"),
        ({"type": "board"}, r"ev: field 'ponds' must be an object"),
        ({"type": "board", "ponds": {"N": []}}, r"ev: ponds.N must be an object"),
        (
            {"type": "board", "ponds": {"N": {"frogs": {"wizard": -1}}}},
            r"ev: ponds.N.frogs.wizard must be a whole number >= 0",
        ),
        (
            {"type": "board", "ponds": {"N": {"frogs": {"lizard": 1}}}},
            r"ev: ponds.N.frogs key must be a faction",
        ),
        (
            {"type": "board", "ponds": {"N": {"fwooogs": ["wizard", 3]}}},
            r"ev: ponds.N.fwooogs\[1\] must be a faction",
        ),
        (
            {"type": "board", "ponds": {"N": {"lilypad": "taken"}}},
            r"ev: ponds.N.lilypad \(null, 'free' or a faction\) must be a faction",
        ),
        ({"type": "board", "ponds": {"N": {"rock": 1}}}, r"ev: ponds.N: unknown field 'rock'"),
        ({"type": "control", "ponds": 2}, r"ev: field 'lilypads' must be a whole number"),
        ({"type": "control", "ponds": -1, "lilypads": 0}, r"ev: field 'ponds' must be at least 0"),
        (
            {"type": "damage", "by": "Ana", "to": "Ben", "amount": 0},
            r"field 'amount' must be at least 1",
        ),
        ({"type": "damage", "by": "Ana", "amount": 1}, r"ev: field 'to' must be a player's name"),
        ({"type": "vp", "player": "Ana", "amount": True}, r"field 'amount' must be a whole number"),
        ({"type": "vp", "player": "Ana", "amount": 1, "reason": 5}, r"field 'reason' must be text"),
        ({"type": "card_vp", "player": "Ana", "amount": -2}, r"field 'amount' must be at least 0"),
    ],
)
def test_event_malformed_names_the_field(data: dict[str, Any], pattern: str) -> None:
    with pytest.raises(BadFileError, match=pattern):
        parse_event(data, "ev")


def test_event_pond_content_has_one_spelling() -> None:
    built = PondContent((("wizard", 2), ("banana", 0), ("cowboy", 1)), ("wizard", "banana"))
    assert built.frogs == (("cowboy", 1), ("wizard", 2))
    assert built.fwooogs == ("banana", "wizard")
    event = Board((("N", built),))
    assert parse_event(event.to_json(), "t") == event
