"""BOG's files: the card file (bog-cards/1) and the events' JSON, exact round trips and errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import BadFileError
from companion.games.bog import (
    SAMPLE_CARDS,
    Advance,
    CannotAct,
    Complete,
    Play,
    Score,
    bog_pad,
    load_cards_json,
    parse_event,
    read_cards_file,
    sample_cards,
)

ids = st.sampled_from([f"{i:02d}" for i in range(1, 19)])
names = st.sampled_from(["Ana", "Ben"])
pads = st.integers(1, 9)
events = st.one_of(
    st.builds(Play, names, ids),
    st.builds(Complete, names, ids),
    st.builds(Score, names, ids),
    st.builds(CannotAct, names),
    st.builds(
        Advance,
        names,
        ids,
        pads,
        st.none() | pads,
        st.none() | st.integers(0, 2),
        st.none() | ids,
    ),
)


@given(events)
def test_events_round_trip_exactly(ev: Any) -> None:
    data = ev.to_json()
    assert parse_event(json.loads(json.dumps(data)), "log") == ev
    assert parse_event(data, "log").to_json() == data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "hop"}, "field 'type': unknown BOG event 'hop'"),
        ({"type": "play", "player": "Ana"}, "field 'card' must be a non-empty string"),
        ({"type": "advance", "player": "Ana", "card": "01", "to": 10}, "field 'to' must be a Bog"),
        ({"type": "advance", "player": "Ana", "card": "01", "to": 5, "draw": -1}, "field 'draw'"),
        ({"type": "score", "player": "Ana", "card": "01", "points": 3}, "unknown field(s) points"),
    ],
)
def test_events_bad_json_names_the_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(BadFileError) as err:
        parse_event(data, "game.json: events[4]")
    assert str(err.value).startswith("game.json: events[4]: ") and message in str(err.value)


def test_cards_sample_is_this_products_and_has_18_cards() -> None:
    """ "Shuffle the 18 Frogs" - each with a Route ("Start Pad and 3 additional stops") and a
    Formation (1 to 3 Frog locations)."""
    cards = sample_cards()
    assert SAMPLE_CARDS.name == "pond-companion-sample-bog-cards.json"
    assert len(cards.ids) == 18
    for card in cards.cards.values():
        assert card.route[0] in (7, 8, 9) and len(card.route) == 4
        assert 1 <= len(card.formation) <= 3
    assert read_cards_file(SAMPLE_CARDS).cards == cards.cards


def test_cards_an_opponents_card_is_turned_180_degrees() -> None:
    """ "Your Frogs will always face you with the Route on top. Your OPPONENT'S Frogs will face
    them." """
    assert [bog_pad(p, 0) for p in range(1, 10)] == list(range(1, 10))
    assert [bog_pad(p, 1) for p in (7, 8, 9, 5, 1)] == [3, 2, 1, 5, 9]
    card = sample_cards()["01"]
    assert card.route_on_bog(1) == tuple(10 - p for p in card.route)


def _doc() -> dict[str, Any]:
    return sample_cards().to_json()


def _bad(change: Any) -> dict[str, Any]:
    doc = _doc()
    change(doc)
    return doc


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "a BOG card file must be a JSON object"),
        ({"format": "bog/1"}, "field 'format' must be 'bog-cards/1'"),
        (_bad(lambda d: d["cards"].pop()), "field 'cards' must hold 18 cards, found 17"),
        (_bad(lambda d: d["cards"][3].update(id="01")), "cards[3].id '01' is used twice"),
        (_bad(lambda d: d["cards"][2].update(route=[5, 8, 9, 6])), "cards[2].route[0]: the start"),
        (_bad(lambda d: d["cards"][2].update(route=[7, 8])), "cards[2].route must be a list of 4"),
        (_bad(lambda d: d["cards"][2].update(route=[7, 7, 8, 9])), "cards[2].route[1]: a stop"),
        (_bad(lambda d: d["cards"][0].update(formation=[])), "cards[0].formation must be a list"),
        (_bad(lambda d: d["cards"][0].update(formation=[1, 1])), "cards[0].formation: a pad"),
        (
            _bad(lambda d: d["cards"][0].update(formation=[0])),
            "cards[0].formation[0] must be a pad",
        ),
        (_bad(lambda d: d["cards"][5].update(colour="red")), "cards[5]: unknown field(s) colour"),
        (_bad(lambda d: d["cards"][5].update(id="b-1")), "cards[5].id must be 1 to 4 digits"),
    ],
)
def test_cards_bad_file_one_line_naming_the_field(doc: Any, message: str) -> None:
    with pytest.raises(BadFileError) as err:
        load_cards_json(doc, "box.json")
    text = str(err.value)
    assert text.startswith("box.json") and message in text and "\n" not in text


def test_cards_unreadable_file_names_it(tmp_path: Path) -> None:
    bad = tmp_path / "box.json"
    bad.write_text("{not json")
    with pytest.raises(BadFileError, match=r"box.json: not valid JSON \(line 1"):
        read_cards_file(bad)
    with pytest.raises(BadFileError, match="cannot read BOG card file"):
        read_cards_file(tmp_path / "missing.json")
