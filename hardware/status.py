"""The status light (one RGB LED) and the buzzer.

The LED is driven on/off per colour (gpiozero ``RGBLED(pwm=False)``): seven
clear colours are enough for the states, and plain on/off works with every pin
factory, including the mock one and pins without PWM.
Either device may be absent (not fitted, or the keyboard fallback): then
``show``/``alert`` only remember what was asked, so the app behaves the same.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Look:
    """How the LED shows a state: a named colour, steady or blinking."""

    name: str
    rgb: Colour
    blink: bool = False


STATE_LOOKS: dict[str, Look] = {
    "idle": Look("blue", (0, 0, 1)),
    "start": Look("cyan", (0, 1, 1)),  # Pond: Start Phase
    "main": Look("green", (0, 1, 0)),  # Pond: Main Phase
    "end": Look("yellow", (1, 1, 0)),  # Pond: End Phase
    "scanning": Look("white", (1, 1, 1)),
    "warning": Look("red", (1, 0, 0), blink=True),
    "game_over": Look("magenta", (1, 0, 1)),
}

BLINK_S = 0.25


@dataclass(frozen=True)
class Beep:
    """``n`` beeps of ``on_s`` seconds with ``off_s`` between them."""

    on_s: float
    off_s: float
    n: int


ALERTS: dict[str, Beep] = {
    "supply_empty": Beep(0.12, 0.08, 3),  # the Pond VP supply ran out
    "warning": Beep(0.4, 0.1, 1),  # a rules warning
}


class StatusLight:
    """Shows a named state on an RGB LED (``led`` a gpiozero ``RGBLED``, or None)."""

    def __init__(self, led: Any | None) -> None:
        self._led = led
        self._lock = threading.Lock()
        self.state: str | None = None

    @property
    def fitted(self) -> bool:
        return self._led is not None

    def show(self, state: str) -> Look:
        look = STATE_LOOKS.get(state)
        if look is None:
            raise ValueError(f"unknown panel state {state!r} (known: {', '.join(STATE_LOOKS)})")
        with self._lock:
            self.state = state
            if self._led is not None:
                if look.blink:
                    self._led.blink(on_time=BLINK_S, off_time=BLINK_S, on_color=look.rgb)
                else:
                    self._led.color = look.rgb  # also stops a blink
        return look

    def off(self) -> None:
        with self._lock:
            self.state = None
            if self._led is not None:
                self._led.off()

    def close(self) -> None:
        with self._lock:
            led, self._led = self._led, None
        if led is not None:
            led.close()


class Beeper:
    """Sounds named alerts on an active buzzer (``buzzer`` a gpiozero ``Buzzer``, or None)."""

    def __init__(self, buzzer: Any | None, alerts: dict[str, Beep] | None = None) -> None:
        self._buzzer = buzzer
        self._alerts = ALERTS if alerts is None else alerts
        self._lock = threading.Lock()
        self.last: str | None = None

    @property
    def fitted(self) -> bool:
        return self._buzzer is not None

    def alert(self, kind: str) -> Beep:
        beep = self._alerts.get(kind)
        if beep is None:
            raise ValueError(f"unknown alert {kind!r} (known: {', '.join(self._alerts)})")
        with self._lock:
            self.last = kind
            if self._buzzer is not None:
                # gpiozero runs the pattern on its own thread: the caller never waits.
                self._buzzer.beep(on_time=beep.on_s, off_time=beep.off_s, n=beep.n)
        return beep

    def close(self) -> None:
        with self._lock:
            buzzer, self._buzzer = self._buzzer, None
        if buzzer is not None:
            buzzer.close()
