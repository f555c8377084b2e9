"""Issue 13, defect 7: the Pond tracker shows who controls which pond during the turn, and the
VP supply as a bar split by each player's share. Checked on the pixels drawn, from a known log.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from companion.games.pond.events import Board, PondContent, Vp
from tests.ui.conftest import render
from ui import theme
from ui.layout_check import window_pixels

#: "You control a Pond if you have the most pieces, which counts both Frogs and Long Fwooogs,
#: in that Pond. No one controls a Pond in case of a tie." (Ana wizard, Ben pumpkin, Cy banana)
BOARD = Board(
    (
        ("N", PondContent(frogs=(("wizard", 2),), fwooogs=("wizard",))),
        ("E", PondContent(frogs=(("pumpkin", 1), ("wizard", 1)), fwooogs=("pumpkin",))),
        ("S", PondContent(frogs=(("pumpkin", 2),), fwooogs=("banana",))),
        ("IS", PondContent(frogs=(("banana", 1),))),
        ("F", PondContent(frogs=(("wizard", 1), ("banana", 1)), lilypad="free")),
    )
)
CONTROLLED = {"N": "wizard", "E": "pumpkin", "S": "pumpkin", "IS": "banana"}
NO_ONE = ("F", "W", "IN", "NE")  # a tie, and empty ponds


def _rgb(rgba: Any) -> np.ndarray:
    return np.array([round(float(c) * 255) for c in rgba[:3]], dtype=np.int32)


def _pixel(image: np.ndarray, x: float, y: float) -> np.ndarray:
    """The drawn colour at window point (x, y) (y up, as Kivy has it)."""
    return image[image.shape[0] - 1 - int(y), int(x)].astype(np.int32)


def _is(colour: np.ndarray, rgba: Any, tol: int = 6) -> bool:
    return bool(np.abs(colour - _rgb(rgba)).max() <= tol)


def _tracker_after(app: Any, events: list[Any]) -> Any:
    from ui.screens.pond_tracker import start_demo_game

    start_demo_game(app)  # 3 players, 112 VP; Ben and Cy start with 1 and 2 extra tokens
    for event in events:
        app.play(event)
    screen = app.go("pond_tracker")
    render(app, 4)
    return screen


def _pond_colours(screen: Any, image: np.ndarray, pond_id: str) -> list[np.ndarray]:
    """Colours drawn inside a pond: most of the way from its middle towards each corner (the middle
    holds the faction's shape, the side the lilypad)."""
    view = screen.ids.control_map
    shape = view.layout.ponds[pond_id]
    cx, cy = view.to_window(*view.to_px(shape.centroid_mm))
    out = []
    for corner in shape.polygon_mm:
        px, py = view.to_window(*view.to_px(corner))
        out.append(_pixel(image, cx + (px - cx) * 0.8, cy + (py - cy) * 0.8))
    return out


def test_tracker_control_map_shows_each_ponds_controller_during_the_turn(app: Any) -> None:
    """The map on the tracker: each pond in its controller's faction colour (water when no
    one controls it), from the board recorded during the turn. (Pixels at 800x480: the
    off-screen window draws at one size per process; the walk checks 1280x720's layout.)"""
    from ui.widgets.pond_map_view import WATER

    screen = _tracker_after(app, [BOARD])
    assert app.live.state.phase == "start" and screen.ids.control_map.board == BOARD
    image = window_pixels()
    for pond_id, faction in CONTROLLED.items():
        colours = _pond_colours(screen, image, pond_id)
        hits = sum(_is(c, theme.FACTION[faction]) for c in colours)
        assert hits > len(colours) / 2, f"pond {pond_id}: {faction} expected, saw {colours}"
    for pond_id in NO_ONE:
        colours = _pond_colours(screen, image, pond_id)
        assert sum(_is(c, WATER) for c in colours) > len(colours) / 2, pond_id
        assert not any(_is(c, f) for c in colours for f in theme.FACTION.values()), pond_id


def test_tracker_supply_bar_is_split_by_each_players_share_of_the_supply(app: Any) -> None:
    """The bar is the starting supply: what is left, then what each player took from it.
    Starting VP come "from the 3 extra tokens, not the VP supply", so they are no share."""
    screen = _tracker_after(app, [Vp("Ana", 20, "card ability"), Vp("Ben", 10, "card ability")])
    st = app.live.state
    assert (st.supply, st.tokens) == (82, (20, 11, 2))
    assert screen.fraction == pytest.approx(82 / 112)
    shares = dict(screen.segments)
    assert shares == pytest.approx({"wizard": 20 / 112, "pumpkin": 10 / 112, "banana": 0.0})
    assert screen.fraction + sum(shares.values()) == pytest.approx(1.0)
    # As drawn: left, then Ana's wizard purple, Ben's pumpkin orange, and nothing past the end.
    bar = screen.ids.supply_bar
    image = window_pixels()
    x0, y0 = bar.to_window(bar.x, bar.y)
    y = y0 + bar.height * 0.25  # below the faction's shape drawn in the middle
    at = lambda f: _pixel(image, x0 + bar.width * f, y)  # noqa: E731
    assert _is(at(0.5 * 82 / 112), theme.DONE)
    assert _is(at((82 + 3) / 112), theme.FACTION["wizard"])
    assert _is(at((82 + 20 + 2) / 112), theme.FACTION["pumpkin"])
    past = _pixel(image, x0 + bar.width + 3, y)
    assert not any(_is(past, c) for c in (*theme.FACTION.values(), theme.DONE)), past
