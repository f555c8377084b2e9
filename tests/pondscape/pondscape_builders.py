"""Builders and hypothesis strategies for the Pondscape tests (imported by the test modules)."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from companion.games.pondscape.tableau import (
    COLUMNS,
    ROWS,
    SOLO_PER,
    SPECIES,
    Card,
    FrogCard,
    HabitatCard,
    PlayerPond,
    Pond,
    Solo,
    WaterCard,
)

FOOD_ROW = ("spider", "dragonfly", "butterfly", "fly", "snail")
HABITATS = ("reeds", "lilypads", "rocks", "mud", "log")


def frog(species: str, *food: str, solo: Solo | None = None, wild: int = 0) -> FrogCard:
    return FrogCard(species, tuple(food), solo, wild)


def desert(per: str | None = None, points: int = 3, *food: str, wild: int = 0) -> FrogCard:
    return FrogCard("desert-rain", tuple(food), Solo(per, points) if per else None, wild)


def hab(habitat: str, *food: str) -> HabitatCard:
    return HabitatCard(habitat, tuple(food))


def water(points: int = 1, *food: str) -> WaterCard:
    return WaterCard(points, tuple(food))


def grid(rows: Sequence[Sequence[Card | None]]) -> Pond:
    assert len(rows) == ROWS and all(len(r) == COLUMNS for r in rows)
    return (tuple(rows[0]), tuple(rows[1]), tuple(rows[2]))


def filler_pond(cells: dict[tuple[int, int], Card]) -> Pond:
    """A pond holding the given cells; every other cell is left empty."""
    rows: list[list[Card | None]] = [[None] * COLUMNS for _ in range(ROWS)]
    for (r, c), card in cells.items():
        rows[r][c] = card
    return grid(rows)


def player(
    pond: Pond,
    tucked: dict[str, int] | None = None,
    hand: int = 0,
    name: str = "Ana",
    food_row: tuple[str, ...] = FOOD_ROW,
) -> PlayerPond:
    return PlayerPond(name, food_row, dict(tucked or {}), hand, pond)


# --- hypothesis ---------------------------------------------------------------------------

foods = st.lists(st.sampled_from(FOOD_ROW), max_size=2).map(tuple)


@st.composite
def frog_cards(draw: st.DrawFn, wild_max: int = 2) -> FrogCard:
    species = draw(st.sampled_from(SPECIES))
    if species != "desert-rain":
        return FrogCard(species, draw(foods))
    solo = draw(st.none() | st.builds(Solo, st.sampled_from(SOLO_PER), st.sampled_from((2, 3))))
    wild = draw(st.integers(0, wild_max))
    return FrogCard(species, draw(foods), solo, wild)


def cards(wild_max: int = 2) -> st.SearchStrategy[Card]:
    return st.one_of(
        frog_cards(wild_max),
        st.builds(HabitatCard, st.sampled_from(HABITATS), foods),
        st.builds(WaterCard, st.integers(0, 5), foods),
    )


@st.composite
def players(draw: st.DrawFn, wild_max: int = 2, name: str = "Ana") -> PlayerPond:
    cells = draw(st.lists(cards(wild_max), min_size=ROWS * COLUMNS, max_size=ROWS * COLUMNS))
    rows = [cells[r * COLUMNS : (r + 1) * COLUMNS] for r in range(ROWS)]
    tucked = draw(st.dictionaries(st.sampled_from(FOOD_ROW), st.integers(0, 6)))
    hand = draw(st.integers(0, 5))
    return PlayerPond(name, FOOD_ROW, tucked, hand, grid(rows))
