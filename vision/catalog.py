"""The Pondscape card catalog (``pondscape-catalog/1``): tag numbers -> printed cards.

``{"format": "pondscape-catalog/1",
   "cards": {"042": {"front": CARD, "back": CARD}},
   "food_cards": {"101": "spider", ...}}``

A front/back CARD is a card object of the tableau file without ``id``; the
back of a pond card is always a ``water`` card. Cards are parsed by the
Pondscape engine (``companion.games.pondscape.tableau.parse_card``), so the
catalog and the tableau file can never disagree on what a card is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.games.pondscape.scoring import SPECIES_NAMES
from companion.games.pondscape.tableau import Card, FrogCard, HabitatCard, WaterCard, parse_card
from companion.jsonfile import read_json_file

FORMAT = "pondscape-catalog/1"
#: The owner's catalog in the data folder (the app and ``scan pondscape`` look for it there).
DATA_FOLDER_NAME = "pondscape-catalog.json"
NUMBER_RE = re.compile(r"^[0-9A-Z]{1,4}$")
#: The sample catalog shipped for the demo frames and the tests. Not a real deck.
SAMPLE_CATALOG = Path(__file__).resolve().parent / "data" / "sample-catalog.json"


@dataclass(frozen=True)
class CardSides:
    front: Card
    back: WaterCard


@dataclass(frozen=True)
class Catalog:
    """Pond cards by number (as printed in the tags) and food cards by number."""

    cards: dict[str, CardSides]
    food_cards: dict[str, str]
    source: str = "catalog"

    def side(self, number: str, side: str) -> Card | None:
        """The card as placed with ``side`` ("F" or "B") up, carrying ``id``; None if unknown."""
        key = self.key(number, self.cards)
        if key is None:
            return None
        sides = self.cards[key]
        card: Card = sides.front if side == "F" else sides.back
        return replace(card, id=key)

    def food(self, number: str) -> str | None:
        key = self.key(number, self.food_cards)
        return None if key is None else self.food_cards[key]

    @staticmethod
    def key(number: str, table: dict[str, Any]) -> str | None:
        """The catalog's spelling of ``number`` ("42" finds "042" too)."""
        if number in table:
            return number
        if number.isdigit():
            for k in table:
                if k.isdigit() and int(k) == int(number):
                    return k
        return None


def card_name(card: Card) -> str:
    """What a player calls a card as it lies.

    "clown tree frog", "reeds habitat", "water card, 3 points".
    """
    if isinstance(card, FrogCard):
        name = SPECIES_NAMES.get(card.species, card.species.replace("-", " "))
        return name + (" " + "?" * card.wild if card.wild else "")
    if isinstance(card, HabitatCard):
        return f"{card.habitat} habitat"
    return f"water card, {card.points} point{'' if card.points == 1 else 's'}"


def side_name(side: str) -> str:
    return "face up" if side == "F" else "face down"


def tag_caption(catalog: Catalog, payload: str) -> tuple[str, ...]:
    """The lines printed under a tag's payload so 85 stickers can be matched to cards.

    ``PS:001:F`` -> ("ornate horned frog", "FRONT, face up"); ``PS:001:B`` ->
    ("ornate horned frog", "BACK: water card, 3 points"); a food card ->
    ("snail", "food card"); a number the catalog does not know -> ().
    """
    parts = payload.split(":")
    if len(parts) != 3:
        return ()
    _game, number, side = parts
    food = catalog.food(number)
    if food is not None:
        return (food, "food card")
    front = catalog.side(number, "F")
    card = catalog.side(number, side)
    if front is None or card is None:
        return ()
    if side == "B":
        return (card_name(front), f"BACK: {card_name(card)}")
    return (card_name(front), "FRONT, face up")


def load_catalog_json(data: Any, where: str) -> Catalog:
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: a catalog must be a JSON object")
    if data.get("format") != FORMAT:
        raise BadFileError(
            f"{where}: field 'format' must be {FORMAT!r}, found {data.get('format')!r}"
        )
    extra = set(data) - {"format", "cards", "food_cards", "note"}
    if extra:
        raise BadFileError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, dict):
        raise BadFileError(f"{where}: field 'cards' must be an object {{number: {{front, back}}}}")
    raw_food = data.get("food_cards")
    if not isinstance(raw_food, dict) or not raw_food:
        raise BadFileError(f"{where}: field 'food_cards' must be an object {{number: food}}")
    cards: dict[str, CardSides] = {}
    for number, sides in raw_cards.items():
        at = f"{where}: cards[{number!r}]"
        if not NUMBER_RE.match(number):
            raise BadFileError(f"{at}: a card number is 1 to 4 digits or capital letters")
        if not isinstance(sides, dict) or set(sides) != {"front", "back"}:
            raise BadFileError(f"{at}: needs exactly the fields 'front' and 'back'")
        for name in ("front", "back"):
            if isinstance(sides[name], dict) and "id" in sides[name]:
                raise BadFileError(f"{at}.{name}: no 'id' here: the number is the key")
        front = parse_card(sides["front"], f"{at}.front")
        back = parse_card(sides["back"], f"{at}.back")
        if front is None:
            raise BadFileError(f"{at}.front: must be a card, not null")
        if isinstance(front, WaterCard):
            raise BadFileError(f"{at}.front: the front of a pond card is a frog or habitat card")
        if not isinstance(back, WaterCard):
            raise BadFileError(f"{at}.back: the back of a pond card is always a water card")
        cards[number] = CardSides(front, back)
    food_cards: dict[str, str] = {}
    for number, food in raw_food.items():
        at = f"{where}: food_cards[{number!r}]"
        if not NUMBER_RE.match(number):
            raise BadFileError(f"{at}: a card number is 1 to 4 digits or capital letters")
        if number in cards:
            raise BadFileError(f"{at}: number {number} is also a pond card")
        if not isinstance(food, str) or not food or food != food.lower():
            raise BadFileError(f"{at}: a food is a non-empty lowercase name, found {food!r}")
        food_cards[number] = food
    return Catalog(cards, food_cards, where)


def load_catalog(path: str | Path) -> Catalog:
    """Read and validate a catalog file; ``BadFileError`` naming the file and field."""
    return load_catalog_json(read_json_file(path, "the catalog"), str(path))


def find_catalog(explicit: str | Path | None, data_folder: str | Path | None) -> tuple[Path, str]:
    """Which catalog to use, and the words saying which (for the user).

    ``explicit`` (``--catalog``) wins; then ``pondscape-catalog.json`` in the data
    folder; else the bundled sample catalog.
    """
    if explicit is not None:
        return Path(explicit), f"catalog {explicit}"
    if data_folder is not None:
        own = Path(data_folder) / DATA_FOLDER_NAME
        if own.is_file():
            return own, f"catalog {own} (from the data folder)"
    where = (
        f"no {DATA_FOLDER_NAME} in the data folder {data_folder}"
        if data_folder
        else "no data folder"
    )
    return SAMPLE_CATALOG, f"the bundled sample catalog {SAMPLE_CATALOG} ({where})"


def tag_payloads(catalog: Catalog, game: str = "PS") -> list[str]:
    """Every tag to print for a catalog: front and back of each pond card, each food card."""
    out = []
    for number in catalog.cards:
        out += [f"{game}:{number}:F", f"{game}:{number}:B"]
    out += [f"{game}:{number}:F" for number in catalog.food_cards]
    return out
