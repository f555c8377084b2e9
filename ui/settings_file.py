"""Saving the settings screen's changes to the user config file (TOML).

Only the keys the owner set (in the file already, or changed now) are
written, so defaults stay defaults. The new file is checked with
``companion.config.parse_config`` before it replaces the old one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.config import DEFAULT, parse_config, parse_toml_text, to_toml, user_config_path
from companion.errors import BadFileError, ConfigError
from companion.files import atomic_write_text, read_text_file


def settings_path(config: Any) -> Path:
    """The file the screen writes: the config file in use, else the user config file."""
    path = getattr(config, "path", None)
    return Path(path) if path is not None else user_config_path()


def save_settings(
    config: Any, changes: Mapping[str, Mapping[str, Any]], path: Path | None = None
) -> tuple[Any, Path]:
    """Merge ``changes`` ({section: {key: value}}) into the file; return (new Config, path)."""
    target = path or settings_path(config)
    current: dict[str, dict[str, Any]] = {}
    if target.is_file():
        try:
            text = read_text_file(target, "config")
            current = {k: dict(v) for k, v in parse_toml_text(text, str(target)).items()}
        except (BadFileError, ConfigError) as exc:
            raise ConfigError(f"{target}: cannot read it to save the settings: {exc}") from None
    values = config.values()
    for key, origin in getattr(config, "origins", {}).items():
        if origin != DEFAULT:  # keep what came from another file (e.g. $POND_COMPANION_CONFIG)
            section, name = key.split(".", 1)
            current.setdefault(section, {}).setdefault(name, values[section][name])
    for section, body in changes.items():
        current.setdefault(section, {}).update(body)
    new_config = parse_config(current, str(target))  # refuses a bad value before writing
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        atomic_write_text(target, to_toml(current))  # fsynced, never through a symlink
    except BadFileError as exc:
        raise ConfigError(str(exc)) from None
    return new_config, target


def usb_folders(root: Path = Path("/media")) -> list[Path]:
    """Mounted USB sticks: folders under /media (one or two levels: /media/USER/STICK)."""
    found: list[Path] = []
    if not root.is_dir():
        return found
    for first in sorted(root.iterdir()):
        if not first.is_dir() or not os.access(first, os.R_OK):
            continue
        if os.path.ismount(first) and os.access(first, os.W_OK):
            found.append(first)
            continue
        for sub in sorted(first.iterdir()):
            if sub.is_dir() and os.access(sub, os.W_OK):
                found.append(sub)
    return found
