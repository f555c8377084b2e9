"""Pin checks: a misconfigured pin stops start-up with one line naming the pin."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.cli import main
from companion.errors import ConfigError, PinConfigError
from hardware import PanelSettings, open_panel
from hardware.pins import FREE_PINS, PHYSICAL, RESERVED, check_pin, validate


def _error(settings: PanelSettings, factory: MockFactory) -> str:
    with pytest.raises(PinConfigError) as info:
        open_panel(settings, pin_factory=factory)
    text = str(info.value)
    assert "\n" not in text
    # Start-up stopped before any pin was taken.
    assert not any(factory._reservations.values())
    return text


def test_pins_defaults_are_valid_and_free() -> None:
    settings = PanelSettings()
    validate(settings)
    assert {pin for _, pin in settings.used_pins()} == {17, 27, 22, 5, 6, 13, 12}
    assert not {pin for _, pin in settings.used_pins()} & set(RESERVED)


def test_pins_reserved_list() -> None:
    """Camera/display I2C and ID EEPROM, I2C1, SPI0 and the UART are off limits."""
    assert sorted(RESERVED) == [0, 1, 2, 3, 7, 8, 9, 10, 11, 14, 15]
    assert FREE_PINS == (4, 5, 6, 12, 13, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27)
    assert sorted(PHYSICAL) == list(range(28))
    assert len(set(PHYSICAL.values())) == 28


def test_pins_missing_pin_named(factory: MockFactory) -> None:
    text = _error(PanelSettings(next_pin=40, where="pond.toml"), factory)
    assert text == (
        "pond.toml: gpio.next_pin = 40: BCM 40 does not exist on the 40-pin header (BCM 0-27)"
    )


def test_pins_negative_pin_named(factory: MockFactory) -> None:
    text = _error(PanelSettings(buzzer_pin=-1), factory)
    assert text == (
        "settings: gpio.buzzer_pin = -1: BCM -1 does not exist on the 40-pin header (BCM 0-27)"
    )


def test_pins_used_twice_named(factory: MockFactory) -> None:
    text = _error(PanelSettings(scan_pin=17), factory)
    assert text == "settings: gpio.scan_pin = 17: BCM 17 is already used by gpio.next_pin"


def test_pins_led_clash_with_buzzer_named(factory: MockFactory) -> None:
    text = _error(PanelSettings(led_pins=(5, 6, 12)), factory)
    assert text == (
        "settings: gpio.buzzer_pin = 12: BCM 12 is already used by gpio.led_pins (blue)"
    )


def test_pins_reserved_for_display_named(factory: MockFactory) -> None:
    text = _error(PanelSettings(undo_pin=8), factory)
    assert text == (
        "settings: gpio.undo_pin = 8: BCM 8 is reserved for SPI0 CE0 (SPI display); "
        "choose another pin"
    )


def test_pins_reserved_for_camera_named(factory: MockFactory) -> None:
    text = _error(PanelSettings(led_pins=(0, 6, 13)), factory)
    assert text == (
        "settings: gpio.led_pins (red) = 0: BCM 0 is reserved for ID_SD (I2C0: HAT ID EEPROM, "
        "shared with the camera/display I2C); choose another pin"
    )


@pytest.mark.parametrize("pin", sorted(RESERVED))
def test_pins_every_reserved_pin_refused(pin: int) -> None:
    with pytest.raises(PinConfigError, match=f"gpio.scan_pin = {pin}: BCM {pin} is reserved"):
        check_pin("gpio.scan_pin", pin)


@pytest.mark.parametrize("value", [True, 17.0, "17", None])
def test_pins_not_a_number_named(value: object) -> None:
    with pytest.raises(PinConfigError, match=r"gpio.next_pin = .* is not a BCM pin number"):
        check_pin("gpio.next_pin", value)


def test_pins_unfitted_led_and_buzzer_not_checked() -> None:
    validate(PanelSettings(led=False, led_pins=(0, 1, 2), buzzer=False, buzzer_pin=99))


def test_pins_led_needs_three_pins() -> None:
    with pytest.raises(PinConfigError, match=r"gpio.led_pins = \[5, 6\]: give three BCM pins"):
        validate(PanelSettings(led_pins=(5, 6)))  # type: ignore[arg-type]


def test_pins_bad_backend_and_times() -> None:
    with pytest.raises(ConfigError, match=r"gpio\.backend = 'serial' is not allowed"):
        validate(PanelSettings(backend="serial"))
    with pytest.raises(ConfigError, match=r"gpio\.hold_s = 0"):
        validate(PanelSettings(hold_s=0))
    with pytest.raises(ConfigError, match=r"gpio\.bounce_ms = -5"):
        validate(PanelSettings(bounce_ms=-5))


def test_pins_keyboard_backend_skips_pins(factory: MockFactory) -> None:
    with open_panel(PanelSettings(backend="keyboard", scan_pin=8), pin_factory=factory) as p:
        assert p.is_keyboard


def test_pins_from_config_copies_gpio_section() -> None:
    from companion.config import parse_config

    config = parse_config({"gpio": {"scan_pin": 23, "hold_s": 2}}, "pond.toml")
    settings = PanelSettings.from_config(config.gpio, where="pond.toml")
    assert settings == replace(PanelSettings(), scan_pin=23, hold_s=2.0, where="pond.toml")


def test_pins_cli_stops_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`pond-companion buttons test` with a pin on the display's SPI bus: exit 2, one line."""
    monkeypatch.delenv("POND_COMPANION_CONFIG", raising=False)
    path = tmp_path / "config.toml"
    path.write_text("[gpio]\nscan_pin = 10\n", encoding="utf-8")
    assert main(["--config", str(path), "buttons", "test", "--seconds", "0.1"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"pond-companion: {path}: gpio.scan_pin = 10: BCM 10 is reserved for SPI0 MOSI "
        "(SPI display); choose another pin\n"
    )


def test_pins_busy_pin_named_and_others_released(factory: MockFactory) -> None:
    """A pin another program holds stops start-up, and what was opened is let go."""
    from gpiozero import Buzzer

    other = Buzzer(12, pin_factory=factory)  # someone else has the buzzer pin
    with pytest.raises(PinConfigError) as info:
        open_panel(PanelSettings(), pin_factory=factory)
    text = str(info.value)
    assert text.startswith("settings: gpio.buzzer_pin = 12: BCM 12 cannot be opened: ")
    assert "\n" not in text
    held = {i.name for i, refs in factory._reservations.items() if refs}
    assert held == {"GPIO12"}
    other.close()
