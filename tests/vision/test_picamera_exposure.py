"""The Pi camera's tone curve, exposure bias, autofocus and white balance, through a stand-in
for picamera2 (none imports here): the camera is made with its own tuning file's tone curve
replaced by a power law; the configured ``camera.exposure_value`` is asked for at start,
``set_exposure_value`` sets libcamera's ``ExposureValue`` and drops frames until the new
exposure comes through; a camera with autofocus runs one cycle at start and on demand; its
white balance is read from the frames' metadata and held with ``AwbEnable`` off."""

from __future__ import annotations

import copy
import logging
import sys
from collections.abc import Iterator
from types import ModuleType, SimpleNamespace
from typing import Any, ClassVar

import numpy as np
import pytest

from vision.frames import ExposureControl, FilesSource, open_source


class FakePicamera2:
    """The calls PiCameraSource makes, recorded; ``metadata`` is what frames report."""

    last: FakePicamera2 | None = None

    #: ``camera_controls`` of the next camera made (a Camera Module 3 has ``AfMode`` and
    #: ``ColourGains``).
    controls_given: ClassVar[dict[str, Any]] = {"AfMode": (0, 2, 0), "ColourGains": (0.0, 32.0)}
    #: What ``autofocus_cycle`` returns (or raises).
    focus_result: ClassVar[Any] = True
    #: The tuning files picamera2 finds (name -> content), and the names asked for.
    tuning_files: ClassVar[dict[str, Any]] = {}
    tuning_asked: ClassVar[list[str]] = []

    def __init__(self, tuning: Any = None) -> None:
        FakePicamera2.last = self
        self.tuning = tuning
        self.camera_controls = dict(FakePicamera2.controls_given)
        self.focus_cycles = 0
        self.config: dict[str, Any] = {}
        self.controls: list[dict[str, Any]] = []
        self.metadata: list[Any] = []
        self.metadata_reads = 0
        self.refuse = False

    @staticmethod
    def global_camera_info() -> list[dict[str, Any]]:
        return [{"Model": "imx708"}]

    @staticmethod
    def load_tuning_file(name: str) -> dict[str, Any]:
        FakePicamera2.tuning_asked.append(name)
        if name not in FakePicamera2.tuning_files:
            raise RuntimeError(f"Tuning file {name} not found")
        return copy.deepcopy(FakePicamera2.tuning_files[name])

    @staticmethod
    def find_tuning_algo(tuning: dict[str, Any], name: str) -> dict[str, Any]:
        """As picamera2's: the algorithm's block in a version 2 tuning file."""
        found: dict[str, Any] = next(a for a in tuning["algorithms"] if name in a)[name]
        return found

    def create_still_configuration(self, **kw: Any) -> dict[str, Any]:
        return kw

    def configure(self, cfg: dict[str, Any]) -> None:
        self.config = cfg

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...

    def capture_array(self, name: str) -> Any:
        return np.zeros((8, 8, 3), np.uint8)

    def set_controls(self, controls: dict[str, Any]) -> None:
        if self.refuse:
            raise RuntimeError("control not supported")
        self.controls.append(dict(controls))

    def autofocus_cycle(self) -> bool:
        self.focus_cycles += 1
        if isinstance(FakePicamera2.focus_result, Exception):
            raise FakePicamera2.focus_result
        return bool(FakePicamera2.focus_result)

    def capture_metadata(self) -> Any:
        self.metadata_reads += 1
        item = self.metadata.pop(0) if self.metadata else {"ExposureTime": 5000}
        if isinstance(item, Exception):
            raise item
        return item


@pytest.fixture
def picamera2(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[FakePicamera2]]:
    module = ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    monkeypatch.setattr(
        FakePicamera2, "controls_given", {"AfMode": (0, 2, 0), "ColourGains": (0.0, 32.0)}
    )
    monkeypatch.setattr(FakePicamera2, "focus_result", True)
    monkeypatch.setattr(FakePicamera2, "tuning_files", {"imx708.json": _IMX708})
    monkeypatch.setattr(FakePicamera2, "tuning_asked", [])
    yield FakePicamera2


#: A stand-in for the camera's own tuning file: the default curve's shape (lifted mid-tones,
#: highlights pressed together) at a few points, and another algorithm that must be kept.
_IMX708: dict[str, Any] = {
    "version": 2.0,
    "algorithms": [
        {"rpi.agc": {"startup_frames": 5}},
        {"rpi.contrast": {"ce_enable": 1, "gamma_curve": [0, 0, 16384, 40632, 65535, 65535]}},
    ],
}


def _camera(exposure_value: float = 0.0) -> Any:
    cfg = SimpleNamespace(source="picamera2", resolution=(640, 480), exposure_value=exposure_value)
    return open_source(cfg)


def test_the_configured_exposure_value_is_asked_for_at_start(picamera2: Any) -> None:
    with _camera(-0.5) as cam:
        assert isinstance(cam, ExposureControl) and cam.exposure_value == -0.5
        assert picamera2.last.config["controls"] == {"ExposureValue": -0.5}
        assert picamera2.last.config["main"] == {"size": (640, 480), "format": "RGB888"}


def test_set_exposure_value_waits_until_frames_are_exposed_alike(picamera2: Any) -> None:
    """Three frames dropped whatever they say (queued at the old value), then until two in a
    row were exposed alike (time x gains within 3%): here the seventh frame."""
    with _camera() as cam:
        fake = picamera2.last
        old = {"ExposureTime": 10000, "AnalogueGain": 2.0}
        fake.metadata = [
            old,
            old,
            old,
            {"ExposureTime": 10000, "AnalogueGain": 1.6},
            {"ExposureTime": 10000, "AnalogueGain": 1.2},
            {"ExposureTime": 10000, "AnalogueGain": 1.0},
            {"ExposureTime": 9900, "AnalogueGain": 1.0, "DigitalGain": 1.01},
            {"ExposureTime": 1},
        ]
        cam.set_exposure_value(-1.0)
        assert fake.controls == [{"ExposureValue": -1.0}]
        assert fake.metadata_reads == 7 and cam.exposure_value == -1.0
        cam.set_exposure_value(-1.0)  # no change: nothing asked, nothing dropped
        assert len(fake.controls) == 1 and fake.metadata_reads == 7
        assert cam.read() is not None


def test_set_exposure_value_gives_up_waiting_after_settle_max_frames(picamera2: Any) -> None:
    from vision.picamera_source import SETTLE_MAX

    with _camera() as cam:
        fake = picamera2.last
        fake.metadata = [{"ExposureTime": 1000 * (1 + n % 2)} for n in range(100)]  # never steady
        cam.set_exposure_value(0.5)
        assert fake.metadata_reads == SETTLE_MAX and cam.exposure_value == 0.5


def test_a_refused_control_keeps_the_exposure_and_a_dead_camera_is_lost(picamera2: Any) -> None:
    with _camera() as cam:
        picamera2.last.refuse = True
        cam.set_exposure_value(-0.5)
        assert cam.exposure_value == 0.0 and not cam.lost
        picamera2.last.refuse = False
        picamera2.last.metadata = [{"ExposureTime": 100}, OSError("camera unplugged")]
        cam.set_exposure_value(-0.5)
        assert cam.lost and cam.read() is None


def test_files_and_demo_sources_have_no_exposure_control() -> None:
    with open_source(None, source="demo") as src:
        assert isinstance(src, FilesSource) and not isinstance(src, ExposureControl)


def test_a_camera_with_autofocus_focuses_at_start_and_on_demand(picamera2: Any) -> None:
    from vision.frames import FocusControl

    with _camera() as cam:
        assert isinstance(cam, FocusControl) and picamera2.last.focus_cycles == 1
        assert cam.focus() is True and picamera2.last.focus_cycles == 2
        picamera2.focus_result = False
        assert cam.focus() is False
        picamera2.focus_result = RuntimeError("lens driver gone")
        assert cam.focus() is False and not cam.lost


def test_a_camera_without_autofocus_is_not_asked_to_focus(picamera2: Any) -> None:
    """A Camera Module 2 or the HQ camera (focused by hand): no ``AfMode`` control."""
    picamera2.controls_given = {"ExposureValue": (-8.0, 8.0, 0.0)}
    with _camera() as cam:
        assert cam.focus() is False and picamera2.last.focus_cycles == 0


def test_the_camera_is_given_a_power_law_tone_curve(picamera2: Any) -> None:
    """Its own tuning file, the contrast algorithm's curve replaced: at the 33 inputs of the
    shipped Pi 4 tuning files, each output the input to the power 1 / 2.2, and the adaptive
    stretch off; the rest of the file as it was."""
    from vision.picamera_source import TONE_INPUTS

    with _camera() as cam:
        tuning = picamera2.last.tuning
        assert picamera2.tuning_asked == ["imx708.json"] and cam.notes == []
        assert tuning["algorithms"][0] == {"rpi.agc": {"startup_frames": 5}}
        contrast = tuning["algorithms"][1]["rpi.contrast"]
        assert contrast["ce_enable"] == 0
        pts = np.asarray(contrast["gamma_curve"]).reshape(-1, 2)
        assert len(pts) == 33
        assert list(pts[:-1, 0]) == list(TONE_INPUTS) and tuple(pts[-1]) == (65535, 65535)
        assert tuple(pts[0]) == (0, 0) and tuple(pts[16]) == (16384, 34899)  # 0.25 -> 0.533
        assert np.all(np.diff(pts[:, 1]) > 0)


def test_the_power_law_keeps_a_pieces_colour_in_its_shade(picamera2: Any) -> None:
    """What the curve is for: a pumpkin frog's shaded side (45% of the light on its top) reads
    near the top's chromaticity through it (0.023: its blue falls in the curve's first, straight
    segment, under 1/64 of full scale); through the default curve's shape it moves 0.108
    towards red (the count read such sides as cowboy pieces)."""
    from vision.picamera_source import power_tone_curve
    from vision.pond.colours import chroma

    top = np.array([0.013, 0.14, 0.65])  # linear light, BGR, as the sensor gathers it

    def shift(curve: list[int]) -> float:
        pts = np.asarray(curve, np.float64).reshape(-1, 2) / 65535
        seen = [np.interp(top * k, pts[:, 0], pts[:, 1]) for k in (1.0, 0.45)]
        return float(np.linalg.norm(chroma(seen[0]) - chroma(seen[1])))

    shape = [(0, 0), (1 / 64, 0.077), (1 / 8, 0.393), (1 / 4, 0.62), (1 / 2, 0.837), (1, 1)]
    default = [round(v * 65535) for xy in shape for v in xy]
    assert shift(power_tone_curve()) < 0.03
    assert shift(default) > 0.08


def test_a_tuning_file_that_cannot_be_read_keeps_the_cameras_own_curve(
    picamera2: Any, caplog: pytest.LogCaptureFixture
) -> None:
    from vision.picamera_source import OWN_CURVE_NOTE

    picamera2.tuning_files = {}
    with caplog.at_level(logging.WARNING), _camera() as cam:
        assert picamera2.last.tuning is None and cam.read() is not None
        assert cam.notes == [OWN_CURVE_NOTE]  # the screens say it too (ui.pond_camera)
    assert "its own tone curve is kept" in caplog.text


def test_no_camera_seen_asks_for_no_tuning_file(
    picamera2: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """With no camera, making one fails with its own message; no tuning warning before it."""
    from vision.picamera_source import power_law_tuning

    monkeypatch.setattr(picamera2, "global_camera_info", staticmethod(lambda: []))
    with caplog.at_level(logging.WARNING):
        assert power_law_tuning(picamera2) is None
    assert picamera2.tuning_asked == [] and not caplog.text


# ---------------------------------------------------------------- white balance


def test_the_white_balance_is_read_from_the_frames_metadata(picamera2: Any) -> None:
    from vision.frames import WhiteBalanceControl
    from vision.white_balance import WhiteBalance

    with _camera() as cam:
        assert isinstance(cam, WhiteBalanceControl)
        picamera2.last.metadata = [{"ColourGains": (1.82, 1.61), "ColourTemperature": 3412}]
        assert cam.white_balance() == WhiteBalance(1.82, 1.61, 3412)
        picamera2.last.metadata = [{"ExposureTime": 100}]  # a camera that does not say
        assert cam.white_balance() is None
        picamera2.last.metadata = [OSError("camera unplugged")]
        assert cam.white_balance() is None


def test_holding_a_white_balance_turns_the_auto_off_and_waits_for_its_gains(
    picamera2: Any,
) -> None:
    """The gains asked for with ``AwbEnable`` off; frames dropped (three at least) until the
    held gains come through: here the fifth. Held again: nothing asked, nothing dropped."""
    from vision.white_balance import WhiteBalance

    with _camera() as cam:
        fake = picamera2.last
        auto = {"ColourGains": (1.5, 2.0)}
        held = {"ColourGains": (1.8, 1.6)}
        fake.metadata = [held, auto, auto, auto, {"ColourGains": (1.801, 1.599)}, auto]
        assert cam.hold_white_balance(WhiteBalance(1.8, 1.6, 3400))
        assert fake.controls == [{"AwbEnable": False, "ColourGains": (1.8, 1.6)}]
        assert fake.metadata_reads == 5
        assert cam.hold_white_balance(WhiteBalance(1.8, 1.6, 3400))
        assert len(fake.controls) == 1 and fake.metadata_reads == 5
        # Given back to the auto white balance: until two frames in a row agree (the fifth).
        fake.metadata = [held, held, held, {"ColourGains": (1.6, 1.9)}, {"ColourGains": (1.6, 1.9)}]
        assert cam.hold_white_balance(None)
        assert fake.controls[-1] == {"AwbEnable": True} and fake.metadata_reads == 10
        assert cam.read() is not None


def test_a_refused_white_balance_is_not_taken_as_held(picamera2: Any) -> None:
    from vision.white_balance import WhiteBalance

    with _camera() as cam:
        picamera2.last.refuse = True
        assert not cam.hold_white_balance(WhiteBalance(1.8, 1.6))
        picamera2.last.refuse = False
        assert cam.hold_white_balance(WhiteBalance(1.8, 1.6))  # asked again, not taken as held
        assert picamera2.last.controls == [{"AwbEnable": False, "ColourGains": (1.8, 1.6)}]
        picamera2.last.metadata = [OSError("camera unplugged")]
        assert not cam.hold_white_balance(None) and cam.lost


def test_a_camera_without_colour_gains_holds_nothing(picamera2: Any) -> None:
    from vision.white_balance import WhiteBalance

    picamera2.controls_given = {"ExposureValue": (-8.0, 8.0, 0.0)}  # a monochrome camera
    with _camera() as cam:
        assert not cam.hold_white_balance(WhiteBalance(1.8, 1.6))
        assert picamera2.last.controls == []
