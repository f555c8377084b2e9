"""The config file: TOML, optional, every key with a default.

Looked up at ``--config PATH``, then ``$POND_COMPANION_CONFIG``, then
``/etc/pond-companion/config.toml``, then the user config dir; the first that
is given or exists is used, and no file at all is fine. A bad file (unknown
key, wrong type, bad value) raises ``ConfigError`` with one line naming the
file, the key and what is allowed.

The schema is data (``SCHEMA``): one ``Key`` per setting, grouped by section.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from companion.errors import BadFileError, ConfigError
from companion.files import read_text_file
from companion.jsonfile import check_tree

ENV_VAR = "POND_COMPANION_CONFIG"
SYSTEM_PATH = Path("/etc/pond-companion/config.toml")
APP_NAME = "pond-companion"
DEFAULT = "default"
#: A config file is a few dozen lines; anything this big is not one.
MAX_CONFIG_BYTES = 256 * 1024


def user_config_path() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME)) / "config.toml"


def default_data_folder() -> str:
    return platformdirs.user_data_dir(APP_NAME)


def _int_in(lo: int, hi: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if isinstance(v, bool) or not isinstance(v, int):
            return f"a whole number from {lo} to {hi}"
        return None if lo <= v <= hi else f"a whole number from {lo} to {hi}"

    return check


def _num_in(lo: float, hi: float) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        ok = isinstance(v, int | float) and not isinstance(v, bool) and lo <= v <= hi
        return None if ok else f"a number from {lo} to {hi}"

    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "true or false"


def _one_of(*choices: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v in choices else "one of " + ", ".join(repr(c) for c in choices)

    return check


def _ints(n: int, lo: int, hi: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        want = f"a list of {n} whole numbers from {lo} to {hi}"
        if not isinstance(v, list) or len(v) != n:
            return want
        for x in v:
            if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
                return want
        return None

    return check


_SOURCE = re.compile(r"^(auto|demo|picamera2|opencv:\d+|files:.+)$")


def _camera_source(v: Any) -> str | None:
    if isinstance(v, str) and _SOURCE.match(v):
        return None
    return "'auto', 'demo', 'picamera2', 'opencv:<index>' or 'files:<folder>'"


def _nonempty_str(v: Any) -> str | None:
    return None if isinstance(v, str) and v.strip() else "a non-empty string (a folder path)"


@dataclass(frozen=True)
class Key:
    """One setting: its name, default, check (returns what is allowed, or None if fine) and help."""

    name: str
    default: Any
    check: Callable[[Any], str | None]
    help: str


SCHEMA: dict[str, tuple[Key, ...]] = {
    "camera": (
        Key(
            "source",
            "auto",
            _camera_source,
            "auto (Pi camera when present, else demo), demo, picamera2, opencv:N, files:FOLDER",
        ),
        Key("resolution", [4608, 2592], _ints(2, 64, 10000), "capture size [width, height]"),
        Key("vote_frames", 5, _int_in(1, 60), "frames a scan votes over"),
        Key(
            "exposure_value",
            0.0,
            _num_in(-2.0, 2.0),
            "Pi camera's exposure bias in stops to start at (the Pond scan moves it itself)",
        ),
    ),
    "decoder": (
        Key("primary", "zxing", _one_of("zxing", "zbar"), "QR decoder: zxing (zxing-cpp) or zbar"),
        Key("second_opinion", True, _bool, "ask the other decoder where the first found nothing"),
    ),
    "gpio": (
        Key(
            "backend",
            "auto",
            _one_of("auto", "gpio", "keyboard"),
            "auto: GPIO when a pin factory loads, else keyboard keys",
        ),
        Key("next_pin", 17, _int_in(0, 27), "BCM pin of the next button"),
        Key("scan_pin", 27, _int_in(0, 27), "BCM pin of the scan button"),
        Key("undo_pin", 22, _int_in(0, 27), "BCM pin of the undo button"),
        Key("pull_up", True, _bool, "buttons wired to ground with the internal pull-up"),
        Key("bounce_ms", 50, _int_in(0, 1000), "presses closer than this count once"),
        Key("hold_s", 1.5, _num_in(0.01, 10.0), "a press this long is a long press"),
        Key("led", True, _bool, "an RGB status LED is fitted"),
        Key("led_pins", [5, 6, 13], _ints(3, 0, 27), "BCM pins of the LED [red, green, blue]"),
        Key("buzzer", True, _bool, "a buzzer is fitted"),
        Key("buzzer_pin", 12, _int_in(0, 27), "BCM pin of the buzzer"),
    ),
    "data": (Key("folder", None, _nonempty_str, "where the session store lives"),),
    "display": (
        Key("size", [800, 480], _ints(2, 200, 8000), "window size [width, height]"),
        Key("fullscreen", False, _bool, "fill the screen (the kiosk sets this)"),
        Key(
            "diagonal_in",
            7.0,
            _num_in(2.0, 60.0),
            "the screen's diagonal in inches: sizes in mm are computed from it",
        ),
    ),
}


@dataclass(frozen=True)
class CameraConfig:
    source: str
    resolution: tuple[int, int]
    vote_frames: int
    exposure_value: float = 0.0


@dataclass(frozen=True)
class DecoderConfig:
    primary: str
    second_opinion: bool


@dataclass(frozen=True)
class GpioConfig:
    backend: str
    next_pin: int
    scan_pin: int
    undo_pin: int
    pull_up: bool
    bounce_ms: int
    hold_s: float
    led: bool
    led_pins: tuple[int, int, int]
    buzzer: bool
    buzzer_pin: int


@dataclass(frozen=True)
class DataConfig:
    folder: Path


@dataclass(frozen=True)
class DisplayConfig:
    size: tuple[int, int]
    fullscreen: bool
    # Both supported panels (the 7-inch display, 800x480, and Touch Display 2, 1280x720) are
    # 7 inches across: the UI turns millimetres into pixels from this and the window size.
    diagonal_in: float = 7.0


@dataclass(frozen=True)
class Config:
    """The effective config; ``origins`` says where each ``section.key`` came from."""

    camera: CameraConfig
    decoder: DecoderConfig
    gpio: GpioConfig
    data: DataConfig
    display: DisplayConfig
    path: Path | None = None
    origins: Mapping[str, str] = field(default_factory=dict)

    def values(self) -> dict[str, dict[str, Any]]:
        """Every setting as plain TOML-able values, by section."""
        out: dict[str, dict[str, Any]] = {}
        for section, keys in SCHEMA.items():
            obj = getattr(self, section)
            out[section] = {}
            for key in keys:
                value = getattr(obj, key.name)
                if isinstance(value, Path):
                    value = str(value)
                elif isinstance(value, tuple):
                    value = list(value)
                out[section][key.name] = value
        return out


def find_config_file(explicit: Path | None = None) -> Path | None:
    """The config file in use, by the lookup order; None when there is none."""
    if explicit is not None:
        if not explicit.exists():
            raise ConfigError(f"{explicit}: config file not found (given with --config)")
        return explicit
    env = os.environ.get(ENV_VAR)
    if env:
        path = Path(env)
        if not path.exists():
            raise ConfigError(f"{path}: config file not found (named by ${ENV_VAR})")
        return path
    for path in (SYSTEM_PATH, user_config_path()):
        if path.is_file():
            return path
    return None


def parse_config(data: Mapping[str, Any], where: str) -> Config:
    """Check a parsed TOML document against ``SCHEMA`` and fill in the defaults."""
    for section, body in data.items():
        if section not in SCHEMA:
            raise ConfigError(
                f"{where}: unknown section [{section}] (allowed: {', '.join(SCHEMA)})"
            )
        if not isinstance(body, dict):
            raise ConfigError(f"{where}: [{section}] must be a table of settings")
        names = [k.name for k in SCHEMA[section]]
        for key in body:
            if key not in names:
                raise ConfigError(
                    f"{where}: unknown key {section}.{key} (allowed in [{section}]: "
                    f"{', '.join(names)})"
                )
    values: dict[str, dict[str, Any]] = {}
    origins: dict[str, str] = {}
    for section, keys in SCHEMA.items():
        body = data.get(section, {})
        values[section] = {}
        for key in keys:
            if key.name in body:
                value = body[key.name]
                allowed = key.check(value)
                if allowed is not None:
                    raise ConfigError(
                        f"{where}: {section}.{key.name} = {_short(value)} is not allowed: "
                        f"use {allowed}"
                    )
                origins[f"{section}.{key.name}"] = where
            else:
                value = key.default
                origins[f"{section}.{key.name}"] = DEFAULT
            values[section][key.name] = value
    return _build(values, origins, where)


def _build(v: dict[str, dict[str, Any]], origins: dict[str, str], where: str) -> Config:
    cam, dec, gpio, disp = v["camera"], v["decoder"], v["gpio"], v["display"]
    folder = v["data"]["folder"] or default_data_folder()
    return Config(
        camera=CameraConfig(
            cam["source"],
            tuple(cam["resolution"]),
            cam["vote_frames"],
            float(cam["exposure_value"]),
        ),
        decoder=DecoderConfig(dec["primary"], dec["second_opinion"]),
        gpio=GpioConfig(
            backend=gpio["backend"],
            next_pin=gpio["next_pin"],
            scan_pin=gpio["scan_pin"],
            undo_pin=gpio["undo_pin"],
            pull_up=gpio["pull_up"],
            bounce_ms=gpio["bounce_ms"],
            hold_s=float(gpio["hold_s"]),
            led=gpio["led"],
            led_pins=tuple(gpio["led_pins"]),
            buzzer=gpio["buzzer"],
            buzzer_pin=gpio["buzzer_pin"],
        ),
        data=DataConfig(_expand_folder(folder, where)),
        display=DisplayConfig(tuple(disp["size"]), disp["fullscreen"], float(disp["diagonal_in"])),
        path=None if where == DEFAULT else Path(where),
        origins=origins,
    )


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


def _expand_folder(folder: str, where: str) -> Path:
    try:
        return Path(folder).expanduser()
    except RuntimeError:  # "~nosuchuser/x": no such user's home
        raise ConfigError(
            f"{where}: data.folder = {folder!r} is not allowed: no such user's home folder"
        ) from None


def load_config(explicit: Path | None = None) -> Config:
    """The effective config by the lookup order; defaults when there is no file."""
    path = find_config_file(explicit)
    if path is None:
        return parse_config({}, DEFAULT)
    try:
        text = read_text_file(path, "config", MAX_CONFIG_BYTES)
    except BadFileError as exc:
        raise ConfigError(str(exc)) from None
    return parse_config(parse_toml_text(text, str(path)), str(path))


def parse_toml_text(text: str, where: str) -> dict[str, Any]:
    """Parse TOML; bad TOML, deep nesting and huge numbers are one ``ConfigError`` line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{where}: not valid TOML: nested too deeply") from None
    except (ValueError, MemoryError) as exc:
        raise ConfigError(f"{where}: not valid TOML: {type(exc).__name__}: {exc}") from None
    try:
        check_tree(data, where)
    except BadFileError as exc:
        raise ConfigError(str(exc)) from None
    return data


def to_toml(values: Mapping[str, Mapping[str, Any]]) -> str:
    """Write settings as TOML (strings, numbers, booleans and lists of numbers only)."""
    lines: list[str] = []
    for section, body in values.items():
        lines.append(f"[{section}]")
        for key, value in body.items():
            lines.append(f"{key} = {toml_value(value)}")
        lines.append("")
    return "\n".join(lines)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(x) for x in value) + "]"
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'
