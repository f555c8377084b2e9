"""One faction's blob of touching pieces into pieces: erosion cores, each core's share of
the blob by area, Long Fwooogs against frogs, and the shapes that say a frog may stand on
another (see ``vision.pond.count``, stage 4; the blobs come from ``vision.pond.blobs``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import i32
from vision.pond.found import CountedPiece, pond_of
from vision.pond.fwooog_fit import BESIDE_SHARE, FIT_SHARE, frogs_beside, fwooog_fit
from vision.pond.model import BoardModel
from vision.pond.patch_shape import notches

#: mm: how near the halfway length a Long Fwooog / three frogs end to end reading is flagged.
ROW_DOUBT_MM = 1.0
#: A base read as a Long Fwooog with at least ``NECKS`` notches this deep (mm: bays between
#: its outline and its convex hull) is flagged: three frogs end to end leave two necks, a
#: notch on each side of each (tuning boards 100-129, six conditions: 2 of 777 Long
#: Fwooogs had three such notches or more, 21 of 37 rows of frogs).
NECK_MM = 2.0
NECKS = 3
#: The doubt of three frogs read end to end, two cores or more, with no neck between them.
ROW_WITHOUT_NECKS = "three frogs end to end with no neck between them, or a Long Fwooog?"
#: The doubt of one piece (one core) whose base reaches further than one frog's along the
#: lean: taller than one frog (``_taller``).
TALLER_DOUBT = "possible stack: taller than one frog, another may be under it (not counted)"
#: Two readings of a large core (a Long Fwooog and k frogs, or n frogs) whose unexplained
#: areas (in frog areas, length taken into account) differ by less than this are flagged.
FWOOOG_MARGIN = 0.15
#: Frogs counted by area whose fitted footprints leave more than this (in frog areas) of
#: their base uncovered, in parts thicker than ``2 * STACK_NOISE_MM``, are flagged: the
#: strip a frog on a frog leaves (seen at a lean of at least ``STACK_MIN_LEAN_MM``).
STACK_LEFT = 0.15
STACK_NOISE_MM = 1.5
STACK_MIN_LEAN_MM = 2.5
#: Two frogs side by side are at least two frog widths long (28 mm for the shipped drawing);
#: a base read as two frogs but shorter than this share of that is flagged: one frog on
#: another, or something of the faction's colour that is not a piece (a round token 20 mm
#: across reads 1.5-1.8 frogs' area and 19-20 mm long; two frogs 25.5 mm or more, a frog
#: on a frog 18.7-24 mm, over the scenes).
TWO_FROGS_LONG = 0.8


@dataclass
class Blob:
    """One faction's connected pieces (a crop at ``(x0, y0)`` of the board raster) and the
    cores its erosion leaves (``vision.pond.blobs``)."""

    faction: str
    mask: npt.NDArray[np.uint8]  # 0/255, holes filled, cropped
    x0: int
    y0: int
    cores: npt.NDArray[np.int32]  # labelled erosion cores
    core_stats: npt.NDArray[np.int32]
    core_cents: npt.NDArray[np.float64]
    keep: list[int]  # cores large enough to be a piece's
    shift: tuple[float, float] = (0.0, 0.0)  # px: a frog's top relative to its base here
    #: mm: how much shorter than its bar a Long Fwooog lying along the lean comes out of the
    #: cut (pieces whose sides slope in, ``prism.fwooog_shortfall``; 0 for prisms).
    fw_short: float = 0.0


def rim_growth(blobs: list[Blob], model: BoardModel) -> dict[str, float]:
    """How far (px) outside the ideal footprint each faction's measured outline lies.

    Blur, colour bleeding and the growth into rims widen every outline a little, more
    for some colours than others: area grows with the perimeter. Measuring lone frogs
    (one small core, nothing touching) calibrates that away for every footprint.
    """
    samples: dict[str, list[float]] = {}
    for b in blobs:
        if len(b.keep) == 1 and b.core_stats[b.keep[0], 4] < 1.6 * model.frog_core:
            area = float(np.count_nonzero(b.mask))
            if 0.6 * model.frog_area < area < 1.5 * model.frog_area:
                samples.setdefault(b.faction, []).append(area)
    every = [a for values in samples.values() for a in values]
    default = float(np.median(every)) if len(every) >= 3 else model.frog_area
    growth = {}
    for faction, values in samples.items():
        median = float(np.median(values)) if len(values) >= 3 else default
        growth[faction] = float(np.clip((median - model.frog_area) / model.frog_perimeter, -2, 2))
    growth[""] = float(np.clip((default - model.frog_area) / model.frog_perimeter, -2, 2))
    return growth


def split_blob(b: Blob, model: BoardModel, areas_px: tuple[float, float]) -> list[CountedPiece]:
    """The pieces in one blob of one faction's colour (see ``vision.pond.count``, stage 4).

    Each core owns the part of the blob nearer to it than to any other core; that part's
    area says whether the core stands for more than one piece (frogs packed without a
    neck, or a frog pressed so hard against a Long Fwooog that their cores joined).
    """
    a_frog, a_fw = areas_px
    thr_fw = 1.8 * model.frog_core  # smaller cores are one frog's
    two_long = TWO_FROGS_LONG * 2 * model.frog_mm[1]  # mm: shorter is not 2 frogs side by side
    owner = _nearest_core(b)
    areas = np.bincount(owner.ravel(), minlength=len(b.core_stats))
    marks: list[tuple[str, int, float, float, npt.NDArray[np.bool_], str | None]] = []
    for i in b.keep:
        cx, cy = b.core_cents[i]
        region = owner == i
        area = float(areas[i])
        n_frogs = max(1, round(area / a_frog))
        core = b.cores == i
        big = b.core_stats[i, 4] > thr_fw
        short = _fw_short(b, core) if big else 0.0
        if big and n_frogs == 3 and _single_file(region, model):
            kind, doubt = _fwooog_or_row(core, region, b.shift, model, short)
            marks.append((kind, 1 if kind == "fwooog" else 3, cx, cy, region, doubt))
            continue
        is_fw, margin = (
            _is_fwooog(core, area, n_frogs, model, areas_px, short) if big else (False, 9.0)
        )
        extra = max(0, round((area - a_fw) / a_frog))
        as_fw = "a Long Fwooog" + (f" and {_frogs(extra)}" if extra else "")
        if is_fw:
            miss = abs(area - a_fw - extra * a_frog) / a_frog
            doubt = "its size fits no number of pieces" if miss > 0.45 else None
            if doubt is None and margin < FWOOOG_MARGIN:
                doubt = f"{as_fw}, or {_frogs(n_frogs)}?"
            if doubt is None and _along_lean(core, b.shift, model):
                doubt = "lies along the line of sight: a Long Fwooog, or frogs on frogs?"
            if doubt is None and not _room_for_a_fwooog(region, model, short):
                doubt = "no Long Fwooog's outline fits in its base: frogs pressed together?"
            if doubt is None and extra > 0 and not _room_beside(region, extra, model, short):
                doubt = f"{as_fw}? No frog's outline fits beside the Long Fwooog: frogs on frogs?"
            marks.append(("fwooog", 1, cx, cy, region, doubt))
            if extra > 0:
                marks.append(("frog", extra, cx, cy, region, doubt))
            continue
        doubt = f"{_frogs(n_frogs)}, or {as_fw}?" if margin < FWOOOG_MARGIN else None
        if len(b.keep) == 1 and n_frogs <= 2 and _taller(region, b.shift, model):
            doubt = TALLER_DOUBT
        elif n_frogs == 2 and (long_mm := _lengths_mm(region, model)[0]) < two_long:
            doubt = (
                f"its base is too short for 2 frogs ({long_mm:.0f} mm long, 2 frogs side by side "
                f"{2 * model.frog_mm[1]:.0f}): a frog on a frog, or something of its colour "
                "that is not a piece (a token?)"
            )
        elif abs(area / a_frog - n_frogs) > 0.4:
            doubt = "its size fits no number of pieces"
        elif (
            doubt is None and n_frogs >= 2 and _room_for_a_stack(region, n_frogs, b, model, a_frog)
        ):
            doubt = (
                f"{_frogs(n_frogs)} leave part of the base uncovered: a frog on a frog? "
                "(not counted)"
            )
        marks.append(("frog", n_frogs, cx, cy, region, doubt))
    unowned = int(np.count_nonzero(b.mask)) - int(areas[1:].sum())
    rest = round(unowned / a_frog)
    if rest > 0:
        # A piece seen only in part, or frogs no core could tell apart: counted by area.
        loose = (b.mask > 0) & (owner == 0)
        ys, xs = np.nonzero(loose)
        marks.append(("frog", rest, float(xs.mean()), float(ys.mean()), loose, "seen only in part"))
    if _row_without_necks(b, marks, model):
        marks = [(k, n, cx, cy, r, d or ROW_WITHOUT_NECKS) for k, n, cx, cy, r, d in marks]
    out = []
    for kind, count, cx, cy, region, doubt in marks:
        pond, share = pond_of(region, b.x0, b.y0, model)
        out.append(
            CountedPiece(
                kind,
                b.faction,
                (b.x0 + cx) / model.ppm,
                (b.y0 + cy) / model.ppm,
                pond,
                share,
                count,
                doubt,
                _axis_deg(region),
            )
        )
    return out


def _row_without_necks(
    b: Blob,
    marks: list[tuple[str, int, float, float, npt.NDArray[np.bool_], str | None]],
    model: BoardModel,
) -> bool:
    """Three frogs read end to end from two cores or more, in a blob one piece wide whose
    outline has fewer than ``NECKS`` notches deeper than ``NECK_MM`` (two necks leave four):
    a Long Fwooog split by notches of its colour misread (under a lamp's tint) looks so."""
    if len(b.keep) < 2 or any(kind != "frog" for kind, *_ in marks):
        return False
    if sum(n for _, n, *_ in marks) != 3:
        return False
    mask = b.mask > 0
    return _single_file(mask, model) and notches(mask, model, NECK_MM) < NECKS


def _axis_deg(mask: npt.NDArray[np.bool_]) -> float | None:
    """The direction (degrees, raster x right, y down) of a mask's long axis."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 5:
        return None
    (_, _), (w, h), ang = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    return float(ang if w >= h else ang + 90)


def _fw_short(b: Blob, mask: npt.NDArray[np.bool_]) -> float:
    """How much shorter than its bar (mm) a Long Fwooog lying along this mask's long axis
    comes out of the cut (``Blob.fw_short`` for one along the lean, less as it turns)."""
    if b.fw_short <= 0:
        return 0.0
    axis = _axis_deg(mask)
    if axis is None:
        return b.fw_short
    lean = math.atan2(b.shift[1], b.shift[0])
    return b.fw_short * abs(math.cos(math.radians(axis) - lean))


def _room_for_a_fwooog(
    region: npt.NDArray[np.bool_], model: BoardModel, short: float = 0.0
) -> bool:
    """Does a Long Fwooog's outline (``short`` mm shorter: ``_fw_short``) fit in this base
    (``vision.pond.fwooog_fit``)? The angles along the base's long axis are tried first."""
    axis = _axis_deg(region) or 0.0
    return fwooog_fit(region, model, FIT_SHARE, axis, short) >= FIT_SHARE


def _room_beside(
    region: npt.NDArray[np.bool_], frogs: int, model: BoardModel, short: float = 0.0
) -> bool:
    """Do ``frogs`` frogs' outlines fit beside a Long Fwooog in this base
    (``vision.pond.fwooog_fit.frogs_beside``)?"""
    return frogs_beside(region, model, frogs, short) >= BESIDE_SHARE


def _lengths_mm(mask: npt.NDArray[np.bool_], model: BoardModel) -> tuple[float, float]:
    """Length and width (mm) of the smallest rectangle around a mask's pixels."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 5:
        return 0.0, 0.0
    (_, _), (w, h), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    return max(w, h) / model.ppm, min(w, h) / model.ppm


def _single_file(region: npt.NDArray[np.bool_], model: BoardModel) -> bool:
    """Is this base one piece wide (a Long Fwooog alone, or frogs end to end), with no piece
    pressed on its side (which would widen it by a frog's width)?"""
    _, width = _lengths_mm(region, model)
    return width < 1.4 * model.frog_mm[1]


def _fwooog_or_row(
    core: npt.NDArray[np.bool_],
    region: npt.NDArray[np.bool_],
    shift: tuple[float, float],
    model: BoardModel,
    short: float = 0.0,
) -> tuple[str, str | None]:
    """One piece wide, three frogs' area: a Long Fwooog, three frogs end to end, or (lying
    along the line of sight) two frogs end to end with a third on one of them?

    Their areas are about the same (3 x 176 mm² against 511 for the shipped drawing), so the
    length tells. The core (the base less the erosion disc) of each reading has an ideal
    length: a Long Fwooog's bar less the disc; three frogs' widths less the disc; two frogs'
    widths plus the extra lean of the stacked one (the base is cut back by one frog's lean
    only) less the disc. The nearest reading wins; a core within ``ROW_DOUBT_MM`` of halfway
    to the next reading, or a Long Fwooog whose base is longer than the bar by more than
    twice that, is flagged; so is a Long Fwooog whose base is shorter than the bar by more
    than twice that (two frogs end to end, seen steeply, can reach three frogs' area and
    leave a core nearer a Long Fwooog's than three frogs'); and so is a Long Fwooog whose
    base is notched as three frogs end to end are (``patch_shape.notches``). A Long
    Fwooog's lengths are ``short`` mm less (``_fw_short``: pieces whose sides slope in).
    """
    disc = (model.kernel.shape[0] - 1) / model.ppm
    width = model.frog_mm[1]
    readings = [
        (model.fwooog_mm[0] - short - disc, "fwooog", "a Long Fwooog"),
        (3 * width - disc, "frog", "three frogs end to end"),
    ]
    length, _ = _lengths_mm(core, model)
    readings.sort(key=lambda r: abs(r[0] - length))
    (best, kind, name), (other, _, other_name) = readings
    close = abs(length - (best + other) / 2) < ROW_DOUBT_MM
    base_length, _ = _lengths_mm(region, model)
    if kind == "fwooog" and base_length > model.fwooog_mm[0] + 2 * ROW_DOUBT_MM:
        close = True
    too_short = kind == "fwooog" and base_length < model.fwooog_mm[0] - short - 2 * ROW_DOUBT_MM
    if _along_lean(core, shift, model):
        # Two frogs end to end with a third on one: the base is cut back by one frog's lean
        # only, so the stacked one adds its lean. Seen steeply this nears a Long Fwooog's
        # length; it is never taken on the lean alone, but flagged when it fits as well.
        stack = 2 * width + math.hypot(*shift) / model.ppm - disc
        if abs(length - stack) < abs(length - best) + ROW_DOUBT_MM:
            return kind, f"along the line of sight: {name}, or frogs on frogs?"
    if too_short:
        return kind, (
            f"its base is {base_length:.0f} mm long, a Long Fwooog's "
            f"{model.fwooog_mm[0]:.0f} mm: a Long Fwooog, or frogs?"
        )
    if kind == "fwooog" and notches(region, model, NECK_MM) >= NECKS:
        close = True  # notched where frogs end to end meet
    return kind, f"{name}, or {other_name}?" if close else None


def _along_lean(core: npt.NDArray[np.bool_], shift: tuple[float, float], model: BoardModel) -> bool:
    """Does this long core point where the camera looks (within 25 degrees), seen steeply
    enough that a frog on a frog would stretch that way too?"""
    lean = math.hypot(*shift)
    if lean < 5.0 * model.ppm:
        return False
    ys, xs = np.nonzero(core)
    if len(xs) < 5:
        return False
    (_, _), (w, h), ang = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    axis = math.radians(ang if w >= h else ang + 90)
    cos = abs(math.cos(axis) * shift[0] + math.sin(axis) * shift[1]) / lean
    return cos > math.cos(math.radians(25))


def _taller(region: npt.NDArray[np.bool_], shift: tuple[float, float], model: BoardModel) -> bool:
    """Is this lone piece's base longer along the lean than across it by most of a frog's lean?

    A second frog on top adds its own lean: what is left after cutting one frog's lean away
    is still stretched along it.
    """
    lean = math.hypot(*shift)
    if lean < 3.5 * model.ppm:
        return False  # seen too straight from above to tell
    ys, xs = np.nonzero(region)
    if len(xs) < 10:
        return False
    u = np.array(shift) / lean
    along = xs * u[0] + ys * u[1]
    across = -xs * u[1] + ys * u[0]
    extent = float(np.ptp(along) - np.ptp(across))
    return extent > max(0.7 * lean, 3.0 * model.ppm)


def _room_for_a_stack(
    region: npt.NDArray[np.bool_], n: int, b: Blob, model: BoardModel, a_frog: float
) -> bool:
    """Do ``n`` frogs' footprints, fitted one by one where each covers most of what is left,
    leave a part of this base thicker than the photo's noise uncovered (``STACK_LEFT`` of a
    frog's area)?

    Frogs packed too close to see apart are counted by area, and a frog on one of them adds
    only about a lean's strip to it (0.2-0.5 of a frog's area), which the rounding absorbs.
    But the strip is where no footprint can reach: the base of a frog on a frog, cut back
    by one frog's lean (``prism.unsmear``), is still one lean too long. A frog's footprint
    is taken as a disc of its area (its ellipse is nearly round); what a disc and the
    ellipse differ by is thinner than the opening that follows. (A Long Fwooog with frogs
    pressed on it is not judged so: a rounded bar and discs fitted to it leave as much
    uncovered without a stack as with one.)
    """
    if math.hypot(*b.shift) < STACK_MIN_LEAN_MM * model.ppm:
        return False  # seen too straight from above for the strip to show
    r = math.sqrt(a_frog / math.pi)
    pad = math.ceil(r) + 2
    base = cv2.copyMakeBorder(region.astype(np.uint8), pad, pad, pad, pad, cv2.BORDER_CONSTANT)
    disc = np.zeros((2 * pad + 1, 2 * pad + 1), np.uint8)
    cv2.circle(disc, (pad, pad), round(r), 1, -1)
    kernel = disc.astype(np.float32)
    inside = cv2.filter2D(base.astype(np.float32), -1, kernel, borderType=cv2.BORDER_CONSTANT)
    outside = float(kernel.sum()) - inside  # a disc there would stand off the base
    covered = np.zeros_like(base)
    for _ in range(n):
        left = ((base > 0) & (covered == 0)).astype(np.float32)
        gain = cv2.filter2D(left, -1, kernel, borderType=cv2.BORDER_CONSTANT) - 2.0 * outside
        y, x = np.unravel_index(int(np.argmax(gain)), gain.shape)
        cv2.circle(covered, (int(x), int(y)), round(r), 1, -1)
    left_over = ((base > 0) & (covered == 0)).astype(np.uint8)
    k = 2 * round(STACK_NOISE_MM * model.ppm) + 1
    thick = cv2.morphologyEx(
        left_over, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    )
    return float(np.count_nonzero(thick)) > STACK_LEFT * a_frog


def _nearest_core(b: Blob) -> npt.NDArray[np.int32]:
    """Each blob pixel labelled with the nearest kept core (0 off the blob, or no core)."""
    kept = np.isin(b.cores, b.keep)
    owner = np.zeros(b.mask.shape, np.int32)
    if not b.keep:
        return owner
    free = np.where(kept, np.uint8(0), np.uint8(255))
    _, labelled = cv2.distanceTransformWithLabels(
        free, cv2.DIST_L2, 3, labelType=cv2.DIST_LABEL_CCOMP
    )
    nearest = i32(labelled)  # its labels are CV_32S
    mapping = np.zeros(int(nearest.max()) + 1, np.int32)
    for i in b.keep:
        ys, xs = np.nonzero(b.cores == i)
        mapping[nearest[ys[0], xs[0]]] = i
    owner = mapping[nearest]
    owner[b.mask == 0] = 0
    return owner


def _is_fwooog(
    core: npt.NDArray[np.bool_],
    area: float,
    n_frogs: int,
    model: BoardModel,
    areas_px: tuple[float, float],
    short: float = 0.0,
) -> tuple[bool, float]:
    """A large core: one Long Fwooog (maybe with frogs pressed on it), or only frogs?
    Also how far apart the two readings' scores are (a close call is flagged).

    The owned area decides: which reading, "a Long Fwooog and k frogs" or "n frogs",
    leaves less area unexplained (in frog areas). The core's length tips the balance: a
    Long Fwooog's core is long, two frogs' joined core shorter (on synthetic boards
    16-22 mm against 23-32 mm for the default pieces), and a core longer than a Long
    Fwooog's could be holds frogs. (A Long Fwooog's core is ``short`` mm shorter where
    the cut eats into it, ``_fw_short``.)
    """
    ys, xs = np.nonzero(core)
    (_, _), (w, h), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    length = max(w, h) / model.ppm
    a_frog, a_fw = areas_px
    extra = max(0, round((area - a_fw) / a_frog))
    miss_fw = abs(area - a_fw - extra * a_frog) / a_frog
    miss_frogs = abs(area - n_frogs * a_frog) / a_frog
    # Three or more frogs rarely press so close that they leave one core; a Long Fwooog
    # with a frog on its flat side often does.
    miss_frogs += 0.15 * max(0, n_frogs - 2)
    if length <= model.frogs_core_len:
        miss_fw += 0.25
    elif length > model.fwooog_core_max - short:
        miss_fw += 0.15
    elif length >= model.fwooog_core_len - short:
        miss_fw -= 0.15
    return miss_fw <= miss_frogs, abs(miss_fw - miss_frogs)


def _frogs(n: int) -> str:
    return "a frog" if n == 1 else f"{n} frogs"
