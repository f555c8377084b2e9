"""The panel's own settings, a plain copy of the config file's ``[gpio]`` section.

The panel takes this small dataclass rather than the whole config so that
tests (and the ``buttons test`` command) can build one in a line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BACKENDS = ("auto", "gpio", "keyboard")


@dataclass(frozen=True)
class PanelSettings:
    """Pins are BCM numbers. ``where`` names the file they came from, for messages."""

    backend: str = "auto"
    next_pin: int = 17
    scan_pin: int = 27
    undo_pin: int = 22
    pull_up: bool = True
    bounce_ms: int = 50
    hold_s: float = 1.5
    led: bool = True
    led_pins: tuple[int, int, int] = (5, 6, 13)
    buzzer: bool = True
    buzzer_pin: int = 12
    where: str = "settings"

    @classmethod
    def from_config(cls, gpio: Any, *, where: str = "config") -> PanelSettings:
        """Copy ``config.gpio`` (any object with the ``[gpio]`` keys as attributes)."""
        return cls(
            backend=gpio.backend,
            next_pin=gpio.next_pin,
            scan_pin=gpio.scan_pin,
            undo_pin=gpio.undo_pin,
            pull_up=gpio.pull_up,
            bounce_ms=gpio.bounce_ms,
            hold_s=float(gpio.hold_s),
            led=gpio.led,
            led_pins=tuple(gpio.led_pins),
            buzzer=gpio.buzzer,
            buzzer_pin=gpio.buzzer_pin,
            where=where,
        )

    @property
    def bounce_s(self) -> float:
        return self.bounce_ms / 1000.0

    def button_pins(self) -> dict[str, int]:
        """Button name -> BCM pin, in panel order."""
        return {"next": self.next_pin, "scan": self.scan_pin, "undo": self.undo_pin}

    def used_pins(self) -> list[tuple[str, int]]:
        """(config key, BCM pin) for every pin this setup drives or reads."""
        used = [(f"gpio.{name}_pin", pin) for name, pin in self.button_pins().items()]
        if self.led:
            for colour, pin in zip(("red", "green", "blue"), self.led_pins, strict=False):
                used.append((f"gpio.led_pins ({colour})", pin))
        if self.buzzer:
            used.append(("gpio.buzzer_pin", self.buzzer_pin))
        return used
