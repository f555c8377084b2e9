"""Live watching: a board is reported only when several consecutive usable frames agree.

A frame that is not usable (a marker hidden, a hand over the map) breaks the run, so
a board is never reported from a frame where someone is moving pieces.
"""

from __future__ import annotations

from vision.pond.count import BoardCount


class BoardWatcher:
    """Feed it every frame's ``BoardCount``; it says when the board has settled.

    ``add(count)`` returns the count once ``frames_needed`` consecutive usable frames
    have agreed on every pond, and only once per settled board: while nothing changes
    it returns None (``stable`` keeps the last settled board). ``status`` says, for the
    screen, what it is waiting for.
    """

    def __init__(self, frames_needed: int = 3) -> None:
        if frames_needed < 1:
            raise ValueError("frames_needed must be at least 1")
        self.frames_needed = frames_needed
        self.stable: BoardCount | None = None
        self.status = "waiting for the first frame"
        self._key: str | None = None
        self._run = 0

    def reset(self) -> None:
        """Forget the run and the settled board (a new game, or the layout changed)."""
        self.stable = None
        self._key = None
        self._run = 0
        self.status = "waiting for the first frame"

    def add(self, count: BoardCount) -> BoardCount | None:
        if not count.ok:
            self._key = None
            self._run = 0
            self.status = f"waits: {count.reason}"
            return None
        key = count.key()
        if key == self._key:
            self._run += 1
        else:
            self._key = key
            self._run = 1
        if self._run < self.frames_needed:
            left = self.frames_needed - self._run
            self.status = f"waits: {left} more frame{'s' if left > 1 else ''} must agree"
            return None
        self.status = "board seen"
        if self.stable is not None and self.stable.key() == key:
            return None
        self.stable = count
        return count
