"""The tests' camera model (tests/vision/camera_model.py) behaves like a camera."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest


def _load() -> Any:
    name = "camera_model"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).with_name("camera_model.py")
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


cm = _load()


def test_camera_model_straight_down_looks_at_its_target_with_the_module3_field_of_view() -> None:
    cam = cm.camera_pose((4608, 2592), 850.0, 0.0, target_mm=(300.0, 200.0))
    u, v = cm.Camera.project(cam, [[300.0, 200.0, 0.0]])[0]
    assert (u, v) == pytest.approx((2304.0, 1296.0), abs=1e-6)
    # 66 degrees across 850 mm: 2 * 850 * tan(33) = 1104 mm over 4608 px.
    assert cam.mm_per_px_at(300, 200) == pytest.approx(2 * 850 * math.tan(math.radians(33)) / 4608)
    # Upright: table x to the right, table y down the image.
    p = cam.project([[310.0, 200.0, 0.0], [300.0, 210.0, 0.0]])
    assert p[0][0] > u and p[1][1] > v
    # The binned mode sees the same field at half the pixels.
    half = cm.camera_pose((2304, 1296), 850.0, 0.0, target_mm=(300.0, 200.0))
    assert half.mm_per_px_at(300, 200) == pytest.approx(2 * cam.mm_per_px_at(300, 200))


def test_camera_model_tilted_camera_leans_from_the_player_side() -> None:
    cam = cm.camera_pose((4608, 2592), 600.0, 30.0, target_mm=(0.0, 0.0))
    x, y, h = cam.centre_mm
    assert h == pytest.approx(600 * math.cos(math.radians(30)))
    assert (x, y) == pytest.approx((0.0, 600 * math.sin(math.radians(30))))
    # Perspective: the far side of the table (small y) looks smaller than the near side.
    assert cam.mm_per_px_at(0, -150) > cam.mm_per_px_at(0, 150)
    assert cam.view_angle_deg(0, 0) == pytest.approx(30.0)


def test_camera_model_plane_homography_agrees_with_projection_at_any_height() -> None:
    cam = cm.camera_pose((2304, 1296), 700.0, 25.0, target_mm=(100.0, 50.0), azimuth_deg=40)
    pts = np.array([[80.0, 30.0], [150.0, 90.0], [60.0, 120.0]])
    for height in (0.0, 11.0):
        hom = cam.plane_homography(height)
        via_h = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), hom).reshape(-1, 2)
        direct = cam.project(np.c_[pts, np.full(3, height)])
        assert via_h == pytest.approx(direct, abs=1e-6)


def test_camera_model_a_prism_top_lands_h_tan_theta_beyond_its_base_away_from_the_nadir() -> None:
    """The relation the counter relies on: a piece's top, mapped to the table plane, is
    shifted from its base by h * tan(view angle), away from the point below the camera."""
    cam = cm.camera_pose((4608, 2592), 650.0, 30.0, target_mm=(300.0, 300.0))
    base = np.array([250.0, 180.0])
    h = 11.0
    top_img = cam.project([[*base, h]])
    back = cv2.perspectiveTransform(
        top_img.reshape(-1, 1, 2), np.linalg.inv(cam.plane_homography(0.0))
    ).reshape(2)
    nadir = np.array(cam.nadir_mm())
    shift = back - base
    away = (base - nadir) / np.linalg.norm(base - nadir)
    theta = math.radians(cam.view_angle_deg(*base))
    assert np.linalg.norm(shift) == pytest.approx(
        h * math.tan(theta) * cam.centre_mm[2] / (cam.centre_mm[2] - h), rel=1e-6
    )
    assert float(shift @ away) / np.linalg.norm(shift) == pytest.approx(1.0, abs=1e-9)


def test_camera_model_fit_distance_fits_the_rectangle_in_the_frame() -> None:
    rect = (0.0, 0.0, 600.0, 600.0)
    for tilt in (0.0, 30.0):
        d = cm.fit_distance((4608, 2592), tilt, rect, margin=0.02)
        cam = cm.camera_pose((4608, 2592), d, tilt, target_mm=(300.0, 300.0))
        uv = cam.project([[0, 0, 0], [600, 0, 0], [600, 600, 0], [0, 600, 0]])
        assert (uv >= 0).all() and (uv[:, 0] <= 4608).all() and (uv[:, 1] <= 2592).all()
        # A little closer and it no longer fits.
        closer = cm.camera_pose((4608, 2592), d * 0.95, tilt, target_mm=(300.0, 300.0))
        uv = closer.project([[0, 0, 0], [600, 0, 0], [600, 600, 0], [0, 600, 0]])
        assert (uv < 0.02 * 2592).any() or (uv[:, 1] > 0.98 * 2592).any()


def test_camera_model_render_plane_puts_the_texture_where_the_camera_projects_it() -> None:
    cam = cm.camera_pose((1200, 800), 500.0, 20.0, target_mm=(50.0, 50.0))
    tex = np.zeros((400, 400, 3), np.float32)  # 100 mm square at 4 px/mm
    tex[180:220, 180:220] = 255.0  # a white 10 mm square at the centre
    img, cover = cm.render_plane(tex, 4.0, cam)
    u, v = cam.project([[50.0, 50.0, 0.0]])[0]
    assert img[round(v), round(u)].min() > 200
    corner = cam.project([[2.0, 2.0, 0.0]])[0]
    assert cover[round(corner[1]), round(corner[0])] > 200
    assert cover[5, 5] == 0


def test_camera_model_sensor_keeps_colours_and_adds_bayer_noise() -> None:
    rng = np.random.default_rng(1)
    flat = np.zeros((200, 200, 3), np.float32)
    flat[:, :100] = (40, 60, 200)  # a red patch (BGR)
    flat[:, 100:] = 128
    out = cm.sensor(flat, rng).astype(np.float32)
    red = out[50:150, 20:80].reshape(-1, 3).mean(axis=0)
    grey = out[50:150, 120:180].reshape(-1, 3)
    assert red == pytest.approx([40, 60, 200], abs=4)
    assert grey.mean(axis=0) == pytest.approx([128, 128, 128], abs=2)
    # Shot + read noise at 128: sigma ~ sqrt(0.08 * 128 + 1.5^2) ~ 3.5 per photosite; the
    # demosaic averages neighbours, so the output's is smaller but clearly there.
    assert 1.0 < grey[:, 1].std() < 4.0
    # The mosaic leaves colour fringes on a sharp red/grey edge that a flat render has not.
    edge = out[50:150, 98:102]
    assert edge.std() > 5


def test_camera_model_lens_shading_and_flicker_are_fixed_to_the_frame() -> None:
    """Lens shading: the corners ``vignette`` darker, red that much more with colour shading,
    the centre untouched. A flickering lamp: bands across the rows, about 1 on average."""
    gains = cm.lens_shading((400, 300), 0.25, 0.1)
    assert gains[150, 200] == pytest.approx([1, 1, 1], abs=0.01)
    assert gains[0, 0] == pytest.approx([0.85, 0.75, 0.65], abs=0.01)  # B, G, R
    rows = cm.flicker_bands((64, 1000), 0.2, np.random.default_rng(3))
    assert rows.shape == (1000, 64)
    assert np.all(rows == rows[:, :1])  # a row is read at one moment
    assert rows.max() == pytest.approx(1.2, abs=0.01) and rows.min() == pytest.approx(0.8, abs=0.01)
    flat = np.full((300, 400, 3), 150, np.float32)
    out = cm.sensor(flat, np.random.default_rng(1), vignette=0.25).astype(np.float32)
    assert out[140:160, 190:210].mean() == pytest.approx(150, abs=2)
    assert out[:10, :10].mean() == pytest.approx(150 * 0.76, abs=3)


def test_camera_model_glare_is_bright_desaturated_and_smooth() -> None:
    img = np.zeros((400, 600, 3), np.float32)
    img[:] = (60, 140, 90)  # green land
    lit = cm.add_glare(img, (300.0, 200.0), 80.0, 0.9)
    c = lit[200, 300]
    assert c.min() > 180  # bright
    assert (c.max() - c.min()) < 0.3 * c.max()  # desaturated
    assert lit[10, 10] == pytest.approx(img[10, 10], abs=1)  # far away: untouched
    # Smooth: no step larger than a few levels between neighbouring pixels.
    assert np.abs(np.diff(lit[:, :, 1], axis=1)).max() < 6


def test_camera_model_additive_glare_adds_light_and_keeps_the_art() -> None:
    """``additive``: the lamp's reflection adds its white on top of the art, which it dims
    only by ``FRESNEL``; the blend dims the art under the peak to 1 - 0.85 x strength."""
    img = np.zeros((400, 600, 3), np.float32)
    img[:] = (60, 140, 90)
    img[190:210, 290:310] = (10, 10, 100)  # a red piece at the peak
    add = cm.add_glare(img, (300.0, 200.0), 80.0, 0.5, additive=True)
    blend = cm.add_glare(img, (300.0, 200.0), 80.0, 0.5)
    a = cm.glare_alpha((600, 400), (300.0, 200.0), 80.0, 0.5)[200, 300]
    tint = np.array([245.0, 250.0, 255.0], np.float32)
    want = img[200, 300] * (1 - cm.FRESNEL * a / 0.5) + tint * a
    assert add[200, 300] == pytest.approx(want, abs=1e-3)
    # The red piece's red over its green: what the reflection left of the art.
    assert add[200, 300][2] - add[200, 300][1] > 0.9 * (100 - 10)
    assert blend[200, 300][2] - blend[200, 300][1] < 0.75 * (100 - 10)
    assert add[10, 10] == pytest.approx(img[10, 10], abs=1)  # far away: untouched


def test_camera_model_white_balance_warms_the_picture() -> None:
    img = np.full((4, 4, 3), 100.0, np.float32)
    warm = cm.white_balance(img, cm.warm_gains(0.15))
    b, g, r = warm[0, 0]
    assert r > g > b


def test_camera_model_mixed_light_is_warm_at_one_side_and_cold_at_the_other() -> None:
    """Along 0 degrees: the left edge gets ``warm_gains(-0.1)``, the right ``warm_gains(0.1)``,
    the middle no cast."""
    field = cm.mixed_light((400, 200), 0.1, 0.0)
    assert field.shape == (200, 400, 3)
    np.testing.assert_allclose(field[100, 0], cm.warm_gains(-0.1), atol=0.01)
    np.testing.assert_allclose(field[100, -1], cm.warm_gains(0.1), atol=0.01)
    np.testing.assert_allclose(field[100, 200], (1.0, 1.0, 1.0), atol=0.01)
    assert np.allclose(field[0], field[-1], atol=1e-4)  # the same down each column


def test_camera_model_body_shadow_is_deep_beyond_its_edge_with_a_soft_penumbra() -> None:
    """Along 0 degrees, the edge in the middle, a 40 px penumbra: full light well left of it,
    ``1 - depth`` well right of it, half the depth at the edge, and no step anywhere."""
    gain = cm.body_shadow((400, 200), 0.5, 0.0, 0.0, 40.0)
    assert gain[100, 50] == pytest.approx(1.0, abs=1e-3)
    assert gain[100, 350] == pytest.approx(0.5, abs=1e-3)
    assert gain[100, 200] == pytest.approx(0.75, abs=0.03)
    assert float(np.abs(np.diff(gain[100])).max()) < 0.5 / 40 * 2


def test_camera_model_motion_blur_smears_a_dot_along_a_line_of_its_length() -> None:
    """A dot smeared 10 px at 0 degrees spans 10-11 px along x and stays one row high; at 90
    degrees the same along y; the light is kept."""
    img = np.zeros((41, 41, 3), np.float32)
    img[20, 20] = 1000.0
    for angle, axis in ((0.0, 1), (90.0, 0)):
        out = cm.motion_blur(img, 10.0, angle)[..., 0]
        lit = np.nonzero(out > 1e-3)
        span = [int(v.max() - v.min()) + 1 for v in lit]
        assert 10 <= span[axis] <= 11
        assert span[1 - axis] == 1
        assert float(out.sum()) == pytest.approx(1000.0, rel=1e-4)


def test_camera_model_barrel_lens_pulls_a_corner_point_in_by_k1_r_cubed() -> None:
    # A white dot near the frame's corner in the pinhole image lands where Brown's model,
    # x_d = x (1 + k1 r^2), puts it, and the centre does not move.
    size, k1 = (600, 400), -0.1
    cam = cm.camera_pose(size, 500.0, 0.0)
    margin = cm.distortion_margin(size, cam.hfov_deg, k1)
    wide = cm.widened(cam, margin)
    assert wide.focal_px == pytest.approx(cam.focal_px)
    pinhole = np.zeros((wide.size[1], wide.size[0], 3), np.float32)
    f = cam.focal_px
    x_u, y_u = 0.62, 0.38  # normalised, near the frame's corner (0.65, 0.43)
    # Pixel (i, j) covers [i, i + 1): the principal point is the continuous point (W/2, H/2).
    cx, cy = wide.size[0] / 2 + x_u * f - 0.5, wide.size[1] / 2 + y_u * f - 0.5
    cv2.circle(
        pinhole, (round(cx * 16), round(cy * 16)), 3 * 16, (255, 255, 255), -1, cv2.LINE_AA, 4
    )
    pinhole[
        wide.size[1] // 2 - 2 : wide.size[1] // 2 + 3, wide.size[0] // 2 - 2 : wide.size[0] // 2 + 3
    ] = 255
    out = cm.distort(pinhole, size, cam.hfov_deg, k1)
    assert out.shape == (size[1], size[0], 3)
    scale = 1 + k1 * (x_u**2 + y_u**2)
    want = (size[0] / 2 + x_u * scale * f, size[1] / 2 + y_u * scale * f)
    assert want[0] < size[0] and want[1] < size[1]  # pulled into the frame by the barrel
    grey = out[..., 0]
    ys, xs = np.nonzero(grey[size[1] // 2 + 20 :, size[0] // 2 + 20 :] > 60)
    got = (xs.mean() + size[0] // 2 + 20 + 0.5, ys.mean() + size[1] // 2 + 20 + 0.5)
    assert got == pytest.approx(want, abs=0.3)
    assert grey[size[1] // 2, size[0] // 2] > 200
    with pytest.raises(ValueError, match="reaches this frame's corners"):
        cm.distortion_map(size, cam.hfov_deg, -0.6)


def test_camera_model_a_raised_facet_renders_as_the_plane_at_its_height() -> None:
    # One facet covering the whole texture, 6 mm above the table and level: the same picture
    # as render_plane at 6 mm; a facet sloping up to the right moves the far edge, not the near.
    cam = cm.camera_pose((900, 600), 450.0, 25.0, target_mm=(50.0, 50.0), azimuth_deg=30.0)
    rng = np.random.default_rng(3)
    tex = (rng.random((400, 400, 3)) * 255).astype(np.float32)
    tex = cv2.resize(tex[:40, :40], (400, 400), interpolation=cv2.INTER_NEAREST)  # 2.5 mm squares
    tex = cv2.GaussianBlur(tex, (0, 0), 1)
    table = np.full((600, 900, 3), 40.0, np.float32)
    whole = np.full(tex.shape[:2], 255, np.uint8)
    flat, flat_cover = cm.render_plane(tex, 4.0, cam, height_mm=6.0, background=table)
    facet, facet_cover = cm.render_facets(
        tex, 4.0, cam, [(whole, (6.0, 0.0, 0.0))], background=table
    )
    inside = flat_cover == 255
    assert np.abs(facet - flat)[inside].max() < 0.5
    assert np.array_equal(facet_cover > 127, flat_cover > 127)
    # Two facets meeting at x = 50 mm, the right one rising 0.1 mm per mm (5 mm at its far
    # edge): the left half is the table plane's picture; on the right, texture point (96, 51)
    # (inside a square) is seen where the camera sees the point 4.6 mm above the table.
    left = np.zeros(tex.shape[:2], np.uint8)
    left[:, :200] = 255
    img, _ = cm.render_facets(
        tex, 4.0, cam, [(left, (0.0, 0.0, 0.0)), (255 - left, (-5.0, 0.1, 0.0))], background=table
    )
    ground, _ = cm.render_plane(tex, 4.0, cam, background=table)
    u, v = np.round(cam.project([[25.0, 50.0, 0.0]])[0]).astype(int)
    assert (
        np.abs(img[v - 5 : v + 5, u - 5 : u + 5] - ground[v - 5 : v + 5, u - 5 : u + 5]).max() < 0.5
    )
    raised = cam.project([[96.25, 51.25, 4.625]])[0]
    on_table = cam.project([[96.25, 51.25, 0.0]])[0]
    assert np.hypot(*(raised - on_table)) > 3  # far enough apart to tell
    want = tex[205, 385]
    u, v = np.round(raised).astype(int)
    assert np.abs(img[v, u] - want).max() < 12
    u, v = np.round(on_table).astype(int)
    assert np.abs(ground[v, u] - want).max() < 12
    assert np.abs(img[v, u] - want).max() > 12


def test_camera_model_tone_curves() -> None:
    """sRGB codes to linear light and back; the two tone curves: "power" keeps a colour's
    chromaticity as its light halves (above the curve's first, straight segment), "pi"
    moves it; an unknown curve is refused."""
    v = np.arange(256, dtype=np.float32)
    assert np.allclose(cm.linear_to_srgb(cm.srgb_to_linear(v)), v, atol=0.05)
    assert cm.srgb_to_linear(np.float32(128.0)) == pytest.approx(55.0, abs=0.5)
    lut = {t: cm.tone_lut(t).astype(np.float64) for t in ("power", "pi")}
    for t in lut.values():
        assert t[0] == 0 and t[-1] == 255 and np.all(np.diff(t) >= 0)
    rgb = np.array([600, 200, 80])  # 10-bit linear: an orange, and half its light

    def chroma(t: Any, k: float) -> Any:
        c = t[np.round(rgb * k).astype(int)]
        return c / c.sum()

    assert np.abs(chroma(lut["power"], 1) - chroma(lut["power"], 0.5)).max() < 0.01
    assert np.abs(chroma(lut["pi"], 1) - chroma(lut["pi"], 0.5)).max() > 0.03
    with pytest.raises(ValueError, match="tone must be"):
        cm.tone_lut("srgb")


def test_camera_model_colour_matrix_gives_the_colours_back_with_more_noise() -> None:
    """``tone="ccm"``: the sensor sees the scene through the Pi camera's colour matrix's
    inverse and the matrix gives it back, so a patch's mean colour is the power law's, but
    its noise is larger (mixed from the three channels) and a saturated colour's weakest
    channel is cut at 0 where the noise takes it under."""
    assert np.allclose(cm.PI_CCM.sum(axis=1), 1.0, atol=1e-4)  # white stays white
    patch = np.zeros((64, 64, 3), np.float32)
    patch[:, :32] = (40.0, 60.0, 90.0)  # a grey-blue, linear BGR
    patch[:, 32:] = (0.5, 6.0, 120.0)  # a deep red
    shot = {
        t: cm.sensor(patch, np.random.default_rng(3), blur_sigma=0, tone=t).astype(np.float64)
        for t in ("power", "ccm")
    }
    inner = (slice(8, 56), slice(4, 28))
    for t in shot:
        mean = shot[t][inner].reshape(-1, 3).mean(axis=0)
        assert np.allclose(mean, shot["power"][inner].reshape(-1, 3).mean(axis=0), atol=3), t
    spread = {t: shot[t][inner].reshape(-1, 3).std(axis=0) for t in shot}
    assert np.all(spread["ccm"] > 1.3 * spread["power"]), spread
    red = (slice(8, 56), slice(36, 60))
    cut = {t: np.mean(shot[t][red][..., 0] == 0) for t in shot}
    assert cut["ccm"] > cut["power"] + 0.1, cut


def test_camera_model_a_lamp_changed_under_a_held_white_balance_mixes_the_colours() -> None:
    """``sensor_light``: the lamp's change a gain per channel in the sensor's colours, given
    back through the Pi camera's matrix: no change is no change; a warmer lamp's is not a
    gain per channel in the scene's colours (blue takes from green), and white turns the
    colour a gain per channel in the sensor's own colours makes of it."""
    colours = np.array([[[40.0, 60.0, 90.0], [0.5, 6.0, 120.0], [100.0, 100.0, 100.0]]], np.float32)
    assert np.allclose(cm.sensor_light(colours, (1.0, 1.0, 1.0)), colours, atol=1e-3)
    gains = cm.warm_gains(0.15)
    held = cm.sensor_light(colours, gains)[0].astype(np.float64)
    scene = cm.white_balance(colours, gains)[0].astype(np.float64)
    m = cm.PI_CCM[::-1, ::-1].astype(np.float64)
    t = m @ np.diag(gains) @ np.linalg.inv(m)
    assert abs(t[0, 1]) > 0.05 * t[0, 0]  # blue's share of green: a mixing
    assert np.allclose(held, colours[0].astype(np.float64) @ t.T, atol=1e-3)
    assert np.abs(held - scene).max() > 2.0


def test_camera_model_sharpening_rings_an_edge_and_leaves_flat_noise() -> None:
    """``sharpened``: a step from 80 to 160 overshoots on both sides (the halos a camera's
    sharpening leaves at a piece's edge); a flat patch with a level of noise under the core
    is left as it was."""
    step = np.full((16, 32, 3), 80, np.uint8)
    step[:, 16:] = 160
    out = cm.sharpened(step).astype(int)
    assert out[8, 15, 1] < 80 - 10 and out[8, 16, 1] > 160 + 10
    assert out[8, 2, 1] == 80 and out[8, 29, 1] == 160
    flat = np.full((16, 16, 3), 120, np.uint8)
    flat[::2, ::2] = 121
    assert np.array_equal(cm.sharpened(flat), flat)
