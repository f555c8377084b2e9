"""Fixtures for the BOG engine tests."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # bog_builders sits beside the tests
