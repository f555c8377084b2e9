"""Camera I fixtures: the sample catalog and cached synthetic scenes.

The scene generator is loaded under the unique module name ``pondscape_synth``
(its file is tests/vision/synth.py) so it never collides with other test
folders' helpers of the same file name.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
QR_PHOTOS = REPO.parent / "shared" / "testdata" / "qr-photos"


def _load_synth() -> Any:
    name = "pondscape_synth"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, HERE / "synth.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


synth = _load_synth()


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


#: Lower-resolution scenes most tests use: 2304x1296 with 26 mm tags.
HALF = {"size": (2304, 1296), "tag_mm": 26.0}
