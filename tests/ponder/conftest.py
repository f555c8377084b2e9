"""Fixtures for the Ponder engine tests."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # ponder_builders sits beside the tests
