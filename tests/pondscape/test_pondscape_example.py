"""The rulebook's scoring example (114 points), line by line."""

from __future__ import annotations

from companion.games.pondscape.scoring import ScoreSheet, score_player
from companion.games.pondscape.tableau import PlayerPond


def _line(sheet: ScoreSheet, step: str, at: str) -> int:
    [line] = [ln for ln in sheet.details if ln.step == step and at in ln.text]
    return line.points


def test_example_ornate_horned_separate_card(example_114: PlayerPond) -> None:
    """1a For one separate ornate horned frog card, they earn 5 points. The condition of
    having at least four different food types in the pond is met."""
    sheet = score_player(example_114)
    assert _line(sheet, "clusters", "ornate horned frog, one separate card at (0,2)") == 5


def test_example_blue_poison_dart_not_met(example_114: PlayerPond) -> None:
    """1b For a cluster of two blue poison dart frogs, they earn 0 points because the cluster
    of frogs is not adjacent to two habitat cards."""
    sheet = score_player(example_114)
    assert _line(sheet, "clusters", "blue poison dart frog, a cluster of 2") == 0


def test_example_clown_tree_cluster_of_four(example_114: PlayerPond) -> None:
    """1c For a cluster of four clown tree frogs, they earn 32 points because this cluster is
    adjacent to three different types of frogs."""
    sheet = score_player(example_114)
    assert _line(sheet, "clusters", "clown tree frog, a cluster of 4") == 32


def test_example_panamanian_golden_cluster_and_corner(example_114: PlayerPond) -> None:
    """1d For a cluster of two panamanian golden frogs, they earn 12 points because they have
    four cards tucked under the dragonfly food card. 1e For one separate panamanian golden
    frog card in the bottom right corner of the pond, they earn 5 points."""
    sheet = score_player(example_114)
    assert _line(sheet, "clusters", "panamanian golden frog, a cluster of 2") == 12
    assert _line(sheet, "clusters", "panamanian golden frog, one separate card at (2,4)") == 5
    assert sheet.clusters == 5 + 0 + 32 + 12 + 5


def test_example_solitary_desert_rain(example_114: PlayerPond) -> None:
    """2 For the solitary desert rain frog card, they earn 6 points because there are two
    habitat cards in its row."""
    sheet = score_player(example_114)
    assert sheet.solitary == 6
    assert _line(sheet, "solitary", "desert rain frog at (2,1)") == 6


def test_example_water_card(example_114: PlayerPond) -> None:
    """3 For one water card, they earn 5 points, visible on the card."""
    assert score_player(example_114).water == 5


def test_example_three_habitats(example_114: PlayerPond) -> None:
    """4 For three different habitat cards, they earn 21 points."""
    assert score_player(example_114).habitats == 21


def test_example_food(example_114: PlayerPond) -> None:
    """5 For food, they earn 28 points: 2 spider symbols x 1 card tucked under the spider = 2;
    5 dragonfly symbols x 4 cards = 20; 2 butterfly symbols x 3 cards = 6."""
    sheet = score_player(example_114)
    assert sheet.food == 28
    assert _line(sheet, "food", "spider symbols") == 2
    assert _line(sheet, "food", "dragonfly symbols") == 20
    assert _line(sheet, "food", "butterfly symbols") == 6
    assert [ln.text for ln in sheet.details if ln.step == "food"][:3] == [
        "2 spider symbols x 1 card tucked under the spider: 2",
        "5 dragonfly symbols x 4 cards tucked under the dragonfly: 20",
        "2 butterfly symbols x 3 cards tucked under the butterfly: 6",
    ]


def test_example_total_114(example_114: PlayerPond) -> None:
    """The player earned a total of 114 points."""
    sheet = score_player(example_114)
    assert sheet.breakdown() == {
        "clusters": 54,
        "solitary": 6,
        "water": 5,
        "habitats": 21,
        "food": 28,
    }
    assert sheet.total == 114
    assert sheet.clusters_by_species() == {
        "ornate-horned": 5,
        "red-eyed-tree": 0,
        "panamanian-golden": 17,
        "tomato": 0,
        "clown-tree": 32,
        "blue-poison-dart": 0,
        "indian-bullfrog": 0,
    }
    assert sheet.warnings == ()
    assert sheet.wild == ()
