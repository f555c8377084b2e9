"""Drawing what was counted on the photo: the picture players check at each End Phase.

``annotate_board(frame, count)`` returns a copy of ``frame`` (uint8 (H, W, 3) BGR) with
the pond outlines, a mark on each counted piece in its faction's colour (a ring for a
frog, a bar for a Long Fwooog, "x2" when one mark stands for frogs packed together),
the lilypads and who holds them, each pond's totals in a box, and a banner with the
warnings. A frame that waits gets a red banner saying why and, where known, the area
covered by a hand or arm.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.frames import Frame
from vision.markers import apply_homography
from vision.pond.count import BoardCount

#: Drawing colours (BGR) of the factions: the shipped pieces file's, brightened.
FACTION_BGR: dict[str, tuple[int, int, int]] = {
    "wizard": (210, 90, 150),
    "pumpkin": (40, 140, 255),
    "banana": (60, 230, 250),
    "cowboy": (60, 60, 220),
}
SHORT = {"wizard": "Wiz", "pumpkin": "Pum", "banana": "Ban", "cowboy": "Cow"}
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
RED = (40, 40, 230)
FLAG = (0, 150, 255)  # orange: a pond or an area a warning names


def _text(
    img: Frame, text: str, org: tuple[int, int], scale: float, colour: tuple[int, ...], thick: int
) -> None:
    """Text with a dark outline, readable on any background."""
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, BLACK, thick + 2, cv2.LINE_AA)
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thick, cv2.LINE_AA)


def _banner(img: Frame, lines: list[str], colour: tuple[int, int, int], scale: float) -> None:
    thick = max(1, round(scale * 2))
    line_h = int(32 * scale)
    height = line_h * len(lines) + line_h // 2
    overlay = img.copy()
    cv2.rectangle(overlay, (0, 0), (img.shape[1], height), colour, -1)
    cv2.addWeighted(overlay, 0.75, img, 0.25, 0, dst=img)
    for i, line in enumerate(lines):
        _text(img, line, (int(12 * scale), line_h * (i + 1)), scale, WHITE, thick)


def _pond_summary(entry: dict[str, object]) -> list[str]:
    frogs = entry.get("frogs") or {}
    fwooogs = entry.get("fwooogs") or []
    out = []
    assert isinstance(frogs, dict) and isinstance(fwooogs, list)
    for faction in sorted(set(frogs) | set(fwooogs)):
        n = int(frogs.get(faction, 0))
        lf = fwooogs.count(faction)
        part = f"{SHORT.get(faction, faction)} {n}"
        if lf:
            part += f"+{lf}LF"
        out.append(part)
    pad = entry.get("lilypad")
    if pad is not None:
        out.append("pad: " + ("free" if pad == "free" else SHORT.get(str(pad), str(pad))))
    return out


def annotate_board(frame: Frame, count: BoardCount) -> Frame:
    """A copy of ``frame`` showing what ``count`` saw (see the module docstring)."""
    img = frame.copy()
    if img.size == 0:
        return img  # nothing to draw on
    w = img.shape[1]
    scale = max(0.5, w / 2000)
    thick = max(1, round(scale * 2))
    pose = count.pose
    if pose is not None:
        to_img = pose.mm_to_image
        ppm = (
            pose.px_per_mm(
                *np.mean([p for poly in count.polygons_mm.values() for p in poly], axis=0)
            )
            if count.polygons_mm
            else 1.0
        )
        for pid, poly in count.polygons_mm.items():
            pts = apply_homography(to_img, poly).round().astype(np.int32)
            if pid in count.flagged:  # a warning names this pond: drawn thick, in orange
                cv2.polylines(img, [pts], True, FLAG, thick * 3 + 2, cv2.LINE_AA)
            cv2.polylines(img, [pts], True, WHITE, thick, cv2.LINE_AA)
        for x, y, bw, bh in count.glare_mm:
            box = apply_homography(to_img, [(x, y), (x + bw, y), (x + bw, y + bh), (x, y + bh)])
            cv2.polylines(img, [box.round().astype(np.int32)], True, FLAG, thick, cv2.LINE_AA)
            _text(img, "glare", tuple(box[0].round().astype(int)), scale * 0.7, FLAG, thick)
        for pad in count.lilypads:
            ((cx, cy),) = apply_homography(to_img, [(pad.x_mm, pad.y_mm)])
            holder = pad.holder or pad.fwooog
            colour = FACTION_BGR.get(holder, WHITE) if holder else WHITE
            cv2.circle(img, (round(cx), round(cy)), round(15 * ppm), colour, thick, cv2.LINE_AA)
        for p in count.pieces:
            ((cx, cy),) = apply_homography(to_img, [(p.x_mm, p.y_mm)])
            centre = (round(cx), round(cy))
            colour = FACTION_BGR.get(p.faction, WHITE)
            if p.kind == "fwooog":
                cv2.circle(img, centre, round(9 * ppm), BLACK, thick + 3, cv2.LINE_AA)
                cv2.circle(img, centre, round(9 * ppm), colour, thick + 1, cv2.LINE_AA)
                _text(
                    img,
                    "LF",
                    (centre[0] - round(5 * ppm), centre[1] + round(3 * ppm)),
                    scale * 0.7,
                    colour,
                    thick,
                )
            else:
                cv2.circle(img, centre, round(5 * ppm), BLACK, thick + 2, cv2.LINE_AA)
                cv2.circle(img, centre, round(5 * ppm), colour, thick, cv2.LINE_AA)
                if p.frogs > 1:
                    _text(
                        img,
                        f"x{p.frogs}",
                        (centre[0] + round(6 * ppm), centre[1]),
                        scale * 0.7,
                        colour,
                        thick,
                    )
            if p.pond is None or p.share < 0.95 or p.doubt is not None:
                cv2.drawMarker(
                    img,
                    centre,
                    RED,
                    cv2.MARKER_TILTED_CROSS,
                    round(14 * ppm),
                    thick + 1,
                    cv2.LINE_AA,
                )
        if count.ok:
            for pid, poly in count.polygons_mm.items():
                corners = apply_homography(to_img, poly)
                x0, y0 = corners.min(axis=0)
                x1, _ = corners.max(axis=0)
                lines = [pid, *_pond_summary(count.ponds.get(pid, {}))]
                line_h = int(22 * scale)
                box_w = int(max(len(s) for s in lines) * 11 * scale) + 8
                bx = int(min(max(0, (x0 + x1) / 2 - box_w / 2), w - box_w))
                by = int(max(0, y0 - line_h * len(lines) - 6))
                overlay = img.copy()
                cv2.rectangle(
                    overlay, (bx, by), (bx + box_w, by + line_h * len(lines) + 6), BLACK, -1
                )
                cv2.addWeighted(overlay, 0.6, img, 0.4, 0, dst=img)
                for i, line in enumerate(lines):
                    _text(
                        img,
                        line,
                        (bx + 4, by + line_h * (i + 1)),
                        scale * 0.6,
                        WHITE,
                        max(1, thick - 1),
                    )
        for x, y, bw, bh in count.occluded_mm:
            box = apply_homography(to_img, [(x, y), (x + bw, y), (x + bw, y + bh), (x, y + bh)])
            cv2.polylines(img, [box.round().astype(np.int32)], True, RED, thick + 2, cv2.LINE_AA)
    if not count.ok:
        _banner(img, [f"WAITING: {count.reason}"], RED, scale)
    elif count.warnings:
        shown = count.warnings[:6]
        more = len(count.warnings) - len(shown)
        _banner(
            img, shown + ([f"... and {more} more"] if more else []), (40, 110, 160), scale * 0.7
        )
    return img
