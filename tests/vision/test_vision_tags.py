"""Reading QR tags: payload contract, both decoders, orientation, two-pass full-resolution read."""

from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np
import pytest
from camera_testkit import synth
from hypothesis import given, settings
from hypothesis import strategies as st

import vision.tags as tags
from vision.tags import TagRead, decode, parse_payload, read_crop, read_tags


def _tag_image(payload: str, module: int = 6, angle: int = 0) -> np.ndarray:
    """A clean printed tag: symbol with a 4-module quiet zone, rotated by a multiple of 90."""
    m = np.pad(synth.qr_matrix(payload), 4)
    img = np.where(np.kron(m, np.ones((module, module), np.uint8)) > 0, 0, 255).astype(np.uint8)
    img = np.pad(img, 40, constant_values=255)
    return np.rot90(img, k=angle // 90).copy()


@pytest.mark.parametrize("shape", [(0, 0, 3), (1, 3000, 3), (3000, 2), (31, 4000, 3)])
def test_read_tags_in_a_frame_too_thin_for_a_tag_reads_nothing(shape: tuple[int, ...]) -> None:
    # A 3000x1 strip once crashed the coarse pass's resize; a 0x0 frame the grey conversion.
    assert read_tags(np.zeros(shape, np.uint8)) == []


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["PS", "PD", "PR", "BG", "CK"]),
    card=st.text(alphabet="0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=4),
    side=st.sampled_from(["F", "B"]),
)
def test_parse_payload_accepts_every_valid_tag(game: str, card: str, side: str) -> None:
    assert parse_payload(f"{game}:{card}:{side}") == (game, card, side)


@pytest.mark.parametrize(
    "text",
    ["PS:042:X", "XX:042:F", "PS:12345:F", "ps:042:f", "PS::F", "PS:042:F ", "hello", "PS:04-2:F"],
)
def test_parse_payload_refuses_foreign_text(text: str) -> None:
    assert parse_payload(text) is None


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30))
def test_parse_payload_never_raises(text: str) -> None:
    result = parse_payload(text)
    assert result is None or ":".join(result) == text


@pytest.mark.parametrize("decoder", ["zxing", "zbar"])
@pytest.mark.parametrize("angle", [0, 90, 180, 270])
def test_decoders_read_payload_and_orientation(decoder: Any, angle: int) -> None:
    """Both decoders give the payload and the code's own corner order, so "up" is known."""
    img = _tag_image("PS:042:F", angle=angle)
    (read,) = decode(img, decoder)
    assert read.payload == "PS:042:F" and read.ours and read.decoder == decoder
    assert (read.game, read.card, read.side) == ("PS", "042", "F")
    # np.rot90 turns the picture counter-clockwise: "up" turns with it.
    expected = {0: (0, -1), 90: (-1, 0), 180: (0, 1), 270: (1, 0)}[angle]
    ux, uy = read.up
    norm = math.hypot(ux, uy)
    assert (round(ux / norm), round(uy / norm)) == expected
    assert read.side_length == pytest.approx(21 * 6, rel=0.1)


def test_read_tags_marks_foreign_codes() -> None:
    import segno

    q = segno.make_qr("https://example.org", error="m")
    m = np.pad(np.array(q.matrix, np.uint8), 4)
    img = np.where(np.kron(m, np.ones((5, 5), np.uint8)) > 0, 0, 255).astype(np.uint8)
    (read,) = read_tags(img)
    assert read.payload == "https://example.org" and not read.ours and read.card is None


def test_second_opinion_asks_zbar_where_zxing_found_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    img = _tag_image("PS:7:B")
    monkeypatch.setattr(tags, "_zxing", lambda grey, thorough: [])
    (read,) = read_crop(img, (0, 0, img.shape[1], img.shape[0]))
    assert read.payload == "PS:7:B" and read.decoder == "zbar"
    assert read_crop(img, (0, 0, img.shape[1], img.shape[0]), second_opinion=False) == []


def test_read_tags_with_zbar_primary() -> None:
    img = _tag_image("CK:Z9:F")
    (read,) = read_tags(img, "zbar", second_opinion=False)
    assert read.payload == "CK:Z9:F" and read.decoder == "zbar"


def _expected(answer: Any) -> set[str]:
    cells = {f"PS:{n}:{s}" for n, s in answer.cells().values()}
    return cells | {f"PS:{n}:F" for n in answer.food_numbers}


def _check_positions(reads: list[TagRead], answer: Any, tolerance: float) -> None:
    for r in reads:
        assert math.dist(r.centre, answer.tag_centres[r.payload]) < tolerance, r.payload


@pytest.mark.parametrize("seed", [11, 12])
def test_read_tags_full_resolution_reads_every_small_tag(scene: Any, seed: int) -> None:
    """4608x2592 with 16 mm tags (about 3 pixels a module): too small for the coarse
    pass alone, so this needs the full-resolution crops."""
    frame, answer = scene(seed)
    reads = read_tags(frame)
    assert {r.payload for r in reads} == _expected(answer)
    assert len(reads) == 20
    _check_positions(reads, answer, 3.0)
    coarse = cv2.resize(
        cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), (2304, 1296), interpolation=cv2.INTER_AREA
    )
    assert len(decode(coarse, "zxing", thorough=False)) < 20  # the crops did the work


def test_read_tags_corners_and_centre_in_frame_pixels(scene: Any) -> None:
    from camera_testkit import HALF

    frame, answer = scene(21, **HALF)
    reads = read_tags(frame)
    assert {r.payload for r in reads} == _expected(answer)
    _check_positions(reads, answer, 2.0)
    for r in reads:
        cx = sum(x for x, _ in r.corners) / 4
        cy = sum(y for _, y in r.corners) / 4
        assert (cx, cy) == pytest.approx(r.centre)
        assert r.to_json()["centre"] == [round(r.centre[0], 1), round(r.centre[1], 1)]
