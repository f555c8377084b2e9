"""The physical side of the table: GPIO buttons, a status LED and a buzzer.

The API the UI builds on (names are stable)::

    from hardware import Command, PanelSettings, open_panel

    settings = PanelSettings.from_config(config.gpio, where=str(config.path or "defaults"))
    with open_panel(settings) as panel:          # pin_factory=None: gpiozero's own
        panel.show("main")                       # LED colour for a named state
        ...
        while True:                              # in the app's main loop (Kivy Clock)
            try:
                command = panel.commands.get_nowait()
            except queue.Empty:
                break
            handle(command)                      # Command.NEXT, CONFIRM, SCAN, UNDO, REDO

- ``open_panel(settings, *, pin_factory=None, time_source=None, listener=None,
  autopoll=True) -> Panel``: the GPIO panel when a pin factory loads (or the one
  given), else a ``KeyboardPanel``, logged once, never a crash. A misconfigured
  pin (not on the header, used twice, reserved for the camera/display/system
  buses) raises ``PinConfigError`` with one line naming the pin.
- ``Panel.commands``: a ``queue.Queue[Command]``. ``Command`` is a str enum:
  ``next``, ``confirm`` (long press of next), ``scan``, ``undo``, ``redo`` (long
  press of undo). gpiozero callbacks run on their own threads and only put
  commands here; drain it on the UI thread.
- ``Panel.key_down(key)`` / ``Panel.key_up(key)``: forward Kivy key names
  ("spacebar" = next, "s" = scan, "u" or "backspace" = undo; held keys give
  confirm and redo). They return True when the key is a panel key. Every panel
  takes them, so a keyboard works on the Pi too.
- ``Panel.show(state)``: "idle", "start", "main", "end", "scanning", "warning",
  "game_over" (``status.STATE_LOOKS``); ``ValueError`` for another name.
- ``Panel.alert(kind)``: "supply_empty" (the Pond VP supply ran out), "warning"
  (a rules warning); returns at once.
- ``Panel.is_keyboard``: True for the keyboard fallback
  (``KeyboardPanel.fallback_reason`` says why GPIO did not load).
- ``Panel.close()``: releases every pin; idempotent; panels are context managers.

``listener`` receives each debounced press, release and hold as a
``ButtonEvent`` (on the callback's thread); ``buttons test`` prints them.
Tests pass ``time_source`` (a clock) with ``autopoll=False`` and call
``Panel.poll()`` to let time pass. Wiring, pins and parts: docs/hardware.md.
"""

from __future__ import annotations

from hardware.backend import load_pin_factory, open_panel
from hardware.debounce import ButtonTracker, Edge
from hardware.keyboard import KeyboardPanel
from hardware.panel import BUTTONS, KEYMAP, ButtonEvent, Command, Panel
from hardware.pins import RESERVED
from hardware.settings import PanelSettings
from hardware.status import ALERTS, STATE_LOOKS

__all__ = [
    "ALERTS",
    "BUTTONS",
    "KEYMAP",
    "RESERVED",
    "STATE_LOOKS",
    "ButtonEvent",
    "ButtonTracker",
    "Command",
    "Edge",
    "KeyboardPanel",
    "Panel",
    "PanelSettings",
    "load_pin_factory",
    "open_panel",
]
