"""Where the Pondscape screens keep the ponds: the live session, or a local table.

With a live ``pondscape`` session each scan and each hand correction is played
as a ``pond`` event (so the store keeps it and `undo` takes it back). With no
such session (the screenshots walker, a quick score with no game started) the
screens keep the ponds in a ``LocalPonds`` with the same undo/redo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.games.pondscape.tableau import (
    FrogCard,
    HabitatCard,
    PlayerPond,
    Solo,
    WaterCard,
    player_to_json,
)
from companion.session import RedoEvent, UndoEvent


@dataclass
class LocalPonds:
    """Ponds kept by the screens themselves, with undo/redo like a session."""

    names: list[str] = field(default_factory=list)
    solo: bool = False
    done: list[dict[str, PlayerPond]] = field(default_factory=list)
    undone: list[dict[str, PlayerPond]] = field(default_factory=list)

    @property
    def ponds(self) -> dict[str, PlayerPond]:
        return dict(self.done[-1]) if self.done else {}

    def record(self, player: PlayerPond) -> None:
        if player.name not in self.names:
            self.names.append(player.name)
        now = self.ponds
        now[player.name] = player
        self.done.append(now)
        self.undone.clear()

    def undo(self, redo: bool = False) -> bool:
        src, dst = (self.undone, self.done) if redo else (self.done, self.undone)
        if not src:
            return False
        dst.append(src.pop())
        return True

    def load_demo(self) -> None:
        self.names = list(DEMO_NAMES)
        self.solo = False
        self.done.clear()
        self.undone.clear()
        for p in demo_ponds():
            self.record(p)


def _is_pondscape(app: Any) -> bool:
    live = getattr(app, "live", None)
    return live is not None and live.info.game == "pondscape"


def player_names(app: Any, local: LocalPonds) -> list[str]:
    if _is_pondscape(app):
        return [p.name for p in app.live.info.players]
    return list(local.names)


def is_solo(app: Any, local: LocalPonds) -> bool:
    if _is_pondscape(app):
        return bool(app.live.state.solo)
    return local.solo or len(local.names) == 1


def _state_ponds(state: Any) -> dict[str, PlayerPond]:
    """The ponds recorded in a Pondscape game state, by player name."""
    for attr in ("ponds", "players"):
        value = getattr(state, attr, None)
        if isinstance(value, dict):
            return {k: v for k, v in value.items() if isinstance(v, PlayerPond)}
        if isinstance(value, list | tuple):
            return {p.name: p for p in value if isinstance(p, PlayerPond)}
    return {}


def ponds(app: Any, local: LocalPonds) -> dict[str, PlayerPond]:
    if _is_pondscape(app):
        return _state_ponds(app.live.state)
    return local.ponds


def pond_event(app: Any, player: PlayerPond) -> Any:
    data = {"type": "pond", "player": player.name, "pond": player_to_json(player)}
    return app.live.game.parse_event(data, "touchscreen")


def record_pond(app: Any, local: LocalPonds, player: PlayerPond) -> list[Any]:
    """Record a scanned or corrected pond; returns the rules violations (shown by the app)."""
    if _is_pondscape(app):
        return list(app.play(pond_event(app, player)))
    local.record(player)
    app.revision += 1
    return []


def undo(app: Any, local: LocalPonds, redo: bool = False) -> None:
    if _is_pondscape(app):
        app.play(RedoEvent() if redo else UndoEvent())
        return
    if local.undo(redo):
        app.revision += 1


def catalog_path(app: Any) -> Path:
    """The owner's catalog in the data folder if there is one, else the sample catalog."""
    from vision.catalog import SAMPLE_CATALOG

    try:
        own = Path(app.config.data.folder) / "pondscape-catalog.json"
    except AttributeError:
        return SAMPLE_CATALOG
    return own if own.is_file() else SAMPLE_CATALOG


@lru_cache(maxsize=4)
def catalog_habitats(path: Path) -> tuple[str, ...]:
    """Habitat types printed in the catalog at ``path`` (offered when correcting a cell)."""
    from vision.catalog import load_catalog

    try:
        catalog = load_catalog(path)
    except CompanionError:
        return ()
    found: list[str] = []
    for sides in catalog.cards.values():
        for card in (sides.front, sides.back):
            habitat = getattr(card, "habitat", None)
            if isinstance(habitat, str) and habitat not in found:
                found.append(habitat)
    return tuple(found)


# --- demo data ------------------------------------------------------------------------------

DEMO_NAMES = ("Ana", "Ben", "Cy")
DEMO_FOOD = ("spider", "dragonfly", "butterfly", "fly", "snail")


def _f(species: str, *food: str, **kw: Any) -> FrogCard:
    return FrogCard(species, tuple(food), **kw)


def _h(kind: str, *food: str) -> HabitatCard:
    return HabitatCard(kind, tuple(food))


def _w(points: int, *food: str) -> WaterCard:
    return WaterCard(points, tuple(food))


def demo_ponds() -> list[PlayerPond]:
    """Three complete ponds for the demo and the screenshots."""
    ana = (
        (
            _f("clown-tree", "fly"),
            _f("clown-tree"),
            _h("reeds", "dragonfly"),
            _f("ornate-horned", "spider"),
            _f("tomato", "snail"),
        ),
        (
            _f("clown-tree", "dragonfly"),
            _f("clown-tree", "dragonfly"),
            _f("tomato"),
            _w(5, "butterfly"),
            _h("lotus", "dragonfly"),
        ),
        (
            _f("panamanian-golden", "dragonfly"),
            _f("panamanian-golden", "butterfly"),
            _f("desert-rain", solo=Solo("row-habitat", 3)),
            _h("stones", "spider"),
            _f("panamanian-golden", "dragonfly"),
        ),
    )
    ben = (
        (_w(3, "fly"), _w(2), _f("tomato", "fly"), _f("tomato", "fly"), _w(4, "snail")),
        (_h("reeds", "spider"), _f("tomato", "snail"), _f("tomato"), _w(1), _h("moss", "fly")),
        (
            _f("red-eyed-tree", "fly"),
            _f("red-eyed-tree"),
            _h("lotus", "snail"),
            _f("desert-rain", "fly", wild=1, solo=Solo("adjacent-water", 3)),
            _w(2, "spider"),
        ),
    )
    cy = (
        (
            _f("blue-poison-dart", "butterfly"),
            _h("reeds"),
            _f("indian-bullfrog", "fly"),
            _w(3),
            _h("moss", "butterfly"),
        ),
        (
            _f("blue-poison-dart", "butterfly"),
            _h("logs", "spider"),
            _f("indian-bullfrog"),
            _f("clown-tree", "snail"),
            _f("ornate-horned", "dragonfly"),
        ),
        (
            _f("ornate-horned", "fly"),
            _w(4, "butterfly"),
            _h("lotus"),
            _f("tomato", "fly"),
            _f("red-eyed-tree", "snail"),
        ),
    )
    return [
        PlayerPond("Ana", DEMO_FOOD, {"spider": 1, "dragonfly": 4, "butterfly": 3}, 2, ana),
        PlayerPond("Ben", DEMO_FOOD, {"fly": 3, "snail": 2}, 1, ben),
        PlayerPond("Cy", DEMO_FOOD, {"butterfly": 2, "fly": 2}, 3, cy),
    ]
