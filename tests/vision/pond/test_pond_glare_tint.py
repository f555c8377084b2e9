"""vision.pond.glare_tint.own_colour: with no cast, the colour of a glare that is not white
(a window's daylight over a board lit by a warmer lamp), found from the glare itself."""

from __future__ import annotations

import numpy as np

from vision.picamera_source import TONE_GAMMA
from vision.pond.glare_tint import LEAST_SHIFT, SHIFTS, own_colour

SIZE = 120


def _board() -> np.ndarray:
    """A reference raster with varied art (BGR, 0-255 levels)."""
    rng = np.random.default_rng(3)
    r = rng.uniform(20, 200, (SIZE, SIZE, 3)).astype(np.float32)
    return r


def _glared(r: np.ndarray, colour: np.ndarray, strength: float = 0.5) -> np.ndarray:
    """``r`` under a blend of ``strength`` towards white of ``colour`` (BGR, mean about 1)."""
    return (r * (1 - strength) + 230 * strength * colour).astype(np.float32)


def _colour(u: float) -> np.ndarray:
    return np.array([np.exp(u), 1.0, np.exp(-u)], np.float32)


def _glared_in_linear_light(r: np.ndarray, colour: np.ndarray, strength: float) -> np.ndarray:
    """``_glared`` where a reflection adds: in linear light, the picture made by the power law."""
    lin = 255 * (r / 255) ** TONE_GAMMA
    out = lin * (1 - strength) + 230 * strength * colour
    return (255 * (out / 255) ** (1 / TONE_GAMMA)).astype(np.float32)


def test_a_bluish_glare_is_given_its_own_colour_as_in_linear_light() -> None:
    """Blue and red each its own: a window's daylight, (1.08, 1, 0.88) in linear light."""
    r = _board()
    colour = np.exp(np.array([0.075, 0.0, -0.125])).astype(np.float32)
    found = own_colour(_glared_in_linear_light(r, colour, 0.5), r, np.ones((SIZE, SIZE), bool))
    assert found is not None
    np.testing.assert_allclose(found, colour ** (1 / TONE_GAMMA), rtol=1e-5)


def test_a_warm_lamps_glare_is_given_its_colour_in_linear_light() -> None:
    """(0.88, 1, 1.08) in linear light, over a pond's water: weak (0.3), the levels' fit
    takes no colour (as on the scenes' boards, u = -0.025 there); far from white in linear
    light, and fitting the glare in the levels better than any levels colour, it is taken."""
    water = np.array([170.0, 110.0, 40.0], np.float32)  # BGR: a pond's blue, art over it
    r = (0.7 * water + 0.3 * _board()).astype(np.float32)
    colour = np.exp(np.array([-0.125, 0.0, 0.075])).astype(np.float32)
    for strength in (0.3, 0.5):
        f = _glared_in_linear_light(r, colour, strength)
        found = own_colour(f, r, np.ones((SIZE, SIZE), bool))
        assert found is not None, strength
        np.testing.assert_allclose(found, colour ** (1 / TONE_GAMMA), rtol=1e-5)


def test_a_white_glare_or_too_little_glare_has_none() -> None:
    r = _board()
    assert own_colour(_glared(r, _colour(0.0)), r, np.ones((SIZE, SIZE), bool)) is None
    assert own_colour(_glared(r, _colour(0.025)), r, np.ones((SIZE, SIZE), bool)) is None
    for strength in (0.3, 0.5):  # white light added where it adds: no colour either
        f = _glared_in_linear_light(r, _colour(0.0), strength)
        assert own_colour(f, r, np.ones((SIZE, SIZE), bool)) is None, strength
    few = np.zeros((SIZE, SIZE), bool)
    few[:40, :40] = True  # 1,600 px: a piece, not a patch
    assert own_colour(_glared(r, _colour(0.1)), r, few) is None


def test_a_colour_far_from_any_lights_is_not_taken_for_a_glares() -> None:
    """A hand under the glare: skin colour that white explains badly is not a light's."""
    r = _board()
    hand = np.empty_like(r)
    hand[:] = (120.0, 150.0, 215.0)  # BGR, skin
    assert own_colour(hand, r, np.ones((SIZE, SIZE), bool)) is None
    # A colour at the end of those tried, or past it, is not a light's either.
    assert (
        own_colour(_glared(r, _colour(float(SHIFTS[-1]))), r, np.ones((SIZE, SIZE), bool)) is None
    )


def test_a_glare_at_the_least_shift_is_taken_either_way() -> None:
    """``LEAST_SHIFT`` itself is far enough from white: the colours tried hold it exactly (a grid
    made by ``linspace`` held 0.04999..., and a window's glare found there was refused as a
    hand, fresh board 39007)."""
    r = _board()
    everywhere = np.ones((SIZE, SIZE), bool)
    for u in (LEAST_SHIFT, -LEAST_SHIFT):
        found = own_colour(_glared(r, _colour(u)), r, everywhere)
        assert found is not None
        assert np.sign(np.log(found[0] / found[2])) == np.sign(u)  # bluish, or reddish
