"""Every species condition and every solitary condition, on both sides of its threshold."""

from __future__ import annotations

import pytest
from pondscape_builders import desert, filler_pond, frog, hab, player, water

from companion.games.pondscape.scoring import (
    ScoreSheet,
    cluster_points,
    habitat_points,
    score_player,
)
from companion.games.pondscape.tableau import Card

Cells = dict[tuple[int, int], Card]


def clusters_of(sheet: ScoreSheet, name: str) -> list[int]:
    return [ln.points for ln in sheet.details if ln.step == "clusters" and ln.text.startswith(name)]


def score(cells: Cells, tucked: dict[str, int] | None = None) -> ScoreSheet:
    return score_player(player(filler_pond(cells), tucked))


# --- ornate horned ------------------------------------------------------------------------


def test_condition_ornate_horned_four_food_types_met() -> None:
    """You will score points for this frog if your pond cards contain symbols of at least four
    different food types. It doesn't matter whether the symbol appears on a card facing up
    or down."""
    cells: Cells = {
        (0, 0): frog("ornate-horned", "spider"),
        (2, 4): hab("reeds", "dragonfly", "dragonfly"),
        (1, 3): water(1, "butterfly"),
        (0, 4): water(1, "fly"),  # face down, still counted
    }
    assert clusters_of(score(cells), "ornate horned") == [5]


def test_condition_ornate_horned_three_food_types_not_met() -> None:
    """Three food types (however many symbols) are not enough."""
    cells: Cells = {
        (0, 0): frog("ornate-horned", "spider"),
        (2, 4): hab("reeds", "dragonfly", "dragonfly"),
        (1, 3): water(1, "butterfly", "spider"),
    }
    assert clusters_of(score(cells), "ornate horned") == [0]


# --- red-eyed tree ------------------------------------------------------------------------


def test_condition_red_eyed_three_species_met() -> None:
    """You will score points for this frog if your pond contains no more than 3 different
    species of frogs, including the tree frog."""
    cells: Cells = {
        (0, 0): frog("red-eyed-tree"),
        (0, 1): frog("red-eyed-tree"),
        (2, 0): frog("tomato"),
        (2, 2): frog("tomato"),
        (2, 4): desert(),  # desert rain frogs are a species too
    }
    assert clusters_of(score(cells), "red-eyed") == [12]


def test_condition_red_eyed_four_species_not_met() -> None:
    """A fourth species breaks the condition."""
    cells: Cells = {
        (0, 0): frog("red-eyed-tree"),
        (0, 1): frog("red-eyed-tree"),
        (2, 0): frog("tomato"),
        (2, 2): frog("clown-tree"),
        (2, 4): desert(),
    }
    assert clusters_of(score(cells), "red-eyed") == [0]


# --- panamanian golden --------------------------------------------------------------------


def test_condition_panamanian_golden_four_tucked_met() -> None:
    """You will score points for this frog if you have at least four cards tucked under any
    single food card."""
    sheet = score({(1, 1): frog("panamanian-golden")}, {"spider": 1, "snail": 4})
    assert clusters_of(sheet, "panamanian") == [5]


def test_condition_panamanian_golden_spread_tucked_not_met() -> None:
    """Three under each of three food cards is not four under one."""
    sheet = score({(1, 1): frog("panamanian-golden")}, {"spider": 3, "fly": 3, "snail": 3})
    assert clusters_of(sheet, "panamanian") == [0]


# --- tomato -------------------------------------------------------------------------------


def test_condition_tomato_four_water_cards_met() -> None:
    """You will score points for this frog if you have at least 4 cards in your pond placed
    with their water side facing up. These cards don't need to be connected to each other or
    to the tomato frogs."""
    cells: Cells = {
        (1, 2): frog("tomato"),
        (0, 0): water(),
        (0, 4): water(),
        (2, 0): water(),
        (2, 4): water(),
    }
    assert clusters_of(score(cells), "tomato") == [5]


def test_condition_tomato_three_water_cards_not_met() -> None:
    cells: Cells = {(1, 2): frog("tomato"), (0, 0): water(), (0, 4): water(), (2, 0): water()}
    assert clusters_of(score(cells), "tomato") == [0]


# --- clown tree ---------------------------------------------------------------------------


def test_condition_clown_tree_three_species_as_a_group_met() -> None:
    """You will score points for this frog if it is adjacent to at least 3 other different
    frog species. This condition needs to be met by the frogs in the cluster as a group."""
    cells: Cells = {
        (1, 1): frog("clown-tree"),
        (1, 2): frog("clown-tree"),
        (0, 1): frog("tomato"),  # next to (1,1) only
        (2, 2): frog("ornate-horned"),  # next to (1,2) only
        (1, 3): frog("red-eyed-tree"),  # next to (1,2) only
    }
    assert clusters_of(score(cells), "clown tree") == [12]


def test_condition_clown_tree_two_species_not_met() -> None:
    """Two tomato frogs are one species; a frog diagonal to the cluster is not adjacent."""
    cells: Cells = {
        (1, 1): frog("clown-tree"),
        (1, 2): frog("clown-tree"),
        (0, 1): frog("tomato"),
        (2, 2): frog("tomato"),
        (1, 3): frog("red-eyed-tree"),
        (0, 3): frog("ornate-horned"),  # diagonal to (1,2)
    }
    assert clusters_of(score(cells), "clown tree") == [0]
    cells[(1, 0)] = frog("ornate-horned")  # a third species, now adjacent
    assert clusters_of(score(cells), "clown tree") == [12]


# --- blue poison dart ---------------------------------------------------------------------


def test_condition_blue_poison_dart_two_habitats_met() -> None:
    """You will score points for this frog if it is adjacent to at least two habitat cards of
    any type, met by the frogs in the cluster as a group."""
    cells: Cells = {
        (0, 0): frog("blue-poison-dart"),
        (0, 1): frog("blue-poison-dart"),
        (1, 0): hab("reeds"),
        (0, 2): hab("reeds"),  # same type still counts: any type
    }
    assert clusters_of(score(cells), "blue poison dart") == [12]


def test_condition_blue_poison_dart_one_habitat_not_met() -> None:
    cells: Cells = {
        (0, 0): frog("blue-poison-dart"),
        (0, 1): frog("blue-poison-dart"),
        (1, 0): hab("reeds"),
        (1, 2): hab("rocks"),  # diagonal
    }
    assert clusters_of(score(cells), "blue poison dart") == [0]


# --- indian bullfrog ----------------------------------------------------------------------

BULLFROG: Cells = {
    (1, 1): frog("indian-bullfrog"),
    (0, 1): water(2),
    (1, 0): frog("tomato"),
    (1, 2): hab("rocks"),
}


def test_condition_indian_bullfrog_water_frog_habitat_met() -> None:
    """You will score points for this frog if it is adjacent to at least one water card, one
    frog card, and one habitat card."""
    assert clusters_of(score(BULLFROG), "indian bullfrog") == [5]


@pytest.mark.parametrize(
    ("cell", "instead"),
    [((0, 1), hab("log")), ((1, 0), water()), ((1, 2), water())],
    ids=["no-water", "no-frog", "no-habitat"],
)
def test_condition_indian_bullfrog_missing_one_kind_not_met(
    cell: tuple[int, int], instead: Card
) -> None:
    """Two kinds out of three are not enough."""
    cells = {**BULLFROG, cell: instead}
    assert clusters_of(score(cells), "indian bullfrog") == [0]


def test_condition_indian_bullfrog_spread_over_cluster_met() -> None:
    """Met by the cluster as a group: each bullfrog touches one kind only."""
    cells: Cells = {
        (1, 0): frog("indian-bullfrog"),
        (1, 1): frog("indian-bullfrog"),
        (1, 2): frog("indian-bullfrog"),
        (0, 0): water(),
        (2, 1): frog("desert-rain"),
        (0, 2): hab("log"),
    }
    assert clusters_of(score(cells), "indian bullfrog") == [21]


# --- clusters and habitats tables ---------------------------------------------------------

SNAKE = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (1, 3)]


@pytest.mark.parametrize(
    ("size", "points"), [(1, 5), (2, 12), (3, 21), (4, 32), (5, 45), (6, 55), (7, 65)]
)
def test_clusters_scoring_card_table(size: int, points: int) -> None:
    """Cluster of the same frog species: 1:5, 2:12, 3:21, 4:32, 5:45, each +1: +10."""
    cells: Cells = {cell: frog("red-eyed-tree") for cell in SNAKE[:size]}
    assert clusters_of(score(cells), "red-eyed") == [points]
    assert cluster_points(size) == points


def test_clusters_separate_clusters_scored_separately() -> None:
    """If you have multiple separate clusters in your pond, each one is scored separately."""
    cells: Cells = {
        (0, 0): frog("red-eyed-tree"),
        (1, 1): frog("red-eyed-tree"),
        (2, 2): frog("red-eyed-tree"),
        (2, 3): frog("red-eyed-tree"),
    }
    sheet = score(cells)
    assert clusters_of(sheet, "red-eyed") == [5, 5, 12]
    assert sheet.clusters == 22


def test_clusters_desert_rain_frogs_never_cluster() -> None:
    """These frogs are solitary and are the only ones that DO NOT form clusters!"""
    cells: Cells = {(0, 0): desert(), (0, 1): desert(), (1, 0): desert()}
    sheet = score(cells)
    assert sheet.clusters == 0
    assert sheet.solitary == 0
    assert [ln.step for ln in sheet.details].count("solitary") == 3


@pytest.mark.parametrize(("kinds", "points"), [(0, 0), (1, 4), (2, 10), (3, 21), (4, 36), (5, 50)])
def test_habitats_scoring_card_table(kinds: int, points: int) -> None:
    """Different habitat types: 1:4, 2:10, 3:21, 4:36, 5:50; a repeated type counts once."""
    types = ["reeds", "lilypads", "rocks", "mud", "log"][:kinds]
    cells: Cells = {(0, i): hab(t) for i, t in enumerate(types)}
    if kinds:
        cells[(2, 0)] = hab(types[0])
    assert score(cells).habitats == points
    assert habitat_points(kinds) == points


# --- solitary desert rain frogs -----------------------------------------------------------


@pytest.mark.parametrize(
    ("per", "points", "counted", "other", "expected"),
    [
        ("adjacent-water", 3, water(), hab("reeds"), 6),
        ("adjacent-habitat", 3, hab("reeds"), water(), 6),
        ("adjacent-frog", 2, frog("tomato"), hab("reeds"), 4),
    ],
)
def test_solitary_adjacent_counts(
    per: str, points: int, counted: Card, other: Card, expected: int
) -> None:
    """Earn 3 points for each adjacent water card / habitat card; 2 for each adjacent frog card.
    Cards diagonal to the frog are not adjacent."""
    diagonal: Cells = {(0, 1): counted, (2, 3): counted}
    cells: Cells = {(1, 2): desert(per, points), (0, 2): counted, (1, 3): counted, **diagonal}
    assert score(cells).solitary == expected
    cells = {(1, 2): desert(per, points), (0, 2): other, (1, 1): other, **diagonal}
    assert score(cells).solitary == 0


def test_solitary_adjacent_frog_counts_desert_rain_frogs() -> None:
    """Any face-up frog card is a frog card, a desert rain frog included."""
    cells: Cells = {(1, 2): desert("adjacent-frog", 2), (1, 1): desert()}
    assert score(cells).solitary == 2


def test_solitary_adjacent_food_kinds() -> None:
    """Earn 2 points for each different food symbol on adjacent cards."""
    cells: Cells = {
        (1, 2): desert("adjacent-food-kinds", 2, "snail"),  # its own symbols do not count
        (0, 2): frog("tomato", "spider", "spider"),
        (2, 2): water(1, "spider", "fly"),
        (1, 1): hab("reeds", "dragonfly"),
        (0, 1): hab("reeds", "butterfly"),  # diagonal
    }
    assert score(cells).solitary == 3 * 2
    cells[(0, 2)] = frog("tomato")
    cells[(2, 2)] = water(1)
    cells[(1, 1)] = hab("reeds")
    assert score(cells).solitary == 0


@pytest.mark.parametrize(("per", "card"), [("row-water", water()), ("row-habitat", hab("reeds"))])
def test_solitary_same_row(per: str, card: Card) -> None:
    """Earn 3 points for each water card / habitat card in the same row as this card."""
    cells: Cells = {(1, 0): desert(per, 3), (1, 2): card, (1, 4): card, (0, 0): card, (2, 4): card}
    assert score(cells).solitary == 6
    cells = {(1, 0): desert(per, 3), (0, 0): card, (2, 0): card, (1, 1): frog("tomato")}
    assert score(cells).solitary == 0


def test_solitary_without_condition_scores_nothing() -> None:
    """This species doesn't score points by itself at the end of the game."""
    cells: Cells = {(1, 0): desert(), (1, 1): water(), (0, 0): hab("reeds")}
    sheet = score(cells)
    assert sheet.solitary == 0
    [line] = [ln.text for ln in sheet.details if ln.step == "solitary"]
    assert line == "desert rain frog at (1,0): 0 (no scoring condition)"


# --- water and food -----------------------------------------------------------------------


def test_water_sums_points_on_backs() -> None:
    """Add up the points shown on the water cards' reverse sides."""
    assert score({(0, 0): water(5), (2, 4): water(2), (1, 1): water(0)}).water == 7


def test_food_tucked_times_symbols() -> None:
    """Each tucked card will score 1 point for every matching food symbol in your pond."""
    cells: Cells = {
        (0, 0): water(1, "fly", "fly"),
        (1, 1): hab("reeds", "fly", "snail"),
        (2, 2): frog("tomato", "snail"),
    }
    sheet = score(cells, {"fly": 2, "snail": 5, "spider": 7})
    assert sheet.food == 3 * 2 + 2 * 5 + 0 * 7


def test_food_symbol_outside_food_row_warns_and_scores_nothing() -> None:
    sheet = score({(0, 0): water(1, "beetle"), (0, 1): water(1, "fly")}, {"fly": 2})
    assert sheet.food == 2
    assert any("beetle" in w for w in sheet.warnings)


def test_score_incomplete_pond_warns_with_cells() -> None:
    """A pond that is not complete is still scored, with a warning naming the empty cells."""
    cells: Cells = {
        (r, c): water(1) for r in range(3) for c in range(5) if (r, c) not in {(0, 3), (2, 1)}
    }
    sheet = score(cells)
    assert sheet.water == 13
    assert sheet.warnings == ("the pond is not complete: 2 empty cell(s) at (0,3), (2,1)",)
