"""The wild-symbol optimiser: the ? and ?? symbols of desert rain frogs."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pondscape_builders import FOOD_ROW, desert, filler_pond, frog, hab, player, players, water

from companion.games.pondscape.scoring import WildChoice, score_player
from companion.games.pondscape.tableau import COLUMNS, FrogCard, PlayerPond, Solo


def test_wild_single_symbol_takes_the_most_tucked_food() -> None:
    """(single question mark) At the end of the game, assign this card to any food type."""
    sheet = score_player(player(filler_pond({(1, 1): desert(wild=1)}), {"fly": 5, "snail": 2}))
    assert sheet.food == 5
    assert sheet.wild == (WildChoice(1, 1, ("fly",)),)


def test_wild_double_symbol_takes_two_different_types() -> None:
    """(double question mark) assign this card to any two different food types."""
    sheet = score_player(player(filler_pond({(1, 1): desert(wild=2)}), {"fly": 5, "snail": 2}))
    assert sheet.food == 5 + 2  # not fly twice
    assert sheet.wild == (WildChoice(1, 1, ("fly", "snail")),)


def test_wild_completes_ornate_horned_condition() -> None:
    """The fourth food type for the ornate horned frog is worth more than a tucked spider."""
    cells = {
        (0, 0): frog("ornate-horned", "spider"),
        (0, 1): frog("ornate-horned", "dragonfly"),
        (2, 0): hab("reeds", "butterfly"),
        (2, 4): desert(wild=1),
    }
    sheet = score_player(player(filler_pond(cells), {"spider": 3}))
    assert sheet.wild == (WildChoice(2, 4, ("fly",)),)
    assert sheet.clusters == 12
    assert sheet.food == 3  # the printed spider only
    assert sheet.total == 12 + 4 + 3  # the habitat scores 4


def test_wild_feeds_adjacent_food_kinds() -> None:
    """A new food type next to an adjacent-food-kinds desert rain frog scores 2 more."""
    cells = {
        (1, 1): desert("adjacent-food-kinds", 2),
        (1, 2): desert(None, 3, "spider", wild=1),
    }
    sheet = score_player(player(filler_pond(cells), {"spider": 1}))
    assert sheet.wild == (WildChoice(1, 2, ("dragonfly",)),)  # first food-row type not yet there
    assert sheet.solitary == 4
    assert sheet.food == 1
    assert sheet.total == 5


def test_wild_report_in_json_details() -> None:
    sheet = score_player(player(filler_pond({(0, 4): desert(wild=2)}), {"snail": 1, "fly": 1}))
    texts = [d["text"] for d in sheet.to_json()["details"] if d["step"] == "wild"]
    assert texts == ["?? on the desert rain frog at (row 0, column 4) counts as fly, snail"]


# --- brute force --------------------------------------------------------------------------


@st.composite
def wild_players(draw: st.DrawFn) -> PlayerPond:
    """A complete pond with 1 or 2 wild cards and often ornate / food-kinds frogs near them."""
    base = draw(players(wild_max=0))
    cells = [card for row in base.pond for card in row]
    spots = draw(st.lists(st.integers(0, 14), min_size=2, max_size=4, unique=True))
    cells[spots[0]] = FrogCard(
        "desert-rain",
        draw(st.lists(st.sampled_from(FOOD_ROW), max_size=1).map(tuple)),
        None,
        draw(st.integers(1, 2)),
    )
    for extra in spots[1:]:
        kind = draw(st.sampled_from(("wild", "ornate", "kinds")))
        if kind == "wild":
            cells[extra] = FrogCard("desert-rain", (), None, draw(st.integers(1, 2)))
        elif kind == "ornate":
            cells[extra] = FrogCard("ornate-horned", ())
        else:
            cells[extra] = FrogCard("desert-rain", (), Solo("adjacent-food-kinds", 2))
    wilds = sum(1 for c in cells if isinstance(c, FrogCard) and c.wild)
    if wilds > 2:
        cells[spots[-1]] = water(1)
    rows = tuple(tuple(cells[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(3))
    return replace(base, pond=rows)  # type: ignore[arg-type]


def brute_force_best(p: PlayerPond) -> int:
    """Try every assignment: each wild symbol replaced by a printed food symbol."""
    flat = [card for row in p.pond for card in row]
    wild_cells = [i for i, c in enumerate(flat) if isinstance(c, FrogCard) and c.wild]
    options = [list(combinations(p.food_row, flat[i].wild)) for i in wild_cells]  # type: ignore[union-attr]
    best = -1
    for choice in product(*options):
        cells = list(flat)
        for i, types in zip(wild_cells, choice, strict=True):
            card = cells[i]
            assert isinstance(card, FrogCard)
            cells[i] = replace(card, food=card.food + types, wild=0)
        rows = tuple(tuple(cells[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(3))
        best = max(best, score_player(replace(p, pond=rows)).total)  # type: ignore[arg-type]
    return best


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wild_players())
def test_wild_optimiser_never_beaten_by_brute_force(p: PlayerPond) -> None:
    """The engine's choice scores exactly the best of all assignments."""
    sheet = score_player(p)
    assert sheet.total == brute_force_best(p)
    # and the reported choice, printed onto the cards, gives that same total
    flat = [card for row in p.pond for card in row]
    for choice in sheet.wild:
        i = choice.row * COLUMNS + choice.column
        card = flat[i]
        assert isinstance(card, FrogCard) and len(choice.food) == card.wild
        assert len(set(choice.food)) == card.wild
        flat[i] = replace(card, food=card.food + choice.food, wild=0)
    rows = tuple(tuple(flat[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(3))
    assert score_player(replace(p, pond=rows)).total == sheet.total  # type: ignore[arg-type]
