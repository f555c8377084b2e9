"""``QuickModal``: a ModalView that opens and closes at once (no fade).

At the table a dialog must be gone the moment its button is pressed: the
default 0.1 s fade would let a second tap land on a dialog that is leaving.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.modalview import ModalView


class QuickModal(ModalView):
    def open(self, *largs: Any, **kwargs: Any) -> None:
        kwargs.setdefault("animation", False)
        super().open(*largs, **kwargs)

    def dismiss(self, *largs: Any, **kwargs: Any) -> None:
        kwargs.setdefault("animation", False)
        super().dismiss(*largs, **kwargs)

    @property
    def is_open(self) -> bool:
        return self.parent is not None
