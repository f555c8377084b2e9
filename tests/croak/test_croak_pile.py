"""The pile referee and the deck file: every pile rule both ways, bad decks named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.errors import BadFileError
from companion.games.croak import check_lilypad, check_pile, check_swamp, load_deck, read_deck_file
from companion.games.croak.deck import SAMPLE_DECK as DECK_PATH

DECK = read_deck_file("sample")


def pile(*ids: str) -> list[Any]:
    return DECK.cards_named(ids)


def test_croak_sample_deck_is_a_valid_deck_named_as_a_sample() -> None:
    assert DECK.size == 52 and "sample" in DECK.name
    assert {c.creature for c in DECK.cards} == {"INSECT", "GASTROPOD"}
    assert DECK.card("g3") == DECK.card("G3") and DECK.card("G3").number == 3


# --- SWAMP: "new SWAMP plies can only be started with a number 0 card. cards built on top
# must increase by one without repeats, and must match suits."


def test_croak_swamp_starts_with_a_zero() -> None:
    """Rulebook: "new SWAMP plies can only be started with a number 0 card." """
    assert check_swamp(pile("B0")).legal
    verdict = check_swamp(pile("B1", "B2"))
    assert not verdict.legal and verdict.position == 1 and verdict.card.id == "B1"
    assert "can only be started with a number 0 card" in verdict.reason


def test_croak_swamp_increases_by_one() -> None:
    """Rulebook: "cards built on top must increase by one" """
    assert check_swamp(pile("R0", "R1", "R2", "R3", "R4")).legal
    verdict = check_swamp(pile("R0", "R1", "R3"))
    assert (verdict.legal, verdict.position, verdict.card.id) == (False, 3, "R3")
    assert "must increase by one (a 2 was due)" in verdict.reason
    assert check_swamp(pile("R0", "R1", "R0")).position == 3  # going down breaks it too


def test_croak_swamp_without_repeats() -> None:
    """Rulebook: "without repeats" """
    verdict = check_swamp(pile("Y0", "Y1", "Y1", "Y2"))
    assert (verdict.legal, verdict.position) == (False, 3)
    assert "without repeats" in verdict.reason


def test_croak_swamp_must_match_suits() -> None:
    """Rulebook: "and must match suits" """
    assert check_swamp(pile("G0", "G1", "G2")).legal
    verdict = check_swamp(pile("G0", "G1", "B2", "G3"))
    assert (verdict.legal, verdict.position, verdict.card.id) == (False, 3, "B2")
    assert verdict.reason == "card 3, B2 (blue 2, GASTROPOD): built on green 1: must match suits"


# --- LILYPAD: "These piles can only be built upon in DESCENDING order, alternating between
# INSECT and GASTROPOD cards."


def test_croak_lilypad_descending_order() -> None:
    """Rulebook:
    "can only be built upon in DESCENDING order" (one lower each card, as in solitaire)"""
    assert check_lilypad(pile("G9", "Y8", "G7", "Y6")).legal
    up = check_lilypad(pile("G7", "Y8"))
    assert (up.legal, up.position, up.card.id) == (False, 2, "Y8")
    assert "DESCENDING order (a 6 was due)" in up.reason
    skip = check_lilypad(pile("G9", "Y8", "Y6"))
    assert (skip.legal, skip.position) == (False, 3)
    same = check_lilypad(pile("G4", "B4"))
    assert (same.legal, same.position) == (False, 2)


def test_croak_lilypad_alternates_insect_and_gastropod() -> None:
    """Rulebook: "alternating between INSECT and GASTROPOD cards" """
    g7, b6 = DECK.card("G7"), DECK.card("B6")
    assert g7.creature == b6.creature == "GASTROPOD"
    verdict = check_lilypad([g7, b6])
    assert (verdict.legal, verdict.position) == (False, 2)
    assert "GASTROPOD on GASTROPOD: must alternate between INSECT and GASTROPOD" in verdict.reason
    assert check_lilypad(pile("G7", "Y6")).legal  # Y6 is an INSECT


def test_croak_pile_first_card_that_breaks_it_is_named() -> None:
    verdict = check_pile("swamp", pile("G0", "G2", "B3"))
    assert verdict.position == 2 and verdict.to_json()["card"] == "G2"
    with pytest.raises(BadFileError, match="--kind"):
        check_pile("pond", pile("G0"))


# --- the deck file


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="croak-deck/2"), "field 'format' must be 'croak-deck/1'"),
        (lambda d: d.update(cards="many"), "field 'cards' must be a list"),
        (lambda d: d["cards"][3].update(number=-1), r"cards\[3\].number must be a whole number"),
        (lambda d: d["cards"][4].update(creature="FROG"), r"cards\[4\].creature must be INSECT"),
        (lambda d: d["cards"][5].pop("suit"), r"cards\[5\].suit must be"),
        (lambda d: d["cards"][6].update(id="G0"), r"cards\[6\].id 'G0' is already the id of"),
        (lambda d: d["cards"][7].update(colour="red"), r"cards\[7\]: unknown field 'colour'"),
        (lambda d: d.update(cards=d["cards"][:14]), "holds 14 cards; a deck needs at least 15"),
    ],
)
def test_croak_bad_deck_names_the_field(mutate: Any, message: str) -> None:
    data = json.loads(DECK_PATH.read_text())
    mutate(data)
    with pytest.raises(BadFileError, match=message):
        load_deck(data, "deck.json")


def test_croak_check_pile_cli_exit_codes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["croak", "check-pile", "--kind", "swamp", "G0", "G1", "G2"]) == 0
    assert capsys.readouterr().out == "SWAMP pile G0 G1 G2: legal\n"
    assert main(["croak", "check-pile", "--kind", "lilypad", "g7", "b6"]) == 1
    assert capsys.readouterr().out == (
        "LILYPAD pile G7 B6: NOT legal\n"
        "First card that breaks it: card 2, B6 (blue 6, GASTROPOD): GASTROPOD on GASTROPOD: "
        "must alternate between INSECT and GASTROPOD\n"
    )
    deck = tmp_path / "deck.json"
    deck.write_text(DECK_PATH.read_text())
    args = ["croak", "check-pile", "--deck", str(deck), "--kind", "swamp", "--json", "R0", "R2"]
    assert main(args) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] is False and out["position"] == 2 and out["card"] == "R2"


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        (None, ["G0", "Q9"], "CARD: card 2 'Q9': no such card in"),
        ("{", ["G0"], "deck.json: not valid JSON"),
        ('{"format": "croak-deck/1", "cards": []}', ["G0"], "deck.json: field 'cards' holds 0"),
    ],
)
def test_croak_check_pile_bad_input_is_one_line_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str | None,
    args: list[str],
    message: str,
) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(DECK_PATH.read_text() if content is None else content)
    assert main(["croak", "check-pile", "--deck", str(deck), "--kind", "swamp", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    missing = tmp_path / "nope.json"
    assert main(["croak", "check-pile", "--deck", str(missing), "--kind", "swamp", "G0"]) == 2
    assert "nope.json: cannot read deck" in capsys.readouterr().err
