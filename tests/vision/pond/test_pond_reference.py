"""The empty-board comparison (vision.pond.reference.compare) on drawn rasters.

Board millimetres, the board raster of ``vision.pond.model`` (2 px/mm). The glare is drawn
as the scene generator draws a lamp's reflection on the semi-gloss board: what it covers
is dimmed (``1 - 0.85 a``) and a near-white added (``a`` times the lamp's tint), ``a`` a
smooth blob peaking at 0.6.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from vision.pond import read_pieces_file
from vision.pond.colours import PIECE_TOLERANCE, chroma
from vision.pond.exposure import (
    EXPOSURE_WHITE,
    brighter_than_usual,
    exposure_gain,
    frame_gain,
    kept_past_white,
    paper_level,
)
from vision.pond.model import BoardModel, board_model
from vision.pond.reference import SHADE_FROM, EmptyBoard, compare

TINT = np.array([245.0, 250.0, 255.0], np.float32)  # BGR, the lamp's white


@pytest.fixture(scope="module")
def model(layout13: Any) -> BoardModel:
    return board_model(layout13, read_pieces_file())


def _board(model: BoardModel) -> np.ndarray:
    """Water-blue art with green leaves: a board whose colour varies, as printed art does."""
    h, w = model.pond_map.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    leaf = (np.sin(xx / 9.0) * np.sin(yy / 7.0) > 0.3)[..., None]
    water = np.array([170.0, 125.0, 60.0], np.float32)
    land = np.array([70.0, 150.0, 90.0], np.float32)
    board = np.where(leaf, land, water).astype(np.float32)
    board[model.marker_zone] = 235.0  # the markers' white paper: the usual exposure
    return board


def _disc(board: np.ndarray, cx: float, cy: float) -> np.ndarray:
    """A piece's top on the raster: a disc 14 px (7 mm) in radius at (cx, cy) px."""
    h, w = board.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    disc: np.ndarray = (xx - cx) ** 2 + (yy - cy) ** 2 < 14.0**2
    return disc


def _glare(img: np.ndarray, centre: tuple[float, float], peak: float) -> np.ndarray:
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx - centre[0]) ** 2 + (yy - centre[1]) ** 2) / (2 * 70.0**2)  # about 35 mm
    a = (peak * np.exp(-r2))[..., None]
    return img * (1 - 0.85 * a) + TINT * a


def test_a_red_piece_under_glare_keeps_its_red(model: BoardModel) -> None:
    """A cowboy-red disc at the glare's peak: once the lamp's white is taken out, its colour
    is the cowboy's, not the pumpkin's orange. Subtracting only the darkest channel's rise
    leaves too much white in it: read as (223, 82, 82), nearer pumpkin."""
    pieces = read_pieces_file()
    board = _board(model)
    cx, cy = 600.0, 500.0  # px
    disc = _disc(board, cx, cy)
    frame = board.copy()
    cowboy = np.array(pieces.factions["cowboy"][::-1], np.float32)  # RGB -> BGR
    frame[disc] = cowboy
    frame = _glare(frame, (cx, cy), 0.6)
    got = compare(
        np.clip(frame, 0, 255).astype(np.uint8),
        EmptyBoard(board.astype(np.uint8)),
        model,
    )
    assert got.changed[disc].mean() > 0.9
    assert got.glare[int(cy), int(cx) + 40]
    seen = chroma(np.median(got.normalised[disc].astype(np.float64), axis=0))
    want = {f: chroma(np.array(rgb[::-1], np.float64)) for f, rgb in pieces.factions.items()}
    dist = {f: float(np.hypot(*(seen - c))) for f, c in want.items()}
    assert min(dist, key=dist.__getitem__) == "cowboy", dist
    assert dist["cowboy"] < PIECE_TOLERANCE, dist


def test_no_glare_no_change(model: BoardModel) -> None:
    """The same board in a light 20% dimmer and no glare: nothing changed, nothing whitened."""
    board = _board(model)
    got = compare((board * 0.8).astype(np.uint8), EmptyBoard(board.astype(np.uint8)), model)
    assert not got.changed.any()
    assert not got.glare.any()


def _leaning(img: np.ndarray, depth: float) -> np.ndarray:
    """Someone leaning over the table: the board's left part ``depth`` dimmer, the shadow's
    edge at x = 250 mm with a penumbra 60 mm wide (a smoothstep)."""
    w = img.shape[1]
    x = np.clip((np.arange(w, dtype=np.float32) / 2.0 - 220.0) / 60.0, 0.0, 1.0)
    gain = 1 - depth * (1 - x * x * (3 - 2 * x))
    out: np.ndarray = img * gain[None, :, None]
    return out


def test_a_broad_shadow_is_divided_out(model: BoardModel) -> None:
    """A shadow half as bright over the board's left part, a wizard-purple disc in it: the
    board there is brought back to ``SHADE_FROM`` of the reference's light, as dim as a
    lamp's light falling off leaves a board anyway (nothing changed, no glare, no colour
    cast reported), and the disc to as much of its lit brightness, keeping its colour.
    Before, the disc stayed half as bright: in the scenes, wizard frogs in such a shadow
    fell under the counter's ``DARK_LEVEL`` and were lost."""
    pieces = read_pieces_file()
    board = _board(model)
    cx, cy = 200.0, 500.0  # px: 100 mm from the left edge, in the shadow
    disc = _disc(board, cx, cy)
    wizard = np.array(pieces.factions["wizard"][::-1], np.float32)  # RGB -> BGR
    frame = board.copy()
    frame[disc] = wizard
    frame = _leaning(frame, 0.5)
    got = compare(
        np.clip(frame, 0, 255).astype(np.uint8), EmptyBoard(board.astype(np.uint8)), model
    )
    assert got.changed[disc].mean() > 0.9
    assert not got.changed[~disc].any()
    assert not got.glare.any()
    assert got.warnings == []
    lit = float(np.median(got.normalised[disc].astype(np.float64).mean(axis=1)))
    assert abs(lit / float(wizard.mean()) - SHADE_FROM) < 0.05, lit
    shadowed = np.zeros_like(disc)
    shadowed[:, 40:400] = True  # 20-200 mm: the full shadow
    shadowed &= ~disc & ~model.marker_zone
    ratio = got.normalised[shadowed].astype(np.float64).mean() / board[shadowed].mean()
    assert abs(ratio - SHADE_FROM) < 0.05, ratio
    seen = chroma(np.median(got.normalised[disc].astype(np.float64), axis=0))
    assert float(np.hypot(*(seen - chroma(wizard)))) < PIECE_TOLERANCE / 2


def test_more_light_than_in_the_empty_board_photo_is_not_glare(model: BoardModel) -> None:
    """Pale art; the owner's shadow (half as bright) on the empty-board photo's left part,
    none on the frame, a red disc there. The board there is whiter than the reference by
    as much as glare, but every channel alike (the fit's white about 0): it is reported as
    ``brighter``, not glare, and nothing is taken out of the disc's colour. Before, it was
    glare, and the "white" taken out of the disc left it (0, 0, 172), not (40, 40, 200)."""
    board = _board(model) * 0.45 + 140.0  # pale: the darkest channel about 170
    cx, cy = 200.0, 500.0
    disc = _disc(board, cx, cy)
    red = np.array([40.0, 40.0, 200.0], np.float32)
    frame = board.copy()
    frame[disc] = red
    empty = np.clip(_leaning(board, 0.5), 0, 255).astype(np.uint8)
    got = compare(np.clip(frame, 0, 255).astype(np.uint8), EmptyBoard(empty), model)
    assert not got.glare.any()
    assert got.brighter is not None
    shadowed = np.zeros_like(disc)
    shadowed[:, 40:400] = True  # 20-200 mm: the full shadow
    assert got.brighter[shadowed & ~model.marker_zone].mean() > 0.95
    assert not got.brighter[:, 700:].any()  # beyond the shadow
    assert got.warnings == []
    assert np.abs(got.normalised[disc].astype(np.float64) - red).max() < 3


def test_something_white_on_the_board_is_not_glare(model: BoardModel) -> None:
    """A white square 16 mm wide (a die seen from above) lying on the art, and a lamp's glare
    elsewhere on the same frame. Both whiten the board as much, but the die hides the art
    under it (the fit's shade ``a`` about 0) where the glare lets it show through (``a``
    0.5 and more): the die is ``white_thing``, not glare, and the glare stays glare.
    Before, both were glare ("glare near pond X: move the lamp")."""
    board = _board(model)
    h, w = board.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    die = (np.abs(xx - 600) < 16) & (np.abs(yy - 500) < 16)
    frame = _glare(board.copy(), (250.0, 300.0), 0.6)
    frame[die] = (232.0, 232.0, 232.0)
    got = compare(
        np.clip(frame, 0, 255).astype(np.uint8), EmptyBoard(board.astype(np.uint8)), model
    )
    assert got.white_thing is not None
    core = (np.abs(xx - 600) < 10) & (np.abs(yy - 500) < 10)
    assert got.white_thing[core].all()
    assert not got.glare[die].any()
    assert got.glare[300, 250] and not got.white_thing[300, 250]
    assert not got.white_thing[:, :450].any()  # the glare's side of the frame


def test_a_darker_photo_is_brightened_to_the_usual_level(model: BoardModel) -> None:
    """The same board photographed with 0.6 of the light, the empty board too (the camera's
    auto exposure set darker), a wizard-purple disc on it: both rasters are brightened by
    ``EXPOSURE_WHITE`` over the markers' paper (235 * 0.6), so the board and the disc come
    back to about 0.91 of their usual brightness, the disc keeps its colour, and only the
    disc is changed. At the usual exposure the gain is 1 and the reference is the photo's."""
    pieces = read_pieces_file()
    board = _board(model)
    cx, cy = 600.0, 500.0  # px
    disc = _disc(board, cx, cy)
    wizard = np.array(pieces.factions["wizard"][::-1], np.float32)  # RGB -> BGR
    frame = board.copy()
    frame[disc] = wizard
    f32 = frame.astype(np.float32)
    assert exposure_gain(paper_level(f32, model), paper_level(board, model)) == 1.0
    usual = compare(frame.astype(np.uint8), EmptyBoard(board.astype(np.uint8)), model)
    assert usual.reference is not None and usual.reference.mean() == pytest.approx(
        board.mean(), abs=0.5
    )
    dark = EmptyBoard((board * 0.6).astype(np.uint8))
    gain = exposure_gain(paper_level(f32 * 0.6, model), paper_level(board * 0.6, model))
    assert gain == pytest.approx(EXPOSURE_WHITE / (235 * 0.6), rel=0.01)
    got = compare((f32 * 0.6).astype(np.uint8), dark, model)
    assert got.changed[disc].mean() > 0.9
    assert not got.changed[~disc & ~model.marker_zone].any()
    lit = float(np.median(got.normalised[disc].astype(np.float64).mean(axis=1)))
    assert lit / float(wizard.mean()) == pytest.approx(0.6 * gain, abs=0.03)
    seen = chroma(np.median(got.normalised[disc].astype(np.float64), axis=0))
    assert float(np.hypot(*(seen - chroma(wizard)))) < PIECE_TOLERANCE / 2


def test_a_pixel_brightened_past_white_keeps_its_colour() -> None:
    """A pumpkin pixel brightened 1.2 times (red 283): scaled down whole to red 255, its
    chromaticity is the pumpkin's; clipped channel by channel it would be (255, 142, 43),
    0.03 off it towards banana (a frog's lit top so clipped read partly as banana)."""
    pumpkin = np.array([36.0, 118.0, 236.0], np.float32)  # BGR
    fn = (pumpkin * 1.2)[None, None, :]
    out = kept_past_white(fn)
    assert float(out.max()) == pytest.approx(255.0)
    assert chroma(out[0, 0]) == pytest.approx(chroma(pumpkin), abs=1e-6)
    assert float(np.hypot(*(chroma(np.minimum(fn[0, 0], 255)) - chroma(pumpkin)))) > 0.03
    below = np.array([[[10.0, 20.0, 200.0]]], np.float32)
    assert np.array_equal(kept_past_white(below), below)


def test_a_photo_is_brighter_than_usual_when_the_markers_paper_is_cut(model: BoardModel) -> None:
    """The paper at 235 is the usual exposure; at 1.3 times the light it is cut at 255, and
    only then are colours cut at white judged (``vision.pond.clipped``)."""
    board = _board(model)
    assert paper_level(board, model) == pytest.approx(235.0)
    assert not brighter_than_usual(paper_level(board.astype(np.uint8), model))
    bright = np.minimum(board * 1.3, 255).astype(np.uint8)
    assert paper_level(bright, model) == pytest.approx(255.0)
    assert brighter_than_usual(paper_level(bright, model))
    assert not brighter_than_usual(paper_level((board * 1.04).astype(np.uint8), model))  # 244


def test_a_frame_darker_than_the_empty_board_photo_is_brightened_to_it(
    model: BoardModel,
) -> None:
    """The frame at 0.7 of the light, the empty board at the usual exposure (the camera's
    auto exposure set lower for the game's photo): the frame alone is brightened by the
    papers' ratio (235 / 164 = 1.43), so its disc comes back to its usual brightness and
    colour, and only the disc is changed. The same frame against an empty board at 0.7 too
    needs no more than the shared gain."""
    pieces = read_pieces_file()
    board = _board(model)
    disc = _disc(board, 600.0, 500.0)
    wizard = np.array(pieces.factions["wizard"][::-1], np.float32)  # RGB -> BGR
    frame = board.copy()
    frame[disc] = wizard
    dark = (frame * 0.7).astype(np.uint8)
    usual = board.astype(np.uint8)
    rel = frame_gain(paper_level(dark, model), paper_level(usual, model))
    assert rel == pytest.approx(235 / int(235 * 0.7), rel=0.01)
    got = compare(dark, EmptyBoard(usual), model)
    assert got.changed[disc].mean() > 0.9
    assert not got.changed[~disc & ~model.marker_zone].any()
    lit = float(np.median(got.normalised[disc].astype(np.float64).mean(axis=1)))
    assert lit / float(wizard.mean()) == pytest.approx(1.0, abs=0.03)
    seen = chroma(np.median(got.normalised[disc].astype(np.float64), axis=0))
    assert float(np.hypot(*(seen - chroma(wizard)))) < PIECE_TOLERANCE / 2
    both = (board * 0.7).astype(np.float32)
    assert frame_gain(paper_level(dark, model), paper_level(both, model)) == 1.0


def test_next_exposure_value_steps_half_a_stop_against_a_paper_cut_at_white_or_too_dark() -> None:
    """The camera's exposure follows the markers' paper: half a stop less while it is cut at
    white, half a stop more under ``PAPER_DARK``, within ``EV_LIMITS``; kept between the two
    and when the paper is unseen."""
    from vision.pond.exposure import EV_LIMITS, EV_STEP, PAPER_CUT, PAPER_DARK
    from vision.pond.exposure import next_exposure_value as step

    assert EV_STEP == 0.5
    assert step(255.0, 0.0) == -0.5 and step(PAPER_CUT, -0.5) == -1.0
    assert step(PAPER_DARK - 1, 0.0) == 0.5 and step(40.0, 1.5) == 2.0
    for usual in (PAPER_DARK, 120.0, 230.0, PAPER_CUT - 0.1):
        assert step(usual, 0.0) is None
    assert step(None, 0.0) is None
    assert step(255.0, EV_LIMITS[0]) is None and step(20.0, EV_LIMITS[1]) is None
    assert step(255.0, EV_LIMITS[0] + 0.2) == EV_LIMITS[0]


def test_marker_paper_leaves_out_a_marker_under_glare_so_it_does_not_move_the_camera(
    model: BoardModel,
) -> None:
    """A lamp's glare whitening one marker (its black cells too) cuts ``paper_level`` (every
    zone at once) at white, and would have turned the camera down; ``marker_paper`` leaves
    that marker out. A corner lit more, its black cells still black, counts: part of the
    board is then cut at white."""
    from vision.pond.exposure import marker_paper, next_exposure_value

    board = _board(model)
    n, labels = cv2.connectedComponents(model.marker_zone.astype(np.uint8))
    assert n - 1 == 4  # one zone a marker
    for k in range(1, n):  # each marker's black cells: the middle of its zone
        ys, xs = np.nonzero(labels == k)
        cy, cx, r = int(ys.mean()), int(xs.mean()), int((ys.max() - ys.min()) * 0.3)
        board[cy - r : cy + r, cx - r : cx + r] = 30.0
    assert marker_paper(board, model) == pytest.approx(235.0)
    glared = board.copy()
    glared[labels == 1] = 255.0
    assert brighter_than_usual(paper_level(glared, model))
    assert marker_paper(glared, model) == pytest.approx(235.0)
    assert next_exposure_value(marker_paper(glared, model), 0.0) is None
    lit = board.copy()
    lit[(labels == 1) & (board.mean(axis=2) > 100)] = 255.0  # that corner cut, its black kept
    assert next_exposure_value(marker_paper(lit, model), 0.0) == -0.5
    assert marker_paper(np.full_like(board, 255.0), model) is None  # nothing but glare


def test_the_whitening_inside_a_piece_is_the_boards_around_it() -> None:
    """A Long Fwooog under glare is wider than the whitening's average reaches into: its middle,
    with no unchanged board within ``k`` px, had a whitening of 0, so no white was taken out
    there and it was read as grey, the rim around it as its colour: 2 frogs (board 102, pond
    NW, a warm lamp's glare). It is now the board's around it, averaged further out."""
    from vision.pond.reference import _whitening

    k = 9
    white = np.full((80, 80), 40.0, np.float32)
    changed = np.zeros((80, 80), bool)
    changed[30:50, 30:50] = True  # a piece 20 px across
    white[changed] = 200.0  # the piece's own colour, not the board's whitening
    _, smooth = _whitening(white, changed, k)
    assert float(smooth[40, 40]) == pytest.approx(40.0, abs=1e-3)
    assert float(smooth[10, 10]) == pytest.approx(40.0, abs=1e-3)
    # No whitening around it: none inside either.
    _, smooth = _whitening(np.where(changed, 200.0, 0.0).astype(np.float32), changed, k)
    assert float(smooth[40, 40]) == pytest.approx(0.0, abs=1e-3)
