"""Pond's camera: counting the pieces in every pond of the map board.

The names other packages use (stable; the UI calls them):

- ``count_board(frame, layout, pieces) -> BoardCount``: one frame (uint8 (H, W, 3)
  BGR, ``vision.frames``' pixel format), a ``pond-layout/1`` ``Layout`` (the Pond
  engine's ``companion.games.pond.layout.load_layout`` / ``read_layout_file`` /
  ``default_layout``) and a ``Pieces`` (``load_pieces`` / ``read_pieces_file``).
  ``BoardCount.ponds`` is exactly the ``ponds`` of the Pond engine's ``board`` event:
  ``{ID: {"frogs": {FACTION: N}, "fwooogs": [FACTION...], "lilypad": null | "free" |
  FACTION}}`` (plus ``"lilypad_fwooog": FACTION`` when a Long Fwooog sits on a
  lilypad); ``.warnings`` (pieces across a pond's edge, a Long Fwooog on a lilypad...);
  ``.ok`` and ``.reason`` (False and why when the frame is not usable: a marker hidden,
  a hand or arm over the map); ``.to_json()`` gives ``{"ponds": ..., "warnings": [...]}``.
- ``BoardWatcher(frames_needed=N)``: ``add(count) -> BoardCount | None``, the board once
  N consecutive usable frames agree; ``.status`` says what it waits for.
- ``annotate_board(frame, count) -> Frame``: a copy of the frame with the ponds, each
  counted piece and its faction, each pond's totals, or why the frame waits.
- ``load_pieces(data, source)`` / ``read_pieces_file(path=None)`` / ``pieces_to_json``:
  the ``pond-pieces/1`` file (docs/formats/pond-pieces.md); ``DEFAULT_PIECES_PATH``.

Heavy imports (cv2, numpy) happen when these names are first used, so importing
``vision.pond`` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vision.pond.pieces import (
    DEFAULT_PIECES_PATH,
    FACTIONS,
    Pieces,
    load_pieces,
    pieces_to_json,
    read_pieces_file,
)

if TYPE_CHECKING:
    from vision.pond.annotate import annotate_board
    from vision.pond.count import BoardCount, count_board
    from vision.pond.watch import BoardWatcher

__all__ = [
    "DEFAULT_PIECES_PATH",
    "FACTIONS",
    "BoardCount",
    "BoardWatcher",
    "Pieces",
    "annotate_board",
    "count_board",
    "load_pieces",
    "pieces_to_json",
    "read_pieces_file",
]

_LAZY = {
    "count_board": "vision.pond.count",
    "BoardCount": "vision.pond.count",
    "BoardWatcher": "vision.pond.watch",
    "annotate_board": "vision.pond.annotate",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'vision.pond' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)
