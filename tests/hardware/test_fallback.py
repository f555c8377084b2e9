"""No GPIO here: the keyboard fallback, said once in the log, never a crash."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from gpiozero import Device
from gpiozero.exc import BadPinFactory

from hardware import Command, KeyboardPanel, Panel, PanelSettings, open_panel

if TYPE_CHECKING:
    from conftest import FakeClock

Drain = Callable[[Panel], list[Command]]


@pytest.fixture
def no_gpio(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A machine where gpiozero's pin factory lookup fails."""
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)

    def fail() -> object:
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(fail))
    yield


@pytest.fixture
def keys(clock: FakeClock) -> Iterator[Panel]:
    with open_panel(PanelSettings(backend="keyboard"), time_source=clock, autopoll=False) as panel:
        yield panel


def test_fallback_no_pin_factory_gives_keyboard_said_once(
    no_gpio: None, clock: FakeClock, drain: Drain, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="hardware")
    with open_panel(PanelSettings(), time_source=clock, autopoll=False) as panel:
        assert isinstance(panel, KeyboardPanel)
        assert panel.is_keyboard
        assert panel.fallback_reason == "Unable to load any default pin factory!"
        for key in ["spacebar", "s", "u", "backspace"] * 3:
            panel.key_down(key)
            clock.advance(0.1)
            panel.key_up(key)
        panel.show("main")
        panel.alert("supply_empty")
        assert drain(panel) == [Command.NEXT, Command.SCAN, Command.UNDO, Command.UNDO] * 3
    records = [r for r in caplog.records if r.name.startswith("hardware")]
    assert [(r.levelname, r.getMessage()) for r in records] == [
        (
            "WARNING",
            "panel: no GPIO here (Unable to load any default pin factory!); using keyboard "
            "keys: Space = next (hold: confirm), S = scan, U or Backspace = undo (hold: redo)",
        )
    ]


def test_fallback_still_checks_pins(no_gpio: None) -> None:
    """A bad config is caught on a laptop too, before it reaches the Pi."""
    from companion.errors import PinConfigError

    with pytest.raises(PinConfigError, match="BCM 14 is reserved for UART TXD"):
        open_panel(PanelSettings(next_pin=14))


def test_fallback_refused_when_gpio_backend_is_required(no_gpio: None) -> None:
    """``backend = "gpio"`` means the buttons must be there: no silent fallback."""
    from companion.errors import HardwareError

    with pytest.raises(HardwareError, match=r"gpio.backend = 'gpio' but no GPIO pin factory"):
        open_panel(PanelSettings(backend="gpio", where="config.toml"))


def test_fallback_keyboard_backend_even_with_gpio(
    factory: object, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="hardware")
    with open_panel(PanelSettings(backend="keyboard"), pin_factory=factory) as panel:
        assert panel.is_keyboard
        assert isinstance(panel, KeyboardPanel) and panel.fallback_reason is None
    assert len([r for r in caplog.records if r.name.startswith("hardware")]) == 1


def test_fallback_held_space_is_confirm(keys: Panel, clock: FakeClock, drain: Drain) -> None:
    """Held keys give the long presses; keyboard auto-repeat is not a stream of next."""
    assert keys.key_down("spacebar")
    for _ in range(60):  # auto-repeat: key-down again every 30 ms
        clock.advance(0.03)
        keys.key_down("spacebar")
        keys.poll()
    keys.key_up("spacebar")
    assert drain(keys) == [Command.CONFIRM]


def test_fallback_held_backspace_is_redo(keys: Panel, clock: FakeClock, drain: Drain) -> None:
    keys.key_down("backspace")
    clock.advance(1.5)
    keys.poll()
    keys.key_up("backspace")
    keys.key_down("u")
    clock.advance(0.2)
    keys.key_up("u")
    assert drain(keys) == [Command.REDO, Command.UNDO]


def test_fallback_other_keys_not_taken(keys: Panel, drain: Drain) -> None:
    assert keys.key_down("a") is False
    assert keys.key_up("enter") is False
    assert keys.key_down("S") is True  # shift held
    assert drain(keys) == [Command.SCAN]


def test_fallback_key_chord_first_wins(keys: Panel, clock: FakeClock, drain: Drain) -> None:
    keys.key_down("u")
    keys.key_down("s")
    clock.advance(0.1)
    keys.key_up("s")
    keys.key_up("u")
    assert drain(keys) == [Command.UNDO]


def test_fallback_show_and_alert_remembered(keys: Panel) -> None:
    keys.show("scanning")
    keys.alert("warning")
    assert keys.state == "scanning"
    with pytest.raises(ValueError, match="unknown panel state 'blue'"):
        keys.show("blue")


def test_fallback_close_twice(keys: Panel) -> None:
    keys.close()
    keys.close()
    assert keys.closed
