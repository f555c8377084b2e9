"""vision.pond.mixing: the camera's colour matrix moved between the empty-board photo and the
frame, measured over the board's textured windows and taken out, the light's cast kept."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest

from tests.vision.pond.test_pond_tones import _falloff, _light, _power
from vision.pond.mixing import (
    MOST_CUT,
    into_frame,
    mixed_pieces,
    mixing,
    off_diagonal,
    shares,
    unmixed,
)
from vision.pond.model import board_model
from vision.pond.pieces import read_pieces_file

#: BGR rows: the Pi camera's matrix at 3610 K over its matrix at 2964 K.
MIX = np.array([[0.81, 0.22, -0.03], [-0.02, 1.05, -0.03], [0.03, 0.06, 0.91]], np.float32)


#: ...and the other way round: the frame's colours the more saturated.
BACK = np.linalg.inv(MIX).astype(np.float32)


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


def test_a_saturating_mixing_puts_the_reference_into_the_frames_colours(model: Any) -> None:
    """The frame's colours the more saturated (the matrix at 2964 K over the one at 3610 K):
    the reference is mixed into them, the cast left out; the other way round, the frame's
    mixing is taken out instead (None). (A paler board: mixed, none of it is cut at 0.)"""
    light = 0.2 + 0.8 * _board(model)
    r = _power(light)
    cast = np.array([0.9, 1.0, 1.1], np.float32)
    f = _power(light @ BACK.T * cast * _falloff(model, 0.7))
    a = mixing(f, r, model)
    assert a is not None
    got = into_frame(r, a)
    assert got is not None
    want = _power(light @ shares(BACK.astype(np.float64)).T.astype(np.float32))
    assert np.abs(got - want).mean() < 1.0
    assert np.abs(r - want).mean() > 5.0
    f = _power(light @ MIX.T * cast)
    a = mixing(f, r, model)
    assert a is not None and into_frame(r, a) is None


def test_a_mixing_that_would_cut_the_boards_colours_at_0_is_taken_out_of_the_frame(
    model: Any,
) -> None:
    """Saturating, but where the board's blue is low and its green high, the reference mixed
    would lose its blue (cut at 0 over more than ``MOST_CUT`` of the board, 8% here): a lamp
    changed under a held white balance mixes so. The frame's mixing is taken out instead."""
    light = _board(model)
    r = _power(light)
    f = _power(light @ BACK.T)
    a = mixing(f, r, model)
    assert a is not None
    assert (light @ shares(a).T < 0).mean(axis=(0, 1)).max() > MOST_CUT
    assert into_frame(r, a) is None
    assert into_frame(_power(0.2 + 0.8 * light), a) is not None  # paler: nothing cut


def test_the_pieces_colours_go_through_the_mixing_too() -> None:
    """The pieces' colours as the mixed reference's would be: through the mixing in linear
    light, the cast left out; no mixing leaves them as they were."""
    pieces = read_pieces_file()
    same = mixed_pieces(pieces, np.diag([0.8, 1.0, 1.3]))
    assert same.factions == pieces.factions and same.lilypad_rgb == pieces.lilypad_rgb
    back = mixed_pieces(pieces, BACK.astype(np.float64))
    for name, rgb in pieces.factions.items():
        lin = (np.array(rgb[::-1], np.float64) / 255) ** 2.2
        want = 255 * np.clip(shares(BACK.astype(np.float64)) @ lin, 0, 1) ** (1 / 2.2)
        assert np.abs(np.array(back.factions[name][::-1]) - want).max() <= 1.0, name
    assert back.factions != pieces.factions


def test_the_same_camera_reads_no_mixing(model: Any) -> None:
    light = _board(model)
    f = _power(light * np.array([0.9, 1.0, 1.1], np.float32) * _falloff(model, 0.6))
    a = mixing(f, _power(light), model)
    assert a is not None and off_diagonal(a) < 0.02, a


def test_plain_paint_tells_no_mixing(model: Any) -> None:
    r = np.full((model.size[1], model.size[0], 3), 120, np.float32)
    assert mixing(r, r, model) is None


@pytest.mark.parametrize("seed", [100, 101, 102])
def test_the_pi_cameras_matrix_moved_is_read_on_a_realistic_board(
    layout13: Any, tall: Any, seed: int
) -> None:
    """The realistic generator's board (20 degrees, 40 pieces and their shadows, sensor noise,
    JPEG) through the Pi camera's matrix at 3610 K, its empty-board photo through the one at
    2964 K: every share of another channel read within 0.04 of the truth's (0.023-0.036 off
    at worst). The median of each window's own fit, on the rasters unsmoothed, read them
    0.047-0.076 off at worst (red's share of green 0.047 too high on board 100, blue's share
    of red 0.076 too low on board 102)."""
    from conftest import scene3d

    from vision.pond.calibrate import board_raster

    cm = sys.modules["camera_model"]  # the generator's sensor, loaded with it
    size = (2304, 1296)
    model = board_model(layout13, tall)
    empty = scene3d.empty_board(layout13, tall, seed, size=size, tone="ccm")
    r, _, _ = board_raster(empty, layout13, tall, "empty board")
    scene = scene3d.make_scene3d(layout13, tall, seed, size=size, tilt=20.0, tone="ccm36")
    f, _, _ = board_raster(scene.image, layout13, tall, "frame")
    a = mixing(f.astype(np.float32), r.astype(np.float32), model)
    assert a is not None
    bgr = (slice(None, None, -1), slice(None, None, -1))
    truth = cm.PI_CCMS["ccm36"][bgr] @ np.linalg.inv(cm.PI_CCM[bgr])
    err = a / np.diag(a)[:, None] - truth / np.diag(truth)[:, None]
    assert np.abs(err).max() < 0.04, err
