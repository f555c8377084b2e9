"""Fixtures shared by the whole suite: isolation from the machine's own config and data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Each pytest-xdist worker gets its own KIVY_HOME inside the one the Makefile made. Kivy's import
# checks for, then makes, its folders and writes config.ini there: two workers importing it at
# the same moment into one folder raced ("FileExistsError: .../mods", a CI run lost at collection).
_worker = os.environ.get("PYTEST_XDIST_WORKER")
if _worker and "KIVY_HOME" in os.environ:
    _home = os.path.join(os.environ["KIVY_HOME"], _worker)
    os.makedirs(_home, exist_ok=True)
    os.environ["KIVY_HOME"] = _home


@pytest.fixture(autouse=True)
def _isolated_config(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test reads /etc or the user's config, or writes the user's data folder."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.delenv("POND_COMPANION_CONFIG", raising=False)
    monkeypatch.setattr("companion.config.SYSTEM_PATH", Path(home / "no-system-config.toml"))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder
