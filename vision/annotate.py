"""Drawing what a scan saw: the picture the touchscreen shows. Not a stage: it only draws."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.frames import Frame
from vision.pondscape_grid import FOOD_ROW
from vision.pondscape_scan import FrameScan, PondScan
from vision.tags import TagRead

GREEN = (60, 200, 60)
ORANGE = (0, 140, 255)
RED = (40, 40, 230)
GREY = (170, 170, 170)
CYAN = (220, 200, 40)


def _poly(frame: Frame, t: TagRead, colour: tuple[int, int, int], width: int) -> None:
    pts = np.array(t.corners, dtype=np.float32).reshape(-1, 1, 2)
    cv2.polylines(frame, [pts.astype(np.int32)], True, colour, width, cv2.LINE_AA)


def _label(
    frame: Frame, text: str, at: tuple[float, float], colour: tuple[int, int, int], scale: float
) -> None:
    org = (int(at[0]), int(at[1]))
    thick = max(1, int(scale * 2))
    cv2.putText(
        frame, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), thick + 3, cv2.LINE_AA
    )
    cv2.putText(frame, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thick, cv2.LINE_AA)


def annotate_pondscape(
    frame: npt.NDArray[np.uint8], scan: PondScan | FrameScan, *, frame_index: int = -1
) -> Frame:
    """A copy of ``frame`` (uint8 (H, W, 3) BGR) with the scan drawn on it.

    The grid (pond cells and the food row) in cyan; each tag outlined: green
    when placed (with its cell and side written), orange for a food card,
    red when it does not fit the grid, grey for foreign codes. For a
    ``PondScan`` of several frames, ``frame_index`` says which frame's tags
    ``frame`` shows (the cells written are the voted ones).
    """
    out = frame.copy()
    w = out.shape[1]
    scale = max(0.5, w / 1600)
    width = max(1, int(w / 900))
    frames = scan.frames if isinstance(scan, PondScan) else [scan]
    last = frames[frame_index] if frames else None
    grid = last.grid if last is not None and last.grid is not None else scan.grid
    if grid is not None:
        # Cell borders sit half a step between tag positions.
        for r in range(FOOD_ROW + 2):
            pts = [grid.to_image(c - 0.5, r - 0.5) for c in np.linspace(0, 5, 11)]
            cv2.polylines(
                out, [np.array(pts, np.int32).reshape(-1, 1, 2)], False, CYAN, width, cv2.LINE_AA
            )
        for c in range(6):
            pts = [grid.to_image(c - 0.5, r - 0.5) for r in np.linspace(0, 4, 9)]
            cv2.polylines(
                out, [np.array(pts, np.int32).reshape(-1, 1, 2)], False, CYAN, width, cv2.LINE_AA
            )
    if last is None:
        return out
    placed: dict[str, str] = {}
    if isinstance(scan, PondScan):
        for (r, c), p in scan.placements.items():
            placed[p.number] = f"r{r} c{c} {'up' if p.side == 'F' else 'down'}"
    else:
        for (r, c), ps in scan.placements.items():
            for p in ps:
                placed[p.number] = f"r{r} c{c} {'up' if p.side == 'F' else 'down'}"
    food_numbers = set(last.food.values())
    unplaced = {t.payload for t in last.unplaced}
    for t in last.reads:
        corner = (min(x for x, _ in t.corners), min(y for _, y in t.corners) - 6)
        if not t.ours:
            _poly(out, t, GREY, width)
        elif t.card in food_numbers:
            _poly(out, t, ORANGE, width)
            _label(out, f"food {t.card}", corner, ORANGE, scale * 0.6)
        elif t.payload in unplaced or t.card not in placed:
            _poly(out, t, RED, width)
            _label(
                out,
                f"{t.card}? off grid" if t.payload in unplaced else f"{t.card}?",
                corner,
                RED,
                scale * 0.6,
            )
        else:
            _poly(out, t, GREEN, width)
            _label(out, f"{t.card} {placed[t.card or '']}", corner, GREEN, scale * 0.6)
    return out
