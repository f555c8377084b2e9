"""The camera's white balance, held from the empty-board photo (``camera-white-balance/1``).

A camera's auto white balance judges the light's colour from each picture, and the Pi camera
gives the colours back through a colour matrix chosen by that judgement (its tuning file's
``rpi.ccm``). A board covered in coloured pieces can move the judgement from the one it made
on the empty board, and a moved matrix mixes the colours otherwise than in the owner's
photos (``vision.pond.mixing`` takes a mixing out, but not all of it). So the gains the camera
chose for the empty-board photo are kept beside it, and the Pond camera holds them for the
photos of the game (``vision.frames.WhiteBalanceControl``): with manual gains libcamera
takes the light's temperature from them, so the same matrix too.

``{"format": "camera-white-balance/1", "colour_gains": [red, blue], "colour_temperature_k":
K}``: red's and blue's gains over green's, as libcamera's ``ColourGains``; the temperature
the camera judged, when it said (only shown to the owner). See
docs/formats/camera-white-balance.md. Pure Python, no camera needed.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.files import atomic_write_text
from companion.jsonfile import read_json_file

FORMAT = "camera-white-balance/1"
#: A colour gain's bounds (libcamera's ``ColourGains`` control: 0 to 32; a gain under
#: ``GAIN_RANGE[0]`` would mean a channel thrown away, not a white balance).
GAIN_RANGE = (0.1, 32.0)
#: The colour temperature's bounds, kelvin (the Pi cameras' tuning files: 2000 K to 10000 K).
KELVIN_RANGE = (1000, 20000)


@dataclass(frozen=True)
class WhiteBalance:
    """Red's and blue's gains over green's (libcamera's ``ColourGains``), and the light's
    temperature the camera judged with them (kelvin), None when it did not say."""

    red: float
    blue: float
    kelvin: int | None = None

    def near(self, other: WhiteBalance, share: float) -> bool:
        """Are both gains within ``share`` of ``other``'s?"""
        return (
            abs(self.red - other.red) <= share * other.red
            and abs(self.blue - other.blue) <= share * other.blue
        )

    def describe(self) -> str:
        """The words the screens use: "red 1.82, blue 1.61 (3400 K)"."""
        said = f"red {self.red:.2f}, blue {self.blue:.2f}"
        return said if self.kelvin is None else f"{said} ({self.kelvin} K)"


def _gain(value: Any, where: str) -> float:
    lo, hi = GAIN_RANGE
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadFileError(f"{where}: expected a number, got {_short(value)}")
    number = float(value) if abs(value) < 1e300 else math.inf
    if not lo <= number <= hi:  # NaN fails too
        raise BadFileError(f"{where}: expected {lo:g} to {hi:g}, got {_short(value)}")
    return number


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def load_white_balance(data: Any, source: str = "<white balance>") -> WhiteBalance:
    """Validate parsed JSON as a ``camera-white-balance/1`` file; ``BadFileError`` names the
    file and the field."""
    if not isinstance(data, dict):
        raise BadFileError(f"{source}: expected a JSON object")
    if data.get("format") != FORMAT:
        raise BadFileError(f"{source}: format: expected {FORMAT!r}, got {data.get('format')!r}")
    extra = sorted(set(data) - {"format", "colour_gains", "colour_temperature_k"})
    if extra:
        raise BadFileError(f"{source}: unknown field {extra[0]!r}")
    gains = data.get("colour_gains")
    if not isinstance(gains, list) or len(gains) != 2:
        raise BadFileError(f"{source}: colour_gains: expected [red, blue], got {_short(gains)}")
    red = _gain(gains[0], f"{source}: colour_gains[0]")
    blue = _gain(gains[1], f"{source}: colour_gains[1]")
    kelvin = data.get("colour_temperature_k")
    if kelvin is not None:
        lo, hi = KELVIN_RANGE
        if isinstance(kelvin, bool) or not isinstance(kelvin, int) or not lo <= kelvin <= hi:
            raise BadFileError(
                f"{source}: colour_temperature_k: expected a whole number {lo} to {hi}, "
                f"got {_short(kelvin)}"
            )
    return WhiteBalance(red, blue, kelvin)


def read_white_balance_file(path: str | Path) -> WhiteBalance:
    """Read and validate a ``camera-white-balance/1`` file."""
    return load_white_balance(read_json_file(path, "the white balance file"), str(path))


def white_balance_to_json(wb: WhiteBalance) -> dict[str, Any]:
    """The file's JSON object (``load_white_balance`` reads it back equal, to the gains'
    four decimals)."""
    out: dict[str, Any] = {"format": FORMAT, "colour_gains": [round(wb.red, 4), round(wb.blue, 4)]}
    if wb.kelvin is not None:
        out["colour_temperature_k"] = wb.kelvin
    return out


def write_white_balance_file(path: str | Path, wb: WhiteBalance) -> None:
    """Write the file whole (``atomic_write_text``: a power cut leaves the old one or this)."""
    atomic_write_text(Path(path), json.dumps(white_balance_to_json(wb), indent=2) + "\n")


def from_metadata(metadata: Any) -> WhiteBalance | None:
    """The white balance a frame was taken with, from libcamera's metadata (``ColourGains``,
    ``ColourTemperature``); None when it gives none usable."""
    try:
        red, blue = (float(g) for g in metadata["ColourGains"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    lo, hi = GAIN_RANGE
    if not (lo <= red <= hi and lo <= blue <= hi):
        return None
    kelvin = metadata.get("ColourTemperature") if hasattr(metadata, "get") else None
    k = int(kelvin) if isinstance(kelvin, int | float) and math.isfinite(kelvin) else None
    if k is not None and not KELVIN_RANGE[0] <= k <= KELVIN_RANGE[1]:
        k = None
    return WhiteBalance(red, blue, k)
