"""Fixtures for the Croak engine tests."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # croak_builders sits beside the tests
