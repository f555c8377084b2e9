"""The registry of games. One game, one module (or small package) here."""

from __future__ import annotations

import importlib
from typing import Any

from companion.errors import UnknownGameError

# name -> module path; each module exposes ``GAME``, an object following ``base.Game``.
_MODULES = {
    "scorepad": "companion.games.scorepad",
    "pond": "companion.games.pond",
    "pondscape": "companion.games.pondscape",
    "ponder": "companion.games.ponder",
    "bog": "companion.games.bog",
    "croak": "companion.games.croak",
}

# The five boxed games in the order the home screen shows them, with their titles.
BOXED_GAMES = (
    ("pond", "Pond"),
    ("pondscape", "Pondscape"),
    ("ponder", "Ponder"),
    ("bog", "BOG"),
    ("croak", "Croak"),
)


def game_names() -> list[str]:
    return list(_MODULES)


def get_game(name: str, where: str = "session") -> Any:
    """The game object for ``name``; ``UnknownGameError`` names ``where`` and the known games."""
    path = _MODULES.get(name)
    if path is None:
        known = ", ".join(sorted(_MODULES))
        raise UnknownGameError(f"{where}: unknown game {name!r} (known: {known})")
    return importlib.import_module(path).GAME
