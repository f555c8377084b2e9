"""Pondscape scoring speed: 10,000 random complete 4-player tableaus, and one hard player.

Run: .venv/bin/python benchmarks/bench_pondscape.py
Prints tableaus per second (scoring and ranking only; building the random
tableaus is not timed) and the time to score one player holding two ?? wild
cards next to ornate horned and adjacent-food-kinds frogs (the budget is 2 ms).
"""

from __future__ import annotations

import random
import statistics
import time

from companion.games.pondscape.scoring import rank, score_player
from companion.games.pondscape.tableau import (
    COLUMNS,
    ROWS,
    SOLO_PER,
    SPECIES,
    Card,
    FrogCard,
    HabitatCard,
    PlayerPond,
    Solo,
    Tableau,
    WaterCard,
)

FOOD_ROW = ("spider", "dragonfly", "butterfly", "fly", "snail")
HABITATS = ("reeds", "lilypads", "rocks", "mud", "log")
TABLEAUS = 10_000


def random_card(rng: random.Random) -> Card:
    food = tuple(rng.choice(FOOD_ROW) for _ in range(rng.choice((0, 1, 1, 2))))
    roll = rng.random()
    if roll < 0.2:
        return WaterCard(rng.randint(0, 5), food)
    if roll < 0.35:
        return HabitatCard(rng.choice(HABITATS), food)
    species = rng.choice(SPECIES)
    if species != "desert-rain":
        return FrogCard(species, food)
    solo = Solo(rng.choice(SOLO_PER), rng.choice((2, 3))) if rng.random() < 0.6 else None
    wild = rng.choice((0, 0, 0, 1, 2))
    return FrogCard(species, food, solo, wild)


def random_player(rng: random.Random, name: str) -> PlayerPond:
    pond = tuple(tuple(random_card(rng) for _ in range(COLUMNS)) for _ in range(ROWS))
    tucked = {t: rng.randint(0, 5) for t in FOOD_ROW if rng.random() < 0.7}
    return PlayerPond(name, FOOD_ROW, tucked, rng.randint(0, 4), pond)  # type: ignore[arg-type]


def hard_player() -> PlayerPond:
    """Two ?? cards next to an adjacent-food-kinds frog; ornate horned frogs need a 4th type."""
    dr = "desert-rain"
    kinds = FrogCard(dr, (), Solo("adjacent-food-kinds", 2))
    pond = (
        (
            FrogCard("ornate-horned", ("spider",)),
            FrogCard("ornate-horned", ()),
            HabitatCard("reeds", ("dragonfly",)),
            WaterCard(3, ("spider",)),
            FrogCard("tomato", ()),
        ),
        (
            FrogCard(dr, (), None, 2),
            kinds,
            FrogCard(dr, ("spider",), None, 2),
            FrogCard("clown-tree", ()),
            HabitatCard("log", ()),
        ),
        (
            WaterCard(2, ()),
            FrogCard(dr, ("butterfly",), Solo("row-water", 3)),
            FrogCard("blue-poison-dart", ("spider",)),
            FrogCard("indian-bullfrog", ()),
            kinds,
        ),
    )
    return PlayerPond(
        "Hard",
        FOOD_ROW,
        {"spider": 5, "dragonfly": 4, "butterfly": 1, "fly": 0, "snail": 2},
        1,
        pond,
    )


def main() -> None:
    rng = random.Random(20261130)
    tableaus = [
        Tableau(tuple(random_player(rng, n) for n in ("Ana", "Ben", "Cy", "Dee")))
        for _ in range(TABLEAUS)
    ]
    wilds = sum(
        1
        for t in tableaus
        for p in t.players
        for row in p.pond
        for c in row
        if isinstance(c, FrogCard) and c.wild
    )
    start = time.perf_counter()
    for t in tableaus:
        rank(t)
    elapsed = time.perf_counter() - start
    print(
        f"scored {TABLEAUS} random complete 4-player tableaus ({wilds} wild cards in all) "
        f"in {elapsed:.2f} s: {TABLEAUS / elapsed:,.0f} tableaus/s, "
        f"{elapsed / (4 * TABLEAUS) * 1e6:.0f} us per player"
    )

    player = hard_player()
    sheet = score_player(player)
    times = []
    for _ in range(2000):
        t0 = time.perf_counter()
        score_player(player)
        times.append(time.perf_counter() - t0)
    times.sort()
    print(
        f"one player with two ?? wild cards (total {sheet.total}, "
        f"wild {[w.food for w in sheet.wild]}): "
        f"median {statistics.median(times) * 1e3:.3f} ms, 99th percentile "
        f"{times[int(0.99 * len(times))] * 1e3:.3f} ms, max {times[-1] * 1e3:.3f} ms (budget 2 ms)"
    )


if __name__ == "__main__":
    main()
