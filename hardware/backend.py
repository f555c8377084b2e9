"""Choosing the panel: GPIO when a pin factory loads, else the keyboard fallback."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable
from typing import Any

from companion.errors import HardwareError
from hardware.keyboard import KeyboardPanel
from hardware.panel import KEY_HELP, Listener, Panel
from hardware.pins import validate
from hardware.settings import PanelSettings

log = logging.getLogger(__name__)


def load_pin_factory() -> tuple[Any | None, str]:
    """gpiozero's pin factory (``$GPIOZERO_PIN_FACTORY`` or its default search).

    Returns ``(factory, "")``, or ``(None, reason)`` when none can load (no Pi,
    no lgpio, no gpiozero).
    """
    try:
        from gpiozero import Device  # type: ignore[import-untyped]
    except ImportError as exc:
        return None, f"gpiozero is not installed ({exc})"
    try:
        with warnings.catch_warnings():
            # gpiozero warns once per factory it falls back from; we log one line instead.
            warnings.simplefilter("ignore")
            Device.ensure_pin_factory()
    except Exception as exc:
        return None, str(exc) or type(exc).__name__
    return Device.pin_factory, ""


def open_panel(
    settings: PanelSettings,
    *,
    pin_factory: Any | None = None,
    time_source: Callable[[], float] | None = None,
    listener: Listener | None = None,
    autopoll: bool = True,
) -> Panel:
    """Open the panel ``settings`` ask for.

    ``backend = "keyboard"`` gives a ``KeyboardPanel``. Otherwise the pins are
    checked (``PinConfigError`` naming the pin stops start-up) and the GPIO
    panel opens on ``pin_factory``, or on gpiozero's own when None; if no pin
    factory can load, the keyboard fallback opens instead and the log says so
    in one line (with ``backend = "gpio"`` that is a ``HardwareError`` instead:
    the owner asked for the buttons, so a Pi without them must say so).
    """
    kw: dict[str, Any] = {"time_source": time_source, "listener": listener, "autopoll": autopoll}
    if settings.backend == "keyboard":
        validate(settings, pins=False)
        log.info("panel: keyboard keys (gpio.backend = 'keyboard'): %s", KEY_HELP)
        return KeyboardPanel(settings, **kw)
    validate(settings)
    factory = pin_factory
    if factory is None:
        factory, reason = load_pin_factory()
        if factory is None and settings.backend == "gpio":
            raise HardwareError(
                f"{settings.where}: gpio.backend = 'gpio' but no GPIO pin factory loads here "
                f"({reason}); use 'auto' to fall back to keyboard keys"
            )
        if factory is None:
            log.warning("panel: no GPIO here (%s); using keyboard keys: %s", reason, KEY_HELP)
            return KeyboardPanel(settings, fallback_reason=reason, **kw)
    from hardware.gpio import GpioPanel

    panel = GpioPanel(settings, factory, **kw)
    log.info(
        "panel: GPIO buttons next=BCM %d, scan=BCM %d, undo=BCM %d",
        settings.next_pin, settings.scan_pin, settings.undo_pin,
    )  # fmt: skip
    return panel
