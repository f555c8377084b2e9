"""The Pi camera's exposure bias and autofocus, through a stand-in for picamera2 (none imports
here): the configured ``camera.exposure_value`` is asked for at start, ``set_exposure_value``
sets libcamera's ``ExposureValue`` and drops frames until the new exposure comes through; a
camera with autofocus runs one cycle at start and on demand."""

from __future__ import annotations

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

    #: ``camera_controls`` of the next camera made (a Camera Module 3 has ``AfMode``).
    controls_given: ClassVar[dict[str, Any]] = {"AfMode": (0, 2, 0)}
    #: What ``autofocus_cycle`` returns (or raises).
    focus_result: ClassVar[Any] = True

    def __init__(self) -> None:
        FakePicamera2.last = self
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
    monkeypatch.setattr(FakePicamera2, "controls_given", {"AfMode": (0, 2, 0)})
    monkeypatch.setattr(FakePicamera2, "focus_result", True)
    yield FakePicamera2


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
