"""Which BCM pins the panel may use, and the check that stops start-up on a bad one.

The 40-pin header of a Pi 4 or Pi 5 carries BCM GPIO 0-27. Some of those are
spoken for by the buses the camera, the display and the system rely on, so a
button or light there would either not work or break them. ``RESERVED`` names
each with the reason; ``docs/hardware.md`` repeats the table.
"""

from __future__ import annotations

from companion.errors import ConfigError, PinConfigError
from hardware.settings import BACKENDS, PanelSettings

HEADER_PINS = range(0, 28)

RESERVED: dict[int, str] = {
    # BSC0 is switched between these and the camera/display connectors' I2C
    # (i2c0mux on Pi 3/4); on every Pi they also read a HAT's ID EEPROM.
    0: "ID_SD (I2C0: HAT ID EEPROM, shared with the camera/display I2C)",
    1: "ID_SC (I2C0: HAT ID EEPROM, shared with the camera/display I2C)",
    # I2C1 has fixed 1.8 kOhm pull-ups on the board and carries the touch
    # controller of many displays.
    2: "I2C1 SDA (touch controllers, fixed pull-up)",
    3: "I2C1 SCL (touch controllers, fixed pull-up)",
    # SPI0 drives SPI touch displays and their touch chips.
    7: "SPI0 CE1 (SPI display touch)",
    8: "SPI0 CE0 (SPI display)",
    9: "SPI0 MISO (SPI display)",
    10: "SPI0 MOSI (SPI display)",
    11: "SPI0 SCLK (SPI display)",
    # The UART is the serial console used to rescue a headless kiosk.
    14: "UART TXD (serial console)",
    15: "UART RXD (serial console)",
}

# BCM -> physical pin on the 40-pin header, for messages and the docs' wiring table.
PHYSICAL: dict[int, int] = {
    0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21,
    10: 19, 11: 23, 12: 32, 13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35,
    20: 38, 21: 40, 22: 15, 23: 16, 24: 18, 25: 22, 26: 37, 27: 13,
}  # fmt: skip

FREE_PINS = tuple(p for p in HEADER_PINS if p not in RESERVED)


def check_pin(key: str, pin: object, where: str = "settings") -> int:
    """Return ``pin`` if a button or light may use it; else raise ``PinConfigError``."""
    if isinstance(pin, bool) or not isinstance(pin, int):
        raise PinConfigError(
            f"{where}: {key} = {pin!r} is not a BCM pin number (use a whole number 0-27)"
        )
    if pin not in HEADER_PINS:
        raise PinConfigError(
            f"{where}: {key} = {pin}: BCM {pin} does not exist on the 40-pin header (BCM 0-27)"
        )
    if pin in RESERVED:
        raise PinConfigError(
            f"{where}: {key} = {pin}: BCM {pin} is reserved for {RESERVED[pin]}; choose another pin"
        )
    return pin


def validate(settings: PanelSettings, *, pins: bool = True) -> None:
    """Check every setting the panel uses; the first problem stops start-up.

    Raises ``ConfigError`` for a bad backend or time and ``PinConfigError``
    (one line naming the pin and its config key) for a bad pin. ``pins=False``
    skips the pins (the keyboard backend opens none).
    """
    where = settings.where
    if settings.backend not in BACKENDS:
        raise ConfigError(
            f"{where}: gpio.backend = {settings.backend!r} is not allowed: use one of "
            + ", ".join(repr(b) for b in BACKENDS)
        )
    if isinstance(settings.bounce_ms, bool) or not 0 <= settings.bounce_ms <= 1000:
        raise ConfigError(f"{where}: gpio.bounce_ms = {settings.bounce_ms!r}: use 0 to 1000")
    if not 0 < settings.hold_s <= 10:
        raise ConfigError(f"{where}: gpio.hold_s = {settings.hold_s!r}: use more than 0, up to 10")
    if not pins:
        return
    if settings.led and len(settings.led_pins) != 3:
        raise PinConfigError(
            f"{where}: gpio.led_pins = {list(settings.led_pins)!r}: give three BCM pins "
            f"[red, green, blue]"
        )
    owner: dict[int, str] = {}
    for key, pin in settings.used_pins():
        check_pin(key, pin, where)
        if pin in owner:
            raise PinConfigError(
                f"{where}: {key} = {pin}: BCM {pin} is already used by {owner[pin]}"
            )
        owner[pin] = key
