"""Temporal voting, as a property: a few bad frames never change the voted pond."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.catalog import SAMPLE_CATALOG, load_catalog
from vision.pondscape_grid import GridFit
from vision.pondscape_scan import FrameScan, Placement, PondVoter

CATALOG = load_catalog(SAMPLE_CATALOG)
NUMBERS = sorted(CATALOG.cards)
CELLS = [(r, c) for r in range(3) for c in range(5)]
FOOD = {c: n for c, n in enumerate(["101", "102", "103", "104", "105"])}


def _frame(pond: dict[tuple[int, int], tuple[str, str]]) -> FrameScan:
    placements = {
        cell: [Placement(cell[0], cell[1], n, s, CATALOG.side(n, s))]
        for cell, (n, s) in pond.items()
    }
    return FrameScan([], GridFit(np.eye(3)), placements, dict(FOOD))


ponds = st.dictionaries(
    st.sampled_from(CELLS), st.tuples(st.sampled_from(NUMBERS), st.sampled_from("FB")), max_size=15
).filter(lambda p: len({n for n, _ in p.values()}) == len(p))


@settings(max_examples=60, deadline=None)
@given(
    good=ponds,
    bad=st.lists(ponds, max_size=3),
    extra_good=st.integers(min_value=0, max_value=3),
    order=st.randoms(use_true_random=False),
)
def test_voter_bad_frames_never_change_the_pond(
    good: Any, bad: Any, extra_good: int, order: Any
) -> None:
    """With at most a third of the frames bad (and showing anything), the vote is the good pond."""
    n_good = max(1, 2 * len(bad)) + extra_good
    frames = [_frame(good) for _ in range(n_good)] + [_frame(b) for b in bad]
    order.shuffle(frames)
    voter = PondVoter(CATALOG, n=len(frames))
    for f in frames:
        voter.add(f)
    result = voter.result(player="Ana")
    assert {cell: (p.number, p.side) for cell, p in result.placements.items()} == good
    assert result.player is not None
    assert result.food_row == ("spider", "dragonfly", "butterfly", "fly", "snail")
