"""The button panel: debounced presses become commands on one queue.

Three buttons (next, scan, undo), from GPIO pins or keyboard keys, feed
``ButtonTracker``s (``debounce.py``). The panel turns their edges into
``Command``s on ``Panel.commands``; the app's main loop drains that queue.
Callbacks arrive on gpiozero's threads (and a small ticker thread that
notices holds and settles bounces), so they only ever put onto the queue.

Rules:
- ``scan`` acts on press; ``next`` and ``undo`` act on release of a short
  press, or once on a hold (``confirm``/``redo``) and then not on release;
- while one button is down, another pressed with it does nothing: the first
  wins, the chord is logged, and the second stays ignored until it is let go.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from types import TracebackType

from hardware.debounce import ButtonTracker, Edge
from hardware.settings import PanelSettings
from hardware.status import Beeper, Look, StatusLight

log = logging.getLogger(__name__)


class Command(StrEnum):
    """What a button asks the app to do."""

    NEXT = "next"  # advance the phase (Pond: Start -> Main -> End -> next player)
    CONFIRM = "confirm"  # long press of next, where a screen asks for it
    SCAN = "scan"  # take a camera reading now
    UNDO = "undo"
    REDO = "redo"  # long press of undo


# Button -> (command on a short press, command on a hold or None).
BUTTONS: dict[str, tuple[Command, Command | None]] = {
    "next": (Command.NEXT, Command.CONFIRM),
    "scan": (Command.SCAN, None),
    "undo": (Command.UNDO, Command.REDO),
}

# Kivy key names -> button: the keyboard fallback (and a keyboard on a Pi).
KEYMAP: dict[str, str] = {"spacebar": "next", "s": "scan", "u": "undo", "backspace": "undo"}

KEY_HELP = "Space = next (hold: confirm), S = scan, U or Backspace = undo (hold: redo)"


@dataclass(frozen=True)
class ButtonEvent:
    """One debounced edge, for a live display such as ``buttons test``.

    ``command`` is what the edge sent (None if nothing); ``ignored`` says why a
    chorded button did nothing.
    """

    button: str
    edge: Edge
    source: str  # "BCM 17" or "key spacebar"
    at: float
    command: Command | None = None
    ignored: str | None = None


Listener = Callable[[ButtonEvent], None]


@dataclass
class _Input:
    button: str
    source: str
    tracker: ButtonTracker


class Panel:
    """Buttons, status light and buzzer behind one small API (see ``hardware``).

    ``time_source`` is the clock (seconds, monotonic); tests inject one and
    call ``poll()`` themselves with ``autopoll=False``. Otherwise a ticker
    thread polls every ``tick_s`` while some button is down or unsettled.
    """

    def __init__(
        self,
        settings: PanelSettings,
        *,
        time_source: Callable[[], float] | None = None,
        listener: Listener | None = None,
        autopoll: bool = True,
        tick_s: float = 0.01,
    ) -> None:
        self.settings = settings
        self.commands: queue.Queue[Command] = queue.Queue()
        self._time = time_source or time.monotonic
        self._listener = listener
        self._lock = threading.RLock()
        self._inputs: dict[str, _Input] = {}
        self._active: str | None = None  # the input that owns the panel now
        self._chorded: set[str] = set()  # pressed with another down: ignored until let go
        self._held: set[str] = set()
        self._light = StatusLight(None)
        self._beeper = Beeper(None)
        self._closed = False
        self._autopoll = autopoll
        self._tick_s = tick_s
        self._wake = threading.Event()
        self._ticker: threading.Thread | None = None
        for key, button in KEYMAP.items():
            # Keys do not bounce; auto-repeat is filtered as a repeated level.
            tracker = ButtonTracker(0.0, settings.hold_s)
            self._inputs[f"key {key}"] = _Input(button, f"key {key}", tracker)

    # -- the API the UI uses -------------------------------------------------

    @property
    def is_keyboard(self) -> bool:
        """True when only keyboard keys drive the panel (no GPIO here)."""
        return False

    @property
    def closed(self) -> bool:
        return self._closed

    def key_down(self, key: str) -> bool:
        """A key went down (a Kivy key name); True if it is one of the panel's keys."""
        return self._key(key, True)

    def key_up(self, key: str) -> bool:
        """A key went up; True if it is one of the panel's keys."""
        return self._key(key, False)

    def show(self, state: str) -> Look:
        """Set the status light for a named state ("idle", "main", "warning"...)."""
        return self._light.show(state)

    def alert(self, kind: str) -> None:
        """Sound an alert ("supply_empty", "warning"); returns at once."""
        self._beeper.alert(kind)

    @property
    def state(self) -> str | None:
        """The last state given to ``show``."""
        return self._light.state

    def poll(self) -> None:
        """Let time pass: notice holds and settle bounced levels (the ticker calls this)."""
        with self._lock:
            if self._closed:
                return
            now = self._time()
            for iid, inp in self._inputs.items():
                self._handle(iid, inp, inp.tracker.tick(now), now)

    def close(self) -> None:
        """Release every pin and stop the ticker; safe to call again."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._wake.set()
        ticker = self._ticker
        if ticker is not None and ticker is not threading.current_thread():
            ticker.join(timeout=2.0)
        self._close_devices()
        self._light.close()
        self._beeper.close()

    def __enter__(self) -> Panel:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- for subclasses -------------------------------------------------------

    def _close_devices(self) -> None:
        """Close the subclass's devices (none here)."""

    def _start(self) -> None:
        if self._autopoll:
            self._ticker = threading.Thread(
                target=self._tick_loop, name="panel-ticker", daemon=True
            )
            self._ticker.start()

    def _edge(self, iid: str, down: bool) -> None:
        """A raw level change on input ``iid`` (called from gpiozero's threads or the UI)."""
        with self._lock:
            if self._closed:
                return
            inp = self._inputs[iid]
            now = self._time()
            self._handle(iid, inp, inp.tracker.edge(down, now), now)
            pending = inp.tracker.pending
        if pending:
            self._wake.set()

    # -- internals -----------------------------------------------------------

    def _key(self, key: str, down: bool) -> bool:
        iid = f"key {key.lower()}"
        if iid not in self._inputs:
            return False
        self._edge(iid, down)
        return True

    def _pending(self) -> bool:
        with self._lock:
            return any(inp.tracker.pending for inp in self._inputs.values())

    def _tick_loop(self) -> None:
        while True:
            self._wake.wait()
            if self._closed:
                return
            # Clear before checking, so an edge arriving now wakes us again.
            self._wake.clear()
            while not self._closed and self._pending():
                time.sleep(self._tick_s)
                self.poll()

    def _handle(self, iid: str, inp: _Input, edges: list[Edge], now: float) -> None:
        short, long = BUTTONS[inp.button]
        for edge in edges:
            command: Command | None = None
            ignored: str | None = None
            if edge is Edge.PRESS:
                if self._active is None:
                    self._active = iid
                    self._held.discard(iid)
                    if long is None:
                        command = short
                else:
                    first = self._inputs[self._active]
                    self._chorded.add(iid)
                    ignored = f"pressed while {first.button} ({first.source}) is down"
                    log.info(
                        "chord: %s (%s) pressed while %s (%s) is down; the first wins, "
                        "%s is ignored",
                        inp.button, inp.source, first.button, first.source, inp.button,
                    )  # fmt: skip
            elif iid in self._chorded:
                ignored = "part of a chord"
                if edge is Edge.RELEASE:
                    self._chorded.discard(iid)
            elif iid == self._active:
                if edge is Edge.HOLD:
                    self._held.add(iid)
                    command = long
                else:
                    self._active = None
                    if long is not None and iid not in self._held:
                        command = short
                    self._held.discard(iid)
            if command is not None:
                self.commands.put(command)
            if self._listener is not None:
                event = ButtonEvent(inp.button, edge, inp.source, now, command, ignored)
                try:
                    self._listener(event)
                except Exception:  # a display must never break the buttons
                    log.exception("panel listener failed on %s", event)
