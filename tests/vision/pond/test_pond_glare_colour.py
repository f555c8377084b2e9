"""Camera III, Pond: whose glare is it? (``vision.pond.glare_colour``).

Under a light's cast a glare patch may be the lamp's (white once the cast is divided out) or
another light's (the cast's tint). The board under it tells: in linear light it is the
reference, dimmed, plus some of the glare's colour. The tests build the frame by hand from
that model: which patch is whose is exact.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.picamera_source import TONE_GAMMA
from vision.pond.glare_colour import another_lights

TINT = np.array([1.15, 1.0, 0.87], np.float32)  # BGR, the picture's levels: bluish
#: The tint in linear light, its strongest channel 1.
TINTED = TINT.astype(np.float64) ** TONE_GAMMA / float(TINT.max() ** TONE_GAMMA)
ART = np.array([(150, 110, 60), (70, 140, 110), (120, 180, 200)], np.float64)  # BGR


def _frame(
    glare_colours: list[np.ndarray | None], art: np.ndarray = ART
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The reference (art in diagonal stripes of water, land and sand) and the frame (0.8 of
    its light), a glare patch 30 x 30 px in each 40-px column whose colour is given (a
    blend peaking at 0.6 in linear light, dimming the art under it as it whitens it), and a
    piece (changed, not board) in the middle of the first column."""
    h, w = 40, 40 * len(glare_colours)
    stripes = (np.arange(h)[:, None] + np.arange(w)[None] // 3) % len(art)
    reference = art[stripes].astype(np.float32)
    lin = (reference / 255.0) ** TONE_GAMMA * 0.8
    glare = np.zeros((h, w), bool)
    yy, xx = np.mgrid[0:h, 0:w]
    for i, colour in enumerate(glare_colours):
        if colour is None:
            continue
        cx = 40 * i + 20
        a = (0.6 * np.clip(1 - np.hypot(yy - 20, xx - cx) / 16, 0, 1))[..., None]
        lin = lin * (1 - 0.85 * a) + a * colour
        glare[5:35, cx - 15 : cx + 15] = True
    frame = np.round(255 * np.clip(lin, 0, 1) ** (1 / TONE_GAMMA)).astype(np.float32)
    board = np.ones((h, w), bool)
    board[15:25, 15:25] = False
    return frame, reference, board, glare


def _judge(
    frame: np.ndarray, reference: np.ndarray, board: np.ndarray, glare: np.ndarray
) -> np.ndarray:
    """``another_lights`` as ``glare_out.take_out`` calls it: the frame, the reference and
    the tint decoded into linear light (0-255), the glare's connected patches."""

    def linear(x: np.ndarray) -> np.ndarray:
        return (255 * (np.asarray(x, np.float64) / 255) ** TONE_GAMMA).astype(np.float32)

    n, lab = cv2.connectedComponents(glare.astype(np.uint8), connectivity=8)
    patches = (int(n), lab)
    tint = (TINT**TONE_GAMMA).astype(np.float32)
    return another_lights(linear(frame), linear(reference), board, patches, tint)


def test_another_lights_glare_is_told_from_the_lamps() -> None:
    """Three patches: the lamp's (white), another light's (the tint), the lamp's again. Only
    the second is another light's."""
    frame, reference, board, glare = _frame([np.ones(3), TINTED, np.ones(3)])
    want = np.zeros_like(glare)
    want[:, 40:80] = glare[:, 40:80]
    assert (_judge(frame, reference, board, glare) == want).all()


def test_too_few_board_pixels_or_art_of_one_colour_tell_nothing() -> None:
    """Another light's glare, but a patch of 24 px (under ``LEAST_PX``), or over art of one
    colour (the two planes are one): neither is called another light's."""
    frame, reference, board, glare = _frame([TINTED])
    assert _judge(frame, reference, board, glare).any()
    small = np.zeros_like(glare)
    small[18:22, 30:36] = True
    assert not _judge(frame, reference, board, small).any()
    frame, reference, board, glare = _frame([TINTED], ART[:1])
    assert not _judge(frame, reference, board, glare).any()


def test_pixels_cut_at_white_are_left_out() -> None:
    """The same patch of another light's glare with its board cut at white (every level 250
    or more): nothing is left to judge it by."""
    frame, reference, board, glare = _frame([TINTED])
    frame[glare] = 252.0
    assert not _judge(frame, reference, board, glare).any()
