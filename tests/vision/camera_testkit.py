"""Shared helpers of Camera I's tests (a uniquely named module: test folders have no packages).

The scene generator (tests/vision/synth.py) is loaded under the unique name
``pondscape_synth`` so it never collides with another folder's ``synth``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
#: Real QR photos in the repository's sibling shared/ (CI has shared/ beside the clone).
QR_PHOTOS = REPO.parent / "shared" / "testdata" / "qr-photos"
#: Lower-resolution scenes most tests use: 2304x1296 with 26 mm tags.
HALF: dict[str, Any] = {"size": (2304, 1296), "tag_mm": 26.0}


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
