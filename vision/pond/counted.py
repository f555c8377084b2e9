"""The pieces counted on one board, as the checks that follow the count read them.

``vision.pond.reach``, ``vision.pond.shadow`` and ``vision.pond.shadow_group`` each walk lines
past the counted pieces; they all need the same four things (what was found, the board, the
pieces' sizes and where each piece's top lands) and share one memo of swept outlines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from vision.pond.found import CountedPiece
from vision.pond.model import BoardModel
from vision.pond.pieces import Pieces

#: Swept outlines kept between ``others_mask`` calls on one board, by piece and sweep.
Memo = dict[tuple[object, ...], npt.NDArray[np.float64]]


@dataclass(frozen=True)
class Counted:
    """What the count found on one board, and where each found piece's top lands."""

    found: list[CountedPiece]
    model: BoardModel
    pieces: Pieces
    #: ``shift_at_px[i]``: where the top of a frog standing at ``found[i]`` lands relative to
    #: its base (raster px).
    shift_at_px: list[tuple[float, float]]
    #: The swept outlines drawn so far (they are the costly part; see ``reach.others_mask``).
    memo: Memo = field(default_factory=dict, compare=False)
