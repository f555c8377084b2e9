"""Pond camera fixtures: the 13-pond layout, the default pieces, and cached synthetic scenes.

The scene generator ``synth.py`` is loaded as the module ``pond_synth`` (Camera I's
tests have a ``synth`` module of their own on the path).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def _load_synth() -> Any:
    name = "pond_synth"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("synth.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


synth = _load_synth()

#: Test scenes are rendered at this size (2/3 of the camera's 4608x2592: faster to make,
#: and still about 2.5 camera pixels per board millimetre); a few use the full size.
TEST_SIZE = (3072, 1728)
FULL_SIZE = (4608, 2592)


def inside_pond(model: Any, pid: str) -> tuple[float, float]:
    """A point well inside pond ``pid`` of a ``vision.pond.model.BoardModel`` (mm)."""
    import cv2
    import numpy as np

    mine = (model.pond_map == model.ids.index(pid) + 1).astype(np.uint8)
    dist = cv2.distanceTransform(mine, cv2.DIST_L2, 5)
    y, x = np.unravel_index(int(np.argmax(dist)), dist.shape)
    return x / model.ppm, y / model.ppm


@pytest.fixture(scope="session")
def layout13() -> Any:
    from companion.games.pond.layout import default_layout

    return default_layout(13)


@pytest.fixture(scope="session")
def pieces() -> Any:
    from vision.pond import read_pieces_file

    return read_pieces_file()


@pytest.fixture(scope="session")
def tall(pieces: Any) -> Any:
    """The shipped drawing of the pieces with the heights the realistic scenes assume."""
    import dataclasses

    return dataclasses.replace(
        pieces, frog_height_mm=11.0, fwooog_height_mm=10.0, lilypad_height_mm=1.5
    )


_SCENES: dict[tuple[Any, ...], Any] = {}


@pytest.fixture(scope="session")
def pond_scene(layout13: Any, pieces: Any) -> Callable[..., Any]:
    """``pond_scene(seed, **make_scene_kwargs) -> Scene``, rendered once per session.

    Callers must not modify ``scene.image`` (copy it first).
    """

    def get(seed: int, **kw: Any) -> Any:
        kw.setdefault("size", TEST_SIZE)
        key = (seed, *sorted((k, repr(v)) for k, v in kw.items()))
        if key not in _SCENES:
            _SCENES[key] = synth.make_scene(layout13, pieces, seed, **kw)
        return _SCENES[key]

    return get


def _load_scene3d() -> Any:
    """The realistic generator (pond_scene3d.py: camera, solid pieces, board art)."""
    name = "pond_scene3d"
    if name not in sys.modules:
        here = Path(__file__).resolve().parent
        spec = importlib.util.spec_from_file_location(name, here / "pond_scene3d.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


scene3d = _load_scene3d()


def count_scene3d(
    layout: Any,
    pieces: Any,
    seed: int,
    size: tuple[int, int] = (2304, 1296),
    empty_kw: dict[str, Any] | None = None,
    **kw: Any,
) -> tuple[Any, Any]:
    """Scene ``seed`` of the realistic generator (``make_scene3d(..., **kw)``) and its
    ``count_board`` against its own board's empty-board photo (taken in the calibration
    light, from its own pose; ``empty_kw``: ``empty_board``'s own conditions)."""
    from vision.pond import count_board
    from vision.pond.reference import make_empty_board

    scene = scene3d.make_scene3d(layout, pieces, seed, size=size, **kw)
    photo = scene3d.empty_board(layout, pieces, seed, size=size, **(empty_kw or {}))
    empty, _ = make_empty_board(photo, layout, pieces, "empty board")
    return scene, count_board(scene.image, layout, pieces, empty)
