"""The keyboard fallback: the panel without GPIO, driven by keys the UI forwards.

Every panel accepts the keys (see ``panel.KEYMAP``); this one has nothing else.
Held keys give the long presses; keyboard auto-repeat is ignored.
"""

from __future__ import annotations

from collections.abc import Callable

from hardware.panel import KEY_HELP, Listener, Panel
from hardware.settings import PanelSettings


class KeyboardPanel(Panel):
    """A panel with keys only. ``fallback_reason`` says why, when GPIO was wanted."""

    keys_help = KEY_HELP

    def __init__(
        self,
        settings: PanelSettings,
        *,
        fallback_reason: str | None = None,
        time_source: Callable[[], float] | None = None,
        listener: Listener | None = None,
        autopoll: bool = True,
        tick_s: float = 0.01,
    ) -> None:
        super().__init__(
            settings, time_source=time_source, listener=listener, autopoll=autopoll, tick_s=tick_s
        )
        self.fallback_reason = fallback_reason
        self._start()

    @property
    def is_keyboard(self) -> bool:
        return True
