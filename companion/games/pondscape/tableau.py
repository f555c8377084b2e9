"""The Pondscape tableau: cards, one player's pond, and the ``pondscape-tableau/1`` file.

A pond is 3 rows x 5 columns of cards; row 0 is farthest from the food row,
row 2 next to it. A cell is ``None`` (empty) or a card:

- ``FrogCard``: a face-up frog card (desert rain frogs may carry a solitary
  ``solo`` condition and ``wild`` ? / ?? symbols);
- ``HabitatCard``: a face-up habitat card;
- ``WaterCard``: any card placed face down, with the points on its back.

Reading and writing round-trip exactly (the card ``id`` from the catalog tag is
kept): ``tableau_to_json(load_tableau(d, w)) == d`` for every file this module
writes. Every problem is a ``BadFileError`` naming the file, the player, the
cell (``pond[row][column]``, counted from 0) and the field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.files import atomic_write_text
from companion.jsonfile import read_json_file

FORMAT = "pondscape-tableau/1"
ROWS = 3
COLUMNS = 5
FOOD_ROW_LENGTH = 5

# The 8 species ids, as the file spells them (rulebook order).
SPECIES: tuple[str, ...] = (
    "ornate-horned",
    "red-eyed-tree",
    "panamanian-golden",
    "tomato",
    "clown-tree",
    "blue-poison-dart",
    "indian-bullfrog",
    "desert-rain",
)
DESERT_RAIN = "desert-rain"

# The solitary scoring conditions a desert rain frog card may print.
SOLO_PER: tuple[str, ...] = (
    "adjacent-water",
    "adjacent-habitat",
    "adjacent-frog",
    "adjacent-food-kinds",
    "row-water",
    "row-habitat",
)

CardId = str | int


@dataclass(frozen=True)
class Solo:
    """A desert rain frog's own scoring condition: ``points`` for each thing counted by ``per``."""

    per: str
    points: int


@dataclass(frozen=True)
class FrogCard:
    """A face-up frog card. ``solo`` and ``wild`` (1 for ?, 2 for ??) only on desert rain frogs."""

    species: str
    food: tuple[str, ...] = ()
    solo: Solo | None = None
    wild: int = 0
    id: CardId | None = None


@dataclass(frozen=True)
class HabitatCard:
    """A face-up habitat card; ``habitat`` is its type (the box has 5)."""

    habitat: str
    food: tuple[str, ...] = ()
    id: CardId | None = None


@dataclass(frozen=True)
class WaterCard:
    """Any card placed face down; ``points`` are printed on its back."""

    points: int
    food: tuple[str, ...] = ()
    id: CardId | None = None


Card = FrogCard | HabitatCard | WaterCard
Row = tuple[Card | None, ...]
Pond = tuple[Row, Row, Row]


def empty_pond() -> Pond:
    """A pond with no cards placed."""
    row: Row = (None,) * COLUMNS
    return (row, row, row)


@dataclass(frozen=True)
class PlayerPond:
    """One player at the end of the game (or part way through).

    ``tucked`` maps a food type of the food row to the number of cards tucked
    under that food card (written back in the same key order it was read).
    ``hand`` is the number of cards left in hand (the tie-break).
    """

    name: str
    food_row: tuple[str, ...]
    tucked: Mapping[str, int] = field(default_factory=dict)
    hand: int = 0
    pond: Pond = field(default_factory=empty_pond)

    def cell(self, row: int, column: int) -> Card | None:
        return self.pond[row][column]

    def cards(self) -> list[tuple[int, int, Card]]:
        """The placed cards with their (row, column)."""
        return [
            (r, c, card)
            for r, cells in enumerate(self.pond)
            for c, card in enumerate(cells)
            if card is not None
        ]

    def is_complete(self) -> bool:
        return all(card is not None for cells in self.pond for card in cells)

    def empty_cells(self) -> list[tuple[int, int]]:
        return [
            (r, c)
            for r, cells in enumerate(self.pond)
            for c, card in enumerate(cells)
            if card is None
        ]


@dataclass(frozen=True)
class Tableau:
    """A whole table: one pond per player, and whether it is a solo game."""

    players: tuple[PlayerPond, ...]
    solo: bool = False

    def player(self, name: str) -> PlayerPond:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


# --- reading -----------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _food_list(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise BadFileError(f"{where}: field 'food' must be a list of food names")
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item or item != item.lower():
            raise BadFileError(
                f"{where}: food[{i}] must be a non-empty lowercase string, found {item!r}"
            )
    return tuple(value)


def _card_id(obj: Mapping[str, Any], where: str) -> CardId | None:
    if "id" not in obj:
        return None
    value = obj["id"]
    if (isinstance(value, str) and value) or _is_int(value):
        return value  # type: ignore[no-any-return]
    raise BadFileError(
        f"{where}: field 'id' must be a catalog number (integer or string), found {value!r}"
    )


def _check_keys(obj: Mapping[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise BadFileError(f"{where}: unknown field(s) {', '.join(map(repr, extra))}")


def parse_card(obj: Any, where: str) -> Card | None:
    """A card (or ``None`` for an empty cell) from its JSON; errors name ``where`` and the field."""
    if obj is None:
        return None
    if not isinstance(obj, dict):
        raise BadFileError(f"{where}: a card must be null or an object, found {type(obj).__name__}")
    kinds = [k for k in ("frog", "habitat", "water") if k in obj]
    if len(kinds) != 1:
        raise BadFileError(
            f"{where}: a card needs exactly one of 'frog', 'habitat' or 'water', "
            f"found {kinds or 'none'}"
        )
    kind = kinds[0]
    food = _food_list(obj.get("food", []), where)
    card_id = _card_id(obj, where)
    if kind == "frog":
        _check_keys(obj, {"frog", "food", "solo", "wild", "id"}, where)
        species = obj["frog"]
        if species not in SPECIES:
            raise BadFileError(
                f"{where}: unknown species {species!r} (known: {', '.join(SPECIES)})"
            )
        solo = None
        if "solo" in obj:
            if species != DESERT_RAIN:
                raise BadFileError(
                    f"{where}: field 'solo' is only printed on desert rain frogs, not on {species}"
                )
            solo = _parse_solo(obj["solo"], where)
        wild = 0
        if "wild" in obj:
            if species != DESERT_RAIN:
                raise BadFileError(
                    f"{where}: field 'wild' is only printed on desert rain frogs, not on {species}"
                )
            wild = obj["wild"]
            if not _is_int(wild) or wild not in (1, 2):
                raise BadFileError(f"{where}: field 'wild' must be 1 (?) or 2 (??), found {wild!r}")
        return FrogCard(species, food, solo, wild, card_id)
    if kind == "habitat":
        _check_keys(obj, {"habitat", "food", "id"}, where)
        habitat = obj["habitat"]
        if not isinstance(habitat, str) or not habitat:
            raise BadFileError(
                f"{where}: field 'habitat' must be a non-empty string, found {habitat!r}"
            )
        return HabitatCard(habitat, food, card_id)
    _check_keys(obj, {"water", "food", "id"}, where)
    points = obj["water"]
    if not _is_int(points) or points < 0:
        raise BadFileError(
            f"{where}: field 'water' must be the points on the card's back (0 or more), "
            f"found {points!r}"
        )
    return WaterCard(points, food, card_id)


def _parse_solo(obj: Any, where: str) -> Solo:
    if not isinstance(obj, dict):
        raise BadFileError(f"{where}: field 'solo' must be an object {{'per': ..., 'points': N}}")
    _check_keys(obj, {"per", "points"}, f"{where}: solo")
    per: Any = obj.get("per")
    points: Any = obj.get("points")
    if per not in SOLO_PER:
        raise BadFileError(f"{where}: solo.per must be one of {', '.join(SOLO_PER)}, found {per!r}")
    if not _is_int(points) or points < 0:
        raise BadFileError(
            f"{where}: solo.points must be a whole number (0 or more), found {points!r}"
        )
    return Solo(per, points)


def parse_pond(data: Any, where: str) -> Pond:
    """The 3 x 5 grid of a player's pond."""
    if not isinstance(data, list) or len(data) != ROWS:
        found = f"{len(data)} rows" if isinstance(data, list) else type(data).__name__
        raise BadFileError(f"{where}: field 'pond' must be a list of {ROWS} rows, found {found}")
    rows: list[Row] = []
    for r, cells in enumerate(data):
        if not isinstance(cells, list) or len(cells) != COLUMNS:
            found = f"{len(cells)} cells" if isinstance(cells, list) else type(cells).__name__
            raise BadFileError(
                f"{where}: pond[{r}] must be a list of {COLUMNS} cells, found {found}"
            )
        rows.append(
            tuple(
                parse_card(card, f"{where}: pond[{r}][{c}] (row {r}, column {c})")
                for c, card in enumerate(cells)
            )
        )
    return (rows[0], rows[1], rows[2])


def parse_player(obj: Any, where: str) -> PlayerPond:
    """One player object of the tableau file (also the ``pond`` event's payload)."""
    if not isinstance(obj, dict):
        raise BadFileError(f"{where}: a player must be an object")
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadFileError(f"{where}: field 'name' must be a non-empty string")
    where = f"{where} ({name})"
    _check_keys(obj, {"name", "food_row", "tucked", "hand", "pond"}, where)
    food_row = obj.get("food_row")
    if (
        not isinstance(food_row, list)
        or len(food_row) != FOOD_ROW_LENGTH
        or not all(isinstance(f, str) and f and f == f.lower() for f in food_row)
        or len(set(food_row)) != FOOD_ROW_LENGTH
    ):
        raise BadFileError(
            f"{where}: field 'food_row' must list {FOOD_ROW_LENGTH} different lowercase "
            f"food names, found {food_row!r}"
        )
    tucked_raw = obj.get("tucked", {})
    if not isinstance(tucked_raw, dict):
        raise BadFileError(f"{where}: field 'tucked' must be an object {{food: count}}")
    tucked: dict[str, int] = {}
    for food, count in tucked_raw.items():
        if food not in food_row:
            raise BadFileError(
                f"{where}: tucked food {food!r} is not in the food row ({', '.join(food_row)})"
            )
        if not _is_int(count) or count < 0:
            raise BadFileError(
                f"{where}: tucked[{food!r}] must be a count (0 or more), found {count!r}"
            )
        tucked[food] = count
    hand = obj.get("hand", 0)
    if not _is_int(hand) or hand < 0:
        raise BadFileError(
            f"{where}: field 'hand' must be the number of cards left in hand (0 or more), "
            f"found {hand!r}"
        )
    if "pond" not in obj:
        raise BadFileError(f"{where}: field 'pond' is missing")
    pond = parse_pond(obj["pond"], where)
    return PlayerPond(name, tuple(food_row), tucked, hand, pond)


def load_tableau(data: Any, where: str) -> Tableau:
    """A ``pondscape-tableau/1`` document already parsed from JSON."""
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: a tableau file must be a JSON object")
    if data.get("format") != FORMAT:
        raise BadFileError(
            f"{where}: field 'format' must be {FORMAT!r}, found {data.get('format')!r}"
        )
    _check_keys(data, {"format", "solo", "players"}, where)
    solo = data.get("solo", False)
    if not isinstance(solo, bool):
        raise BadFileError(f"{where}: field 'solo' must be true or false, found {solo!r}")
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise BadFileError(f"{where}: field 'players' must be a non-empty list")
    players: list[PlayerPond] = []
    for i, obj in enumerate(raw_players):
        player = parse_player(obj, f"{where}: players[{i}]")
        if any(p.name == player.name for p in players):
            raise BadFileError(f"{where}: players[{i}]: name {player.name!r} is used twice")
        players.append(player)
    if solo and len(players) != 1:
        raise BadFileError(
            f"{where}: field 'solo' is true but the file has {len(players)} players (solo needs 1)"
        )
    return Tableau(tuple(players), solo)


def read_tableau_file(path: Path | str) -> Tableau:
    """Read a tableau file; every problem is a ``BadFileError`` naming the file."""
    return load_tableau(read_json_file(path), str(path))


# --- writing -----------------------------------------------------------------------------


def card_to_json(card: Card | None) -> dict[str, Any] | None:
    """The JSON form of a card (``None`` for an empty cell); inverse of ``parse_card``."""
    if card is None:
        return None
    out: dict[str, Any]
    if isinstance(card, FrogCard):
        out = {"frog": card.species, "food": list(card.food)}
        if card.solo is not None:
            out["solo"] = {"per": card.solo.per, "points": card.solo.points}
        if card.wild:
            out["wild"] = card.wild
    elif isinstance(card, HabitatCard):
        out = {"habitat": card.habitat, "food": list(card.food)}
    else:
        out = {"water": card.points, "food": list(card.food)}
    if card.id is not None:
        out["id"] = card.id
    return out


def player_to_json(player: PlayerPond) -> dict[str, Any]:
    return {
        "name": player.name,
        "food_row": list(player.food_row),
        "tucked": dict(player.tucked),
        "hand": player.hand,
        "pond": [[card_to_json(card) for card in cells] for cells in player.pond],
    }


def tableau_to_json(tableau: Tableau) -> dict[str, Any]:
    """The ``pondscape-tableau/1`` document; inverse of ``load_tableau``."""
    return {
        "format": FORMAT,
        "solo": tableau.solo,
        "players": [player_to_json(p) for p in tableau.players],
    }


def write_tableau_file(tableau: Tableau, path: Path | str) -> None:
    atomic_write_text(path, json.dumps(tableau_to_json(tableau), indent=1) + "\n")
