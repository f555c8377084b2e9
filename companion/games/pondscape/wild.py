"""The wild-symbol optimiser: which food type each ? / ?? symbol becomes.

A wild symbol (``wild: 1`` is one symbol, ``wild: 2`` two symbols of
different types) becomes a food type of the player's food row, chosen to give
the player the highest total. The choice changes only three things:

- tucked food: each symbol of type ``t`` adds ``tucked[t]`` points;
- the ornate horned condition (symbols of at least 4 food types in the pond);
- ``adjacent-food-kinds`` desert rain frogs next to the wild card.

So the scorer hands over just those parts (a ``WildProblem``) and this module
searches assignments exactly: options that another option dominates (no
fewer points, a superset of the food types that can still matter) are dropped,
then the remaining choices are searched exactly with memoised sub-results
(see ``solve``). Every term is monotone in the sets of food types covered,
which is what makes dropping dominated options exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

ORNATE_TYPES = 4  # "symbols of at least four different food types"


@dataclass(frozen=True)
class KindsFrog:
    """An ``adjacent-food-kinds`` desert rain frog next to at least one wild card.

    ``base`` is the bit mask of food types printed on its adjacent cards,
    ``wilds`` the indexes (into ``WildProblem.wilds``) of the adjacent wild cards.
    """

    points: int
    base: int
    wilds: tuple[int, ...]


@dataclass(frozen=True)
class WildProblem:
    """The parts of a player's score that a wild choice changes.

    Food types are bits: bit ``i`` is ``types[i]``; the first ``len(tucked)``
    types are the food row (the types a wild symbol may become).
    """

    types: tuple[str, ...]
    tucked: tuple[int, ...]  # cards tucked under food row type i
    wilds: tuple[int, ...]  # number of wild symbols (1 or 2) on each wild card
    printed: int  # mask of the food types printed anywhere in the pond
    ornate_points: int  # what the ornate horned clusters score if their condition holds
    frogs: tuple[KindsFrog, ...]


@dataclass(frozen=True)
class _Option:
    mask: int
    food: int


def _options(problem: WildProblem, card: int) -> list[_Option]:
    """The assignments worth trying for one wild card, best food first, dominated ones dropped."""
    k = problem.wilds[card]
    row = range(len(problem.tucked))
    every = [
        _Option(sum(1 << i for i in combo), sum(problem.tucked[i] for i in combo))
        for combo in combinations(row, k)
    ]
    # Which types can still change a set this card feeds: a type already printed
    # in the pond (and next to each frog) adds nothing to that set.
    relevant = 0
    if problem.ornate_points and problem.printed.bit_count() < ORNATE_TYPES:
        relevant |= ~problem.printed
    for frog in problem.frogs:
        if card in frog.wilds:
            relevant |= ~frog.base
    every.sort(key=lambda o: -o.food)  # stable: food row order breaks ties
    kept: list[_Option] = []
    for opt in every:
        rel = opt.mask & relevant
        if not any(
            k.food >= opt.food and (k.mask & relevant) | rel == (k.mask & relevant) for k in kept
        ):
            kept.append(opt)
    return kept


#: Sub-results the exact search may memoise before it stops (a few hundred thousand at
#: most for a full 3 x 5 pond; the bound keeps any input to well under a second).
MAX_STATES = 250_000


class _OverBudget(Exception):
    pass


def solve(problem: WildProblem) -> tuple[tuple[int, ...], int]:
    """``solve_bounded`` without saying whether the answer is exact."""
    masks, value, _ = solve_bounded(problem)
    return masks, value


def solve_bounded(
    problem: WildProblem, max_states: int | None = None
) -> tuple[tuple[int, ...], int, bool]:
    """``(masks, points, exact)``: the exact best (see ``_solve_exact``) when the search stays
    within ``max_states`` sub-results, else the best of a greedy pass and a local search
    (each card's choice improved while any change helps) with ``exact`` False, so the
    score can say it is the best found, not proven best."""
    try:
        masks, value = _solve_exact(problem, MAX_STATES if max_states is None else max_states)
        return masks, value, True
    except _OverBudget:
        pass
    options = [[o.mask for o in _options(problem, i)] for i in range(len(problem.wilds))]
    masks_list = [opts[0] for opts in options]
    value = evaluate(problem, masks_list)
    improved = True
    while improved:
        improved = False
        for i, opts in enumerate(options):
            for mask in opts:
                trial = [*masks_list[:i], mask, *masks_list[i + 1 :]]
                points = evaluate(problem, trial)
                if points > value:
                    masks_list, value, improved = trial, points, True
    return tuple(masks_list), value, False


def _solve_exact(problem: WildProblem, max_states: int) -> tuple[tuple[int, ...], int]:
    """The best mask for each wild card and the points the wild-dependent parts then score.

    Cards are decided in order with memoised sub-results: the state is the next
    card, the food types covered so far (only while the ornate horned condition
    is open) and the types next to each food-kinds frog that still waits for a
    wild card. A frog's points are banked at its last wild card, so with the
    cards in row order only a frontier of frogs is ever open.
    """
    n = len(problem.wilds)
    options = [_options(problem, i) for i in range(n)]
    frogs = problem.frogs
    feeds = [[j for j, f in enumerate(frogs) if i in f.wilds] for i in range(n)]
    finishing = [[j for j, f in enumerate(frogs) if max(f.wilds) == i] for i in range(n)]
    ornate = problem.ornate_points
    done = -1  # the cover once the ornate horned condition holds (or when it does not matter)
    memo: dict[tuple[int, int, tuple[int, ...]], tuple[int, tuple[int, ...]]] = {}

    def best(i: int, cover: int, masks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        if i == n:
            return (ornate if cover == done and ornate else 0), ()
        key = (i, cover, masks)
        found = memo.get(key)
        if found is not None:
            return found
        best_value, best_choice = -1, tuple[int, ...]()
        for opt in options[i]:
            value = opt.food
            after = list(masks)
            for j in feeds[i]:
                after[j] |= opt.mask
            for j in finishing[i]:
                value += frogs[j].points * after[j].bit_count()
                after[j] = 0  # banked: no longer part of the state
            covered = cover
            if covered != done:
                covered |= opt.mask
                if covered.bit_count() >= ORNATE_TYPES:
                    covered = done
            rest, choice = best(i + 1, covered, tuple(after))
            if value + rest > best_value:
                best_value, best_choice = value + rest, (opt.mask, *choice)
        memo[key] = (best_value, best_choice)
        if len(memo) > max_states:
            raise _OverBudget
        return best_value, best_choice

    start = problem.printed if ornate else done
    if start != done and start.bit_count() >= ORNATE_TYPES:
        start = done
    value, choice = best(0, start, tuple(f.base for f in frogs))
    return choice, value


def evaluate(problem: WildProblem, masks: Sequence[int]) -> int:
    """The points the wild-dependent parts score for one given assignment (for checking)."""
    cover = problem.printed
    food = 0
    frog_masks = [f.base for f in problem.frogs]
    for i, mask in enumerate(masks):
        cover |= mask
        food += sum(t for b, t in enumerate(problem.tucked) if mask >> b & 1)
        for j, frog in enumerate(problem.frogs):
            if i in frog.wilds:
                frog_masks[j] |= mask
    total = food + sum(
        f.points * m.bit_count() for f, m in zip(problem.frogs, frog_masks, strict=True)
    )
    if problem.ornate_points and cover.bit_count() >= ORNATE_TYPES:
        total += problem.ornate_points
    return total
