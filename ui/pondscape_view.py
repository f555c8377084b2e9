"""What the Pondscape screens show, worked out from the engine's objects (no Kivy here).

Cell labels and colours, the score sheet rows (clusters per species, then the
other four steps), the ranking with its tie-break spelled out, and the edits a
player makes by hand (a cell, a tucked count, the hand size), each giving a new
``PlayerPond`` so it can be played as a ``pond`` event and undone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from companion.games.pondscape.scoring import SPECIES_NAMES, Ranking, ScoreSheet, rank_sheets
from companion.games.pondscape.solo import ACHIEVEMENTS, achievement
from companion.games.pondscape.tableau import (
    COLUMNS,
    ROWS,
    SPECIES,
    Card,
    FrogCard,
    HabitatCard,
    PlayerPond,
    WaterCard,
)

RGBA = tuple[float, float, float, float]

# One colour per species, close to the card art where it has one; text on each is TEXT or INK,
# whichever reads (text_colour_on: at least 4.5:1 either way).
SPECIES_COLOURS: dict[str, RGBA] = {
    "ornate-horned": (0.42, 0.64, 0.24, 1),
    "red-eyed-tree": (0.70, 0.16, 0.18, 1),
    "panamanian-golden": (0.79, 0.64, 0.15, 1),  # ui.theme.GOLD_FILL, with INK text
    "tomato": (0.92, 0.44, 0.25, 1),
    "clown-tree": (0.55, 0.25, 0.60, 1),
    "blue-poison-dart": (0.15, 0.35, 0.80, 1),
    "indian-bullfrog": (0.56, 0.62, 0.22, 1),
    "desert-rain": (0.62, 0.50, 0.36, 1),
}
HABITAT_COLOUR: RGBA = (0.15, 0.40, 0.36, 1)
WATER_COLOUR: RGBA = (0.12, 0.28, 0.50, 1)
EMPTY_COLOUR: RGBA = (0.25, 0.25, 0.25, 1)

# Short names that fit a card cell on the 7-inch display.
SPECIES_SHORT = {
    "ornate-horned": "Ornate",
    "red-eyed-tree": "Red-eye",
    "panamanian-golden": "Golden",
    "tomato": "Tomato",
    "clown-tree": "Clown",
    "blue-poison-dart": "Dart",
    "indian-bullfrog": "Bullfrog",
    "desert-rain": "Desert",
}

#: Points a water card's back may show, offered when correcting a cell.
WATER_POINTS = (0, 1, 2, 3, 4, 5)


def cell_text(card: Card | None) -> str:
    """A card's title as every card shows it: a capital first, then small letters."""
    if card is None:
        return "Empty"
    if isinstance(card, FrogCard):
        text = SPECIES_SHORT.get(card.species, card.species)
        if card.wild:
            text += " " + "?" * card.wild
        return text
    if isinstance(card, HabitatCard):
        return card.habitat[:1].upper() + card.habitat[1:]
    return f"Water {card.points}"


def cell_colour(card: Card | None) -> RGBA:
    if card is None:
        return EMPTY_COLOUR
    if isinstance(card, FrogCard):
        return SPECIES_COLOURS.get(card.species, EMPTY_COLOUR)
    if isinstance(card, HabitatCard):
        return HABITAT_COLOUR
    return WATER_COLOUR


def text_colour_on(fill: tuple[float, ...]) -> RGBA:
    """The palette's text colour that reads best on a card's fill: TEXT on dark cards, INK
    on bright ones (white on the yellow Golden cards was 2.6:1)."""
    from ui import theme

    return max((theme.TEXT, theme.INK), key=lambda t: theme.contrast(t, fill))


def food_text(card: Card | None) -> str:
    return "" if card is None or not card.food else " ".join(card.food)


NOT_MET = re.compile(r"\((condition not met: .*)\)\s*$")


def species_rows(sheet: ScoreSheet, player: PlayerPond) -> list[tuple[str, int]]:
    """Cluster points per species, in rulebook order, for the species in the pond. A species
    that scores nothing says why, as the command line does ("condition not met: ...")."""
    per: dict[str, int] = {}
    why: dict[str, str] = {}
    for line in sheet.details:
        if line.step != "clusters" or not line.cells:
            continue
        r, c = line.cells[0]
        card = player.cell(r, c)
        if isinstance(card, FrogCard):
            per[card.species] = per.get(card.species, 0) + line.points
            found = NOT_MET.search(line.text)
            if found and card.species not in why:
                why[card.species] = found.group(1)
    rows = []
    for s in SPECIES:
        if s in per:
            name = SPECIES_NAMES[s]
            if per[s] == 0 and s in why:
                name += f" ({why[s]})"
            rows.append((name, per[s]))
    return rows


def sheet_rows(sheet: ScoreSheet, player: PlayerPond) -> list[tuple[str, int]]:
    """The score sheet as (label, points): clusters per species, then steps 2 to 5."""
    rows = [(f"  {name}", pts) for name, pts in species_rows(sheet, player)]
    return [
        ("Frog clusters", sheet.clusters),
        *rows,
        ("Solitary frogs", sheet.solitary),
        ("Water cards", sheet.water),
        ("Habitats", sheet.habitats),
        ("Food", sheet.food),
    ]


def tie_break_text(ranking: Ranking) -> str:
    """Who won and why, in the rulebook's words when the tie-break was needed."""
    sheets = ranking.sheets
    if not sheets:
        return ""
    winners = list(ranking.winners)
    top = sheets[0].total
    tied = [s for s in sheets if s.total == top]
    if len(winners) == 1 and len(tied) == 1:
        return f"{winners[0]} wins with {top} points."
    if len(winners) == 1:
        others = ", ".join(s.name for s in tied if s.name != winners[0])
        hand = sheets[0].hand
        return (
            f"{winners[0]} wins: tied on {top} points with {others}, "
            f"and has more cards left in hand ({hand})."
        )
    names = " and ".join(winners)
    return (
        f"{names} share the victory: tied on {top} points "
        f"with {sheets[0].hand} cards left in hand each."
    )


def ranking_of(sheets: Sequence[ScoreSheet]) -> Ranking:
    return rank_sheets(list(sheets))


def achievement_text(points: int) -> str:
    """The solo rank with its band ("Tadpole (110-119)")."""
    rank = achievement(points)
    bands = list(ACHIEVEMENTS)
    for i, (lowest, name) in enumerate(bands):
        if name == rank:
            if i == 0:
                return f"{name} ({lowest}+)"
            return f"{name} ({lowest}-{bands[i - 1][0] - 1})"
    return rank


def with_cell(player: PlayerPond, row: int, column: int, card: Card | None) -> PlayerPond:
    if not (0 <= row < ROWS and 0 <= column < COLUMNS):
        raise IndexError(f"cell ({row}, {column}) is outside the 3x5 pond")
    rows = [list(r) for r in player.pond]
    rows[row][column] = card
    pond = (tuple(rows[0]), tuple(rows[1]), tuple(rows[2]))
    return replace(player, pond=pond)


def corrected_card(old: Card | None, kind: str, value: str | int | None) -> Card | None:
    """The card a hand correction puts in a cell; it keeps the old card's food symbols and id.

    ``kind`` is "frog" (value: species), "habitat" (value: type), "water" (value:
    points) or "empty".
    """
    if kind == "empty":
        return None
    food = old.food if old is not None else ()
    card_id = old.id if old is not None else None
    if kind == "frog":
        species = str(value)
        if species not in SPECIES:
            raise ValueError(f"unknown frog species {species!r}")
        wild = old.wild if isinstance(old, FrogCard) and species == old.species else 0
        solo = old.solo if isinstance(old, FrogCard) and species == old.species else None
        return FrogCard(species, tuple(food), solo, wild, card_id)
    if kind == "habitat":
        return HabitatCard(str(value), tuple(food), card_id)
    if kind == "water":
        return WaterCard(int(value or 0), tuple(food), card_id)
    raise ValueError(f"unknown correction {kind!r}")


def with_tucked(player: PlayerPond, food: str, delta: int) -> PlayerPond:
    if food not in player.food_row:
        raise KeyError(f"{food!r} is not in {player.name}'s food row")
    tucked = dict(player.tucked)
    tucked[food] = max(0, tucked.get(food, 0) + delta)
    ordered = {t: tucked[t] for t in player.food_row if tucked.get(t, 0) > 0}
    return replace(player, tucked=ordered)


def with_hand(player: PlayerPond, delta: int) -> PlayerPond:
    return replace(player, hand=max(0, player.hand + delta))


def habitat_choices(ponds: Sequence[PlayerPond], extra: Sequence[str] = ()) -> list[str]:
    """Habitat types to offer: those seen on the table and in the catalog, in a stable order."""
    seen: list[str] = []
    for p in ponds:
        for _r, _c, card in p.cards():
            if isinstance(card, HabitatCard) and card.habitat not in seen:
                seen.append(card.habitat)
    for h in extra:
        if h not in seen:
            seen.append(h)
    return seen[:5] if len(seen) >= 5 else seen
