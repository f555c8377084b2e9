"""Printable PDF sheets: QR card tags (segno + reportlab) and ArUco board markers.

Tags: each sticker is the QR symbol (version 1, ECC M, alphanumeric) with a
white quiet zone of 4 modules on every side and, in small print under the code
inside the sticker, its payload and the card's name and side (from the
catalog), so the stickers can be matched to their cards; cut marks sit in the
gutters at every sticker corner. ``size_mm`` is the width of the symbol itself
(21 modules).

Markers: ArUco DICT_4X4_50 ids 0-3 (``cv2.aruco.generateImageMarker``), each
with its id and the board corner it goes in printed under it, for the Pond
board corners.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.files import atomic_write_bytes
from vision.tags import PAYLOAD_RE

QUIET_MODULES = 4
TEXT_MM = 3.2  # one line of the strip under the code (payload, card name, side)
CAPTION_PT = 5.0  # caption type size; shrunk per line when a name is wider than the sticker
GUTTER_MM = 5.0
MARGIN_MM = 12.0
CUT_MM = 2.0  # length of a cut mark
MARKER_DICT = "DICT_4X4_50"
MARKER_IDS = (0, 1, 2, 3)
#: Where each marker goes on the board, as the shipped layouts place them (``markers.centres_mm``).
MARKER_CORNERS = {0: "top-left", 1: "top-right", 2: "bottom-right", 3: "bottom-left"}


def _page_size(paper: str) -> tuple[float, float]:
    from reportlab.lib.pagesizes import A4, LETTER

    # reportlab is untyped: name what its page sizes are, (width, height) in points.
    sizes: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
    if paper in sizes:
        return sizes[paper]
    raise BadFileError(f"--paper: unknown paper {paper!r} (a4 or letter)")


def qr_modules(payload: str) -> list[list[bool]]:
    """The dark modules of our tag's QR symbol (version 1, ECC M, alphanumeric)."""
    import segno

    if not PAYLOAD_RE.match(payload):
        raise BadFileError(f"tag payload {payload!r} is not GAME:CARD:SIDE (e.g. PS:042:F)")
    qr = segno.make_qr(payload, error="m", version=1, mode="alphanumeric", boost_error=False)
    return [[bool(v) for v in row] for row in qr.matrix]


def _cut_marks(c: Any, x: float, y: float, w: float, h: float, mm: float) -> None:
    """Short lines just outside each corner of the box (x, y, w, h), in points, on the
    reportlab canvas ``c`` (reportlab is untyped)."""
    gap, n = 0.8 * mm, CUT_MM * mm
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            c.line(cx + sx * gap, cy, cx + sx * (gap + n), cy)
            c.line(cx, cy + sy * gap, cx, cy + sy * (gap + n))


def tag_sheet_pdf(
    payloads: Sequence[str],
    out: str | Path,
    *,
    size_mm: float = 16.0,
    paper: str = "a4",
    captions: Mapping[str, Sequence[str]] | None = None,
) -> int:
    """Write the tags of ``payloads`` to a PDF; returns the number of pages.

    ``captions`` maps a payload to the lines printed under it after the payload
    (``vision.catalog.tag_caption``: the card's name, then its side).
    """
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    if not 8.0 <= size_mm <= 60.0:
        raise BadFileError(f"--size-mm: {size_mm} is outside 8 to 60 mm")
    if not payloads:
        raise BadFileError("no tags to print")
    page_w, page_h = _page_size(paper)
    modules = [qr_modules(p) for p in payloads]
    n = len(modules[0])
    module = size_mm / n * mm
    sticker_w = (n + 2 * QUIET_MODULES) * module
    lines = 1 + max((len(captions.get(p, ())) for p in payloads), default=0) if captions else 1
    strip = TEXT_MM * mm + (lines - 1) * CAPTION_PT * 1.2
    sticker_h = sticker_w + strip
    step_x, step_y = sticker_w + GUTTER_MM * mm, sticker_h + GUTTER_MM * mm
    cols = int((page_w - 2 * MARGIN_MM * mm + GUTTER_MM * mm) // step_x)
    rows = int((page_h - 2 * MARGIN_MM * mm - 6 * mm + GUTTER_MM * mm) // step_y)
    if cols < 1 or rows < 1:
        raise BadFileError(f"--size-mm: {size_mm} mm tags do not fit on {paper} paper")
    per_page = cols * rows
    pdf = io.BytesIO()  # written whole, then put in place at once (never through a symlink)
    c = canvas.Canvas(pdf, pagesize=(page_w, page_h))
    c.setTitle("Pond Companion card tags")
    pages = 0
    font = min(6.0, TEXT_MM * mm * 0.75)
    for start in range(0, len(payloads), per_page):
        pages += 1
        c.setFont("Helvetica", 7)
        c.drawString(
            MARGIN_MM * mm,
            page_h - MARGIN_MM * mm + 2 * mm,
            f"Pond Companion card tags - page {pages} - symbol {size_mm:g} mm - print at 100% "
            "(no scaling); cut along the marks",
        )
        for i, (payload, mat) in enumerate(
            zip(payloads[start : start + per_page], modules[start : start + per_page], strict=True)
        ):
            r, k = divmod(i, cols)
            x = MARGIN_MM * mm + k * step_x
            y = page_h - MARGIN_MM * mm - 6 * mm - (r + 1) * sticker_h - r * GUTTER_MM * mm
            c.setStrokeGray(0.35)
            c.setLineWidth(0.3)
            _cut_marks(c, x, y, sticker_w, sticker_h, mm)
            c.setFillGray(0.0)
            top = y + sticker_h - QUIET_MODULES * module
            for row, line in enumerate(mat):
                for col, dark in enumerate(line):
                    if dark:
                        c.rect(
                            x + (QUIET_MODULES + col) * module,
                            top - (row + 1) * module,
                            module,
                            module,
                            stroke=0,
                            fill=1,
                        )
            text = [payload, *(captions.get(payload, ()) if captions else ())]
            base = y + strip - TEXT_MM * mm + 0.9 * mm
            for j, words in enumerate(text):
                size = font if j == 0 else CAPTION_PT
                width = stringWidth(words, "Helvetica", size)
                if width > sticker_w - 1 * mm:
                    size *= (sticker_w - 1 * mm) / width
                c.setFont("Helvetica", size)
                c.drawCentredString(x + sticker_w / 2, base - j * CAPTION_PT * 1.2, words)
        c.showPage()
    c.save()
    atomic_write_bytes(out, pdf.getvalue())
    return pages


def marker_bits(marker_id: int) -> list[list[bool]]:
    """The 6x6 black/white cells (with the black border) of an ArUco 4x4 marker."""
    import cv2

    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, MARKER_DICT))
    img = cv2.aruco.generateImageMarker(dictionary, marker_id, 6, borderBits=1)
    return [[int(v) < 128 for v in row] for row in img]


def marker_sheet_pdf(out: str | Path, *, size_mm: float = 50.0, paper: str = "a4") -> int:
    """The four Pond board corner markers (ids 0-3), each with its id and corner; returns pages."""
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    if not 15.0 <= size_mm <= 90.0:
        raise BadFileError(f"--size-mm: {size_mm} is outside 15 to 90 mm")
    page_w, page_h = _page_size(paper)
    side = size_mm * mm
    quiet = side / 6  # one marker cell of white around it
    cell_w, cell_h = side + 2 * quiet, side + 2 * quiet + 8 * mm
    cols = max(1, int((page_w - 2 * MARGIN_MM * mm) // (cell_w + GUTTER_MM * mm)))
    rows = max(1, int((page_h - 2 * MARGIN_MM * mm - 8 * mm) // (cell_h + GUTTER_MM * mm)))
    per_page = cols * rows
    pdf = io.BytesIO()  # written whole, then put in place at once (never through a symlink)
    c = canvas.Canvas(pdf, pagesize=(page_w, page_h))
    c.setTitle("Pond Companion board markers")
    pages = 0
    for start in range(0, len(MARKER_IDS), per_page):
        pages += 1
        c.setFont("Helvetica", 8)
        c.drawString(
            MARGIN_MM * mm,
            page_h - MARGIN_MM * mm,
            f"Pond board corner markers (ArUco {MARKER_DICT}) - {size_mm:g} mm - print at 100%",
        )
        c.drawString(
            MARGIN_MM * mm,
            page_h - MARGIN_MM * mm - 3.5 * mm,
            "Lay each marker in the board corner printed under it, as the layout file says "
            "(markers.centres_mm).",
        )
        for i, marker_id in enumerate(MARKER_IDS[start : start + per_page]):
            r, k = divmod(i, cols)
            x = MARGIN_MM * mm + k * (cell_w + GUTTER_MM * mm)
            y = page_h - MARGIN_MM * mm - 8 * mm - (r + 1) * cell_h - r * GUTTER_MM * mm
            c.setStrokeGray(0.35)
            c.setLineWidth(0.3)
            _cut_marks(c, x, y, cell_w, cell_h, mm)
            bits = marker_bits(marker_id)
            unit = side / len(bits)
            top = y + cell_h - quiet
            c.setFillGray(0.0)
            for row, line in enumerate(bits):
                for col, dark in enumerate(line):
                    if dark:
                        c.rect(
                            x + quiet + col * unit,
                            top - (row + 1) * unit,
                            unit,
                            unit,
                            stroke=0,
                            fill=1,
                        )
            c.setFont("Helvetica-Bold", 11)
            c.drawCentredString(x + cell_w / 2, y + 4.4 * mm, f"id {marker_id}")
            where = f"{MARKER_CORNERS[marker_id]} corner of the board"
            size = min(7.0, 7.0 * (cell_w - 2 * mm) / stringWidth(where, "Helvetica", 7.0))
            c.setFont("Helvetica", size)
            c.drawCentredString(x + cell_w / 2, y + 1.4 * mm, where)
        c.showPage()
    c.save()
    atomic_write_bytes(out, pdf.getvalue())
    return pages
