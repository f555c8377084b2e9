"""The palette under its older import path: ``ui.theme`` is the visual language. Kept only
for the modules that still import it (new code imports ``ui.theme``)."""

from ui.theme import *  # noqa: F403
