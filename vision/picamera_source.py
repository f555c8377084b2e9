"""The Raspberry Pi camera through picamera2: the only module that imports it.

picamera2 is imported inside the functions below, so importing this module on
a machine without it costs nothing and fails nothing until the camera is chosen.
"""

from __future__ import annotations

import logging
from typing import Any

import numpy as np

from companion.errors import HardwareError
from vision.frames import Frame, _SourceBase, as_frame
from vision.white_balance import WhiteBalance, from_metadata

log = logging.getLogger(__name__)

#: Frames dropped after the exposure value changes, at the least: the requests already queued
#: were taken at the old one.
SETTLE_FRAMES = 3
#: ... then frames are dropped until two in a row were exposed alike (exposure time times the
#: gains, within this share), at most ``SETTLE_MAX`` frames in all: the auto exposure moves
#: to a new target over several frames. Not checked on a Pi (none here): the numbers are
#: guesses from libcamera's auto exposure converging within about ten frames.
SETTLE_SPREAD = 0.03
SETTLE_MAX = 30
#: Colour gains within this share of each other are the same white balance (the settling of a
#: held one, and of the auto white balance given back: two frames in a row alike).
GAINS_SPREAD = 0.01

#: The tone curve the camera is given (libcamera's ``rpi.contrast`` in the camera's own tuning
#: file, read by picamera2): a power law, output = input ** (1 / TONE_GAMMA). The default curve
#: lifts the mid-tones and presses the highlights together, so a colour's chromaticity shifts
#: with the light on it, and the Pond count reads a pumpkin frog's shaded side as a cowboy
#: piece (the realistic generator through the two curves, 20 degrees, fresh boards
#: 35800-35929: 95.19% exact through the default curve, 99.74% through this one, 99.71%
#: without any curve; docs/pond-camera.md). A power law keeps each colour's chromaticity as
#: its light changes, which is what the count's colours assume (``vision.pond.colours``).
TONE_GAMMA = 2.2
#: ... given at the 33 inputs of the shipped Pi 4 (vc4) tuning files' curves: every 1024 of the
#: 16-bit input up to 16384, every 2048 to 32768, every 4096 to the top. libcamera draws
#: straight lines between the points given, so the power law is bent below 1/64 of full
#: scale (a dark channel there reads darker than the law).
TONE_INPUTS = (*range(0, 16384, 1024), *range(16384, 32768, 2048), *range(32768, 65536, 4096))
#: What the screens say while the camera keeps its own curve (``PiCameraSource.notes``).
OWN_CURVE_NOTE = (
    "the camera keeps its own tone curve (its tuning file could not be read, see the log): "
    "the Pond count may read a piece's shaded side as another faction, so check each pond"
)


def power_tone_curve() -> list[int]:
    """The tuning file's ``gamma_curve`` for ``TONE_GAMMA``: input, output pairs flattened,
    16-bit, ending at (65535, 65535)."""
    curve: list[int] = []
    for x in (*TONE_INPUTS[1:], 65535):
        curve += [x, round(65535 * (x / 65535) ** (1 / TONE_GAMMA))]
    return [0, 0, *curve]


def power_law_tuning(picamera2: Any) -> dict[str, Any] | None:
    """The camera's own tuning (picamera2's ``load_tuning_file``, by the model libcamera
    reports) with its tone curve replaced by ``power_tone_curve`` and the adaptive contrast
    stretch (``ce_enable``) off; None, logged, when it cannot be read (the camera then keeps
    its own curve); None, quietly, when libcamera sees no camera (making it then says so)."""
    try:
        cameras = picamera2.global_camera_info()
        if not cameras:
            return None
        model = cameras[0]["Model"]
        tuning: dict[str, Any] = picamera2.load_tuning_file(f"{model}.json")
        contrast = picamera2.find_tuning_algo(tuning, "rpi.contrast")
        contrast["gamma_curve"] = power_tone_curve()
        contrast["ce_enable"] = 0
    except Exception as exc:
        log.warning(
            "camera picamera2: the camera's tuning file could not be read (%s): its own tone "
            "curve is kept, and the Pond count may read a piece's shaded side as another "
            "faction",
            exc,
        )
        return None
    return tuning


def camera_count() -> int:
    """How many cameras libcamera sees (0 when picamera2 is missing)."""
    try:
        from picamera2 import Picamera2
    except ImportError:
        return 0
    return len(Picamera2.global_camera_info())


class PiCameraSource(_SourceBase):
    """Still-quality frames from the Pi camera, in the product's BGR format, through a
    power-law tone curve (``power_law_tuning``), with an exposure bias
    (``vision.frames.ExposureControl``: libcamera's ``ExposureValue``), a white balance that
    can be read and held (``vision.frames.WhiteBalanceControl``: ``ColourGains`` with
    ``AwbEnable`` off) and, on a camera with autofocus, one autofocus cycle at start and on
    demand (``vision.frames.FocusControl``)."""

    def __init__(
        self, resolution: tuple[int, int] = (4608, 2592), *, exposure_value: float = 0.0
    ) -> None:
        super().__init__()
        self._ev = float(exposure_value)
        self._held: WhiteBalance | None = None  # None: the camera's auto white balance
        try:
            from picamera2 import Picamera2
        except ImportError as exc:
            raise HardwareError(
                "camera picamera2: the picamera2 package is not installed "
                "(sudo apt install python3-picamera2)"
            ) from exc
        tuning = power_law_tuning(Picamera2)
        if tuning is None:
            self.notes.append(OWN_CURVE_NOTE)
        try:
            self._cam: Any = Picamera2() if tuning is None else Picamera2(tuning=tuning)
            # picamera2's "RGB888" is laid out B, G, R in memory: OpenCV's BGR.
            cfg = self._cam.create_still_configuration(
                main={"size": tuple(resolution), "format": "RGB888"},
                controls={"ExposureValue": self._ev},
            )
            self._cam.configure(cfg)
            self._cam.start()
        except Exception as exc:
            raise HardwareError(f"camera picamera2: cannot start the camera: {exc}") from exc
        self.focus()  # the lens's rest position is not the table's distance

    def read(self) -> Frame | None:
        if self._closed or self._lost:
            return None
        try:
            image = self._cam.capture_array("main")
        except Exception:
            self._lost = True
            return None
        return as_frame(np.asarray(image)[:, :, :3], "picamera2")

    @property
    def exposure_value(self) -> float:
        return self._ev

    def set_exposure_value(self, ev: float) -> None:
        """Bias the auto exposure by ``ev`` stops, and drop frames until its frames come
        through (``SETTLE_FRAMES``, ``SETTLE_SPREAD``). A camera that refuses the control keeps
        its exposure (logged); one that stops giving frames is lost."""
        if self._closed or self._lost or float(ev) == self._ev:
            return
        try:
            self._cam.set_controls({"ExposureValue": float(ev)})
        except Exception as exc:
            log.warning("camera picamera2: exposure value %+.1f refused: %s", ev, exc)
            return
        self._ev = float(ev)
        try:
            self._settle()
        except Exception:
            self._lost = True

    def focus(self) -> bool:
        """One autofocus cycle (a Camera Module 3; ``autofocus_cycle`` leaves the lens where
        it found the picture sharp). False, and nothing done, for a camera without autofocus
        (Camera Module 2, the HQ camera: focused by hand) or one whose cycle fails (logged)."""
        if self._closed or self._lost:
            return False
        try:
            if "AfMode" not in getattr(self._cam, "camera_controls", {}):
                return False
            ok = bool(self._cam.autofocus_cycle())
        except Exception as exc:
            log.warning("camera picamera2: autofocus failed: %s", exc)
            return False
        if not ok:
            log.warning("camera picamera2: autofocus found no sharp picture")
        return ok

    def white_balance(self) -> WhiteBalance | None:
        """The white balance of the frames now coming (the next frame's ``ColourGains`` and
        ``ColourTemperature``): after a photo, the one it was taken with, the auto white
        balance having settled on the light; None when the camera does not say (logged)."""
        if self._closed or self._lost:
            return None
        try:
            wb = from_metadata(self._cam.capture_metadata())
        except Exception as exc:
            log.warning("camera picamera2: its white balance could not be read: %s", exc)
            return None
        if wb is None:
            log.warning("camera picamera2: its frames give no colour gains")
        return wb

    def hold_white_balance(self, wb: WhiteBalance | None) -> bool:
        """Hold ``wb``'s gains (``AwbEnable`` off, ``ColourGains``: libcamera then takes the
        light's temperature from them, so its colour matrix and lens shading too), or give the
        judgement back to the auto white balance (None); frames are dropped until the held
        gains come through, or until the auto white balance's are alike two frames in a row
        (``SETTLE_FRAMES`` to ``SETTLE_MAX``). False, logged, when the camera refuses (it then
        keeps what it had); a camera that stops giving frames is lost."""
        if self._closed or self._lost:
            return False
        if wb == self._held:
            return True
        if "ColourGains" not in getattr(self._cam, "camera_controls", {"ColourGains": None}):
            log.warning("camera picamera2: this camera has no white balance to hold")
            return False
        controls: dict[str, Any] = (
            {"AwbEnable": True}
            if wb is None
            else {"AwbEnable": False, "ColourGains": (float(wb.red), float(wb.blue))}
        )
        try:
            self._cam.set_controls(controls)
        except Exception as exc:
            log.warning("camera picamera2: white balance %s refused: %s", controls, exc)
            return False
        self._held = wb
        try:
            self._settle_gains(wb)
        except Exception:
            self._lost = True
            return False
        return True

    def _settle_gains(self, wb: WhiteBalance | None) -> None:
        last: WhiteBalance | None = None
        for n in range(SETTLE_MAX):
            now = from_metadata(self._cam.capture_metadata())
            if n >= SETTLE_FRAMES and _same_gains(now, wb if wb is not None else last):
                return
            last = now

    def _settle(self) -> None:
        last: float | None = None
        for n in range(SETTLE_MAX):
            level = _exposure(self._cam.capture_metadata())
            if n >= SETTLE_FRAMES and _alike(level, last):
                return
            last = level

    def close(self) -> None:
        if not self._closed:
            try:
                self._cam.stop()
                self._cam.close()
            except Exception:  # closing a camera that already went away is fine
                pass
        super().close()


def _exposure(metadata: Any) -> float | None:
    """How much light a frame gathered (exposure time times the gains), from its metadata."""
    try:
        return (
            float(metadata["ExposureTime"])
            * float(metadata.get("AnalogueGain", 1.0))
            * float(metadata.get("DigitalGain", 1.0))
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _alike(level: float | None, last: float | None) -> bool:
    """Two frames exposed alike (within ``SETTLE_SPREAD``)."""
    return level is not None and last is not None and abs(level - last) <= SETTLE_SPREAD * last


def _same_gains(a: WhiteBalance | None, b: WhiteBalance | None) -> bool:
    """Two white balances alike (within ``GAINS_SPREAD``)."""
    return a is not None and b is not None and a.near(b, GAINS_SPREAD)
