"""Camera I fixtures: the sample catalog and cached synthetic scenes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from camera_testkit import synth


@pytest.fixture(scope="session")
def catalog() -> Any:
    from vision.catalog import SAMPLE_CATALOG, load_catalog

    return load_catalog(SAMPLE_CATALOG)


_SCENES: dict[tuple[Any, ...], Any] = {}


@pytest.fixture(scope="session")
def scene() -> Callable[..., Any]:
    """``scene(seed, **make_scene_kwargs) -> (frame, answer)``, rendered once per session.

    Callers must not modify the returned frame (copy it first).
    """

    def get(seed: int, **kw: Any) -> Any:
        key = (seed, *sorted((k, repr(v)) for k, v in kw.items()))
        if key not in _SCENES:
            _SCENES[key] = synth.make_scene(seed, **kw)
        return _SCENES[key]

    return get
