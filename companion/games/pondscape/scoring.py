"""End-game scoring of a Pondscape pond, in the five steps of the scoring card.

1. frog clusters, each by the cluster table if its species condition holds;
2. solitary desert rain frogs, by their own printed condition;
3. water cards, the points on their backs;
4. habitat variety, by the habitat table;
5. tucked food: cards tucked under a food card x matching symbols in the pond.

``score_player`` returns a ``ScoreSheet`` that explains its total line by
line, as the printed score sheet does; ``rank`` applies the tie-break (most
cards left in hand, then a shared victory). How this product reads each rule
is written down in docs/formats/pondscape-tableau.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.pondscape import wild as wild_opt
from companion.games.pondscape.tableau import (
    COLUMNS,
    DESERT_RAIN,
    ROWS,
    SPECIES,
    Card,
    FrogCard,
    HabitatCard,
    PlayerPond,
    Tableau,
    WaterCard,
)

STEPS = ("clusters", "solitary", "water", "habitats", "food")
CLUSTER_TABLE = (0, 5, 12, 21, 32, 45)  # size -> points; each card past 5 adds 10
HABITAT_TABLE = (0, 4, 10, 21, 36, 50)  # different habitat types -> points

SPECIES_NAMES = {
    "ornate-horned": "ornate horned frog",
    "red-eyed-tree": "red-eyed tree frog",
    "panamanian-golden": "panamanian golden frog",
    "tomato": "tomato frog",
    "clown-tree": "clown tree frog",
    "blue-poison-dart": "blue poison dart frog",
    "indian-bullfrog": "indian bullfrog",
    "desert-rain": "desert rain frog",
}

Cell = tuple[int, int]

# Orthogonal neighbours of each cell, by flat index r * COLUMNS + c.
_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        rr * COLUMNS + cc
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < ROWS and 0 <= cc < COLUMNS
    )
    for r in range(ROWS)
    for c in range(COLUMNS)
)


def cluster_points(size: int) -> int:
    """The scoring card's cluster table: 1:5, 2:12, 3:21, 4:32, 5:45, then +10 per card."""
    if size <= 5:
        return CLUSTER_TABLE[size]
    return CLUSTER_TABLE[5] + 10 * (size - 5)


def habitat_points(kinds: int) -> int:
    """The scoring card's habitat table (0:0 ... 5:50); the box has only 5 types."""
    return HABITAT_TABLE[min(kinds, 5)]


@dataclass(frozen=True)
class Line:
    """One line of the score sheet: which step, how many points, why, and where."""

    step: str
    points: int
    text: str
    cells: tuple[Cell, ...] = ()
    species: str | None = None  # the frog species of a cluster line

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "points": self.points, "text": self.text}


@dataclass(frozen=True)
class WildChoice:
    """What the wild symbol(s) of the card at (row, column) became."""

    row: int
    column: int
    food: tuple[str, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """One player's end-game score, by the five steps, with the lines that explain it."""

    name: str
    clusters: int
    solitary: int
    water: int
    habitats: int
    food: int
    details: tuple[Line, ...]
    warnings: tuple[str, ...] = ()
    wild: tuple[WildChoice, ...] = ()
    hand: int = 0

    @property
    def total(self) -> int:
        return self.clusters + self.solitary + self.water + self.habitats + self.food

    def breakdown(self) -> dict[str, int]:
        return {step: getattr(self, step) for step in STEPS}

    def clusters_by_species(self) -> dict[str, int]:
        """Step 1 per species, as the score sheet's rows: every clustering species, 0 if absent."""
        out = {s: 0 for s in SPECIES if s != DESERT_RAIN}
        for line in self.details:
            if line.step == "clusters" and line.species is not None:
                out[line.species] += line.points
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"name", "total", "breakdown", "details"}``; wild choices and warnings are
        detail entries with step ``"wild"`` / ``"warning"`` and 0 points."""
        notes = [Line("wild", 0, _wild_text(w)) for w in self.wild]
        notes += [Line("warning", 0, w) for w in self.warnings]
        return {
            "name": self.name,
            "total": self.total,
            "breakdown": self.breakdown(),
            "details": [line.to_json() for line in (*self.details, *notes)],
        }


def _wild_text(choice: WildChoice) -> str:
    marks = "?" * len(choice.food)
    at = f"(row {choice.row}, column {choice.column})"
    return f"{marks} on the desert rain frog at {at} counts as {', '.join(choice.food)}"


def _n(count: int, noun: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _where(cells: Sequence[int]) -> str:
    return ", ".join(f"({i // COLUMNS},{i % COLUMNS})" for i in sorted(cells))


def _cells(cells: Sequence[int]) -> tuple[Cell, ...]:
    return tuple((i // COLUMNS, i % COLUMNS) for i in sorted(cells))


def _clusters(flat: Sequence[Card | None]) -> list[tuple[str, list[int]]]:
    """Orthogonally connected face-up frogs of one species; desert rain frogs never cluster."""
    seen: set[int] = set()
    found: list[tuple[str, list[int]]] = []
    for start, card in enumerate(flat):
        if start in seen or not isinstance(card, FrogCard) or card.species == DESERT_RAIN:
            continue
        species = card.species
        members, stack = [start], [start]
        seen.add(start)
        while stack:
            for j in _NEIGHBOURS[stack.pop()]:
                other = flat[j]
                if j not in seen and isinstance(other, FrogCard) and other.species == species:
                    seen.add(j)
                    members.append(j)
                    stack.append(j)
        found.append((species, members))
    return found


def _border(members: Sequence[int]) -> set[int]:
    inside = set(members)
    return {j for i in members for j in _NEIGHBOURS[i] if j not in inside}


def _condition(
    species: str,
    border: set[int],
    flat: Sequence[Card | None],
    *,
    species_count: int,
    max_tucked: int,
    water_count: int,
) -> tuple[bool, str]:
    """Whether a cluster's species condition holds, and the reason in words.

    The ornate horned condition depends on the wild choice and is decided by the caller.
    """
    if species == "red-eyed-tree":
        return (
            species_count <= 3,
            f"{species_count} different frog species in the pond (at most 3 needed)",
        )
    if species == "panamanian-golden":
        return (
            max_tucked >= 4,
            f"the most cards tucked under one food card: {max_tucked} (4 needed)",
        )
    if species == "tomato":
        return water_count >= 4, f"{_n(water_count, 'water card')} in the pond (4 needed)"
    around = [flat[j] for j in border]
    frogs = {c.species for c in around if isinstance(c, FrogCard)}
    habitats = sum(isinstance(c, HabitatCard) for c in around)
    if species == "clown-tree":
        others = len(frogs - {"clown-tree"})
        return others >= 3, f"adjacent to {others} other frog species (3 needed)"
    if species == "blue-poison-dart":
        return habitats >= 2, f"adjacent to {_n(habitats, 'habitat card')} (2 needed)"
    if species == "indian-bullfrog":
        water = sum(isinstance(c, WaterCard) for c in around)
        frog_cards = sum(isinstance(c, FrogCard) for c in around)
        ok = water >= 1 and frog_cards >= 1 and habitats >= 1
        return (
            ok,
            f"adjacent to {water} water, {frog_cards} frog and {habitats} habitat cards "
            "(1 of each needed)",
        )
    raise ValueError(species)  # pragma: no cover - every other species is handled by the caller


_SOLO_WORDS = {
    "adjacent-water": "adjacent water card",
    "adjacent-habitat": "adjacent habitat card",
    "adjacent-frog": "adjacent frog card",
    "adjacent-food-kinds": "different food symbol on adjacent cards",
    "row-water": "water card in its row",
    "row-habitat": "habitat card in its row",
}


def _solo_count(
    per: str, index: int, flat: Sequence[Card | None], symbols: Sequence[frozenset[str]]
) -> int:
    if per.startswith("row-"):
        row = index // COLUMNS
        near = [flat[j] for j in range(row * COLUMNS, row * COLUMNS + COLUMNS) if j != index]
    else:
        near = [flat[j] for j in _NEIGHBOURS[index]]
    if per.endswith("-water"):
        return sum(isinstance(c, WaterCard) for c in near)
    if per.endswith("-habitat"):
        return sum(isinstance(c, HabitatCard) for c in near)
    if per == "adjacent-frog":
        return sum(isinstance(c, FrogCard) for c in near)
    kinds: set[str] = set()
    for j in _NEIGHBOURS[index]:
        kinds |= symbols[j]
    return len(kinds)


def score_player(player: PlayerPond) -> ScoreSheet:
    """Score one pond by the five steps, choosing the best food type for each wild symbol."""
    flat: list[Card | None] = [card for cells in player.pond for card in cells]
    food_row = player.food_row
    tucked = [player.tucked.get(t, 0) for t in food_row]
    warnings: list[str] = []
    empty = player.empty_cells()
    if empty:
        warnings.append(
            f"the pond is not complete: {len(empty)} empty cell(s) at "
            + _where([r * COLUMNS + c for r, c in empty])
        )

    printed: set[str] = set()
    for card in flat:
        if card is not None:
            printed.update(card.food)
    strange = sorted(printed - set(food_row))
    if strange:
        warnings.append(
            f"food symbol(s) {', '.join(strange)} are not in the food row and score no food"
        )
    frogs = [c for c in flat if isinstance(c, FrogCard)]
    species_count = len({c.species for c in frogs})
    water_count = sum(isinstance(c, WaterCard) for c in flat)
    max_tucked = max(tucked, default=0)
    # Column by column: a food-kinds frog's wild neighbours then come close together in
    # the optimiser's order, which keeps its memo small (the pond is 3 high, 5 wide).
    wild_cells = sorted(
        (i for i, c in enumerate(flat) if isinstance(c, FrogCard) and c.wild),
        key=lambda i: (i % COLUMNS, i // COLUMNS),
    )

    # Step 1, apart from the ornate horned condition (it waits for the wild choice).
    cluster_lines: list[tuple[str, list[int], bool | None, str]] = []
    ornate_points = 0
    for species, members in _clusters(flat):
        if species == "ornate-horned":
            ornate_points += cluster_points(len(members))
            cluster_lines.append((species, members, None, ""))
            continue
        ok, why = _condition(
            species,
            _border(members),
            flat,
            species_count=species_count,
            max_tucked=max_tucked,
            water_count=water_count,
        )
        cluster_lines.append((species, members, ok, why))

    # The wild choice: hand the optimiser only what it changes.
    types = tuple(food_row) + tuple(sorted(printed - set(food_row)))
    bit = {t: 1 << i for i, t in enumerate(types)}
    masks: tuple[int, ...] = ()
    if wild_cells:
        wild_index = {cell: n for n, cell in enumerate(wild_cells)}
        kinds_frogs = []
        for i, card in enumerate(flat):
            if (
                isinstance(card, FrogCard)
                and card.solo is not None
                and card.solo.per == "adjacent-food-kinds"
            ):
                near_wild = tuple(wild_index[j] for j in _NEIGHBOURS[i] if j in wild_index)
                if near_wild:
                    base = 0
                    for j in _NEIGHBOURS[i]:
                        near = flat[j]
                        if near is not None:
                            for t in near.food:
                                base |= bit[t]
                    kinds_frogs.append(wild_opt.KindsFrog(card.solo.points, base, near_wild))
        problem = wild_opt.WildProblem(
            types=types,
            tucked=tuple(tucked),
            wilds=tuple(flat[i].wild for i in wild_cells),  # type: ignore[union-attr]
            printed=sum(bit[t] for t in printed),
            ornate_points=ornate_points,
            frogs=tuple(kinds_frogs),
        )
        masks, _, exact = wild_opt.solve_bounded(problem)
        if not exact:
            warnings.append(
                "wild symbols: the best choice found within the search budget, "
                "not proven the best possible"
            )

    # The symbols each cell shows once wild symbols are assigned.
    symbols: list[frozenset[str]] = [
        frozenset(c.food) if c is not None else frozenset() for c in flat
    ]
    choices: list[WildChoice] = []
    for cell, mask in zip(wild_cells, masks, strict=True):
        chosen = tuple(t for t in food_row if mask & bit[t])
        symbols[cell] = symbols[cell] | frozenset(chosen)
        choices.append(WildChoice(cell // COLUMNS, cell % COLUMNS, chosen))
    choices.sort(key=lambda w: (w.row, w.column))
    counts = dict.fromkeys(food_row, 0)
    for card in flat:
        if card is not None:
            for t in card.food:
                if t in counts:
                    counts[t] += 1
    for choice in choices:
        for t in choice.food:
            counts[t] += 1
    kinds_in_pond = len(printed | {t for ch in choices for t in ch.food})

    lines: list[Line] = []
    for species, members, held, why in cluster_lines:
        ok = held if held is not None else kinds_in_pond >= wild_opt.ORNATE_TYPES
        if held is None:
            why = f"symbols of {kinds_in_pond} food types in the pond (4 needed)"
        pts = cluster_points(len(members)) if ok else 0
        size = "one separate card" if len(members) == 1 else f"a cluster of {len(members)}"
        verdict = "condition met" if ok else "condition not met"
        lines.append(
            Line(
                "clusters",
                pts,
                f"{SPECIES_NAMES[species]}, {size} at {_where(members)}: {pts} ({verdict}: {why})",
                _cells(members),
                species,
            )
        )

    for i, card in enumerate(flat):
        if isinstance(card, FrogCard) and card.species == DESERT_RAIN:
            at = f"({i // COLUMNS},{i % COLUMNS})"
            if card.solo is None:
                lines.append(
                    Line(
                        "solitary",
                        0,
                        f"desert rain frog at {at}: 0 (no scoring condition)",
                        _cells([i]),
                    )
                )
                continue
            n = _solo_count(card.solo.per, i, flat, symbols)
            pts = n * card.solo.points
            lines.append(
                Line(
                    "solitary",
                    pts,
                    f"desert rain frog at {at}: {pts} ({card.solo.points} for each "
                    f"{_SOLO_WORDS[card.solo.per]}, {n} found)",
                    _cells([i]),
                )
            )

    for i, card in enumerate(flat):
        if isinstance(card, WaterCard):
            at = f"({i // COLUMNS},{i % COLUMNS})"
            lines.append(
                Line("water", card.points, f"water card at {at}: {card.points}", _cells([i]))
            )

    habitat_cells = [i for i, c in enumerate(flat) if isinstance(c, HabitatCard)]
    kinds = sorted({flat[i].habitat for i in habitat_cells})  # type: ignore[union-attr]
    if len(kinds) > 5:
        warnings.append(f"{len(kinds)} habitat types found, the box has 5: scored as 5")
    hab = habitat_points(len(kinds))
    lines.append(
        Line(
            "habitats",
            hab,
            f"{len(kinds)} different habitat types"
            f"{': ' + ', '.join(kinds) if kinds else ''}: {hab}",
            _cells(habitat_cells),
        )
    )

    for t, under in zip(food_row, tucked, strict=True):
        pts = under * counts[t]
        lines.append(
            Line(
                "food",
                pts,
                f"{_n(counts[t], t + ' symbol')} x {_n(under, 'card')} tucked under the {t}: {pts}",
            )
        )

    totals = dict.fromkeys(STEPS, 0)
    for line in lines:
        totals[line.step] += line.points
    return ScoreSheet(
        player.name,
        totals["clusters"],
        totals["solitary"],
        totals["water"],
        totals["habitats"],
        totals["food"],
        tuple(lines),
        tuple(warnings),
        tuple(choices),
        player.hand,
    )


@dataclass(frozen=True)
class Ranking:
    """Score sheets best first (total, then cards left in hand) and the winner(s)."""

    sheets: tuple[ScoreSheet, ...]
    winners: tuple[str, ...]


def rank_sheets(sheets: Sequence[ScoreSheet]) -> Ranking:
    """Highest total wins; a tie goes to most cards left in hand; a remaining tie is shared."""
    ordered = sorted(sheets, key=lambda s: (-s.total, -s.hand))
    if not ordered:
        return Ranking((), ())
    top = (ordered[0].total, ordered[0].hand)
    return Ranking(tuple(ordered), tuple(s.name for s in ordered if (s.total, s.hand) == top))


def rank(tableau: Tableau) -> Ranking:
    """Score every player of a tableau and apply the tie-break."""
    return rank_sheets([score_player(p) for p in tableau.players])
