"""How far a lone frog's shadow reaches: one frog tall, or a frog on a frog?

A lamp casts each piece's shadow the same way: away from the lamp, as long as the piece is
tall (``h / tan(elevation)`` beyond its base). A frog on a frog stands twice as tall, so its
shadow runs about twice as far beyond its base as a lone frog's. That holds wherever the
camera is: seen straight down, where a stack's extra lean is too short to tell
(``vision.pond.reach``), and with the stack's near side hidden by a neighbour, the shadow
often still falls on open board.

1. **Shadow.** Pixels that did not change (the board's own art) but are darker than the
   light around them by ``SHADE`` (the frame against the empty board, each pixel's
   brightness ratio over the ratio's local level, about 40 mm across).
2. **The lamp's direction.** Each lone frog's shadow pixels near it (nearer it than any
   other piece) pull from its centre; the direction most of that shadow agrees with is
   where shadows fall. Too few frogs, or directions that do not agree (``AGREE``: diffuse
   light, several lamps), and nothing is judged. **Two lamps** of about equal strength
   give each piece two shadows, each too faint for ``SHADE``: where the shadow looked for
   fainter shows them (``vision.pond.lamps``), each lamp is judged as below in that fainter
   shadow, the other lamp's shadows of other pieces telling nothing; a piece named under
   both lamps is named once.
3. **Reach.** From each lone frog's centre, five lines along that direction are walked over
   its changed pixels and shadow (``vision.pond.reach``'s walk). A line that runs into
   another counted piece or its shadow (one frog's, ``CAST_MARGIN``), or into what hides a
   shadow (a lilypad, glare), tells nothing. What the median line runs beyond the frog's
   base is its shadow's reach; the median over every frog is one frog's (at least
   ``MIN_ONE_MM``, or nothing is judged: a lamp high overhead). A frog whose shadow
   reaches ``TALL`` times that, and at least ``MIN_MORE_MM`` further, is named: a frog on
   a frog? The count is not changed here (``vision.pond.stacked`` counts a frog under it
   where another faction's colour shows on its near side). A stack's base is found one
   lean too far along its lean; where that runs along the shadow, a stack's shadow would
   not reach so far beyond it, and the frog counts as not judged (``_tells``;
   ``vision.pond.unchecked``).
4. **On a lilypad.** No shadow is read on a lilypad (it is not the empty board's art). A
   lone frog standing on one is judged by lines that walk over the lilypad and count only
   where its shadow runs on past the lilypad by ``PAD_CLEAR_MM`` (a line ending nearer may
   have lost its shadow on the lilypad: it tells nothing).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import u8
from vision.frames import Frame
from vision.pond.counted import Counted
from vision.pond.explain import swept_outline
from vision.pond.found import CountedPiece, stands_on
from vision.pond.lamps import own_shadow, two_lamps
from vision.pond.model import BoardModel, fill_outline
from vision.pond.reach import GAP_MM, lone_frogs, others_mask, walk_lines
from vision.pond.shadow_group import MIN_ONE_MM, group_doubts

#: A pixel this much darker than the light around it (ratio) is in shadow.
SHADE = 0.8
#: The shadows of at least this many lone frogs must be seen to find where shadows fall...
MIN_FROGS = 5
#: ...and this share of their shadow (pixels) must fall within ``AGREE_DEG`` of one direction.
AGREE = 0.6
AGREE_DEG = 40.0
#: A shadow this many times one frog's reach is a frog on a frog's...
TALL = 1.5
#: ...when it is also at least this much (mm) longer.
MIN_MORE_MM = 4.0
#: Lines across the base (at -0.3 .. 0.3 of its half-width), and how many must be free.
LINES = 5
MIN_LINES = 3
#: Other pieces' shadows are taken as this many times one frog's.
CAST_MARGIN = 1.2
#: Shadow is looked for this far (mm) from a frog's centre.
NEAR_MM = 30.0
#: A frog on a lilypad is judged on the lines whose shadow runs at least this far (mm)
#: beyond the lilypad (its own shadow, 1.5 mm of card under a lamp 40 degrees up, is 1.8 mm).
PAD_CLEAR_MM = 3.0


def shadow_mask(
    normalised: Frame,
    reference: Frame,
    changed: npt.NDArray[np.bool_],
    model: BoardModel,
    shade: float = SHADE,
) -> npt.NDArray[np.bool_]:
    """Unchanged pixels darker than the light around them by ``shade`` (a ratio)."""
    f = cv2.cvtColor(normalised, cv2.COLOR_BGR2GRAY).astype(np.float32)
    r = cv2.cvtColor(reference, cv2.COLOR_BGR2GRAY).astype(np.float32)
    ratio = (f + 4) / (r + 4)
    lit = (~changed).astype(np.float32)
    # The level without the shadows in it (a first level, then again over the lit pixels),
    # at a quarter of the raster's resolution: it is smooth over 40 mm.
    h, w = ratio.shape
    small = (max(1, w // 4), max(1, h // 4))
    k = max(3, round(10 * model.ppm)) | 1
    for _ in range(2):
        num = cv2.blur(cv2.resize(ratio * lit, small, interpolation=cv2.INTER_AREA), (k, k))
        den = cv2.blur(cv2.resize(lit, small, interpolation=cv2.INTER_AREA), (k, k))
        level = cv2.resize(num / np.maximum(den, 0.05), (w, h), interpolation=cv2.INTER_LINEAR)
        lit = (~changed & (ratio > shade * level)).astype(np.float32)
    dark = (~changed & (ratio < shade * level)).astype(np.uint8)
    # Thin lines are the art's edges a little off between the two photos, not shadow.
    dark = u8(cv2.morphologyEx(dark, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)))
    return dark > 0


def shadow_doubts(
    shadow: npt.NDArray[np.bool_],
    changed: npt.NDArray[np.bool_],
    blocked: npt.NDArray[np.bool_],
    counted: Counted,
    pads: Sequence[tuple[float, float]] = (),
    faint: npt.NDArray[np.bool_] | None = None,
    judged: set[int] | None = None,
    tall: dict[int, list[str]] | None = None,
) -> list[tuple[str, str]]:
    """(pond, warning) for each lone frog whose shadow reaches too far (see the module).

    ``changed``: the pixels that differ from the empty board where pieces are looked for;
    ``blocked``: where a shadow cannot be seen (lilypads, glare): a line that meets it
    tells nothing. ``faint``: the shadow looked for fainter (``vision.pond.lamps.FAINT``):
    where it shows two lamps, each lamp's shadows are judged in ``faint``, the other lamp's
    shadows of other pieces telling nothing, as other pieces' do. ``judged``, when given,
    gains each lone frog whose shadow was seen along enough lines under a lamp that is
    judged (``vision.pond.unchecked`` names the others). ``tall``, when given, gains each
    lone frog named and its warnings (``vision.pond.stacked`` reads them)."""
    found, model = counted.found, counted.model
    lone = lone_frogs(found)
    dirs = None
    if faint is not None:
        dirs = two_lamps(faint, found, lone, model, NEAR_MM, MIN_FROGS)
        if dirs is not None:
            shadow = faint
    if dirs is None:
        d = lamp_direction(shadow, found, lone, model)
        if d is None:
            return []
        dirs = [d]
    walk = (changed | shadow | blocked, blocked)
    lamps = []  # (where shadows fall, each lone frog's first reach, one frog's reach)
    for d in dirs:
        first = {i: _reach(i, d, 0.0, walk, counted) for i in lone}
        seen = [r for r in first.values() if r is not None]
        if len(seen) < MIN_FROGS:
            continue
        one = float(np.median(seen))
        if one < MIN_ONE_MM * model.ppm:  # shadows too short to tell one frog from two
            continue
        lamps.append((d, first, one))
        if judged is not None:
            judged.update(
                i for i, r in first.items() if r is not None and _tells(counted, i, d, one)
            )
    casts = [_cast(d, one) for d, _, one in lamps]
    out: list[tuple[str, str]] = []
    masks = (changed, shadow, blocked)
    for k, (d, first, one) in enumerate(lamps):
        also = casts[:k] + casts[k + 1 :]
        for w in _judge(d, first, one, masks, counted, pads, casts, also, judged, tall):
            if all(_who(w) != _who(v) for v in out):  # named under one lamp: named once
                out.append(w)
    return out


def _tells(counted: Counted, i: int, d: npt.NDArray[np.float64], one: float) -> bool:
    """Would frog ``i``'s shadow say so if it stood on a frog? A stack's top leans one lean
    further than a frog's, so its base is found one lean ``L`` too far along it, and its
    shadow (two frogs' long) reaches ``2 one - L.d`` beyond that base. When the lean runs
    along the shadow, that stays under ``TALL`` times one frog's (or under ``MIN_MORE_MM``
    more): the frog was not judged (``vision.pond.unchecked`` names it)."""
    lean = float(np.dot(counted.shift_at_px[i], d))
    stack = 2 * one - max(lean, 0.0)
    return stack >= TALL * one and (stack - one) / counted.model.ppm >= MIN_MORE_MM


def _cast(d: npt.NDArray[np.float64], one: float) -> tuple[float, float]:
    """Another piece's shadow as the lines take it (px): ``CAST_MARGIN`` times one frog's."""
    return (float(d[0] * one * CAST_MARGIN), float(d[1] * one * CAST_MARGIN))


def _who(warning: tuple[str, str]) -> str:
    """What a shadow warning names: its words before "cast(s) a shadow" (pond and place)."""
    return warning[1].split(" cast")[0]


def _judge(
    d: npt.NDArray[np.float64],
    first: dict[int, float | None],
    one: float,
    masks: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]],
    counted: Counted,
    pads: Sequence[tuple[float, float]],
    casts: Sequence[tuple[float, float]],
    also: Sequence[tuple[float, float]],
    judged: set[int] | None = None,
    tall: dict[int, list[str]] | None = None,
) -> list[tuple[str, str]]:
    """One lamp's shadows (falling along ``d``, one frog's reaching ``one`` px): the groups,
    the lone frogs (``first``: each one's reach with no shadow swept), and the frogs on
    lilypads whose shadow runs too far. ``casts``: one frog's shadow from each lamp;
    ``also``: from the other lamp, if any (other pieces' shadows tell nothing); ``judged``
    gains the frogs on lilypads judged; ``tall`` each lone frog named, with its warning."""
    changed, shadow, blocked = masks
    found, model = counted.found, counted.model
    walk = (changed | shadow | blocked, blocked)
    lone = list(first)
    out = group_doubts(d, masks, lone, counted, casts)
    for i in lone:
        first_reach = first[i]
        if first_reach is None or first_reach < TALL * one:
            continue
        r = _reach(i, d, one, walk, counted, also=also)
        if r is None or r < TALL * one or (r - one) / model.ppm < MIN_MORE_MM:
            continue
        out.append(_warning(found[i], r / one, i, tall))
    # A frog on a lilypad judged above too is named once.
    pad = _pad_doubts(shadow, changed, blocked, counted, pads, d, one, also, judged, tall)
    return out + [w for w in pad if w not in out]


def _warning(
    p: CountedPiece, times: float, i: int, tall: dict[int, list[str]] | None
) -> tuple[str, str]:
    """The warning naming frog ``i`` (``p``), kept in ``tall`` when given."""
    text = (
        f"pond {p.pond}: the {p.faction} frog at ({p.x_mm:.0f}, {p.y_mm:.0f}) mm casts "
        f"a shadow {times:.1f} times as long as one frog's: a frog on a frog? (not counted)"
    )
    if tall is not None:
        tall.setdefault(i, []).append(text)
    return str(p.pond), text


def _pad_doubts(
    shadow: npt.NDArray[np.bool_],
    changed: npt.NDArray[np.bool_],
    blocked: npt.NDArray[np.bool_],
    counted: Counted,
    pads: Sequence[tuple[float, float]],
    d: npt.NDArray[np.float64],
    one: float,
    also: Sequence[tuple[float, float]] = (),
    judged: set[int] | None = None,
    tall: dict[int, list[str]] | None = None,
) -> list[tuple[str, str]]:
    """The same for each lone frog on a lilypad: its shadow is not seen on the lilypad, so
    lines walk over the lilypad and count only where the shadow runs on beyond it (by
    ``PAD_CLEAR_MM``: the lilypad's own shadow is that thin)."""
    found, model = counted.found, counted.model
    r_pad = model.pad_r
    on_pad = [
        i
        for i in lone_frogs(found)
        if any(stands_on(found[i], x / model.ppm, y / model.ppm, model) for x, y in pads)
    ]
    if not on_pad:
        return []
    discs = np.zeros(changed.shape, np.uint8)
    clear = np.zeros(changed.shape, np.uint8)
    for x, y in pads:
        c = (round(x), round(y))
        cv2.circle(discs, c, round(1.1 * r_pad) + 2, 255, -1)
        cv2.circle(clear, c, round(1.1 * r_pad + PAD_CLEAR_MM * model.ppm) + 2, 255, -1)
    walk = (changed | shadow | blocked, blocked & (discs == 0))
    out = []
    for i in on_pad:
        r = _reach(i, d, one, walk, counted, clear > 0, also)
        if r is not None and judged is not None and _tells(counted, i, d, one):
            judged.add(i)
        if r is not None and r >= TALL * one and (r - one) / model.ppm >= MIN_MORE_MM:
            out.append(_warning(found[i], r / one, i, tall))
    return out


def lamp_direction(
    shadow: npt.NDArray[np.bool_], found: list[CountedPiece], lone: list[int], model: BoardModel
) -> npt.NDArray[np.float64] | None:
    """Where shadows fall (a unit vector in the raster), or None (too few, or no agreement)."""
    centres = np.array([[q.x_mm, q.y_mm] for q in found], np.float64) * model.ppm
    r = round(NEAR_MM * model.ppm)
    pulls = []
    for i in lone:
        mine = own_shadow(shadow, centres, i, r)
        if mine is None:
            continue
        v = (mine - centres[i]).mean(axis=0)
        if np.hypot(*v) > 0:
            pulls.append((v / np.hypot(*v), len(mine)))
    if len(pulls) < MIN_FROGS:
        return None
    units = np.array([u for u, _ in pulls])
    weights = np.array([n for _, n in pulls], np.float64)
    # The direction most of the shadow agrees with: each frog's as a candidate, the one
    # with the most weight within ``AGREE_DEG`` of it; then the mean of those.
    close = units @ units.T > math.cos(math.radians(AGREE_DEG))
    support = close.astype(np.float64) @ weights
    best = close[int(np.argmax(support))]
    if support.max() < AGREE * weights.sum() or np.count_nonzero(best) < MIN_FROGS:
        return None
    mean = (units[best] * weights[best, None]).sum(axis=0)
    return np.asarray(mean / np.hypot(*mean), np.float64)


def _reach(
    i: int,
    d: npt.NDArray[np.float64],
    one: float,
    walk: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]],
    counted: Counted,
    unseen: npt.NDArray[np.bool_] | None = None,
    also: Sequence[tuple[float, float]] = (),
) -> float | None:
    """How far (px) frog ``i``'s changed pixels and shadow run along ``d`` beyond its base:
    the median over the lines that meet no other piece or its shadow (``one``: one frog's
    shadow reach, px; 0 leaves shadows out). A line that ends in ``unseen`` (where a shadow
    may have ended unseen) tells nothing; ``also``: other pieces' shadows from another lamp
    (px), which tell nothing either. None: too few lines."""
    model, pieces = counted.model, counted.pieces
    p = counted.found[i]
    a, b = pieces.frog_mm[0] / 2 * model.ppm, pieces.frog_mm[1] / 2 * model.ppm
    centre = np.array([p.x_mm, p.y_mm]) * model.ppm
    half = math.ceil(a + NEAR_MM * model.ppm)
    x0, y0 = int(centre[0]) - half, int(centre[1]) - half
    window = _crop(walk[0], x0, y0, 2 * half)
    others = others_mask([i], counted, (x0, y0), 2 * half, (_cast(d, one), *also))
    others |= _crop(walk[1], x0, y0, 2 * half)
    # Whatever lies over its own base adds nothing to how far it runs beyond it.
    own = np.zeros(others.shape, np.uint8)
    poly = swept_outline("frog", p.x_mm, p.y_mm, p.angle_deg or 0.0, (0.0, 0.0), model, pieces)
    fill_outline(own, poly, (x0, y0))
    others &= own == 0
    across = np.array([-d[1], d[0]])
    t = math.radians(p.angle_deg or 0.0) - math.atan2(d[1], d[0])
    s = np.linspace(0, 2 * math.pi, 720, endpoint=False)
    e_along = a * np.cos(s) * math.cos(t) - b * np.sin(s) * math.sin(t)
    e_across = a * np.cos(s) * math.sin(t) + b * np.sin(s) * math.cos(t)
    starts, base = [], []
    for off in np.linspace(-0.3 * b, 0.3 * b, LINES):
        near = np.abs(e_across - off) < 0.75
        if near.any():
            starts.append(centre + across * off - [x0, y0])
            base.append(float(e_along[near].max()))
    if not starts:
        return None
    gap = max(1, round(GAP_MM * model.ppm))
    ahead, blocked = walk_lines(window, others, np.array(starts), d, gap)
    if unseen is not None:
        ends = np.round(np.array(starts) + [x0, y0] + ahead[:, None] * d).astype(int)
        h, w = unseen.shape
        ex, ey = np.clip(ends[:, 0], 0, w - 1), np.clip(ends[:, 1], 0, h - 1)
        blocked = blocked | unseen[ey, ex]
    beyond = (ahead - np.array(base))[~blocked]
    if len(beyond) < MIN_LINES:
        return None
    return float(np.median(beyond))


def _crop(mask: npt.NDArray[np.bool_], x0: int, y0: int, size: int) -> npt.NDArray[np.bool_]:
    """``mask[y0 : y0 + size, x0 : x0 + size]``, False beyond the raster."""
    out = np.zeros((size, size), bool)
    h, w = mask.shape
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + size, w), min(y0 + size, h)
    if xa < xb and ya < yb:
        out[ya - y0 : yb - y0, xa - x0 : xb - x0] = mask[ya:yb, xa:xb]
    return out
