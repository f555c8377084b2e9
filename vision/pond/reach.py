"""How far a lone frog reaches along its lean: one frog tall, or a frog on a frog?

Seen from the camera's place (``vision.pond.prism``), a frog ``h`` tall covers its base swept
along its lean ``v``: along the line of sight, the changed pixels (anything that differs from
the empty board) through it run for the base's chord plus ``|v|``. A frog on another frog
stands ``2h`` tall and runs one lean further, whatever colour the lower frog is: its near
sides below the upper frog's show even when their colour is too dark or too thin to be
read as a faction's.

So, for each frog counted at its own place (one frog, its own base found), seven lines
parallel to its lean through the middle of its base are walked over the changed pixels from
its centre both ways, across gaps up to ``GAP_MM`` (a side's darkest band may read as
unchanged). A line that runs into another counted piece tells nothing and is dropped. When
enough lines are left and their median run is longer than one frog's by more than
``REACH_LEANS`` of a lean, the frog's pond is named: a frog on a frog? The count is not
changed here (the lower frog's faction is not known; ``vision.pond.stacked`` counts it where
its colour shows too). In a photo cut at white (the markers' paper
is, ``exposure.brighter_than_usual``), a median run more than ``SHORT_LEANS`` of a lean
shorter than one frog's has not seen the frog whole (its top cut at white, read as the
board: 0.4 EV brighter, 84 of 603 lone frogs ran so short on boards 41000-41029, 12 of 622
at the usual exposure): the frog is not judged.

Seen too straight from above (a lean under ``MIN_LEAN_MM``) a stack does not reach far
enough to tell from the photo's noise; ``docs/pond-camera.md`` says so.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.pond.counted import Counted
from vision.pond.explain import swept_outline
from vision.pond.found import CountedPiece
from vision.pond.model import fill_outline

#: Leans shorter than this (mm) are not judged: the extra reach is within the noise.
MIN_LEAN_MM = 2.5
#: A median run this many leans longer than one frog's is flagged.
REACH_LEANS = 0.5
#: In a photo cut at white, a median run this many leans shorter than one frog's sees less
#: than the frog itself (its top cut at white, read as the board): it judges nothing.
SHORT_LEANS = 1.0
#: Unchanged gaps up to this long (mm) along a line are walked over.
GAP_MM = 1.5
#: Lines across the base (at -0.4 .. 0.4 of its half-width), and how many must be free.
LINES = 7
MIN_LINES = 3


@dataclass(frozen=True)
class _Board:
    """What every frog's reach is judged against (see ``reach_doubts``)."""

    changed: npt.NDArray[np.bool_]
    counted: Counted
    growth_px: float


def reach_doubts(
    changed: npt.NDArray[np.bool_],
    counted: Counted,
    growth_px: float,
    judged: set[int] | None = None,
    cut_at_white: bool = False,
    tall: dict[int, list[str]] | None = None,
) -> list[tuple[str, str]]:
    """(pond, warning) for each lone frog whose changed pixels reach a lean too far.

    ``changed``: the board raster's pixels that differ from the empty board (lilypads and
    glare left out). ``growth_px``: how far outlines grow in the photo (each side).
    ``judged``, when given, gains each frog (index into ``counted.found``) whose reach was
    judged (enough free lines, and with ``cut_at_white`` a run not ``SHORT_LEANS`` short;
    ``vision.pond.unchecked`` names the others). ``tall``, when given, gains each frog named
    and its warning (``vision.pond.stacked`` reads them).
    """
    board = _Board(changed, counted, growth_px)
    found = counted.found
    out = []
    for i in lone_frogs(found):
        p = found[i]
        if not leans_enough(counted, i):
            continue
        reach = _reach(i, board)
        if cut_at_white and reach is not None and reach < -SHORT_LEANS:
            reach = None  # the frog's own run not seen whole: not judged
        if reach is not None and judged is not None:
            judged.add(i)
        if reach is not None and reach > REACH_LEANS:
            assert p.pond is not None  # lone_frogs keeps only the frogs in a pond
            text = (
                f"pond {p.pond}: the {p.faction} frog at ({p.x_mm:.0f}, {p.y_mm:.0f}) mm "
                f"reaches {reach:.1f} of a lean further than one frog can: "
                "a frog on a frog? (not counted)"
            )
            out.append((p.pond, text))
            if tall is not None:
                tall.setdefault(i, []).append(text)
    return out


def leans_enough(counted: Counted, i: int) -> bool:
    """Is frog ``i`` seen at a lean of at least ``MIN_LEAN_MM`` (where its reach is judged)?"""
    return math.hypot(*counted.shift_at_px[i]) >= MIN_LEAN_MM * counted.model.ppm


def lone_frogs(found: list[CountedPiece]) -> list[int]:
    """The frogs counted at their own place: one frog, its own base found, in a pond, no
    other doubt, not counted with a Long Fwooog (indices into ``found``)."""
    at_fwooog = {(p.x_mm, p.y_mm) for p in found if p.kind == "fwooog"}
    return [
        i
        for i, p in enumerate(found)
        if p.kind == "frog"
        and p.frogs == 1
        and p.angle_deg is not None
        and p.pond is not None
        and p.doubt is None
        and (p.x_mm, p.y_mm) not in at_fwooog
    ]


def _reach(i: int, board: _Board) -> float | None:
    """How much further than one frog (in leans) the changed pixels through frog ``i`` run
    along its lean: the median over the lines that meet no other piece (None: too few)."""
    changed, growth_px, counted = board.changed, board.growth_px, board.counted
    model, pieces = counted.model, counted.pieces
    p = counted.found[i]
    v = np.array(counted.shift_at_px[i], np.float64)
    lean = float(np.hypot(*v))
    u = v / lean
    across = np.array([-u[1], u[0]])
    a, b = pieces.frog_mm[0] / 2 * model.ppm, pieces.frog_mm[1] / 2 * model.ppm
    centre = np.array([p.x_mm, p.y_mm]) * model.ppm
    half = math.ceil(a + 3 * lean + 12)
    x0, y0 = int(centre[0]) - half, int(centre[1]) - half
    h, w = changed.shape
    if x0 < 0 or y0 < 0 or x0 + 2 * half >= w or y0 + 2 * half >= h:
        return None
    window = changed[y0 : y0 + 2 * half, x0 : x0 + 2 * half]
    others = others_mask([i], counted, (x0, y0), 2 * half)
    # The base's chord along the lean at each offset across it (the footprint: an ellipse).
    t = math.radians(p.angle_deg or 0.0) - math.atan2(u[1], u[0])
    s = np.linspace(0, 2 * math.pi, 720, endpoint=False)
    e_along = a * np.cos(s) * math.cos(t) - b * np.sin(s) * math.sin(t)
    e_across = a * np.cos(s) * math.sin(t) + b * np.sin(s) * math.cos(t)
    gap = max(1, round(GAP_MM * model.ppm))
    starts, one_frog = [], []
    for off in np.linspace(-0.4 * b, 0.4 * b, LINES):
        near = np.abs(e_across - off) < 0.75
        if near.any():
            starts.append(centre + across * off - [x0, y0])
            one_frog.append(float(np.ptp(e_along[near])) + lean + 2 * growth_px)
    if not starts:
        return None
    ahead, blocked_ahead = walk_lines(window, others, np.array(starts), u, gap)
    behind, blocked_behind = walk_lines(window, others, np.array(starts), -u, gap)
    # Pixels walked both ways: the run's length, centre to centre.
    excess = (ahead + behind - np.array(one_frog))[~(blocked_ahead | blocked_behind)]
    if len(excess) < MIN_LINES:
        return None
    return float(np.median(excess)) / lean


def walk_lines(
    window: npt.NDArray[np.bool_],
    others: npt.NDArray[np.bool_],
    starts: npt.NDArray[np.float64],
    step: npt.NDArray[np.float64],
    gap: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """From each of ``starts``, the pixels walked along ``step`` over changed pixels (gaps up
    to ``gap`` walked over), and whether the walk ran into another piece or out of the window
    before it ended (that line tells nothing)."""
    h, w = window.shape
    ks = np.arange(1, h + w + gap + 2)
    xs = np.round(starts[:, :1] + step[0] * ks).astype(np.int64)
    ys = np.round(starts[:, 1:] + step[1] * ks).astype(np.int64)
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    xc, yc = np.clip(xs, 0, w - 1), np.clip(ys, 0, h - 1)
    hit = window[yc, xc] & inside
    # Each walk stops at its first ``gap + 1`` unchanged pixels in a row.
    run = np.ones(gap + 1, np.int64)
    missed = np.apply_along_axis(lambda r: np.convolve(r, run, mode="valid"), 1, ~hit) == gap + 1
    stop = np.where(missed.any(axis=1), np.argmax(missed, axis=1), len(ks))
    out = np.where(inside.all(axis=1), len(ks), np.argmin(inside, axis=1))
    before = ks[None, :] - 1 < stop[:, None]
    walked = hit & before
    steps = np.where(walked.any(axis=1), len(ks) - np.argmax(walked[:, ::-1], axis=1), 0)
    blocked = (stop + gap >= out) | (walked & others[yc, xc]).any(axis=1)
    return steps, blocked


def others_mask(
    skip: Sequence[int],
    counted: Counted,
    origin: tuple[int, int],
    size: int,
    cast_px: Sequence[tuple[float, float]] = (),
) -> npt.NDArray[np.bool_]:
    """Where the counted pieces other than ``skip`` stand in the window (their swept
    outlines; a piece counted by area, of unknown shape, as a swept disc of its area), grown
    by 2 px. ``skip[0]`` is the piece the window is about: pieces farther from it than the
    window's size are not drawn. Each is also swept by every one of ``cast_px`` (a frog's
    shadow from each lamp: ``vision.pond.shadow``). The outlines are kept in
    ``counted.memo``."""
    canvas = np.zeros((size, size), np.uint8)
    found, shift_at_px = counted.found, counted.shift_at_px
    me = found[skip[0]]
    reach_mm = size / counted.model.ppm
    for j, q in enumerate(found):
        if j in skip or abs(q.x_mm - me.x_mm) > reach_mm or abs(q.y_mm - me.y_mm) > reach_mm:
            continue
        for v in (shift_at_px[j], *cast_px):
            _sweep(canvas, q, v, counted, origin)
    canvas = u8(cv2.dilate(canvas, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))))
    return canvas > 0


def _sweep(
    canvas: npt.NDArray[np.uint8],
    q: CountedPiece,
    v: tuple[float, float],
    counted: Counted,
    origin: tuple[int, int],
) -> None:
    """Draw piece ``q`` swept by ``v`` (px) on the window at ``origin``."""
    model = counted.model
    if q.angle_deg is not None and (q.frogs == 1 or q.kind == "fwooog"):
        key = (q.kind, q.x_mm, q.y_mm, q.angle_deg, float(v[0]), float(v[1]))
        poly = counted.memo.get(key)
        if poly is None:
            poly = swept_outline(q.kind, q.x_mm, q.y_mm, q.angle_deg, v, model, counted.pieces)
            counted.memo[key] = poly
        fill_outline(canvas, poly, origin)
        return
    area = q.frogs * model.frog_area + (model.fwooog_area if q.kind == "fwooog" else 0.0)
    r = max(1, round(math.sqrt(area / math.pi)))
    c = np.array([q.x_mm * model.ppm - origin[0], q.y_mm * model.ppm - origin[1]])
    ends = np.round([c, c + v]).astype(int)
    cv2.line(
        canvas,
        (int(ends[0, 0]), int(ends[0, 1])),
        (int(ends[1, 0]), int(ends[1, 1])),
        255,
        2 * r,
    )
