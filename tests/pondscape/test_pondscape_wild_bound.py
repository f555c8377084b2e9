"""#12 defect 12: the wild-symbol optimiser took 24 s for 15 ?? cards; it is bounded now."""

from __future__ import annotations

import pytest

from companion.games.pondscape import wild
from companion.games.pondscape.scoring import score_player
from companion.games.pondscape.tableau import FrogCard, PlayerPond, Solo

FOOD_ROW = ("spider", "dragonfly", "butterfly", "fly", "snail")
TUCKED = {"spider": 5, "dragonfly": 4, "butterfly": 1, "fly": 0, "snail": 2}
KINDS = FrogCard("desert-rain", (), Solo("adjacent-food-kinds", 2))


def _pond(kinds_at: set[int], wild_species: str = "desert-rain") -> PlayerPond:
    cells = [KINDS if i in kinds_at else FrogCard(wild_species, (), None, 2) for i in range(15)]
    pond = tuple(tuple(cells[r * 5 : (r + 1) * 5]) for r in range(3))
    return PlayerPond("Ana", FOOD_ROW, TUCKED, 1, pond)  # type: ignore[arg-type]


def _problem() -> wild.WildProblem:
    frogs = tuple(
        wild.KindsFrog(2, 0, tuple(j for j in (i - 1, i, i + 1) if 0 <= j < 12))
        for i in range(1, 12, 3)
    )
    return wild.WildProblem(
        types=FOOD_ROW,
        tucked=(5, 4, 1, 0, 2),
        wilds=(2,) * 12,
        printed=0,
        ornate_points=6,
        frogs=frogs,
    )


def test_wild_fifteen_double_wild_cards_are_solved_exactly() -> None:
    """15 ?? cards: each takes the two most tucked foods (spider 5 + dragonfly 4)."""
    sheet = score_player(_pond(set()))
    assert [w.food for w in sheet.wild] == [("spider", "dragonfly")] * 15
    assert not any("search budget" in w for w in sheet.warnings)


def test_wild_over_budget_gives_the_best_found_and_says_so() -> None:
    problem = _problem()
    _, value, exact = wild.solve_bounded(problem)
    assert exact
    found, found_value, found_exact = wild.solve_bounded(problem, max_states=5)
    assert not found_exact
    assert found_value == wild.evaluate(problem, found) <= value
    assert found_value >= wild.evaluate(
        problem,
        [
            o[0]
            for o in (  # never below greedy
                [opt.mask for opt in wild._options(problem, i)] for i in range(12)
            )
        ],
    )


def test_wild_over_budget_score_sheet_warns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wild, "MAX_STATES", 3)
    sheet = score_player(_pond({1, 7, 13}))
    assert any("not proven the best possible" in w for w in sheet.warnings)
