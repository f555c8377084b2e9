"""vision.pond.glare_out: a lamp's white taken back out of the colours in the picture's
levels, and, to look for what it washed out, also in linear light where it was added there."""

from __future__ import annotations

import numpy as np

from vision.picamera_source import TONE_GAMMA
from vision.pond.glare_out import _white_in_linear, take_out

K = 9
SIZE = 60


def _board() -> np.ndarray:
    """A reference raster with colour to tell the two models apart: blue water with green
    stripes (BGR, 0-255 picture levels)."""
    r = np.empty((SIZE, SIZE, 3), np.float32)
    r[:] = (170.0, 110.0, 60.0)
    r[:, ::6] = (60.0, 150.0, 70.0)
    return r


def _lin(x: np.ndarray) -> np.ndarray:
    return 255 * (x / 255) ** TONE_GAMMA


def _enc(x: np.ndarray) -> np.ndarray:
    return 255 * (np.clip(x, 0, None) / 255) ** (1 / TONE_GAMMA)


RED = np.array([46.0, 44.0, 169.0], np.float32)  # a cowboy frog, BGR


def _scene(linear: bool, strength: float) -> tuple[np.ndarray, np.ndarray]:
    """The reference, and a frame with a red piece in the middle, whitened all over by
    ``strength`` (a blend towards white), in linear light or in the picture's levels."""
    r = _board()
    f = r.copy()
    f[27:33, 27:33] = RED
    if linear:
        f = _enc(_lin(f) * (1 - strength) + 255 * strength)
    else:
        f = f * (1 - strength) + 255 * strength
    return r, f.astype(np.float32)


def _out(
    r: np.ndarray, f: np.ndarray, white: float, tint: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    board = np.ones((SIZE, SIZE), np.float32)
    board[27:33, 27:33] = 0  # the piece is changed, not board
    everywhere = np.ones((SIZE, SIZE), bool)
    return take_out(
        f,
        r,
        white=np.full((SIZE, SIZE), white, np.float32),
        rise=np.full((SIZE, SIZE), white, np.float32),
        lifted=everywhere,
        glare=everywhere,
        board=board,
        level=1.0,
        k=K,
        tint=tint,
    )


def _chroma(bgr: np.ndarray) -> np.ndarray:
    return bgr / bgr.sum()


def test_glare_added_in_linear_light_is_undone_there_to_look_again() -> None:
    """A white blend of 0.5 in linear light: the darkest channel's rise, undone in linear
    light, gives the red piece back much of its colour in the picture looked at again
    (``probe``); the colours read stay those undone in the picture's levels."""
    r, f = _scene(linear=True, strength=0.5)
    # The whitening in the picture's levels, as reference.compare measures it: the darkest
    # channel's rise over the board.
    white = float(np.median((f.min(axis=2) - r.min(axis=2))[:, 1:6]))
    out, probe, seen, _ = _out(r, f, white)
    piece = probe[28:32, 28:32].reshape(-1, 3).mean(axis=0)
    now = float(np.abs(_chroma(piece) - _chroma(RED)).max())
    assert seen[30, 30]
    before = (f - white) / (1 - white / 255)
    np.testing.assert_allclose(out, before, atol=0.01)
    old = before[28:32, 28:32].reshape(-1, 3).mean(axis=0)
    was = float(np.abs(_chroma(old) - _chroma(RED)).max())
    # The red share: 0.65 in the piece; 0.55 undone in linear light (the darkest channel's
    # rise is short of the white by what the blend dimmed it), 0.43 in the picture's levels.
    assert now < 0.11 < 0.2 < was, (piece, old)


def test_glare_added_in_the_pictures_levels_is_undone_there() -> None:
    """A white blend of 0.5 in the picture's levels (a camera whose curve is not the power
    law): undone in linear light it would leave the board off its colours, so it is undone
    in the picture's levels, exactly, and nothing is looked for again."""
    r, f = _scene(linear=False, strength=0.5)
    out, probe, seen, tinted = _out(r, f, 127.5)
    np.testing.assert_allclose(out[28:32, 28:32], np.broadcast_to(RED, (4, 4, 3)), atol=0.01)
    np.testing.assert_allclose(out[:, :20], r[:, :20], atol=0.01)
    np.testing.assert_array_equal(probe, out)
    assert not seen.any() and not tinted.any()


def test_no_glare_leaves_the_mild_whitening_in_the_pictures_levels() -> None:
    r, f = _scene(linear=False, strength=0.1)
    out, probe, seen, tinted = take_out(
        f,
        r,
        white=np.full((SIZE, SIZE), 25.5, np.float32),
        rise=np.full((SIZE, SIZE), 25.5, np.float32),
        lifted=np.ones((SIZE, SIZE), bool),
        glare=None,
        board=np.ones((SIZE, SIZE), np.float32),
        level=1.0,
        k=K,
    )
    np.testing.assert_allclose(out, (f - 25.5) / 0.9, atol=0.01)
    np.testing.assert_array_equal(probe, out)
    assert not seen.any() and not tinted.any()


def test_glare_of_another_lights_colour_is_undone_in_that_colour() -> None:
    """Under a light's cast (divided out of the frame), another light's glare is that light's
    colour, not white (``reference.compare``'s ``tint``): a blend of 0.5 of it in linear light
    is undone in its colour, and the red piece gets back much of its colour; taken as white,
    it is left further off."""
    tint = np.array([1.15, 1.0, 0.87], np.float32)  # BGR, the picture's levels: bluer
    hue = tint**TONE_GAMMA / float((tint**TONE_GAMMA).max())
    r = _board()
    f = r.copy()
    f[27:33, 27:33] = RED
    f = _enc(_lin(f) * 0.5 + 255 * 0.5 * hue).astype(np.float32)
    white = float(np.median((f.min(axis=2) - r.min(axis=2))[:, 1:6]))

    def red_off(given: np.ndarray | None) -> tuple[float, bool]:
        _, probe, seen, _ = _out(r, f, white, given)
        piece = probe[28:32, 28:32].reshape(-1, 3).mean(axis=0)
        return float(np.abs(_chroma(piece) - _chroma(RED)).max()), bool(seen[30, 30])

    tinted, seen = red_off(tint)
    as_white, _ = red_off(None)
    assert seen
    # The red share: 0.65 in the piece; 0.49 undone in the glare's colour (the rise is
    # measured in the water's red, where that colour is weakest, so the blend's dimming
    # shorts it twice as much as white glare's), 0.35 undone as white.
    assert tinted < 0.2 < as_white, (tinted, as_white)


def test_another_lights_white_is_not_measured_in_a_washed_pieces_bright_channel() -> None:
    """A pumpkin frog on blue water under a blend of 0.3 of another light's colour, washed so
    far that the first look calls it board: the white is measured in the frame's darkest
    channel against that colour, not in the channel where the water is darkest, which is
    the frog's brightest (its red). Measured there, the white at the frog's middle read 255
    against the board's 71, and undoing it took out all the frog's green (tuning board 124,
    pond E: 169 against 80, read cowboy)."""
    pumpkin = np.array([39.0, 105.0, 207.0], np.float32)  # BGR
    tint = np.array([1.15, 1.0, 0.87], np.float32)
    hue = (tint**TONE_GAMMA).astype(np.float32)
    r = np.empty((SIZE, SIZE, 3), np.float32)
    r[:] = (170.0, 110.0, 60.0)
    f = r.copy()
    f[24:36, 24:36] = pumpkin
    f = _enc(_lin(f) * 0.7 + 255 * 0.3 * hue / hue.max()).astype(np.float32)
    board = np.ones((SIZE, SIZE), np.float32)  # the frog too: the first look missed it
    undone, wl = _white_in_linear(_lin(f), _lin(r), board, 1.0, K, hue)
    # The white added: 76.5; on the water it reads 71 (the blend dimmed the water's red).
    assert abs(wl[30, 30] - wl[5, 5]) < 0.25 * wl[5, 5], (wl[30, 30], wl[5, 5])
    # Green over red: pumpkin's 0.51, cowboy's 0.26; 0.60 here, the white a little short.
    assert 0.4 < undone[30, 30, 1] / undone[30, 30, 2] < 0.7, undone[30, 30]
