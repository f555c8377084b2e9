"""Settings, Colours: each faction button's name and the square of the colour measured on the
photo were drawn over each other ("Wizar" under the square at 800x480). The layout check
cannot see it (the square is a canvas drawing), so this test measures both."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import render
from ui import layout_check

FACTIONS = ("wizard", "pumpkin", "banana", "cowboy", "lilypad")


def test_settings_swatch_square_keeps_clear_of_the_name(app: Any) -> None:
    from ui.screens import settings

    settings._section("colours")(app)
    render(app, 4)
    screen = app.screen
    assert screen.photo is not None, "the demo state waits for the board photo"
    for faction in FACTIONS:
        button = screen.ids[f"col_{faction}"]
        button.swatch = [0.5, 0.2, 0.6, 1]  # a colour measured on the photo
        render(app, 2)
        ink = layout_check._ink(button)
        assert ink is not None, faction
        x, _y, w, _h = ink[0]
        bx, _by = button.to_window(button.right - button.height * 0.8, button.y)
        assert x + w <= bx + 1, f"{faction}: the name runs under the measured colour's square"
