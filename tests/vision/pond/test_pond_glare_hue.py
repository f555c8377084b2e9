"""Camera III, Pond: colours under glare read by their hue (``vision.pond.glare_hue``).

What the glare's white leaves behind moves a colour towards grey: a cowboy frog so moved is
nearer pumpkin's chromaticity, or grey, than its own, and its hue is still cowboy's. The
tests build the labels and the raster by hand: every pixel's expected label is exact.
"""

from __future__ import annotations

import numpy as np

from vision.pond import colours, read_pieces_file
from vision.pond.glare_hue import relabel_under_glare

PPM = 2.0
PUMPKIN, COWBOY = 2, 4  # the pieces file's order: wizard, pumpkin, banana, cowboy

#: BGR. The pieces file's cowboy is (48, 44, 188): hue -27.5 degrees from grey, 0.381 from it.
COWBOY_WASHED = (85, 95, 200)  # hue -23.4 degrees, 0.21 from grey (0.55 of cowboy's)
PUMPKIN_WASHED = (70, 140, 239)  # pumpkin (36, 118, 236) with 40 levels of white
NEAR_GREY = (135, 140, 150)  # 0.02 from grey: every hue is close
TEAL = (200, 200, 100)  # a hue no piece has
COWBOY_DARK = (9, 10, 20)  # too dark to have a colour


def _scene() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    raster = np.full((100, 140, 3), 120, np.uint8)
    labels = np.zeros((100, 140), np.uint8)
    changed = np.ones((100, 140), bool)
    glare = np.zeros((100, 140), bool)
    glare[0:60, 0:90] = True  # and NEAR_MM (4 px) around it: to x 93, y 63

    def put(ys: slice, xs: slice, bgr: tuple[int, int, int], label: int) -> None:
        raster[ys, xs] = bgr
        labels[ys, xs] = label

    put(slice(5, 20), slice(5, 20), COWBOY_WASHED, PUMPKIN)  # A: read as pumpkin
    put(slice(5, 20), slice(25, 40), COWBOY_WASHED, colours.NEUTRAL)  # B: read as grey
    put(slice(5, 20), slice(45, 60), PUMPKIN_WASHED, PUMPKIN)  # C
    put(slice(25, 40), slice(5, 20), NEAR_GREY, colours.NEUTRAL)  # D
    put(slice(25, 40), slice(25, 40), TEAL, colours.FOREIGN)  # E
    put(slice(25, 40), slice(45, 60), COWBOY_DARK, colours.DARK)  # F
    put(slice(45, 58), slice(65, 80), COWBOY_WASHED, colours.BACKGROUND)  # G: the board's
    put(slice(45, 58), slice(5, 20), COWBOY_WASHED, PUMPKIN)  # H: the board unchanged
    changed[45:58, 5:20] = False
    put(slice(62, 75), slice(5, 20), COWBOY_WASHED, PUMPKIN)  # I: 3 to 15 px below the glare
    put(slice(70, 85), slice(100, 115), COWBOY_WASHED, PUMPKIN)  # J: far from it
    return raster, labels, changed, glare


def test_a_washed_cowboy_frog_under_glare_is_cowboy_again() -> None:
    """A (read as pumpkin) and B (read as grey) have cowboy's hue, 4.1 degrees off, at 0.55
    of its distance from grey: both become cowboy, and the 2 rows of I within 2 mm (4 px) of
    the glare's edge (y 62-63) too. Nothing else moves: a washed pumpkin keeps pumpkin, a grey
    too near grey to have a hue stays grey, a hue no piece has stays foreign, a pixel too
    dark for a colour stays dark, the board's label and the unchanged board stay, and so
    does everything farther from the glare."""
    raster, labels, changed, glare = _scene()
    want = labels.copy()
    want[5:20, 5:20] = COWBOY
    want[5:20, 25:40] = COWBOY
    want[62:64, 5:20] = COWBOY
    moved = relabel_under_glare(labels, raster, changed, glare, read_pieces_file(), PPM)
    assert moved == 225 + 225 + 30
    assert (labels == want).all()


def test_without_glare_nothing_moves() -> None:
    raster, labels, changed, glare = _scene()
    before = labels.copy()
    assert relabel_under_glare(labels, raster, changed, glare & False, read_pieces_file(), PPM) == 0
    assert (labels == before).all()


def test_the_lookup_table_reads_a_washed_cowboy_frog_as_no_cowboy() -> None:
    """What broke: the chromaticity lookup (``colours.build_lut``) reads A's colour as
    something other than cowboy, with the board's water and land beside it."""
    pieces = read_pieces_file()
    lut = colours.build_lut(
        pieces, [np.array([150.0, 110.0, 60.0]), np.array([70.0, 140.0, 110.0])]
    )
    raster, _, _, _ = _scene()
    assert (colours.classify(raster[5:20, 5:20], lut) != COWBOY).all()


def test_another_lights_glare_moves_a_colour_towards_its_tint() -> None:
    """Under a warmer light's cast, another light's glare is bluish once the cast is divided
    out (``Comparison.tint``, here (1.15, 1.0, 0.87) BGR), and what it leaves moves a colour
    towards that tint, not towards grey. Pumpkin at half its light with 120 levels of that
    tint, (156, 179, 222): about grey it keeps 0.24 of pumpkin's saturation (under 0.3: left
    grey); about the tint, 0.35 of it, on pumpkin's hue (0.1 degrees off): pumpkin."""
    pieces = read_pieces_file()
    raster = np.full((20, 20, 3), (156, 179, 222), np.uint8)
    changed = np.ones((20, 20), bool)
    glare = np.ones((20, 20), bool)
    tint = np.array([1.15, 1.0, 0.87], np.float32)
    labels = np.full((20, 20), colours.NEUTRAL, np.uint8)
    assert relabel_under_glare(labels, raster, changed, glare, pieces, PPM) == 0
    assert relabel_under_glare(labels, raster, changed, glare, pieces, PPM, tint) == 400
    assert (labels == PUMPKIN).all()
