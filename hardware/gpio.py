"""The GPIO panel: three buttons, an RGB LED and a buzzer through gpiozero.

gpiozero is imported here, inside the constructor, so importing ``hardware``
stays light. Buttons are plain ``DigitalInputDevice``s with no gpiozero
``bounce_time`` (mock pins ignore it, and the panel's own debouncing is the
one that is tested) and no gpiozero hold thread (the panel times holds itself).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from companion.errors import PinConfigError
from hardware.debounce import ButtonTracker
from hardware.panel import Listener, Panel, _Input
from hardware.pins import PHYSICAL
from hardware.settings import PanelSettings
from hardware.status import Beeper, StatusLight

log = logging.getLogger(__name__)


class GpioPanel(Panel):
    """The panel on GPIO pins of ``pin_factory`` (a gpiozero ``Factory``)."""

    def __init__(
        self,
        settings: PanelSettings,
        pin_factory: Any,
        *,
        time_source: Callable[[], float] | None = None,
        listener: Listener | None = None,
        autopoll: bool = True,
        tick_s: float = 0.01,
    ) -> None:
        super().__init__(
            settings, time_source=time_source, listener=listener, autopoll=autopoll, tick_s=tick_s
        )
        from gpiozero import RGBLED, Buzzer, DigitalInputDevice  # type: ignore[import-untyped]

        self.pin_factory = pin_factory
        self._devices: list[Any] = []
        s = settings
        try:
            for button, pin in s.button_pins().items():
                dev = self._open(
                    f"gpio.{button}_pin = {pin}: BCM {pin}",
                    DigitalInputDevice,
                    pin,
                    pull_up=s.pull_up,
                    pin_factory=pin_factory,
                )
                self._devices.append(dev)
                self._add_button(button, pin, dev)
            if s.led:
                pins = list(s.led_pins)
                led = self._open(
                    f"gpio.led_pins = {pins}: BCM {'/'.join(map(str, pins))}",
                    RGBLED,
                    *pins,
                    pwm=False,
                    pin_factory=pin_factory,
                )
                self._light = StatusLight(led)
            if s.buzzer:
                pin = s.buzzer_pin
                buzzer = self._open(
                    f"gpio.buzzer_pin = {pin}: BCM {pin}", Buzzer, pin, pin_factory=pin_factory
                )
                self._beeper = Beeper(buzzer)
        except BaseException:
            self._light.close()
            self._beeper.close()
            self._close_devices()
            raise
        self._start()

    def pins(self) -> dict[str, int]:
        """Button -> BCM pin."""
        return self.settings.button_pins()

    def _open(self, what: str, make: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return make(*args, **kwargs)
        except Exception as exc:  # gpiozero, lgpio and the kernel each raise their own
            raise PinConfigError(f"{self.settings.where}: {what} cannot be opened: {exc}") from None

    def _add_button(self, button: str, pin: int, dev: Any) -> None:
        iid = f"BCM {pin}"
        down = bool(dev.is_active)
        if down:
            log.warning(
                "%s button (BCM %d, header pin %d) is pressed at start-up: ignored until "
                "released; if it never is, check the wiring and gpio.pull_up",
                button, pin, PHYSICAL.get(pin, 0),
            )  # fmt: skip
        tracker = ButtonTracker.starting(self.settings.bounce_s, self.settings.hold_s, down=down)
        self._inputs[iid] = _Input(button, iid, tracker)
        dev.when_activated = lambda: self._edge(iid, True)
        dev.when_deactivated = lambda: self._edge(iid, False)

    def _close_devices(self) -> None:
        devices, self._devices = self._devices, []
        for dev in reversed(devices):
            try:
                dev.close()
            except Exception:  # close the rest whatever one does
                log.exception("closing %r failed", dev)
