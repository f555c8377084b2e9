"""Telling pieces from the board by colour, robust to the light falling off across the table.

Each pixel is compared by its chromaticity ``(r, g) / (r + g + b)``: a piece in the
dark half of the table keeps its chromaticity while its brightness drops, so one
calibrated colour serves the whole board. The classes: the four factions, the
lilypads (from the ``pond-pieces/1`` file), and the board's own water, land and
greys (estimated from each frame, so a board's printing needs no calibration).
A pixel close to none of them is ``FOREIGN`` (a hand, a sleeve, a phone...).

Classification is one lookup in a table over 15-bit colours (5 bits a channel),
built per frame in about a millisecond and applied to the whole board raster at once.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from vision.pond.pieces import Pieces

#: Class ids in the label raster. Factions are 1..len(factions), in the pieces' order.
BACKGROUND = 0  # the board's water and land
LILYPAD = 250
NEUTRAL = 251  # greys and whites: marker paper, glossy highlights on the pieces
DARK = 252  # too dark to have a colour: eyes, deep shadows, marker ink
FOREIGN = 255

#: Chromaticity distances: a piece must be this close to its calibrated colour...
PIECE_TOLERANCE = 0.085
#: ...and anything farther than this from the board and the pieces is foreign.
BOARD_TOLERANCE = 0.06
#: Pixels darker than this (mean of the channels, 0-255) carry no trustworthy colour.
DARK_LEVEL = 28.0

Labels = npt.NDArray[np.uint8]


def chroma(bgr: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """(..., 3) BGR -> (..., 2) chromaticity (r, g) / (r + g + b)."""
    arr = np.asarray(bgr, np.float64)
    s = arr.sum(axis=-1, keepdims=True) + 1e-6
    return np.stack([arr[..., 2], arr[..., 1]], axis=-1) / s


def _bin_centres() -> npt.NDArray[np.float64]:
    q = (np.arange(32, dtype=np.float64) * 8) + 4
    b, g, r = np.meshgrid(q, q, q, indexing="ij")  # index = b << 10 | g << 5 | r
    return np.stack([b.ravel(), g.ravel(), r.ravel()], axis=-1)


_CENTRES = _bin_centres()
_CHROMA = chroma(_CENTRES)
_BRIGHT = _CENTRES.mean(axis=1)


def build_lut(pieces: Pieces, board_bgr: Sequence[npt.ArrayLike]) -> Labels:
    """A 32768-entry table: 15-bit colour -> class id.

    ``board_bgr`` are the board's own colours seen in this frame (water, land), to
    which the greys are added as ``NEUTRAL`` (marker paper, highlights on the pieces).
    """
    piece_rgb = [*pieces.factions.values(), pieces.lilypad_rgb]
    piece_ids = [*range(1, len(pieces.factions) + 1), LILYPAD]
    piece_c = np.array([chroma(rgb[::-1]) for rgb in piece_rgb])
    board_c = np.array([chroma(c) for c in board_bgr] or np.zeros((0, 2)))
    d_neutral = np.linalg.norm(_CHROMA - 1 / 3, axis=1)
    d_piece = np.linalg.norm(_CHROMA[:, None, :] - piece_c[None], axis=2)
    d_board = np.linalg.norm(_CHROMA[:, None, :] - board_c[None], axis=2)
    best_piece = np.argmin(d_piece, axis=1)
    dp = d_piece[np.arange(len(_CHROMA)), best_piece]
    db = d_board.min(axis=1) if len(board_c) else np.full(len(_CHROMA), np.inf)
    lut = np.full(len(_CHROMA), FOREIGN, np.uint8)
    is_piece = (dp < PIECE_TOLERANCE) & (dp < db) & (dp < d_neutral)
    lut[is_piece] = np.array(piece_ids, np.uint8)[best_piece[is_piece]]
    rest = ~is_piece
    lut[rest & (d_neutral < BOARD_TOLERANCE)] = NEUTRAL
    lut[rest & (db < BOARD_TOLERANCE) & (db <= d_neutral)] = BACKGROUND
    # A glossy highlight blends a piece's colour with white: bright pixels on the way from
    # a piece's chromaticity to grey are NEUTRAL (a piece may grow over them), unless
    # they are plainly the board's own colour.
    neutral = np.array([1 / 3, 1 / 3])
    for c in piece_c:
        seg = neutral - c
        t = np.clip(((_CHROMA - c) @ seg) / float(seg @ seg), 0.0, 1.0)
        d_seg = np.linalg.norm(_CHROMA - (c + t[:, None] * seg), axis=1)
        glossy = (
            rest & (d_seg < 0.035) & (_CENTRES.max(axis=1) >= 120) & (db > 0.6 * BOARD_TOLERANCE)
        )
        lut[glossy] = NEUTRAL
    lut[_BRIGHT < DARK_LEVEL] = DARK
    return lut


def classify(raster: npt.NDArray[np.uint8], lut: Labels) -> Labels:
    """Label every pixel of a BGR raster with ``lut`` (see ``build_lut``)."""
    q = raster >> 3
    idx = q[..., 0].astype(np.uint16) << 10
    idx |= q[..., 1].astype(np.uint16) << 5
    idx |= q[..., 2]
    return lut[idx]
