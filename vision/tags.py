"""Reading QR card tags from a frame.

Payload contract (printed, lasting): ``GAME:CARD:SIDE`` in QR alphanumeric
mode, ECC M, version 1. GAME is PS, PD, PR, BG or CK; CARD is 1 to 4 digits or
capital letters; SIDE is F (front) or B (back). Any other text is "foreign".

``read_tags(frame)`` takes a ``Frame`` (uint8 (H, W, 3) BGR, see
``vision.frames``; grey (H, W) is accepted too) and returns every QR code it
reads as a ``TagRead`` with corners and centre in full-frame pixels.

Large frames are read in two passes so that small, far tags are not lost and
the whole stays fast: a coarse pass decodes a reduced image; a cheap
texture detector on a smaller image proposes where codes are likely; each
proposed region not already read is decoded from a full-resolution crop (and,
if the primary decoder finds nothing there, by the other decoder as a second
opinion).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.frames import MIN_IMAGE_SIDE

Decoder = Literal["zxing", "zbar"]
Point = tuple[float, float]

GAMES = ("PS", "PD", "PR", "BG", "CK")
PAYLOAD_RE = re.compile(r"^(PS|PD|PR|BG|CK):([0-9A-Z]{1,4}):([FB])$")

#: Frames whose long side is at most this are decoded whole in the coarse pass.
COARSE_MAX_SIDE = 2400
#: Images up to this many pixels get the decoder's slow options (rotations, inversion...).
THOROUGH_MAX_PIXELS = 1_600_000
#: At most this many failed regions of a frame get the slow "turned square" try.
SQUARED_TRIES = 8
#: Long side of the image the texture detector works on.
DETECT_SIDE = 1152


@dataclass(frozen=True)
class TagRead:
    """One QR code read from a frame.

    ``corners`` are the code's own top-left, top-right, bottom-right and
    bottom-left corners in frame pixels (x, y), so they also give its
    orientation; ``game``, ``card`` and ``side`` are set only for our tags.
    """

    payload: str
    corners: tuple[Point, Point, Point, Point]
    centre: Point
    ours: bool
    game: str | None = None
    card: str | None = None
    side: str | None = None
    decoder: str = "zxing"

    @property
    def side_length(self) -> float:
        """Mean edge length of the code in pixels."""
        c = self.corners
        return sum(math.dist(c[i], c[(i + 1) % 4]) for i in range(4)) / 4.0

    @property
    def up(self) -> Point:
        """Vector from the code's bottom edge to its top edge (pixels)."""
        c = self.corners
        return (
            (c[0][0] + c[1][0] - c[3][0] - c[2][0]) / 2,
            (c[0][1] + c[1][1] - c[3][1] - c[2][1]) / 2,
        )

    @property
    def right(self) -> Point:
        """Vector from the code's left edge to its right edge (pixels)."""
        c = self.corners
        return (
            (c[1][0] + c[2][0] - c[0][0] - c[3][0]) / 2,
            (c[1][1] + c[2][1] - c[0][1] - c[3][1]) / 2,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "payload": self.payload,
            "ours": self.ours,
            "centre": [round(self.centre[0], 1), round(self.centre[1], 1)],
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "decoder": self.decoder,
        }
        if self.ours:
            out.update(game=self.game, card=self.card, side=self.side)
        return out


def parse_payload(text: str) -> tuple[str, str, str] | None:
    """(GAME, CARD, SIDE) when ``text`` is one of our tags, else None."""
    m = PAYLOAD_RE.match(text)
    return (m.group(1), m.group(2), m.group(3)) if m else None


def make_read(payload: str, corners: Sequence[Point], decoder: str) -> TagRead:
    pts = tuple((float(x), float(y)) for x, y in corners)
    assert len(pts) == 4
    cx = sum(p[0] for p in pts) / 4.0
    cy = sum(p[1] for p in pts) / 4.0
    game, card, side = parse_payload(payload) or (None, None, None)
    return TagRead(
        payload,
        (pts[0], pts[1], pts[2], pts[3]),
        (cx, cy),
        game is not None,
        game,
        card,
        side,
        decoder=decoder,
    )


# --- the two decoders, on a grey image, returning reads in that image's pixels -------------


def _zxing(
    grey: npt.NDArray[np.uint8], *, thorough: bool, global_threshold: bool = False
) -> list[TagRead]:
    import zxingcpp

    found = zxingcpp.read_barcodes(
        grey,
        # zxingcpp's stub takes only BarcodeFormats; the binding also converts a BarcodeFormat
        # (its docstring says so). Not wrapped: pyproject still allows zxing-cpp 2.x, untried.
        formats=zxingcpp.BarcodeFormat.QRCode,  # type: ignore[arg-type, unused-ignore]
        try_rotate=thorough,
        try_downscale=thorough,
        try_invert=thorough,
        text_mode=zxingcpp.TextMode.Plain,
        binarizer=(
            zxingcpp.Binarizer.GlobalHistogram
            if global_threshold
            else zxingcpp.Binarizer.LocalAverage
        ),
    )
    out = []
    for b in found:
        if not b.valid:
            continue
        p = b.position
        corners = [
            (p.top_left.x, p.top_left.y),
            (p.top_right.x, p.top_right.y),
            (p.bottom_right.x, p.bottom_right.y),
            (p.bottom_left.x, p.bottom_left.y),
        ]
        out.append(make_read(b.text, corners, "zxing"))
    return out


def _zbar_corners(polygon: Sequence[Any], orientation: str | None) -> list[Point]:
    """zbar's polygon, rotated so that it starts at the code's own top-left."""
    pts = [(float(p.x), float(p.y)) for p in polygon]
    if len(pts) != 4:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        pts = [(min(xs), min(ys)), (max(xs), min(ys)), (max(xs), max(ys)), (min(xs), max(ys))]
    # zbar lists the polygon counter-clockwise on screen; make it clockwise like zxing.
    area = sum(pts[i][0] * pts[(i + 1) % 4][1] - pts[(i + 1) % 4][0] * pts[i][1] for i in range(4))
    if area < 0:
        pts = [pts[0], pts[3], pts[2], pts[1]]
    # Start at the top-left corner on screen, then turn by zbar's orientation.
    start = min(range(4), key=lambda i: pts[i][0] + pts[i][1])
    pts = pts[start:] + pts[:start]
    turn = {"UP": 0, "RIGHT": 1, "DOWN": 2, "LEFT": 3}.get(orientation or "UP", 0)
    return pts[turn:] + pts[:turn]


def _zbar(grey: npt.NDArray[np.uint8]) -> list[TagRead]:
    from pyzbar import pyzbar

    out = []
    for d in pyzbar.decode(grey, symbols=[pyzbar.ZBarSymbol.QRCODE]):
        try:
            text = d.data.decode("utf-8")
        except UnicodeDecodeError:
            text = d.data.decode("latin-1")
        out.append(make_read(text, _zbar_corners(d.polygon, d.orientation), "zbar"))
    return out


def decode(
    grey: npt.NDArray[np.uint8], decoder: Decoder, *, thorough: bool = True
) -> list[TagRead]:
    """Every QR code one decoder reads in a grey uint8 (H, W) image."""
    if decoder == "zxing":
        return _zxing(grey, thorough=thorough)
    if decoder == "zbar":
        return _zbar(grey)
    raise ValueError(f"unknown decoder {decoder!r} (zxing or zbar)")


# --- the two-pass reader ------------------------------------------------------------------


def to_grey(frame: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Grey uint8 (H, W) from a BGR frame (or a grey image, returned as is)."""
    if frame.ndim == 2:
        return frame
    return u8(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY))


def _scaled(
    reads: Iterable[TagRead], sx: float, sy: float, dx: float = 0, dy: float = 0
) -> list[TagRead]:
    return [
        make_read(r.payload, [(x * sx + dx, y * sy + dy) for x, y in r.corners], r.decoder)
        for r in reads
    ]


def offset_reads(reads: Iterable[TagRead], dx: float, dy: float) -> list[TagRead]:
    """``reads`` made in a region whose corner is (dx, dy), in the frame's pixels."""
    return _scaled(reads, 1, 1, dx, dy)


def candidate_boxes(grey: npt.NDArray[np.uint8]) -> list[tuple[int, int, int, int]]:
    """Boxes (x0, y0, x1, y1) in ``grey``'s pixels where a QR code is likely.

    A QR code is a small square of dense, strong black/white edges: the
    morphological gradient is high almost everywhere inside it. Card art has
    edges too, so this only proposes regions; the decoders decide.
    """
    k = np.ones((3, 3), np.uint8)
    grad = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, k)
    edges = cv2.threshold(grad, 40, 255, cv2.THRESH_BINARY)[1]
    # Share of strong edges around each pixel (uint8 box filter: fast), over 60%.
    mask = cv2.threshold(cv2.blur(edges, (5, 5)), 153, 255, cv2.THRESH_BINARY)[1]
    # Opening removes the thin edges of art and card borders that would join codes.
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((7, 7), np.uint8))
    # Outer contours: much faster than labelling connected components here.
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    boxes = []
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        if w < 5 or h < 5 or w > 200 or h > 200:
            continue
        if max(w, h) > 2.6 * min(w, h) or cv2.contourArea(contour) < 0.3 * w * h:
            continue
        boxes.append((int(x), int(y), int(x + w), int(y + h)))
    return boxes


def _covered(box: tuple[float, float, float, float], reads: Sequence[TagRead]) -> bool:
    """True when a code already read explains the box (its centre is near the box's)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    reach = 0.25 * max(x1 - x0, y1 - y0)
    return any(math.dist((cx, cy), r.centre) < max(reach, 0.5 * r.side_length) for r in reads)


def read_crop(
    grey: npt.NDArray[np.uint8],
    box: tuple[float, float, float, float],
    *,
    decoder: Decoder = "zxing",
    second_opinion: bool = True,
    expected: bool = False,
    angle: float | None = None,
) -> list[TagRead]:
    """Decode the full-resolution region ``box`` (x0, y0, x1, y1, frame pixels).

    ``angle`` (degrees, image axes) is how the codes nearby are turned, when
    known: a small code that failed is then turned square to the pixels,
    enlarged three times and sharpened, which reads blurred codes of about
    2 pixels a module. ``expected`` says a tag is known to be there (a fitted
    grid predicts it): the last try also runs without ``angle``.
    """
    h, w = grey.shape[:2]
    x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
    x1, y1 = min(w, math.ceil(box[2])), min(h, math.ceil(box[3]))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return []
    crop = np.ascontiguousarray(grey[y0:y1, x0:x1])
    found = decode(crop, decoder)
    if not found and max(crop.shape) < 400:
        # Codes of under ~3 pixels a module read better enlarged.
        big = u8(cv2.resize(crop, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC))
        found = _scaled(decode(big, decoder), 0.5, 0.5)
    if not found and second_opinion:
        other: Decoder = "zbar" if decoder == "zxing" else "zxing"
        found = decode(crop, other)
    small = max(crop.shape) < 400
    if not found and small and (angle is not None or expected):
        return _read_squared(grey, (x0, y0, x1, y1), angle or 0.0, decoder)
    return offset_reads(found, x0, y0)


def _read_squared(
    grey: npt.NDArray[np.uint8], box: tuple[int, int, int, int], angle: float, decoder: Decoder
) -> list[TagRead]:
    """Turn the region by ``angle`` so the code is square to the pixels, enlarge 3x, sharpen."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half = max(x1 - x0, y1 - y0) / 2
    scale = 3.0
    m = cv2.getRotationMatrix2D((cx, cy), angle, scale)
    m[0, 2] += half * scale - cx
    m[1, 2] += half * scale - cy
    side = int(2 * half * scale)
    big = cv2.warpAffine(grey, m, (side, side), flags=cv2.INTER_CUBIC, borderValue=255)
    sharp = u8(cv2.addWeighted(big, 1.8, cv2.GaussianBlur(big, (0, 0), scale), -0.8, 0))
    back = cv2.invertAffineTransform(m)
    out = []
    for r in decode(sharp, decoder):
        corners = [tuple(back @ np.array([x, y, 1.0])) for x, y in r.corners]
        out.append(make_read(r.payload, corners, r.decoder))
    return out


def dominant_angle(reads: Sequence[TagRead]) -> float | None:
    """How the codes are turned in the image (degrees, modulo 90), or None without codes."""
    if not reads:
        return None
    # Average on the circle of 4 x angle: a square looks the same every 90 degrees.
    angles = [math.atan2(r.right[1], r.right[0]) * 4 for r in reads]
    mean = math.atan2(sum(map(math.sin, angles)), sum(map(math.cos, angles))) / 4
    return math.degrees(mean)


def already_read(r: TagRead, reads: Iterable[TagRead]) -> bool:
    """``r`` is a code of ``reads`` read again: the same payload, centres closer than half a
    code. (Two tags may carry one payload: another player's food row, with the same
    numbers when the catalog has one set of food cards.)"""
    return any(
        o.payload == r.payload and math.dist(o.centre, r.centre) < 0.5 * max(o.side_length, 8)
        for o in reads
    )


def _dedupe(reads: Iterable[TagRead]) -> list[TagRead]:
    """One read per code (``already_read``)."""
    out: list[TagRead] = []
    for r in reads:
        if not already_read(r, out):
            out.append(r)
    return out


def read_tags(
    frame: npt.NDArray[np.uint8],
    decoder: Decoder = "zxing",
    *,
    second_opinion: bool = True,
    extra_boxes: Sequence[tuple[float, float, float, float]] = (),
    enough: Callable[[Sequence[TagRead]], bool] | None = None,
    seed: Sequence[TagRead] = (),
) -> list[TagRead]:
    """Every QR code read in ``frame`` (uint8 BGR (H, W, 3) or grey (H, W)).

    ``decoder`` is the primary decoder ("zxing", the default, or "zbar");
    with ``second_opinion`` the other decoder tries the regions where the
    primary found nothing. ``extra_boxes`` (frame pixels) are more regions to
    try at full resolution, e.g. where a fitted grid expects a tag.
    ``enough(reads)`` says when to stop decoding regions (everything wanted is
    read); ``seed`` are codes already read in this frame (kept, not read again).
    Corners and centres are in ``frame``'s pixels.
    """
    if min(frame.shape[:2]) < MIN_IMAGE_SIDE:
        return list(seed)  # too small to hold a tag
    grey = to_grey(frame)
    h, w = grey.shape[:2]
    long_side = max(h, w)
    # Coarse pass: decode a reduced image (or the whole frame when it is small).
    f = 1
    while long_side / f > COARSE_MAX_SIDE:
        f *= 2
    coarse = (
        grey if f == 1 else u8(cv2.resize(grey, (w // f, h // f), interpolation=cv2.INTER_AREA))
    )
    small_frame = long_side <= COARSE_MAX_SIDE
    # Photos (up to ~1.5 MP) get zxing's every effort; camera frames are read
    # fast here because the crops below take a second look where it matters.
    thorough = small_frame and h * w <= THOROUGH_MAX_PIXELS
    reads = list(seed) + _scaled(
        decode(coarse, decoder, thorough=thorough), w / coarse.shape[1], h / coarse.shape[0]
    )
    reads = _dedupe(reads)
    if small_frame and not reads and second_opinion:
        reads = decode(coarse, "zbar" if decoder == "zxing" else "zxing")
    if thorough and not reads and second_opinion:
        reads = _last_tries(coarse)

    # Where are codes likely? Texture detector on a yet smaller image.
    g = max(1, round(long_side / DETECT_SIDE))
    detect = (
        coarse if g <= f else u8(cv2.resize(coarse, (w // g, h // g), interpolation=cv2.INTER_AREA))
    )
    sx, sy = w / detect.shape[1], h / detect.shape[0]
    boxes: list[tuple[float, float, float, float]] = []
    for x0, y0, x1, y1 in candidate_boxes(detect):
        # Grow by a quiet zone's worth so the whole code is in the crop.
        mx, my = (x1 - x0) * 0.35 + 2, (y1 - y0) * 0.35 + 2
        boxes.append(((x0 - mx) * sx, (y0 - my) * sy, (x1 + mx) * sx, (y1 + my) * sy))
    boxes = _typical_boxes(boxes, reads)
    boxes.extend(extra_boxes)
    failed = []
    for box in boxes:
        if enough is not None and enough(reads):
            return _dedupe(reads)
        if _covered(box, reads):
            continue
        found = read_crop(grey, box, decoder=decoder, second_opinion=second_opinion)
        reads.extend(found)
        if not found:
            failed.append(box)
    if enough is not None and enough(reads):
        return _dedupe(reads)
    # Small codes at an angle read better turned square: the codes read tell the angle.
    angle = dominant_angle(reads)
    if angle is not None and failed:
        # Bounded effort: the failed regions most like the crops that did read first.
        typical = float(np.median([r.side_length for r in reads])) * 1.9
        failed.sort(key=lambda b: abs(math.log(max(b[2] - b[0], b[3] - b[1], 1.0) / typical)))
        for box in failed[:SQUARED_TRIES]:
            x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
            x1, y1 = min(w, math.ceil(box[2])), min(h, math.ceil(box[3]))
            if 8 <= x1 - x0 < 400 and 8 <= y1 - y0 < 400 and not _covered(box, reads):
                reads.extend(_read_squared(grey, (x0, y0, x1, y1), angle, decoder))
    return _dedupe(reads)


def _typical_boxes(
    boxes: list[tuple[float, float, float, float]], reads: Sequence[TagRead]
) -> list[tuple[float, float, float, float]]:
    """Drop candidate regions far from the size of the codes already read.

    A region is grown by a quiet zone, so a code of side s gives a box of about
    1.7-2 s; with three codes or more read, boxes under 0.4 or over 3 times the
    median code's box are card art, not codes (tags are printed one size; a code
    whose region merged with art beside it still gives a box under 3 times).
    """
    if len(reads) < 3:
        return boxes
    typical = float(np.median([r.side_length for r in reads])) * 1.85
    return [b for b in boxes if 0.4 * typical <= max(b[2] - b[0], b[3] - b[1]) <= 3.0 * typical]


def looks_like_code(
    grey: npt.NDArray[np.uint8], box: tuple[float, float, float, float], side: float
) -> bool:
    """True when ``box`` holds a patch of dense strong edges about a code of ``side`` px.

    Cheap (a gradient and a box filter on the crop): it decides whether an
    empty-looking cell deserves the slow tries, not what is there.
    """
    h, w = grey.shape[:2]
    x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
    x1, y1 = min(w, math.ceil(box[2])), min(h, math.ceil(box[3]))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return False
    crop = grey[y0:y1, x0:x1]
    grad = cv2.morphologyEx(crop, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    edges = cv2.threshold(grad, 40, 255, cv2.THRESH_BINARY)[1]
    k = max(3, int(side * 0.6))
    density = cv2.blur(edges, (k, k))
    # A code's modules give edges over about half its area; plain or softly drawn art far less.
    return bool(density.max() >= 0.35 * 255)


def _last_tries(grey: npt.NDArray[np.uint8]) -> list[TagRead]:
    """Photos where both decoders found nothing: zxing with one global threshold,
    on the photo and on it enlarged (helps low-contrast and tiny codes)."""
    found = _zxing(grey, thorough=True, global_threshold=True)
    if not found and grey.shape[0] * grey.shape[1] <= 600_000:
        big = u8(cv2.resize(grey, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC))
        found = _scaled(_zxing(big, thorough=True, global_threshold=True), 0.5, 0.5)
    return found


def our_tags(reads: Iterable[TagRead], game: str | None = None) -> list[TagRead]:
    """Only our tags (optionally of one game)."""
    return [r for r in reads if r.ours and (game is None or r.game == game)]
