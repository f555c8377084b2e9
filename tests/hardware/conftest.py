"""Fixtures for the hardware tests: gpiozero's MockFactory, a fake clock, panels."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from hardware import Command, Panel, PanelSettings, open_panel


class FakeClock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings() -> PanelSettings:
    return PanelSettings(bounce_ms=50, hold_s=1.5)


@pytest.fixture
def panel(settings: PanelSettings, factory: MockFactory, clock: FakeClock) -> Iterator[Panel]:
    p = open_panel(settings, pin_factory=factory, time_source=clock, autopoll=False)
    yield p
    p.close()


class Driver:
    """Presses and releases mock buttons the way the wiring does it."""

    def __init__(self, factory: MockFactory, *, pull_up: bool = True) -> None:
        self.factory = factory
        self.pull_up = pull_up

    def press(self, bcm: int) -> None:
        """Close the contact of the button on ``bcm`` (to ground with a pull-up)."""
        pin = self.factory.pin(bcm)
        pin.drive_low() if self.pull_up else pin.drive_high()

    def release(self, bcm: int) -> None:
        pin = self.factory.pin(bcm)
        pin.drive_high() if self.pull_up else pin.drive_low()


@pytest.fixture
def drive(factory: MockFactory) -> Driver:
    return Driver(factory)


def _drain(panel: Panel) -> list[Command]:
    out = []
    while not panel.commands.empty():
        out.append(panel.commands.get_nowait())
    return out


@pytest.fixture
def drain() -> Callable[[Panel], list[Command]]:
    """Take every command the panel has queued, in order."""
    return _drain
