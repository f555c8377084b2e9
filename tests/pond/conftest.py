"""Fixtures for the Pond engine tests."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # pond_builders sits beside the tests

from companion.games.pond import default_layout, layout_to_json


@pytest.fixture
def layout13_json() -> dict[str, Any]:
    """A fresh, editable copy of the 13-pond default layout document."""
    return copy.deepcopy(layout_to_json(default_layout(13)))


@pytest.fixture
def layout9_json() -> dict[str, Any]:
    return copy.deepcopy(layout_to_json(default_layout(9)))
