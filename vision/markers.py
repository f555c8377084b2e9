"""The four ArUco corner markers of the Pond map board, and the image -> board-mm homography.

Markers: OpenCV's ``DICT_4X4_50``, ids 0 to 3 (printed by ``pond-companion markers
sheet``), laid at the corners of the board where the layout file says
(``markers.centres_mm``, side ``markers.size_mm``). They are found again in every
frame, so the camera and the board may move between turns.

Stages (pure functions on the ``vision.frames`` pixel format, uint8 (H, W, 3) BGR):

- ``detect_markers(frame) -> {id: corners}``: corners a float32 (4, 2) array of image
  pixels in ArUco's order (the printed marker's top-left, top-right, bottom-right,
  bottom-left). Found on a reduced grey copy (fast), then refined to sub-pixel on
  full-resolution windows. Given the markers' board places, one still missing gets a
  second look with a more forgiving reading of its bits (a blurred photo), kept only
  where the markers found say it must be.
- ``board_homography(found, centres_mm, size_mm) -> BoardPose``: the 3x3 homography
  from image pixels to board millimetres. It is first fitted on the four centres, then
  refined on all sixteen corners, matching each marker's corners whatever way round
  the owner laid the marker down. ``at_least=3`` fits it on three markers (their centres
  first, as an affine map, then their twelve corners): the Pond counter's pose when one
  marker is under glare or covered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

import cv2
import numpy as np
import numpy.typing as npt

from vision.cvarrays import f64, u8
from vision.frames import MIN_IMAGE_SIDE, Frame

DICTIONARY_NAME = "DICT_4X4_50"
MARKER_IDS: tuple[int, ...] = (0, 1, 2, 3)
#: The coarse pass looks at a copy whose longest side is about this many pixels.
DETECT_SIDE = 1200

Matrix = npt.NDArray[np.float64]
Corners = npt.NDArray[np.float32]

_detector: cv2.aruco.ArucoDetector | None = None
_forgiving: cv2.aruco.ArucoDetector | None = None
#: The second look accepts a marker within this share of the found markers' median spacing
#: of where they put it (an affine guess: perspective moves the truth by up to about 15%)...
NEAR_GUESS = 0.25
#: ...and of a size within this factor of theirs.
SIZE_FACTOR = 2.0


def _get_detector() -> cv2.aruco.ArucoDetector:
    global _detector
    if _detector is None:
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
        _detector = cv2.aruco.ArucoDetector(dictionary, params)
    return _detector


def _get_forgiving() -> cv2.aruco.ArucoDetector:
    """The second look's detector: it reads a marker's bits with all the dictionary's error
    correction and ignores more of each cell's edge, so a blurred photo, whose one-cell
    bits smear into their neighbours, is still read. It also reads more false markers in
    busy art, so only its markers where the others say one must be are kept."""
    global _forgiving
    if _forgiving is None:
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        params.errorCorrectionRate = 1.0
        params.perspectiveRemoveIgnoredMarginPerCell = 0.3
        dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
        _forgiving = cv2.aruco.ArucoDetector(dictionary, params)
    return _forgiving


def _candidates(
    grey: npt.NDArray[np.uint8], detector: cv2.aruco.ArucoDetector
) -> list[tuple[int, Corners]]:
    """Every marker of ours the detector reads: (id, float32 (4, 2) corners), in its order."""
    corners, ids, _ = detector.detectMarkers(grey)
    if ids is None:
        return []
    return [
        (int(i), np.asarray(c, np.float32).reshape(4, 2))
        for c, i in zip(corners, ids.ravel(), strict=True)
        if int(i) in MARKER_IDS
    ]


def _detect(grey: npt.NDArray[np.uint8]) -> dict[int, Corners]:
    found: dict[int, Corners] = {}
    for i, c in _candidates(grey, _get_detector()):
        found.setdefault(i, c)
    return found


def _refine(
    grey_full_window: npt.NDArray[np.uint8], point: npt.NDArray[np.float32], win: int
) -> npt.NDArray[np.float32]:
    pts = np.asarray(point, np.float32).reshape(1, 1, 2).copy()
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
    cv2.cornerSubPix(grey_full_window, pts, (win, win), (-1, -1), criteria)
    return pts.reshape(2)


def halve(image: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Half size by 2x2 averaging (OpenCV's fast path for an exact factor of 2)."""
    h, w = image.shape[:2]
    return u8(
        cv2.resize(image[: h - h % 2, : w - w % 2], (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    )


def detect_markers(
    frame: Frame,
    *,
    wanted: tuple[int, ...] = MARKER_IDS,
    centres_mm: Mapping[int, tuple[float, float]] | None = None,
) -> dict[int, Corners]:
    """Find the board's corner markers: ``{id: float32 (4, 2) image-pixel corners}``.

    Ids other than ``wanted`` are ignored. A marker not found is simply absent. The
    coarse pass runs on a copy halved until its longest side is near ``DETECT_SIDE``;
    if a wanted marker is missing there, the next finer level is searched too. Given
    the markers' places on the board (``centres_mm``), a marker still missing while two
    or more are found gets a second look (``_second_look``).
    """
    if min(frame.shape[:2]) < MIN_IMAGE_SIDE:
        return {}  # too small to hold a marker
    levels = [frame]
    while max(levels[-1].shape[:2]) > DETECT_SIDE * 1.4:
        levels.append(halve(levels[-1]))
    found: dict[int, Corners] = {}
    scales: dict[int, int] = {}
    greys: dict[int, npt.NDArray[np.uint8]] = {}
    for depth in range(len(levels) - 1, -1, -1):
        scale = 2**depth
        greys[depth] = u8(cv2.cvtColor(levels[depth], cv2.COLOR_BGR2GRAY))
        for i, c in _detect(greys[depth]).items():
            if i not in found:
                found[i], scales[i] = (c + 0.5) * scale - 0.5, scale
        if all(i in found for i in wanted) or depth <= len(levels) - 2:
            break  # a small or blurred marker gets one finer look, no more
    missing = [i for i in wanted if i not in found]
    if missing and centres_mm is not None:
        for i, (c, scale) in _second_look(greys, found, missing, centres_mm).items():
            found[i], scales[i] = c, scale
    for i, c in found.items():
        if scales[i] > 1:
            found[i] = _refine_marker(frame, c, scales[i])
    return {i: found[i] for i in sorted(found) if i in wanted}


def _second_look(
    greys: Mapping[int, npt.NDArray[np.uint8]],
    found: Mapping[int, Corners],
    missing: list[int],
    centres_mm: Mapping[int, tuple[float, float]],
) -> dict[int, tuple[Corners, int]]:
    """Missing markers read by the forgiving detector (``_get_forgiving``) on the levels
    already made, coarsest first, kept only where the markers found put one: within
    ``NEAR_GUESS`` of their spacing of the affine (two found: similarity) guess from their
    board places, and within ``SIZE_FACTOR`` of their size. Needs two markers found."""
    known = [i for i in sorted(found) if i in centres_mm]
    if len(known) < 2:
        return {}
    img = np.array([_centre(found[i]) for i in known], np.float32)
    mm = np.array([centres_mm[i] for i in known], np.float32)
    if len(known) >= 3:
        guess, _ = cv2.estimateAffine2D(mm, img, method=cv2.LMEDS)
    else:
        guess, _ = cv2.estimateAffinePartial2D(mm, img, method=cv2.LMEDS)
    if guess is None:
        return {}
    spacing = float(
        np.median([np.linalg.norm(img[a] - img[b]) for a, b in combinations(range(len(img)), 2)])
    )
    size = float(np.median([_side(found[i]) for i in known]))
    out: dict[int, tuple[Corners, int]] = {}
    for depth in sorted(greys, reverse=True):
        scale = 2**depth
        for i, c in _candidates(greys[depth], _get_forgiving()):
            if i not in missing or i in out:
                continue
            c = (c + 0.5) * scale - 0.5
            want = guess[:, :2] @ np.asarray(centres_mm[i], np.float64) + guess[:, 2]
            near = float(np.linalg.norm(_centre(c) - want)) <= NEAR_GUESS * spacing
            if near and 1 / SIZE_FACTOR <= _side(c) / size <= SIZE_FACTOR:
                out[i] = (c, scale)
        if len(out) == len(missing):
            break
    return out


def _side(c: Corners) -> float:
    """A marker's mean side in pixels."""
    return float(np.mean(np.linalg.norm(c - np.roll(c, 1, axis=0), axis=1)))


def _refine_marker(frame: Frame, c: Corners, scale: int) -> Corners:
    """Sub-pixel corners on full-resolution windows around the coarse ones."""
    h, w = frame.shape[:2]
    side = float(np.linalg.norm(c[0] - c[2])) / 1.414
    win = int(np.clip(side / 12, 2, 10))
    out = np.empty_like(c)
    for k in range(4):
        x, y = c[k]
        x0, y0 = int(x) - 2 * win - 2, int(y) - 2 * win - 2
        x1, y1 = int(x) + 2 * win + 3, int(y) + 2 * win + 3
        if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
            out[k] = c[k]
            continue
        grey = u8(cv2.cvtColor(frame[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY))
        origin = np.array([x0, y0], np.float32)
        p = _refine(grey, c[k] - origin, win) + origin
        # Refinement that wanders off means a blurred corner: keep the coarse one.
        out[k] = p if np.linalg.norm(p - c[k]) < scale * 1.5 else c[k]
    return out


@dataclass(frozen=True)
class BoardPose:
    """Where the board is in one image.

    ``image_to_mm`` maps homogeneous image pixels to board millimetres; ``mm_to_image``
    is its inverse. ``rms_mm`` is the fit's root-mean-square error over the sixteen
    marker corners, in board millimetres (a few tenths on a good frame).
    """

    image_to_mm: Matrix
    mm_to_image: Matrix
    rms_mm: float

    def px_per_mm(self, x_mm: float, y_mm: float) -> float:
        """Image pixels per board millimetre around a board point (perspective varies it)."""
        jac = _jacobian(self.mm_to_image, x_mm, y_mm)
        return float(np.sqrt(abs(np.linalg.det(jac))))


def _jacobian(h: Matrix, x: float, y: float) -> Matrix:
    den = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    u = (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / den
    v = (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / den
    return np.array(
        [
            [(h[0, 0] - u * h[2, 0]) / den, (h[0, 1] - u * h[2, 1]) / den],
            [(h[1, 0] - v * h[2, 0]) / den, (h[1, 1] - v * h[2, 1]) / den],
        ]
    )


def _centre(c: Corners) -> npt.NDArray[np.float64]:
    """The marker's centre: where its diagonals cross (exact under perspective)."""
    p1, p2, p3, p4 = (c[k].astype(np.float64) for k in range(4))
    d1, d2 = p3 - p1, p4 - p2
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-9:
        return np.asarray(c.mean(axis=0), np.float64)
    t = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / den
    return np.asarray(p1 + t * d1, np.float64)  # already float64: no copy


def apply_homography(h: Matrix, pts: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Map (N, 2) points through ``h``."""
    arr = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    return f64(cv2.perspectiveTransform(arr, h)).reshape(-1, 2)


def board_homography(
    found: Mapping[int, Corners],
    centres_mm: Mapping[int, tuple[float, float]],
    size_mm: float,
    *,
    at_least: int = 4,
) -> BoardPose:
    """Fit the image -> board-mm homography on the markers ``found`` (all four needed, or
    ``at_least`` of them: 3 or 4).

    Raises ``ValueError`` naming the missing ids (callers turn it into a "waits" reason).
    """
    missing = [i for i in sorted(centres_mm) if i not in found]
    ids = [i for i in sorted(centres_mm) if i in found]
    if missing and len(ids) < max(3, min(at_least, len(centres_mm))):
        raise ValueError(f"marker {', '.join(map(str, missing))} not seen")
    img_c = np.array([_centre(found[i]) for i in ids], np.float32)
    mm_c = np.array([centres_mm[i] for i in ids], np.float64)
    if len(ids) == 3:  # the centres give an affine map, to match each marker's corners
        coarse = np.vstack([cv2.getAffineTransform(img_c, mm_c.astype(np.float32)), [0, 0, 1]])
    else:
        coarse = f64(cv2.getPerspectiveTransform(img_c[:4], mm_c[:4].astype(np.float32)))
    half = size_mm / 2
    template = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    img_pts, mm_pts = [], []
    for i, mm in zip(ids, mm_c, strict=True):
        corners_mm = apply_homography(coarse, found[i])
        want = template + mm
        # The owner may have laid the marker any way round: match its corners by rotation.
        best = min(range(4), key=lambda r: float(np.sum((np.roll(want, r, 0) - corners_mm) ** 2)))
        img_pts.append(found[i].astype(np.float64))
        mm_pts.append(np.roll(want, best, 0))
    src = np.concatenate(img_pts)
    dst = np.concatenate(mm_pts)
    fit, _ = cv2.findHomography(src, dst, 0)
    fine = coarse.astype(np.float64) if fit is None else f64(fit)
    err = apply_homography(fine, src) - dst
    rms = float(np.sqrt(np.mean(np.sum(err**2, axis=1))))
    return BoardPose(fine, np.asarray(np.linalg.inv(fine), np.float64), rms)
