"""Pondscape: the tableau model, the end-game scorer and the session game.

Stable names other packages build on (vision's scan, the touchscreen):

- ``tableau``: ``FrogCard(species, food, solo, wild, id)``, ``HabitatCard(habitat, food, id)``,
  ``WaterCard(points, food, id)``, ``Solo(per, points)``, ``Card``,
  ``PlayerPond(name, food_row, tucked, hand, pond)`` (pond: 3 x 5 tuple of ``Card | None``,
  row 0 farthest from the food row), ``Tableau(players, solo)``, ``parse_card(obj, where)``,
  ``card_to_json(card)``, ``parse_player``, ``player_to_json``, ``load_tableau(data, where)``,
  ``read_tableau_file(path)``, ``tableau_to_json(t)``, ``write_tableau_file``,
  ``SPECIES`` (the 8 ids), ``SOLO_PER`` (the 6 solitary conditions), ``FORMAT``,
  ``ROWS``/``COLUMNS`` (3 x 5), ``Row``, ``Pond``, ``empty_pond()``.
- ``scoring``: ``score_player(player) -> ScoreSheet`` (``clusters``, ``solitary``, ``water``,
  ``habitats``, ``food``, ``total``, ``details`` lines, ``warnings``, ``wild`` choices,
  ``to_json()``), ``rank(tableau) -> Ranking`` (``sheets`` best first, ``winners``),
  ``rank_sheets(sheets)``, ``Line(step, points, text, cells)``, ``WildChoice(row, column, food)``,
  ``SPECIES_NAMES`` (id -> words), ``STEPS``, ``cluster_points``, ``habitat_points``.
- ``wild``: the exact wild-symbol optimiser used by ``score_player``.
- ``solo``: ``achievement(points) -> str``, ``ACHIEVEMENTS``; Croaker's deck: ``SoloCard(move,
  take)``, ``SAMPLE_SOLO_CARDS`` (a sample, not the printed set), ``parse_solo_cards``,
  ``read_solo_file``/``write_solo_file`` (``pondscape-solo/1``), ``flip_croaker(deck, rng)``.
- ``events``: ``Take``, ``Refill``, ``Place``, ``Jump``, ``Tuck``, ``Draw``, ``CroakerFlip``,
  ``PondEvent``, ``parse_event``; ``state``: ``PondscapeState`` (``frog``, ``display``,
  ``hands``, ``this_turn``, ``croaker_deck``, ``spanned()``, ``pond_of(name)``) and ``apply``;
  ``checks``: ``check``, ``RULES``; ``coach``: ``coach(pond, front, back) -> [CellGain]``;
  ``report``: what ``replay`` prints; ``demo``: bots that play whole games.
- ``setup``: ``GAME`` (the session game), ``ranking(state) -> Ranking``,
  ``choose_first_player(players, rng)``.

The file formats and this product's reading of the rules: docs/formats/pondscape-tableau.md
(the ponds and the score) and docs/formats/pondscape-log.md (the events of a game).
"""

from __future__ import annotations

from companion.games.pondscape.scoring import Ranking, ScoreSheet, rank, rank_sheets, score_player
from companion.games.pondscape.setup import GAME, ranking
from companion.games.pondscape.solo import achievement
from companion.games.pondscape.tableau import (
    FORMAT,
    SOLO_PER,
    SPECIES,
    Card,
    FrogCard,
    HabitatCard,
    PlayerPond,
    Solo,
    Tableau,
    WaterCard,
    card_to_json,
    load_tableau,
    parse_card,
    read_tableau_file,
    tableau_to_json,
)

__all__ = [
    "FORMAT",
    "GAME",
    "SOLO_PER",
    "SPECIES",
    "Card",
    "FrogCard",
    "HabitatCard",
    "PlayerPond",
    "Ranking",
    "ScoreSheet",
    "Solo",
    "Tableau",
    "WaterCard",
    "achievement",
    "card_to_json",
    "load_tableau",
    "parse_card",
    "rank",
    "rank_sheets",
    "ranking",
    "read_tableau_file",
    "score_player",
    "tableau_to_json",
]
