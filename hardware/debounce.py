"""Debouncing and hold detection for one button, as pure logic on timestamps.

gpiozero's mock pins ignore ``bounce_time`` and real contacts chatter for a few
milliseconds, so the panel does its own debouncing here, where a test can feed
it edges at exact times.

Rules:
- an edge is taken at once when the last accepted change is at least
  ``bounce_s`` old (so a press reacts without delay);
- edges inside that window are bounce and ignored, but the raw level is
  remembered: if it differs from the accepted one and stays put for
  ``bounce_s``, ``tick`` accepts it (a release that came during the bounce of
  a very short tap is not lost);
- a press held ``hold_s`` gives one ``hold``, whether ``tick`` or the release
  edge notices it first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum


class Edge(StrEnum):
    PRESS = "press"
    RELEASE = "release"
    HOLD = "hold"


@dataclass
class ButtonTracker:
    """The debounced state of one button, fed raw levels and the time they came."""

    bounce_s: float
    hold_s: float
    pressed: bool = False
    held: bool = False
    _raw: bool = False
    _raw_at: float = -math.inf
    _accepted_at: float = -math.inf
    _pressed_at: float = 0.0

    @classmethod
    def starting(cls, bounce_s: float, hold_s: float, *, down: bool) -> ButtonTracker:
        """A tracker for a button found already ``down`` at start-up.

        A button down at start-up counts as held, so letting go of it sends
        nothing: a stuck or miswired button must not act on its own.
        """
        return cls(bounce_s, hold_s, pressed=down, held=down, _raw=down)

    @property
    def pending(self) -> bool:
        """True while ``tick`` may still produce something (unsettled or not yet held)."""
        return self._raw != self.pressed or (self.pressed and self._raw and not self.held)

    def edge(self, down: bool, now: float) -> list[Edge]:
        """The raw level changed to ``down`` at ``now``."""
        if down == self._raw:
            return []  # a repeat (keyboard auto-repeat, duplicate callback)
        out = self._check_hold(now)
        self._raw = down
        self._raw_at = now
        if down != self.pressed and now - self._accepted_at >= self.bounce_s:
            out += self._accept(down, now)
        return out

    def tick(self, now: float) -> list[Edge]:
        """Time passed: settle a level that outlasted the bounce window, notice a hold."""
        out: list[Edge] = []
        if (
            self._raw != self.pressed
            and now - self._raw_at >= self.bounce_s
            and now - self._accepted_at >= self.bounce_s
        ):
            # Date the change from when the level last moved, not from now.
            out += self._accept(self._raw, self._raw_at)
        out += self._check_hold(now)
        return out

    def _accept(self, down: bool, at: float) -> list[Edge]:
        self.pressed = down
        self._accepted_at = at
        if down:
            self.held = False
            self._pressed_at = at
            return [Edge.PRESS]
        return [Edge.RELEASE]

    def _check_hold(self, now: float) -> list[Edge]:
        # Only while the contact is really closed: an unsettled release is not a hold.
        if self.pressed and self._raw and not self.held and now - self._pressed_at >= self.hold_s:
            self.held = True
            return [Edge.HOLD]
        return []
