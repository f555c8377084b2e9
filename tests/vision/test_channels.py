"""vision.channels: each pixel's darkest and brightest channel, the same values as numpy's
reduction over the last axis."""

from __future__ import annotations

import numpy as np

from vision.channels import brightest, darkest


def test_darkest_and_brightest_match_the_reduction_over_the_last_axis() -> None:
    rng = np.random.default_rng(7)
    f = (rng.random((40, 50, 3)) * 255).astype(np.float32)
    np.testing.assert_array_equal(darkest(f), f.min(axis=2))
    np.testing.assert_array_equal(brightest(f), f.max(axis=2))
    px = rng.integers(0, 256, (100, 3)).astype(np.uint8)  # a list of pixels
    np.testing.assert_array_equal(darkest(px), px.min(axis=1))
    np.testing.assert_array_equal(brightest(px), px.max(axis=1))
    assert darkest(px).dtype == np.uint8


def test_darkest_divides_each_channel_by_its_share_first() -> None:
    f = np.array([[[90.0, 60.0, 30.0], [10.0, 80.0, 80.0]]], np.float32)
    per = np.array([1.0, 0.5, 0.25], np.float32)
    # [90, 120, 120] and [10, 160, 320]
    np.testing.assert_array_equal(darkest(f, per), [[90.0, 10.0]])
    np.testing.assert_array_equal(darkest(f, per), (f / per).min(axis=2))
