"""Camera III, Pond: colours the camera cut off at white (``vision.pond.clipped``).

A photo brighter than the usual one cuts a pumpkin frog's red at white; what is left of it
reads as banana. The tests build the labels and the photo by hand: every pixel's expected
label is exact.
"""

from __future__ import annotations

import numpy as np

from vision.pond import colours, read_pieces_file
from vision.pond.clipped import relabel_clipped

PPM = 2.0
PUMPKIN, BANANA = 2, 3  # the pieces file's order: wizard, pumpkin, banana, cowboy

#: BGR as the camera gives them.
PUMPKIN_CUT = (58, 189, 255)  # pumpkin (36, 118, 236) at 1.6 times the light: red cut
BANANA_CUT = (57, 227, 255)  # banana (52, 206, 238) at 1.1 times: red cut, still banana
BANANA_TOP = (52, 206, 238)
SMEAR = (90, 200, 225)  # beside a cut region: no channel cut, banana's chromaticity
WHITE = (255, 255, 255)


def _scene() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    photo = np.full((120, 120, 3), 120, np.uint8)
    labels = np.zeros((120, 120), np.uint8)
    changed = np.ones((120, 120), bool)

    def put(ys: slice, xs: slice, bgr: tuple[int, int, int], label: int) -> None:
        photo[ys, xs] = bgr
        labels[ys, xs] = label

    put(slice(10, 30), slice(10, 40), PUMPKIN_CUT, BANANA)  # A: a pumpkin frog read as banana
    put(slice(30, 34), slice(10, 14), SMEAR, BANANA)  # its smear: 16 pixels
    put(slice(10, 40), slice(42, 72), BANANA_TOP, BANANA)  # a banana frog 2 pixels beside it
    put(slice(60, 80), slice(10, 40), BANANA_CUT, BANANA)  # a banana frog, red cut
    put(slice(60, 80), slice(60, 80), WHITE, BANANA)  # all three channels cut
    put(slice(90, 110), slice(10, 40), PUMPKIN_CUT, BANANA)  # as A, but the board unchanged
    changed[90:110, 10:40] = False
    return photo, labels, changed


def test_a_pumpkin_frog_whose_red_was_cut_is_pumpkin_again() -> None:
    """A's red, cut at white, is only a lower bound: banana scaled to A's green and blue
    (x 0.93) is red 221, under 0.92 of white, so banana cannot explain it; pumpkin scaled
    to them (x 1.60) is red 378. A and its 16 pixels of smear become
    pumpkin; nothing else moves."""
    photo, labels, changed = _scene()
    pieces = read_pieces_file()
    # Without the check, the lookup table itself reads A as banana (this is what broke).
    lut = colours.build_lut(pieces, [np.array([120.0, 120.0, 120.0])])
    assert (colours.classify(photo[10:30, 10:40], lut) == BANANA).all()
    before = labels.copy()
    moved = relabel_clipped(labels, photo, photo, changed, pieces, PPM)
    want = before.copy()
    want[10:30, 10:40] = PUMPKIN
    want[30:34, 10:14] = PUMPKIN
    assert moved == 600 + 16
    assert (labels == want).all()


def test_a_banana_frog_whose_red_was_cut_stays_banana() -> None:
    """Banana at 1.1 times the light explains its own cut red (scaled to its green and blue,
    x 1.10, it is red 262): it keeps its label, and so do white and the board's
    unchanged pixels."""
    photo, labels, changed = _scene()
    before = labels.copy()
    relabel_clipped(labels, photo, photo, changed, read_pieces_file(), PPM)
    assert (labels[60:80, 10:40] == BANANA).all()
    assert (labels[60:80, 60:80] == BANANA).all()
    assert (labels[90:110] == before[90:110]).all()
    assert (labels[10:40, 42:72] == BANANA).all()


def test_nothing_cut_nothing_moves() -> None:
    photo, labels, changed = _scene()
    photo = (photo.astype(np.float32) * 0.85).astype(np.uint8)
    before = labels.copy()
    assert relabel_clipped(labels, photo, photo, changed, read_pieces_file(), PPM) == 0
    assert (labels == before).all()
