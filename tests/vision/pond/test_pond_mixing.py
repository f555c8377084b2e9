"""vision.pond.mixing: the camera's colour matrix moved between the empty-board photo and the
frame, measured over the board's textured windows and taken out, the light's cast kept."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.vision.pond.test_pond_tones import _falloff, _light, _power
from vision.pond.mixing import mixing, off_diagonal, unmixed
from vision.pond.model import board_model
from vision.pond.pieces import read_pieces_file

#: BGR rows: the Pi camera's matrix at 3610 K over its matrix at 2964 K.
MIX = np.array([[0.81, 0.22, -0.03], [-0.02, 1.05, -0.03], [0.03, 0.06, 0.91]], np.float32)


@pytest.fixture(scope="module")
def model(layout13: Any) -> Any:
    return board_model(layout13, read_pieces_file())


def _board(model: Any) -> np.ndarray:
    """Linear light of a board of many colours (three grains, one turned against another)."""
    grain = _light(model)
    out: np.ndarray = np.stack(
        [grain[..., 0], 0.65 - 0.5 * grain[..., 0] + 0.3 * grain[..., 1], grain[..., 2]], axis=2
    ).astype(np.float32)
    return out


def test_a_mixing_is_measured_and_taken_out_the_cast_kept(model: Any) -> None:
    light = _board(model)
    r = _power(light)
    cast = np.array([0.9, 1.0, 1.1], np.float32)  # a warmer light too
    f = _power(light @ MIX.T * cast * _falloff(model, 0.7))
    a = mixing(f, r, model)
    assert a is not None
    want = MIX * cast[:, None]
    assert np.abs(a / np.diag(a)[:, None] - want / np.diag(want)[:, None]).max() < 0.03, a
    # The frame as through the reference's matrix, in a light whose cast is the warmer
    # light's and the mixing's own diagonal (a gain per channel: compare divides it out).
    back = unmixed(f, a)
    kept = cast * np.diag(MIX)
    assert np.abs(back - _power(light * kept * _falloff(model, 0.7))).mean() < 1.0
    assert np.abs(f - _power(light * kept * _falloff(model, 0.7))).mean() > 5.0


def test_the_same_camera_reads_no_mixing(model: Any) -> None:
    light = _board(model)
    f = _power(light * np.array([0.9, 1.0, 1.1], np.float32) * _falloff(model, 0.6))
    a = mixing(f, _power(light), model)
    assert a is not None and off_diagonal(a) < 0.02, a


def test_plain_paint_tells_no_mixing(model: Any) -> None:
    r = np.full((model.size[1], model.size[0], 3), 120, np.float32)
    assert mixing(r, r, model) is None
