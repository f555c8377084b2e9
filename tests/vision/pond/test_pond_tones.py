"""vision.pond.tones: the empty-board photo's contrast against the frame's, told apart from a
light's gain, and matched where it is another tone curve's; light added evenly over the frame
(a veil) told from another curve and taken out."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from vision.pond.model import board_model
from vision.pond.pieces import read_pieces_file
from vision.pond.tones import (
    VEIL_FIT,
    channels_apart,
    cleared,
    contrast,
    matched,
    mismatched,
)


@pytest.fixture(scope="module")
def model(layout13: Any) -> Any:
    return board_model(layout13, read_pieces_file())


def _light(model: Any) -> np.ndarray:
    """Linear light of a textured board (reflectance 0.05-0.6, grain a few mm wide)."""
    w, h = model.size
    rng = np.random.default_rng(5)
    grain = cv2.GaussianBlur(rng.uniform(0, 1, (h, w, 3)).astype(np.float32), (0, 0), 4)
    low, high = np.percentile(grain, [2, 98])
    grain = np.clip((grain - low) / (high - low), 0, 1)
    out: np.ndarray = (0.05 + 0.55 * grain).astype(np.float32)
    return out


def _power(light: np.ndarray) -> np.ndarray:
    return (255 * np.clip(light, 0, 1) ** (1 / 2.2)).astype(np.float32)


def _falloff(model: Any, least: float) -> np.ndarray:
    """A lamp's light falling off across the board to ``least`` of it, and a shadow's edge."""
    w, h = model.size
    x = np.linspace(1.0, least, w, dtype=np.float32)[None, :, None]
    shade = np.ones((h, 1, 1), np.float32)
    shade[: h // 3] = 0.7
    out: np.ndarray = np.broadcast_to(x * shade, (h, w, 1)).astype(np.float32)
    return out


def test_a_lights_gain_and_shadow_are_the_same_tone_curve(model: Any) -> None:
    light = _light(model)
    r = _power(light)
    f = _power(light * _falloff(model, 0.6) * np.array([0.9, 1.0, 1.1], np.float32))
    ratio = contrast(f, r, model)
    assert ratio is not None
    assert np.all(np.abs(ratio - 1) < 0.05), ratio
    assert not mismatched(ratio)


def test_another_tone_curve_is_told_and_matched(model: Any) -> None:
    """The reference through a curve that lifts the shadows (a power of 1/3.5 against the
    frame's 1/2.2): the frame's log levels spread about 3.5 / 2.2 = 1.6 times as wide as the
    reference's. Once matched, the two agree."""
    light = _light(model)
    r = (255 * light ** (1 / 3.5)).astype(np.float32)
    f = _power(light * _falloff(model, 0.7))
    ratio = contrast(f, r, model)
    assert ratio is not None and mismatched(ratio), ratio
    assert np.all(ratio > 1.3), ratio  # the frame's log levels spread wider
    again = contrast(f, matched(r, ratio, 230.0), model)
    assert again is not None and not mismatched(again), again
    assert np.all(np.abs(again - 1) < 0.05), again


def test_too_little_board_seen_tells_nothing(model: Any) -> None:
    r = np.full((model.size[1], model.size[0], 3), 120, np.float32)
    assert contrast(r, r, model) is None
    assert not mismatched(None)


def test_a_veil_is_measured_and_taken_out(model: Any) -> None:
    """Light added evenly over the frame (a smudged lens: 8% of white's, in linear light)
    flattens its contrast like another curve, but taking it out brings every channel back."""
    light = _light(model)
    r = _power(light)
    f = _power(light * _falloff(model, 0.7) + 0.08)
    assert mismatched(contrast(f, r, model))
    veiled = cleared(f, r, model)
    assert veiled is not None
    amount, clear, ratio = veiled
    assert amount == pytest.approx(0.08 * 255, rel=0.15)
    assert np.abs(np.log(ratio)).max() < VEIL_FIT, ratio
    assert np.abs(clear - _power(light * _falloff(model, 0.7))).mean() < 3


def test_another_curve_is_not_a_veil(model: Any) -> None:
    """The frame flatter than the reference through another curve (a power of 1/3.5 against
    the reference's 1/2.2), each channel at its own gain: no one veil explains it."""
    light = _light(model)
    r = _power(light)
    f = (255 * (light * np.array([1.0, 0.8, 0.6], np.float32)) ** (1 / 3.5)).astype(np.float32)
    assert mismatched(contrast(f, r, model))
    veiled = cleared(f, r, model)
    assert veiled is None or np.abs(np.log(veiled[2])).max() >= VEIL_FIT


def test_a_colour_matrix_moved_is_not_another_curve(model: Any) -> None:
    """The camera's colour matrix at another temperature (its white balance moved): in
    linear light the blue that comes back takes a share of the green. One channel's contrast
    moves and the others hardly, which no tone curve does: it is told, and not matched."""
    grain = _light(model)
    # A board of grass and water: where green is high, blue is low, and the other way round.
    light = np.stack([grain[..., 0], 0.65 - grain[..., 0], grain[..., 2]], axis=2)
    r = _power(light)
    # BGR rows: the matrix at 3610 K over the one at 2964 K (``camera_model.PI_CCMS``).
    mix = np.array([[0.81, 0.22, -0.03], [-0.02, 1.05, -0.03], [0.03, 0.06, 0.91]], np.float32)
    f = _power(light @ mix.T * _falloff(model, 0.7))
    ratio = contrast(f, r, model)
    assert ratio is not None and mismatched(ratio), ratio
    assert channels_apart(ratio), ratio
    curve = (255 * light ** (1 / 3.5)).astype(np.float32)  # another curve: every channel alike
    assert mismatched(contrast(curve, r, model))
    assert not channels_apart(contrast(curve, r, model))


def test_a_lamp_changed_under_a_held_white_balance_is_a_mixing_its_mean_contrast_unmoved(
    model: Any,
) -> None:
    """A warmer lamp while the camera holds the white balance and the matrix of the owner's
    photos (``camera_model.sensor_light``: blue takes -0.12 of green, red 0.08): the
    channels' contrasts move apart (blue up, red down) with their mean near 1, so it is no
    other curve, but a mixing all the same. A lamp's cast alone moves none."""
    grain = _light(model)
    light = np.stack([grain[..., 0], 0.65 - grain[..., 0], grain[..., 2]], axis=2)
    r = _power(light)
    mix = np.array([[0.84, -0.10, 0.01], [0.01, 0.98, -0.03], [0.05, 0.09, 1.16]], np.float32)
    ratio = contrast(_power(np.clip(light @ mix.T, 0, 1) * _falloff(model, 0.7)), r, model)
    assert ratio is not None and not mismatched(ratio) and channels_apart(ratio), ratio
    cast = contrast(_power(light * np.array([0.85, 0.98, 1.15], np.float32)), r, model)
    assert cast is not None and not channels_apart(cast), cast
