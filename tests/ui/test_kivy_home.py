"""Each pytest-xdist worker imports Kivy into a KIVY_HOME of its own (tests/conftest.py).

Two workers importing Kivy into one folder at the same moment race in Kivy's "make the folder if
it is missing" and lose a whole CI run at collection (FileExistsError on KIVY_HOME/mods).
"""

from __future__ import annotations

import os
from pathlib import Path

import kivy
import pytest


def test_kivy_home_is_this_workers_own() -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        pytest.skip("one process: no other worker to race with")
    home = Path(kivy.kivy_home_dir)
    assert home.name == worker
    assert (home / "mods").is_dir()
