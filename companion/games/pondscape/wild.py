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
then a depth-first search with an upper bound prunes the rest. Every term is
monotone in the sets of food types covered, which is what makes both
prunings exact.
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
    if problem.ornate_points:
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


def solve(problem: WildProblem) -> tuple[tuple[int, ...], int]:
    """The best mask for each wild card and the points the wild-dependent parts then score."""
    n = len(problem.wilds)
    options = [_options(problem, i) for i in range(n)]
    universe = (1 << len(problem.types)) - 1
    universe_size = len(problem.types)
    rest_food = [0] * (n + 1)
    rest_symbols = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        rest_food[i] = rest_food[i + 1] + options[i][0].food
        rest_symbols[i] = rest_symbols[i + 1] + problem.wilds[i]
    frog_rest = [
        [sum(problem.wilds[w] for w in f.wilds if w >= i) for i in range(n + 1)]
        for f in problem.frogs
    ]

    def value(cover: int, frog_masks: Sequence[int], food: int) -> int:
        total = food
        if problem.ornate_points and cover.bit_count() >= ORNATE_TYPES:
            total += problem.ornate_points
        for frog, mask in zip(problem.frogs, frog_masks, strict=True):
            total += frog.points * mask.bit_count()
        return total

    def bound(i: int, cover: int, frog_masks: Sequence[int], food: int) -> int:
        total = food + rest_food[i]
        if (
            problem.ornate_points
            and min(cover.bit_count() + rest_symbols[i], universe_size) >= ORNATE_TYPES
        ):
            total += problem.ornate_points
        for j, (frog, mask) in enumerate(zip(problem.frogs, frog_masks, strict=True)):
            total += frog.points * min(mask.bit_count() + frog_rest[j][i], universe_size)
        return total

    best_value = -1
    best: tuple[int, ...] = ()
    chosen: list[int] = [0] * n

    def search(i: int, cover: int, frog_masks: tuple[int, ...], food: int) -> None:
        nonlocal best_value, best
        if i == n:
            v = value(cover, frog_masks, food)
            if v > best_value:
                best_value, best = v, tuple(chosen)
            return
        if bound(i, cover, frog_masks, food) <= best_value:
            return
        for opt in options[i]:
            chosen[i] = opt.mask
            masks = tuple(
                m | opt.mask if i in frog.wilds else m
                for frog, m in zip(problem.frogs, frog_masks, strict=True)
            )
            search(i + 1, (cover | opt.mask) & universe, masks, food + opt.food)

    search(0, problem.printed, tuple(f.base for f in problem.frogs), 0)
    return best, best_value


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
