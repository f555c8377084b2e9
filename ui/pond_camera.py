"""Watching the Pond map through the camera for the End Phase review (off the UI thread).

``BoardScanner`` reads frames on a worker (``ui.bridge``), counts the pieces in
each pond with ``vision.pond.count.count_board``, and only reports a board when
several consecutive frames agree (``vision.pond.watch.BoardWatcher``, or the
same rule here when it is missing: ``AGREE`` equal counts in a row). A frame with
a hand over the map or a hidden marker is never a board: the scanner waits and
the annotated picture says why. A camera with an exposure control (the Pi camera) is
steered by each frame's markers' paper (``steer_exposure``): half a stop less when it is
cut at white, and the frames' agreement starts over; one with autofocus focuses again after
a photo refused as out of focus (``refocus``). Every callback runs on the main
thread.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from ui.bridge import run_in_background
from ui.preview import downscale

log = logging.getLogger(__name__)

#: Consecutive frames that must count the same board before it is reported.
AGREE = 3
#: Largest size of the picture handed to the screen.
PICTURE_MAX = (960, 720)
#: Largest full-resolution picture kept for "see it big" (a GPU's usual texture limit).
FULL_MAX = (4096, 4096)


@dataclass
class BoardRead:
    """What one frame gave: the picture to show, and the ponds once the frames agree."""

    picture: Any  # BGR uint8, annotated and downscaled
    ponds: dict[str, Any] | None  # the board event's ``ponds`` once agreed, else None
    ok: bool
    reason: str
    warnings: list[str]
    #: The same annotated picture at full resolution (capped at FULL_MAX), for "see it big".
    full: Any = None


#: The empty-board reference of each side of the map, in the data folder beside its layout.
EMPTY_BOARD_FILE = "pond-empty-board-{n}.png"


def empty_board_for(data_folder: Path | None, layout: Any, pieces: Any) -> Any:
    """The owner's empty-board reference for this side of the map (Settings > Pond map >
    Empty board), or None when there is none (or it cannot be read: logged)."""
    if data_folder is None:
        return None
    path = data_folder / EMPTY_BOARD_FILE.format(n=len(layout.ponds))
    if not path.is_file():
        return None
    from vision.pond.reference import read_empty_board

    try:
        return read_empty_board(path, layout, pieces)
    except CompanionError as exc:
        log.warning("empty-board reference not used: %s", exc)
        return None


#: The owner's calibrated pieces (``vision.pond.pieces``), in the data folder.
PIECES_FILE = "pond-pieces.json"


#: The white balance the camera took the empty-board photo with
#: (``vision.white_balance``), beside it; the Pond camera holds it for the game's photos.
WHITE_BALANCE_FILE = "pond-white-balance-{n}.json"


#: Gains further apart than this share from the last empty-board photo's: another light.
WHITE_BALANCE_MOVED = 0.05


def save_white_balance(camera: Any, data_folder: Path, side: int) -> str | None:
    """After the empty-board photo: keep the white balance the camera took it with beside it,
    and what the screen says of it after "Saved ...": ", and the camera's white balance (red
    1.82, blue 1.61 (3412 K)), which it holds for the game's photos", with, when it differs
    from the last photo's by over ``WHITE_BALANCE_MOVED``, that the pieces' colours, taken
    under the last one, want taking again (so too when they were taken before the first).
    None, and any older file removed (it belonged to
    another photo), for a camera that has none or does not say. A file that cannot be
    written (a full disk) or removed is said ("but ..."), never raised: the photo itself is
    kept either way."""
    from vision.frames import WhiteBalanceControl
    from vision.white_balance import read_white_balance_file, write_white_balance_file

    path = data_folder / WHITE_BALANCE_FILE.format(n=side)
    wb = camera.white_balance() if isinstance(camera, WhiteBalanceControl) else None
    if wb is None:
        return _removed(path)
    had = os.path.lexists(path)
    try:
        last = read_white_balance_file(path) if had else None
    except CompanionError:
        last = None  # unreadable: replaced below
    try:
        write_white_balance_file(path, wb)
    except CompanionError as exc:
        log.warning("white balance not kept: %s", exc)
        return _removed(path) or (
            f", but not the camera's white balance ({exc}): it judges the light itself"
        )
    said = (
        f", and the camera's white balance ({wb.describe()}), which it holds for the game's photos"
    )
    if last is not None and not wb.near(last, WHITE_BALANCE_MOVED):
        said += (
            f"; it judged the light otherwise at the last photo ({last.describe()}): take "
            "the pieces' colours again too (Settings: Colours)"
        )
    elif not had and (data_folder / PIECES_FILE).is_file():
        said += (
            "; the pieces' colours were taken before it, perhaps under another: take them "
            "again too (Settings: Colours)"
        )
    return said


def _removed(path: Path) -> str | None:
    """Remove an older white balance that no longer belongs to the empty-board photo; None,
    or what the screen says when it cannot be."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("old white balance not removed: %s", exc)
        return (
            f", but the old white balance {path.name} could not be removed ({exc.strerror}): "
            "delete it by hand"
        )
    return None


def hold_white_balance_for(camera: Any, data_folder: Path | None, side: int) -> str | None:
    """Before photographing the game (or the pieces' colours): a camera with a white balance
    (``vision.frames.WhiteBalanceControl``) holds the one the empty-board photo of this side
    was taken with, so its colours are mixed as in that photo; without such a file it judges
    the light itself. What the screen should say when the file cannot be read (it is then
    not used), else None."""
    from vision.frames import WhiteBalanceControl
    from vision.white_balance import read_white_balance_file

    if not isinstance(camera, WhiteBalanceControl):
        return None
    path = None if data_folder is None else data_folder / WHITE_BALANCE_FILE.format(n=side)
    if path is None or not os.path.lexists(path):
        camera.hold_white_balance(None)
        return None
    try:
        wb = read_white_balance_file(path)
    except CompanionError as exc:
        log.warning("white balance not held: %s", exc)
        camera.hold_white_balance(None)
        return (
            f"the empty-board photo's white balance is not used ({exc}): photograph the "
            "empty board again"
        )
    if not camera.hold_white_balance(wb):
        log.warning("the camera did not hold the empty-board photo's white balance %s", wb)
    return None


#: Photos of the empty board taken at most while the camera's exposure is moved between them.
EMPTY_TRIES = 5


def steer_exposure(camera: Any, paper: float | None) -> str | None:
    """Move the camera's exposure as a frame's markers' paper asks
    (``vision.pond.exposure.next_exposure_value``), and say so; None when it stays (the
    paper is fine or unseen, the limit is reached, or the camera has no control: files and
    OpenCV sources)."""
    from vision.frames import ExposureControl
    from vision.pond.exposure import next_exposure_value

    if not isinstance(camera, ExposureControl):
        return None
    before = camera.exposure_value
    ev = next_exposure_value(paper, before)
    if ev is None:
        return None
    camera.set_exposure_value(ev)
    why = "too bright (the markers' white paper is cut at white)" if ev < before else "too dark"
    return f"the photo is {why}: the camera's exposure is set to {ev:+.1f} EV, reading again"


def camera_notes(camera: Any) -> list[str]:
    """What the camera wants the owner to know about its pictures (``vision.frames``
    sources' ``notes``: the Pi camera whose tone curve could not be set); none for a camera
    without them."""
    return [str(note) for note in getattr(camera, "notes", ())]


def camera_sentences(camera: Any, more: Iterable[str] = ()) -> str:
    """``camera_notes``, then ``more``, as sentences to follow a screen's status (each after a
    space), so a camera not set up as the count expects is never silent; "" when none."""
    return "".join(f" {n[:1].upper()}{n[1:]}." for n in (*camera_notes(camera), *more))


def refocus(camera: Any) -> str | None:
    """Ask a camera with autofocus (``vision.frames.FocusControl``) to focus again, after a
    photo refused as out of focus; what the scan says, or None for a camera without it or
    when its autofocus found no sharp picture (the refusal's own words then stand: "focus
    the camera or hold it still")."""
    from vision.frames import FocusControl

    if isinstance(camera, FocusControl) and camera.focus():
        return "the photo was out of focus: the camera focused again, reading again"
    return None


def photograph_empty_board(camera: Any, layout: Any, pieces: Any) -> tuple[Any, list[str]]:
    """The step "photograph the empty board": a frame of the board with nothing on it, taken
    again (up to ``EMPTY_TRIES`` photos) while its markers' paper asks the camera for another
    exposure, and once more after a camera with autofocus focused again when the photo was
    refused (out of focus, or markers not seen: a lens at rest can blur them away); a camera
    with a white balance judges the light itself for it (``save_white_balance`` keeps its
    judgement). The reference (``vision.pond.reference.EmptyBoard``) and notes for the owner;
    ``CompanionError`` when the camera gives no picture or the markers are not all seen."""
    from vision.frames import WhiteBalanceControl
    from vision.pond.exposure import brighter_than_usual, marker_paper
    from vision.pond.model import board_model
    from vision.pond.reference import make_empty_board

    if isinstance(camera, WhiteBalanceControl):
        camera.hold_white_balance(None)  # the camera judges this light: its judgement is kept
    model = board_model(layout, pieces)
    refocused = False
    taken = 0
    while True:
        frame = camera.read()
        if frame is None:
            raise CompanionError("the camera gives no picture")
        try:
            empty, notes = make_empty_board(frame, layout, pieces, "the photo")
        except CompanionError:
            if refocused or refocus(camera) is None:
                raise
            refocused = True
            continue
        taken += 1
        paper = marker_paper(empty.raster, model)
        if steer_exposure(camera, paper) is None or taken >= EMPTY_TRIES:
            break
    if brighter_than_usual(paper):
        notes.append(
            "the photo is brighter than usual (the markers' white paper is cut at white): "
            "a shorter exposure or less light would read the pieces' colours better"
        )
    return empty, notes + camera_notes(camera)


def pieces_for(data_folder: Path | None) -> Any:
    """The owner's calibrated pieces (``pond-pieces.json`` in the data folder) or the default."""
    from vision.pond.pieces import read_pieces_file

    own = data_folder / PIECES_FILE if data_folder is not None else None
    return read_pieces_file(own if own is not None and own.is_file() else None)


class BoardScanner:
    """Reads and counts frames one after another while running."""

    def __init__(
        self,
        camera: Any,
        layout: Any,
        on_read: Callable[[BoardRead], Any],
        on_error: Callable[[str], Any],
        *,
        pieces: Any = None,
        empty: Any = None,
        data_folder: Path | None = None,
    ) -> None:
        from vision.pond import BoardWatcher, annotate_board, count_board

        self.count_board = count_board
        self.annotate = annotate_board
        self.camera = camera
        self.layout = layout
        self.on_read = on_read
        self.on_error = on_error
        self.pieces = pieces if pieces is not None else pieces_for(None)
        self.empty = empty  # the empty-board reference (vision.pond.reference), or None
        self.data_folder = data_folder  # where the empty board's white balance is kept
        self.held = False  # the camera's white balance set for this scan (at its first read)
        #: What the screen should say about this scan's camera (``hold_white_balance_for``).
        self.notes: list[str] = []
        self.watcher = BoardWatcher(AGREE)
        self.running = False
        self.reads = 0
        self._lock = threading.Lock()

    def start(self) -> None:
        if not self.running:
            self.running = True
            self._next()

    def stop(self) -> None:
        self.running = False

    def _next(self) -> None:
        if self.running:
            run_in_background(self.read_once, on_done=self._done, on_error=self._failed)

    def read_once(self) -> BoardRead:
        """Read and count one frame (on a worker thread, or directly for the demo)."""
        with self._lock:  # one camera read at a time
            if not self.held:
                self.held = True
                side = len(self.layout.ponds)
                note = hold_white_balance_for(self.camera, self.data_folder, side)
                self.notes += [note] if note is not None else []
            frame = self.camera.read()
        if frame is None:
            raise CompanionError("the camera gives no picture (camera lost)")
        count = self.count_board(frame, self.layout, self.pieces, self.empty)
        with self._lock:
            moved = steer_exposure(self.camera, getattr(count, "paper", None))
            if moved is None and getattr(count, "blurred", False):
                moved = refocus(self.camera)
        if moved is not None:  # this frame's exposure is left behind: its count does not vote
            self.watcher.reset()
            agreed, reason = None, f"waits: {moved}"  # the screen: "Camera waits: ..."
        else:
            settled = self.watcher.add(count)
            agreed = dict(settled.ponds) if settled is not None else None
            reason = str(self.watcher.status)
        picture = crop_to_board(self.annotate(frame, count), count, self.layout)
        return BoardRead(
            downscale(picture, *PICTURE_MAX),
            agreed,
            bool(count.ok),
            reason,
            [str(w) for w in count.warnings],
            full=downscale(picture, *FULL_MAX),
        )

    def _done(self, read: BoardRead) -> None:
        if not self.running:
            return
        self.reads += 1
        self.on_read(read)
        self._next()

    def _failed(self, exc: BaseException) -> None:
        if not self.running:
            return  # stopped while a read was in flight: not an error
        self.running = False
        self.on_error(str(exc))


def crop_to_board(picture: Any, count: Any, layout: Any, margin: float = 0.06) -> Any:
    """The part of the picture that shows the board (with a margin), so the small review
    panel shows the ponds, not the table around them. The whole picture if the board's
    place is unknown (a frame that waits)."""
    import numpy as np

    pose = getattr(count, "pose", None)
    if pose is None:
        return picture
    w_mm, h_mm = layout.size_mm
    corners = np.array([[0, 0, 1], [w_mm, 0, 1], [w_mm, h_mm, 1], [0, h_mm, 1]], dtype=float)
    img = corners @ np.asarray(pose.mm_to_image, dtype=float).T
    xs, ys = img[:, 0] / img[:, 2], img[:, 1] / img[:, 2]
    h, w = picture.shape[:2]
    mx, my = (xs.max() - xs.min()) * margin, (ys.max() - ys.min()) * margin
    x0, x1 = int(max(0, xs.min() - mx)), int(min(w, xs.max() + mx))
    y0, y1 = int(max(0, ys.min() - my)), int(min(h, ys.max() + my))
    if x1 - x0 < 16 or y1 - y0 < 16:
        return picture
    return picture[y0:y1, x0:x1]
