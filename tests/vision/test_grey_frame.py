"""The grey image converted where it is looked at, and where codes are likely.

Issue 11: a 12 MP Pondscape frame must be scanned in at most 30 ms on one core, and the
grey conversion of the whole frame alone took a third of that. These tests hold the
behaviour the speed rests on (exact grey values, only the asked-for part converted,
the code region holding every tag), not the time.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pondscape_scenes as ps
import pytest

from vision.grey_frame import TILE, GreyFrame, likely_codes
from vision.tags import decode, to_grey


def _frame(h: int = 700, w: int = 1000, seed: int = 3) -> Any:
    rng = np.random.default_rng(seed)
    return rng.integers(0, 256, (h, w, 3), dtype=np.uint8)


def test_a_region_reads_the_same_grey_as_the_whole_frame() -> None:
    frame = _frame()
    whole = to_grey(frame)
    grey = GreyFrame(frame)
    box = (130.4, 70.0, 410.0, 333.3)
    g = grey.region(box)
    assert np.array_equal(g[70:334, 130:411], whole[70:334, 130:411])
    # Only the tiles under the box were converted.
    tiles = (np.arange(0, 1000, TILE), np.arange(0, 700, TILE))
    want = sum(1 for x in tiles[0] if x + TILE > 130 and x < 411) * sum(
        1 for y in tiles[1] if y + TILE > 70 and y < 334
    )
    assert grey.converted == pytest.approx(want / (len(tiles[0]) * len(tiles[1])))
    assert grey.converted < 0.5


def test_around_grows_the_box_on_every_side_and_whole_converts_every_pixel() -> None:
    frame = _frame()
    whole = to_grey(frame)
    grey = GreyFrame(frame)
    g = grey.around((400, 300, 440, 340), grow=0.5)  # 20 px more on every side
    assert np.array_equal(g[280:360, 380:460], whole[280:360, 380:460])
    assert 0 < grey.converted < 0.2
    assert np.array_equal(grey.whole(), whole) and grey.converted == 1.0
    # Asking again converts nothing new and gives the same array.
    assert grey.region((0, 0, 1000, 700)) is grey.whole()


def test_a_grey_frame_is_used_as_is() -> None:
    g = to_grey(_frame())
    grey = GreyFrame(g)
    assert grey.whole() is g and grey.around((5, 5, 50, 50)) is g and grey.converted == 1.0


def test_likely_codes_holds_every_tag_and_leaves_the_bare_table_out() -> None:
    """A pond 85 cm away fills about a third of a 12 MP frame: every tag zxing reads in
    the whole frame lies inside the region, and the region leaves most of the wood
    table out. A frame with nothing code-like in it gives no region."""
    frame, truth = ps.make_pond_scene(
        520, size=(4608, 2592), tag_mm=16.0, distance_mm=850.0, tilt_deg=10.0
    )
    box = likely_codes(frame)
    assert box is not None
    x0, y0, x1, y1 = box
    assert x0 % 8 == 0 and y0 % 8 == 0  # on zxing's 8-pixel block grid
    reads = decode(to_grey(frame), "zxing", thorough=False)
    assert len(reads) == len(truth.visible) + 5  # every pond tag and the food row
    for r in reads:
        for x, y in r.corners:
            assert x0 <= x <= x1 and y0 <= y <= y1, (r.payload, box)
    assert (x1 - x0) * (y1 - y0) < 0.5 * 4608 * 2592
    rng = np.random.default_rng(1)
    blank = rng.normal(128, 4, (2592, 4608, 3)).clip(0, 255).astype(np.uint8)
    assert likely_codes(blank) is None
    # Grey frames are accepted too, and give the same region.
    assert likely_codes(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)) == box
