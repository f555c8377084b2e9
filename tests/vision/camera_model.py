"""A camera as a camera, for the tests' scene generators (test code, not shipped; game-agnostic).

What it models, each assumption written beside it:

- **Pinhole camera with a pose** (``Camera``, ``camera_pose``): the world is the table plane in
  millimetres, x to the right, y away from the player ("down" the board picture), heights above
  the table positive. The camera sits ``distance_mm`` from a target point on the table, its axis
  ``tilt_deg`` off the vertical (0 = straight down), leaning from the side ``azimuth_deg`` says
  (0 = from the player's side, +y). Default lens: the Raspberry Pi Camera Module 3's, about 66
  degrees horizontal field of view, the same for 4608x2592 and the binned 2304x1296 (``SIZES``).
  Lens distortion, when the generators ask for it (their ``lens_k1``): radial, Brown's model
  ``x_d = x (1 + k1 r^2 + k2 r^4)`` in normalised image coordinates (``k1 < 0``: barrel). The
  scene is rendered through a pinhole camera on a wider canvas (``widened``) and resampled
  (``distortion_map``, ``distort``). Off by default.
- **Projection** of any 3D point (``project``), of the table plane or a plane at a height
  (``plane_homography``), and a planar texture rendered through that homography
  (``render_plane``), so textured art is seen in perspective, not pasted flat; a texture
  printed on tilted flat facets (``render_facets``: a folded board that does not lie flat).
- **Light** in the scene, before the sensor: lamp glare as a smooth, bright, desaturated blob
  (``add_glare``, a semi-gloss surface reflecting a lamp), light falling off across the table
  (``light_falloff``), and a white-balance shift (``white_balance``, ``warm_gains``): a warmer or
  colder lamp than at calibration.
- **Sensor** (``sensor``): lens blur, then an RGGB-style Bayer mosaic (one colour per photosite),
  shot noise (variance proportional to the signal) plus read noise, 10-bit quantisation, the
  demosaic an ISP does, and optionally JPEG.

Images are BGR; scene radiance is float32 0-255 ("display" values, no gamma model), the
sensor's output uint8 (H, W, 3).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
U8 = npt.NDArray[np.uint8]

#: Camera Module 3 (IMX708): full resolution and the 2x2-binned mode, same field of view.
SIZES: dict[str, tuple[int, int]] = {"full": (4608, 2592), "binned": (2304, 1296)}
#: Camera Module 3 standard lens: about 66 degrees horizontal (102 for the wide version).
HFOV_DEG = 66.0


@dataclass(frozen=True)
class Camera:
    """A pinhole camera: ``size`` (w, h) px, horizontal field of view, pose in table mm.

    Internally the world is right-handed with Z pointing INTO the table (x right, y down the
    board picture), so a height ``h`` above the table is ``Z = -h``; ``rotation`` rows are the
    camera's right, down and forward axes (OpenCV's camera frame), a proper rotation.
    """

    size: tuple[int, int]
    hfov_deg: float
    centre_mm: tuple[float, float, float]  # camera centre: x, y, height above the table
    rotation: tuple[tuple[float, ...], ...]  # 3x3, world -> camera

    @property
    def focal_px(self) -> float:
        return (self.size[0] / 2) / math.tan(math.radians(self.hfov_deg) / 2)

    @property
    def K(self) -> F64:
        f = self.focal_px
        return np.array([[f, 0, self.size[0] / 2], [0, f, self.size[1] / 2], [0, 0, 1]], np.float64)

    @property
    def R(self) -> F64:
        return np.array(self.rotation, np.float64)

    @property
    def C(self) -> F64:
        """Camera centre in the internal frame (Z into the table)."""
        x, y, h = self.centre_mm
        return np.array([x, y, -h], np.float64)

    def to_camera(self, xyh: npt.ArrayLike) -> F64:
        """(N, 3) table points (x, y, height) -> camera coordinates (N, 3), z = depth."""
        p = np.atleast_2d(np.asarray(xyh, np.float64))
        world = np.c_[p[:, 0], p[:, 1], -p[:, 2]]
        return (self.R @ (world - self.C).T).T

    def project(self, xyh: npt.ArrayLike) -> F64:
        """(N, 3) table points (x, y, height above the table, mm) -> (N, 2) image px."""
        cam = self.to_camera(xyh)
        uv = (self.K @ cam.T).T
        return uv[:, :2] / uv[:, 2:3]

    def depth(self, xyh: npt.ArrayLike) -> F64:
        """Distance along the camera axis of each point (for painter's ordering)."""
        return self.to_camera(xyh)[:, 2]

    def plane_homography(self, height_mm: float = 0.0) -> F64:
        """3x3 homography: (x, y) mm on the plane ``height_mm`` above the table -> image px."""
        r = self.R
        t = r[:, 2] * (-height_mm) - r @ self.C
        h = self.K @ np.column_stack([r[:, 0], r[:, 1], t])
        return h / h[2, 2]

    def nadir_mm(self) -> tuple[float, float]:
        """The table point straight below the camera centre."""
        return self.centre_mm[0], self.centre_mm[1]

    def view_angle_deg(self, x: float, y: float) -> float:
        """Angle between the vertical and the ray from the camera to table point (x, y)."""
        cx, cy, h = self.centre_mm
        return math.degrees(math.atan2(math.hypot(x - cx, y - cy), h))

    def mm_per_px_at(self, x: float, y: float) -> float:
        """Approximate table millimetres per image pixel around table point (x, y)."""
        p = self.project([[x, y, 0], [x + 1, y, 0], [x, y + 1, 0]])
        (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
        return 1.0 / math.sqrt(abs(ax * by - ay * bx))


def widened(camera: Camera, margin_px: int) -> Camera:
    """The same camera (same focal length, pose, principal point at the centre) seeing
    ``margin_px`` more on every side: the pinhole image a distorted one is resampled from."""
    w, h = camera.size
    f = camera.focal_px
    hfov = 2 * math.degrees(math.atan((w / 2 + margin_px) / f))
    return Camera((w + 2 * margin_px, h + 2 * margin_px), hfov, camera.centre_mm, camera.rotation)


_IDEAL: dict[tuple[Any, ...], tuple[F64, F64]] = {}


def _ideal_points(size: tuple[int, int], hfov_deg: float, k1: float, k2: float) -> tuple[F64, F64]:
    """For each pixel of a ``size`` image seen through the lens, where the pinhole camera of
    the same size puts it (pixel-index x and y, float64). Cached: the Pond generator asks for
    the same lens on every photo, and ``distortion_margin`` and ``distort`` share it."""
    key = (size, hfov_deg, k1, k2)
    if key not in _IDEAL:
        w, h = size
        f = (w / 2) / math.tan(math.radians(hfov_deg) / 2)
        # Pixel centres, normalised; the ideal point is found by fixed-point iteration of
        # x_u = x_d / (1 + k1 r_u^2 + k2 r_u^4) (converges for the mild lenses modelled here).
        xd = (np.arange(w, dtype=np.float64) + 0.5 - w / 2)[None, :] / f
        yd = (np.arange(h, dtype=np.float64) + 0.5 - h / 2)[:, None] / f
        xu, yu = np.broadcast_to(xd, (h, w)).copy(), np.broadcast_to(yd, (h, w)).copy()
        for _ in range(20):
            r2 = xu * xu + yu * yu
            scale = 1 + k1 * r2 + k2 * r2 * r2
            xu, yu = xd / scale, yd / scale
        r2 = xu * xu + yu * yu
        miss = np.abs(xu * (1 + k1 * r2 + k2 * r2 * r2) - xd).max()
        if not miss < 1e-6:
            raise ValueError(f"no lens with k1={k1}, k2={k2} reaches this frame's corners")
        _IDEAL.clear()
        _IDEAL[key] = (xu * f + w / 2 - 0.5, yu * f + h / 2 - 0.5)
    return _IDEAL[key]


def distortion_margin(size: tuple[int, int], hfov_deg: float, k1: float, k2: float = 0.0) -> int:
    """Pixels a pinhole canvas needs beyond ``size`` on every side to feed ``distortion_map``."""
    mx, my = _ideal_points(size, hfov_deg, k1, k2)
    w, h = size
    reach = max(-float(mx.min()), -float(my.min()), float(mx.max()) - w, float(my.max()) - h)
    return max(0, math.ceil(reach)) + 4


def distortion_map(
    size: tuple[int, int], hfov_deg: float, k1: float, k2: float = 0.0, margin_px: int = 0
) -> tuple[F32, F32]:
    """For each pixel of a ``size`` image seen through a lens with radial distortion
    (``k1``, ``k2``), where it lies in the pinhole image of ``widened(camera, margin_px)``:
    the ``cv2.remap`` maps."""
    mx, my = _ideal_points(size, hfov_deg, k1, k2)
    return (mx + margin_px).astype(np.float32), (my + margin_px).astype(np.float32)


def distort_points(
    pts: npt.ArrayLike, size: tuple[int, int], hfov_deg: float, k1: float, margin_px: int
) -> F64:
    """Points (N, 2) of the pinhole image of ``widened(camera, margin_px)`` (pixel-index
    coordinates) -> where the distorting lens puts them in the ``size`` frame."""
    w, h = size
    f = (w / 2) / math.tan(math.radians(hfov_deg) / 2)
    p = np.asarray(pts, np.float64).reshape(-1, 2)
    x = (p[:, 0] + 0.5 - (w / 2 + margin_px)) / f
    y = (p[:, 1] + 0.5 - (h / 2 + margin_px)) / f
    scale = 1 + k1 * (x * x + y * y)
    return np.c_[x * scale * f + w / 2 - 0.5, y * scale * f + h / 2 - 0.5]


def distort(
    pinhole: F32, size: tuple[int, int], hfov_deg: float, k1: float, k2: float = 0.0
) -> F32:
    """Resample the pinhole image of ``widened(camera, m)`` (``m`` read off its size) into the
    ``size`` image the distorting lens makes."""
    m = (pinhole.shape[1] - size[0]) // 2
    mx, my = distortion_map(size, hfov_deg, k1, k2, m)
    out = cv2.remap(pinhole, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(out, np.float32)


def camera_pose(
    size: tuple[int, int],
    distance_mm: float,
    tilt_deg: float,
    *,
    target_mm: tuple[float, float] = (0.0, 0.0),
    azimuth_deg: float = 0.0,
    roll_deg: float = 0.0,
    hfov_deg: float = HFOV_DEG,
) -> Camera:
    """A camera ``distance_mm`` from ``target_mm`` on the table, looking at it.

    Its axis is ``tilt_deg`` off the vertical, leaning from the side given by ``azimuth_deg``
    (0: the camera is on the player's side, +y, looking away from them; 90: on the -x side).
    The image stays upright as the player sees the table (image x ~ table x at azimuth 0);
    ``roll_deg`` turns the camera about its axis.
    """
    t, a = math.radians(tilt_deg), math.radians(azimuth_deg)
    tx, ty = target_mm
    direction = np.array([-math.sin(a), math.cos(a)])  # from the target towards the camera
    cx, cy = np.array([tx, ty]) + direction * distance_mm * math.sin(t)
    height = distance_mm * math.cos(t)
    centre = np.array([cx, cy, -height])
    fwd = np.array([tx, ty, 0.0]) - centre
    fwd /= np.linalg.norm(fwd)
    x_hint = np.array([math.cos(a), math.sin(a), 0.0])
    right = x_hint - (x_hint @ fwd) * fwd
    right /= np.linalg.norm(right)
    down = np.cross(fwd, right)
    r = math.radians(roll_deg)
    right, down = (
        math.cos(r) * right + math.sin(r) * down,
        -math.sin(r) * right + math.cos(r) * down,
    )
    rot = np.vstack([right, down, fwd])
    return Camera(
        size=size,
        hfov_deg=hfov_deg,
        centre_mm=(float(cx), float(cy), float(height)),
        rotation=tuple(tuple(float(v) for v in row) for row in rot),
    )


def fit_distance(
    size: tuple[int, int],
    tilt_deg: float,
    rect_mm: tuple[float, float, float, float],
    *,
    margin: float = 0.03,
    azimuth_deg: float = 0.0,
    hfov_deg: float = HFOV_DEG,
) -> float:
    """The shortest distance at which the rectangle (x0, y0, x1, y1) fills the view.

    The camera looks at the rectangle's centre; ``margin`` is the fraction of the frame kept
    free on every side.
    """
    x0, y0, x1, y1 = rect_mm
    pts = np.array([[x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0]], np.float64)
    w, h = size
    lo, hi = 50.0, 20000.0
    for _ in range(60):
        mid = (lo + hi) / 2
        cam = camera_pose(
            size,
            mid,
            tilt_deg,
            target_mm=((x0 + x1) / 2, (y0 + y1) / 2),
            azimuth_deg=azimuth_deg,
            hfov_deg=hfov_deg,
        )
        uv = cam.project(pts)
        inside = (
            (uv[:, 0] >= margin * w).all()
            and (uv[:, 0] <= (1 - margin) * w).all()
            and (uv[:, 1] >= margin * h).all()
            and (uv[:, 1] <= (1 - margin) * h).all()
            and (cam.depth(pts) > 0).all()
        )
        lo, hi = (lo, mid) if inside else (mid, hi)
    return hi


def render_plane(
    texture: F32,
    texture_ppm: float,
    camera: Camera,
    *,
    origin_mm: tuple[float, float] = (0.0, 0.0),
    height_mm: float = 0.0,
    background: F32 | None = None,
    mask: npt.NDArray[np.uint8] | None = None,
) -> tuple[F32, npt.NDArray[np.uint8]]:
    """Render a planar ``texture`` (float32 BGR, ``texture_ppm`` px per mm, its pixel (0, 0)
    at table point ``origin_mm``) as the camera sees it, over ``background``.

    Returns the image and the coverage mask (uint8 0-255). The texture should be no coarser
    than the camera's sampling of it (texture_ppm >= camera px per mm) or it will look soft;
    finer textures are pre-shrunk with a pyramid so they do not alias.
    """
    w, h = camera.size
    tex, m, ppm = _shrunk(texture, texture_ppm, camera, origin_mm, mask)
    to_tex = np.array(
        [[ppm, 0, -origin_mm[0] * ppm], [0, ppm, -origin_mm[1] * ppm], [0, 0, 1]], np.float64
    )
    img_from_tex = camera.plane_homography(height_mm) @ np.linalg.inv(to_tex)
    out = cv2.warpPerspective(
        tex, img_from_tex, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT
    )
    cover = cv2.warpPerspective(
        m, img_from_tex, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT
    )
    if background is None:
        return out, cover
    a = cover.astype(np.float32)[..., None] / 255
    return (background * (1 - a) + out * a).astype(np.float32), cover


def _shrunk(
    texture: F32,
    texture_ppm: float,
    camera: Camera,
    origin_mm: tuple[float, float],
    mask: npt.NDArray[np.uint8] | None,
) -> tuple[F32, npt.NDArray[np.uint8], float]:
    """The texture and its mask shrunk (pyramid) while more than twice as fine as the image
    samples them at the texture's centre, and the px per mm that leaves."""
    cx = origin_mm[0] + texture.shape[1] / texture_ppm / 2
    cy = origin_mm[1] + texture.shape[0] / texture_ppm / 2
    cam_ppm = 1.0 / camera.mm_per_px_at(cx, cy)
    tex, m = texture, (np.full(texture.shape[:2], 255, np.uint8) if mask is None else mask)
    ppm = texture_ppm
    while ppm > 2.2 * cam_ppm and min(tex.shape[:2]) > 8:
        tex = cv2.pyrDown(tex)
        m = cv2.pyrDown(m)
        ppm /= 2
    return tex, m, ppm


def render_facets(
    texture: F32,
    texture_ppm: float,
    camera: Camera,
    facets: list[tuple[npt.NDArray[np.uint8], tuple[float, float, float]]],
    *,
    background: F32,
) -> tuple[F32, npt.NDArray[np.uint8]]:
    """Render a texture printed on a surface of flat facets (a folded board that does not lie
    flat): each facet is a mask over the texture (uint8, 255 inside; the masks partition it)
    and its plane, height ``a + b x + c y`` mm above the table at texture point (x, y) mm
    (pixel (0, 0) at the table's origin). Returns the image over ``background`` and the
    coverage mask, as ``render_plane``."""
    w, h = camera.size
    out = np.zeros((h, w, 3), np.float32)
    cover = np.zeros((h, w), np.float32)
    for mask, (a, b, c) in facets:
        tex, m, ppm = _shrunk(texture, texture_ppm, camera, (0.0, 0.0), mask)
        th, tw = tex.shape[:2]
        corners = np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float64)
        mm = corners / ppm
        img_pts = camera.project(np.c_[mm, a + b * mm[:, 0] + c * mm[:, 1]])
        img_from_tex = cv2.getPerspectiveTransform(
            corners.astype(np.float32), img_pts.astype(np.float32)
        )
        weight = m.astype(np.float32) / 255
        out += cv2.warpPerspective(
            tex * weight[..., None], img_from_tex, (w, h), flags=cv2.INTER_LINEAR
        )
        cover += cv2.warpPerspective(weight, img_from_tex, (w, h), flags=cv2.INTER_LINEAR)
    a_ = np.clip(cover, 0, 1)[..., None]
    seen = out / np.maximum(cover, 1e-6)[..., None]
    img = (background * (1 - a_) + seen * a_).astype(np.float32)
    return img, (np.clip(cover, 0, 1) * 255).astype(np.uint8)


# ---------------------------------------------------------------- light


def _radial_field(
    size: tuple[int, int], centre: tuple[float, float], sigma: tuple[float, float], angle: float
) -> F32:
    w, h = size
    step = 4
    yy, xx = np.mgrid[0:h:step, 0:w:step].astype(np.float32)
    ca, sa = math.cos(angle), math.sin(angle)
    dx, dy = xx - centre[0], yy - centre[1]
    u = (dx * ca + dy * sa) / sigma[0]
    v = (-dx * sa + dy * ca) / sigma[1]
    small = np.exp(-0.5 * (u * u + v * v)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def glare_alpha(
    size: tuple[int, int],
    centre_px: tuple[float, float],
    radius_px: float,
    strength: float = 0.8,
    *,
    elongation: float = 1.4,
    angle_deg: float = 0.0,
) -> F32:
    """A lamp's reflection on a semi-gloss surface: a smooth elliptical blob, peak ``strength``.

    The profile is a Gaussian core plus a wider, fainter halo, so it has no hard edge.
    """
    a = math.radians(angle_deg)
    core = _radial_field(size, centre_px, (radius_px * elongation / 2, radius_px / 2), a)
    halo = _radial_field(size, centre_px, (radius_px * elongation, radius_px), a)
    return np.clip(strength * (0.75 * core + 0.25 * halo), 0, 1).astype(np.float32)


#: What a coated print reflects of the light falling on it near straight on (a dielectric,
#: refractive index about 1.5): the art under a lamp's reflection is dimmed by that much.
FRESNEL = 0.04


def add_glare(
    img: F32,
    centre_px: tuple[float, float],
    radius_px: float,
    strength: float = 0.8,
    *,
    tint_bgr: tuple[float, float, float] = (245.0, 250.0, 255.0),
    elongation: float = 1.4,
    angle_deg: float = 0.0,
    mask: npt.NDArray[np.uint8] | None = None,
    additive: bool = False,
) -> F32:
    """Blend the lamp's near-white reflection into ``img`` (scene radiance, float32 BGR).

    Bright and desaturated where it is strong; ``mask`` (uint8) limits it to the glossy
    surface (the board), since the table may be matte. ``additive``: the reflection adds to
    the light, and dims what it covers only by what the surface reflects (``FRESNEL``, a
    coated print seen near straight on), not a blend towards white (which dims the art
    under a peak of 0.85 to 28%).
    """
    alpha = glare_alpha(
        img.shape[1::-1], centre_px, radius_px, strength, elongation=elongation, angle_deg=angle_deg
    )
    if mask is not None:
        alpha *= mask.astype(np.float32) / 255
    a = alpha[..., None]
    tint = np.array(tint_bgr, np.float32)
    if additive:
        return (img * (1 - FRESNEL * np.minimum(a / max(strength, 1e-6), 1)) + tint * a).astype(
            np.float32
        )
    return (img * (1 - a) + tint * a + img * a * 0.15).astype(np.float32)


def _grid(size: tuple[int, int]) -> tuple[F32, F32]:
    """Pixel y and x of a ``size`` frame on an 8 px grid (the light's fields are smooth, and
    resized to the frame)."""
    w, h = size
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    return yy, xx


def _along(size: tuple[int, int], angle_deg: float) -> F32:
    """Each grid pixel's distance from the frame's centre along ``angle_deg`` (px)."""
    w, h = size
    yy, xx = _grid(size)
    a = math.radians(angle_deg)
    t: F32 = (xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)
    return t


def light_falloff(
    size: tuple[int, int], darker: float, angle_deg: float, *, centre_bright: float = 0.0
) -> F32:
    """A gain field: one side of the frame ``darker`` (0-1) darker than the other along
    ``angle_deg``; ``centre_bright`` adds a lamp-centred bump. Multiply radiance by it."""
    w, h = size
    t = _along(size, angle_deg)
    t = (t - t.min()) / max(float(t.max() - t.min()), 1e-6)
    gain = 1 - darker * t
    if centre_bright:
        yy, xx = _grid(size)
        r2 = ((xx - w / 2) / w) ** 2 + ((yy - h / 2) / h) ** 2
        gain = gain * (1 + centre_bright * np.exp(-r2 * 4))
    return cv2.resize(gain.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def _across(size: tuple[int, int], angle_deg: float) -> F32:
    """Each pixel's place along ``angle_deg`` across the frame, -1 at one side, 1 at the other
    (on ``_along``'s 8 px grid: the fields here are smooth)."""
    t = _along(size, angle_deg)
    out: F32 = (2 * (t - t.min()) / max(float(t.max() - t.min()), 1e-6) - 1).astype(np.float32)
    return out


def mixed_light(size: tuple[int, int], amount: float, angle_deg: float) -> F32:
    """Per-pixel BGR gains of two lights of different colour from either side (a warm lamp on
    one, daylight from a window on the other): ``warm_gains(amount)`` at one side of the frame,
    ``warm_gains(-amount)`` at the other, blended along ``angle_deg``. (H, W, 3) float32."""
    w, h = size
    t = _across(size, angle_deg)
    g = np.stack([np.asarray(warm_gains(amount * float(v)), np.float32) for v in (-1.0, 1.0)])
    field = g[0] + (g[1] - g[0]) * ((t + 1) / 2)[..., None]
    return cv2.resize(field.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def lens_shading(size: tuple[int, int], vignette: float, colour_shading: float) -> F32:
    """Per-pixel BGR gains of the lens shading a camera's pipeline does not correct: the light
    falls off with the square of the distance from the frame's centre, ``vignette`` darker at
    the corners (0.2: a fifth), red ``colour_shading`` more and blue that much less (the
    infrared filter's shading: the corners redder or bluer). (H, W, 3) float32."""
    w, h = size
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = (w - 1) / 2, (h - 1) / 2
    r2 = ((x - cx) ** 2 + (y - cy) ** 2) / (cx * cx + cy * cy)
    fall = np.array([vignette - colour_shading, vignette, vignette + colour_shading], np.float32)
    out: F32 = (1 - r2[..., None] * fall).astype(np.float32)
    return out


def flicker_bands(size: tuple[int, int], amount: float, rng: np.random.Generator) -> F32:
    """Per-row gains of a lamp flickering at twice the mains frequency, caught by a rolling
    shutter whose rows are read one after another: the light ``1 + amount sin(...)``, 1.2 to
    2 periods down the frame (a readout of 12-20 ms against the light's 10 ms), at a random
    phase. (H, W) float32."""
    w, h = size
    periods = float(rng.uniform(1.2, 2.0))
    phase = float(rng.uniform(0, 2 * math.pi))
    rows = 1 + amount * np.sin(2 * math.pi * periods * np.arange(h) / h + phase)
    out: F32 = np.repeat(rows.astype(np.float32)[:, None], w, axis=1)
    return out


def body_shadow(
    size: tuple[int, int], depth: float, angle_deg: float, edge: float, soft_px: float
) -> F32:
    """A gain field: the soft shadow of someone leaning over the table. Beyond a straight edge
    across the frame (along ``angle_deg`` at ``edge``, -1 to 1 as in ``_across``) the light is
    ``depth`` (0-1) dimmer; the penumbra is ``soft_px`` wide (a smoothstep)."""
    w, h = size
    t = _across(size, angle_deg)
    a = math.radians(angle_deg)
    span = (abs(w * math.cos(a)) + abs(h * math.sin(a))) / 2  # _across's unit, in pixels
    x = np.clip((t - edge) * span / max(soft_px, 1.0) + 0.5, 0.0, 1.0)
    gain = 1 - depth * x * x * (3 - 2 * x)
    return cv2.resize(gain.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def motion_blur(img: F32, length_px: float, angle_deg: float) -> F32:
    """The camera moved during the exposure (a bump to its stand): ``img`` smeared along a
    straight line ``length_px`` long at ``angle_deg`` (a box kernel, drawn antialiased)."""
    if length_px <= 1:
        return img
    n = math.ceil(length_px) | 1
    size = n + 2
    kern = np.zeros((size, size), np.float32)
    c = (size - 1) / 2
    a = math.radians(angle_deg)
    dx, dy = math.cos(a) * length_px / 2, math.sin(a) * length_px / 2
    sub = 16
    cv2.line(
        kern,
        (round((c - dx) * sub), round((c - dy) * sub)),
        (round((c + dx) * sub), round((c + dy) * sub)),
        1.0,
        1,
        cv2.LINE_AA,
        4,
    )
    kern /= max(float(kern.sum()), 1e-6)
    out: F32 = cv2.filter2D(img, -1, kern, borderType=cv2.BORDER_REPLICATE).astype(np.float32)
    return out


def warm_gains(amount: float) -> tuple[float, float, float]:
    """BGR gains of a light ``amount`` warmer (>0) or colder (<0) than the calibration light,
    as a camera with fixed white balance sees it (0.15: roughly 3000 K against 4000 K)."""
    return (1.0 - amount, 1.0 - 0.15 * amount, 1.0 + amount)


def white_balance(img: F32, gains_bgr: tuple[float, float, float]) -> F32:
    """Scale each channel (a lamp of another colour, white balance fixed)."""
    return (img * np.array(gains_bgr, np.float32)).astype(np.float32)


def sensor_light(img: F32, gains_bgr: tuple[float, float, float]) -> F32:
    """A lamp of another colour seen by a camera that holds its white balance and its colour
    matrix (the Pi camera holding the owner's photo's, ``vision.white_balance``): the light's
    colour is a gain per channel in the sensor's own colours, which the matrix ``PI_CCM``
    then gives back mixed (``M D M^-1`` in the scene's linear BGR, where ``white_balance``
    is ``D``). Assumes the sensor's channels narrow enough that a light's colour scales each
    (von Kries), and the light change of ``warm_gains`` in the sensor's colours."""
    m = PI_CCM[::-1, ::-1].astype(np.float64)  # BGR
    t = m @ np.diag(np.asarray(gains_bgr, np.float64)) @ np.linalg.inv(m)
    return (img @ t.T.astype(np.float32)).astype(np.float32)


# ---------------------------------------------------------------- sensor

_BAYER_TO_BGR = {
    "ea": cv2.COLOR_BayerBG2BGR_EA,
    "bilinear": cv2.COLOR_BayerBG2BGR,
    "vng": cv2.COLOR_BayerBG2BGR_VNG,
}


def mosaic(img: F32) -> F32:
    """Keep one colour per photosite, in the pattern OpenCV's ``BayerBG`` decodes.

    OpenCV names patterns from the second row's second and third pixels, so ``BayerBG`` is the
    sensor layout R G / G B (IMX708's RGGB)."""
    h, w = img.shape[:2]
    raw = np.empty((h, w), np.float32)
    raw[0::2, 0::2] = img[0::2, 0::2, 2]  # R
    raw[0::2, 1::2] = img[0::2, 1::2, 1]  # G
    raw[1::2, 0::2] = img[1::2, 0::2, 1]  # G
    raw[1::2, 1::2] = img[1::2, 1::2, 0]  # B
    return raw


#: A camera's tone curve (``sensor(tone="pi")``): linear light (0-1 of the sensor's full
#: scale) to the output (0-1), straight between these points. Sampled here, rounded, from the
#: shape of the contrast curve in the Raspberry Pi's published default tuning for the Camera
#: Module 3 (imx708): it lifts the mid-tones well above sRGB's (a quarter of full scale reads
#: 0.62; sRGB 0.54) and presses the highlights together (the top quarter of the light spans
#: 0.07 of the output). Its adaptive contrast stretch (``ce_enable``) is not modelled.
TONE_X = (0, 1 / 64, 1 / 32, 1 / 16, 1 / 8, 3 / 16, 1 / 4, 3 / 8, 1 / 2, 5 / 8, 3 / 4, 7 / 8, 1)
TONE_Y = (0, 0.077, 0.142, 0.234, 0.393, 0.518, 0.62, 0.757, 0.837, 0.895, 0.934, 0.968, 1)


#: The Pi camera's colour matrix (``sensor(tone="ccm")``): the Camera Module 3's (imx708)
#: published default tuning's ``rpi.ccm`` at its warmest colour temperature, 2964 K (a warm
#: lamp: the strongest of its five), rows R, G, B of the output from the sensor's R, G, B.
#: Each row sums to 1, so white stays white. The scene is taken as lit at that temperature,
#: so this matrix's inverse is what the sensor sees.
PI_CCM = np.array(
    [
        [1.72129, -0.45961, -0.26169],
        [-0.30042, 1.56924, -0.26882],
        [0.15133, -1.13293, 1.98161],
    ],
    np.float32,
)
#: The same tuning's matrices at 3610 K and 4640 K, and at 3180 K (a third of the way to
#: 3610 K: libcamera interpolates the matrices by temperature): what the camera applies when
#: its auto white balance judges the same light at that temperature instead
#: (``sensor(tone="ccm36")``, ``"ccm46"``, ``"ccm32"``): the sensor's colours as before, given
#: back through another matrix.
_CCM_3610 = np.array(
    [
        [1.54474, -0.35082, -0.19391],
        [-0.36989, 1.67926, -0.30936],
        [-0.00524, -0.55197, 1.55722],
    ],
    np.float32,
)
PI_CCMS = {
    "ccm": PI_CCM,
    "ccm32": PI_CCM + (_CCM_3610 - PI_CCM) * np.float32((3180 - 2964) / (3610 - 2964)),
    "ccm36": _CCM_3610,
    "ccm46": np.array(
        [
            [1.52972, -0.35168, -0.17804],
            [-0.28309, 1.67098, -0.38788],
            [0.01695, -0.57209, 1.55515],
        ],
        np.float32,
    ),
    "isp": PI_CCM,  # the matrix, and the camera's sharpening after the tone curve
}
#: The Pi camera's sharpening (``sensor(tone="isp")``): its tuning's ``rpi.sharpen`` is on by
#: default (strength 1, threshold 0.75, limit 0.5) and the ISP's filter is not published;
#: taken here as an unsharp mask on the picture's luma: its detail over a Gaussian of
#: ``SHARPEN_SIGMA`` px, less ``SHARPEN_CORE`` levels (the noise left alone), at most
#: ``SHARPEN_LIMIT`` levels, added to the three channels alike (halos at every edge).
SHARPEN_SIGMA = 1.0
SHARPEN_CORE = 2.0
SHARPEN_LIMIT = 40.0


def sharpened(picture: U8) -> U8:
    """``picture`` through the camera's sharpening (``SHARPEN_SIGMA`` and the rest)."""
    f = picture.astype(np.float32)
    y = f @ np.array([0.114, 0.587, 0.299], np.float32)
    detail = y - cv2.GaussianBlur(y, (0, 0), SHARPEN_SIGMA)
    detail = np.sign(detail) * np.clip(np.abs(detail) - SHARPEN_CORE, 0, SHARPEN_LIMIT)
    out: U8 = np.clip(np.round(f + detail[..., None]), 0, 255).astype(np.uint8)
    return out


def tone_lut(tone: str) -> U8:
    """The 10-bit-to-8-bit table of a tone curve: "pi" (``TONE_X``, ``TONE_Y``) or "power",
    the power law ``vision.picamera_source`` gives the Pi camera, straight between the points
    it gives (as the ISP applies it)."""
    x = np.arange(1024) / 1023
    if tone in PI_CCMS:
        tone = "power"
    if tone == "pi":
        y = np.interp(x, TONE_X, TONE_Y)
    elif tone == "power":
        from vision.picamera_source import power_tone_curve

        pts = np.asarray(power_tone_curve(), np.float64).reshape(-1, 2) / 65535
        y = np.interp(x, pts[:, 0], pts[:, 1])
    else:
        raise ValueError(f"tone must be 'pi' or 'power', not {tone!r}")
    return np.round(y * 255).astype(np.uint8)


def srgb_to_linear(v: npt.ArrayLike) -> F32:
    """sRGB-coded values (0-255) as linear light (0-255): how a surface drawn in sRGB
    colours reflects."""
    x = np.clip(np.asarray(v, np.float32) / 255, 0, None)
    lin = np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4)
    return (lin * 255).astype(np.float32)


def linear_to_srgb(v: npt.ArrayLike) -> F32:
    """The inverse of ``srgb_to_linear``."""
    x = np.clip(np.asarray(v, np.float32) / 255, 0, None)
    enc = np.where(x <= 0.0031308, x * 12.92, 1.055 * x ** (1 / 2.4) - 0.055)
    return (enc * 255).astype(np.float32)


def sensor(
    img: F32,
    rng: np.random.Generator,
    *,
    blur_sigma: float = 0.6,
    shot_gain: float = 0.08,
    read_noise: float = 1.5,
    gain: float = 1.0,
    demosaic: str = "bilinear",
    jpeg_quality: int | None = None,
    tone: str = "",
    vignette: float = 0.0,
    colour_shading: float = 0.0,
    banding: float = 0.0,
) -> U8:
    """Photograph scene radiance ``img`` (float32 BGR 0-255) with a Bayer sensor.

    ``blur_sigma``: the lens's blur in pixels before the mosaic. Noise per photosite has
    variance ``shot_gain * value + read_noise**2`` (8-bit units: sigma about 4 at 200 with the
    defaults, like a Camera Module 3 at moderate indoor ISO). ``gain``: dim light, the sensor
    at this many times its usual gain (the picture as bright), so ``shot_gain`` and
    ``read_noise`` are each that many times larger, with no denoising. The signal is clipped
    (saturation makes glare white), quantised to 10 bits, demosaiced by OpenCV
    (``demosaic``: "bilinear", "ea" or "vng") and returned as uint8 BGR, optionally through
    JPEG at ``jpeg_quality``. ``tone`` ("pi", "power", or a matrix's, ``tone_lut``): ``img`` is
    linear light, and the demosaiced picture goes through that tone curve instead of straight to
    8 bits; the colour matrix is taken as the identity (the sensor's primaries sRGB's), except
    with ``tone="ccm"``: the power law after the Pi camera's colour matrix (``PI_CCM``; "ccm32",
    "ccm36" and "ccm46" give the colours back through its matrix at another temperature,
    ``PI_CCMS``; "isp" is "ccm" with the camera's sharpening after the curve, ``sharpened``).
    The sensor then sees the scene's colours less saturated (the matrix's inverse, in linear
    light, before the lens blur and the mosaic), its noise and its clipping at full scale happen
    there, and the matrix after the demosaic gives the colours back, the noise larger and mixed
    across channels, a channel pushed under 0 clipped at 0, and a highlight cut in one channel
    only turned another colour.
    ``vignette`` and ``colour_shading``: the lens shading the camera's pipeline leaves
    (``lens_shading``), fixed to the frame, not to the board. ``banding``: a lamp's flicker
    caught by the rolling shutter (``flicker_bands``), this much brighter and darker.
    """
    h, w = img.shape[:2]
    h2, w2 = h - h % 2, w - w % 2
    src = img[:h2, :w2]
    if vignette or colour_shading:
        src = src * lens_shading((w2, h2), vignette, colour_shading)
    if banding:
        src = src * flicker_bands((w2, h2), banding, rng)[..., None]
    if tone in PI_CCMS:  # what the sensor sees: BGR in, BGR out
        src = src @ np.linalg.inv(PI_CCM)[::-1, ::-1].T.astype(np.float32)
    if blur_sigma > 0:
        src = cv2.GaussianBlur(src, (0, 0), blur_sigma)
    raw = mosaic(np.clip(src, 0, None).astype(np.float32))
    sigma = np.sqrt(shot_gain * gain * raw + (read_noise * gain) ** 2)
    raw = raw + sigma * rng.standard_normal(raw.shape, dtype=np.float32)
    raw10 = np.clip(np.round(raw * 4), 0, 1023).astype(np.uint16)
    bgr16 = cv2.cvtColor(raw10, _BAYER_TO_BGR[demosaic])
    if tone in PI_CCMS:
        mixed = bgr16.astype(np.float32) @ PI_CCMS[tone][::-1, ::-1].T
        bgr16 = np.clip(np.round(mixed), 0, 1023).astype(np.uint16)
    if tone:
        out = tone_lut(tone)[np.minimum(bgr16, 1023)]
    else:
        out = np.clip((bgr16.astype(np.float32) + 2) / 4, 0, 255).astype(np.uint8)
    if tone == "isp":
        out = sharpened(out)
    if (h2, w2) != (h, w):
        out = cv2.copyMakeBorder(out, 0, h - h2, 0, w - w2, cv2.BORDER_REPLICATE)
    if jpeg_quality is not None and jpeg_quality < 100:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, jpeg_quality])
        assert ok
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out.astype(np.uint8)
