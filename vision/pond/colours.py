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
from dataclasses import dataclass

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
    s: npt.NDArray[np.float64] = arr.sum(axis=-1, keepdims=True) + 1e-6
    return np.stack([arr[..., 2], arr[..., 1]], axis=-1) / s


def off_segment(
    c: npt.NDArray[np.float64], a: npt.ArrayLike, b: npt.ArrayLike
) -> npt.NDArray[np.float64]:
    """How far each chromaticity of ``c`` (N, 2) lies from the segment from ``a`` to ``b``
    (each (2,), or one per row (N, 2)): an additive blend of two colours lies on it."""
    a64, b64 = np.asarray(a, np.float64), np.asarray(b, np.float64)
    seg = b64 - a64
    t = np.clip(((c - a64) * seg).sum(axis=-1) / np.maximum((seg * seg).sum(axis=-1), 1e-9), 0, 1)
    d: npt.NDArray[np.float64] = np.linalg.norm(c - (a64 + t[..., None] * seg), axis=-1)
    return d


def _bin_centres() -> npt.NDArray[np.float64]:
    q = (np.arange(32, dtype=np.float64) * 8) + 4
    b, g, r = np.meshgrid(q, q, q, indexing="ij")  # index = b << 10 | g << 5 | r
    return np.stack([b.ravel(), g.ravel(), r.ravel()], axis=-1)


_CENTRES = _bin_centres()
_CHROMA = chroma(_CENTRES)
_BRIGHT = _CENTRES.mean(axis=1)


@dataclass(frozen=True)
class _PieceTable:
    """The frame-independent half of the lookup table, computed once per pieces file."""

    piece_id: npt.NDArray[np.uint8]  # nearest piece class of every 15-bit colour
    d_piece: npt.NDArray[np.float64]  # chromaticity distance to it
    d_neutral: npt.NDArray[np.float64]
    glossy: npt.NDArray[np.bool_]  # bright, between a piece's colour and grey


_TABLES: dict[int, tuple[Pieces, _PieceTable]] = {}


def piece_colours(pieces: Pieces) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.uint8]]:
    """Each piece class's colour (BGR, the factions' in order, then the lilypad's) and its
    label (1.. for the factions, ``LILYPAD``)."""
    rgb = [*pieces.factions.values(), pieces.lilypad_rgb]
    ids = np.array([*range(1, len(pieces.factions) + 1), LILYPAD], np.uint8)
    return np.array([c[::-1] for c in rgb], np.float64), ids


def _piece_table(pieces: Pieces) -> _PieceTable:
    hit = _TABLES.get(id(pieces))
    if hit is not None and hit[0] is pieces:
        return hit[1]
    piece_bgr, piece_ids = piece_colours(pieces)
    piece_c = np.array([chroma(bgr) for bgr in piece_bgr])
    d_all = np.linalg.norm(_CHROMA[:, None, :] - piece_c[None], axis=2)
    best = np.argmin(d_all, axis=1)
    # A glossy highlight blends a piece's colour with white: bright pixels on the way
    # from a piece's chromaticity to grey may belong to a piece.
    neutral = np.array([1 / 3, 1 / 3])
    glossy = np.zeros(len(_CHROMA), bool)
    for c in piece_c:
        glossy |= off_segment(_CHROMA, c, neutral) < 0.035
    glossy &= _CENTRES.max(axis=1) >= 120
    table = _PieceTable(
        piece_id=piece_ids[best],
        d_piece=d_all[np.arange(len(_CHROMA)), best],
        d_neutral=np.linalg.norm(_CHROMA - neutral, axis=1),
        glossy=glossy,
    )
    if len(_TABLES) > 8:
        _TABLES.clear()
    _TABLES[id(pieces)] = (pieces, table)
    return table


def build_lut(pieces: Pieces, board_bgr: Sequence[npt.ArrayLike]) -> Labels:
    """A 32768-entry table: 15-bit colour -> class id.

    ``board_bgr`` are the board's own colours seen in this frame (water, land); greys
    are ``NEUTRAL`` (marker paper, highlights on the pieces), and so are the bright
    blends of a piece's colour with white that are not plainly the board's colour.
    """
    pt = _piece_table(pieces)
    board_c = np.array([chroma(c) for c in board_bgr] or np.zeros((0, 2)))
    if len(board_c):
        db = np.linalg.norm(_CHROMA[:, None, :] - board_c[None], axis=2).min(axis=1)
    else:
        db = np.full(len(_CHROMA), np.inf)
    dp, dn = pt.d_piece, pt.d_neutral
    lut = np.full(len(_CHROMA), FOREIGN, np.uint8)
    is_piece = (dp < PIECE_TOLERANCE) & (dp < db) & (dp < dn)
    lut[is_piece] = pt.piece_id[is_piece]
    rest = ~is_piece
    lut[rest & (dn < BOARD_TOLERANCE)] = NEUTRAL
    lut[rest & (db < BOARD_TOLERANCE) & (db <= dn)] = BACKGROUND
    lut[rest & pt.glossy & (db > 0.6 * BOARD_TOLERANCE)] = NEUTRAL
    lut[_BRIGHT < DARK_LEVEL] = DARK
    return lut


def piece_labelled(labels: Labels, pieces: Pieces) -> npt.NDArray[np.bool_]:
    """Where ``labels`` holds a piece colour: a faction's or the lilypad's."""
    out: npt.NDArray[np.bool_] = (labels >= 1) & (labels <= len(pieces.factions))
    out |= labels == LILYPAD
    return out


def classify(raster: npt.NDArray[np.uint8], lut: Labels) -> Labels:
    """Label every pixel of a BGR raster with ``lut`` (see ``build_lut``)."""
    q = raster >> 3
    idx = q[..., 0].astype(np.uint16) << 10
    idx |= q[..., 1].astype(np.uint16) << 5
    idx |= q[..., 2]
    labels: Labels = lut[idx]
    return labels
