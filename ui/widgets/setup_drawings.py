"""Small drawings of the table for the setup steps where one helps, drawn from the engines.

Kivy canvas made for this app (no art from the boxes), in the palette of ``ui.theme``:

- Pond, "map-side": the map's side for the count (9 or 13 ponds, from the layout the game
  uses); "lilypads": the Lilypad in the Fountain; "long-fwooogs": each starting pond in its
  faction's colour and shape (``PondMapView`` of the setup board, so the starting ponds are
  the engine's).
- Pondscape, "food-row" and "food-cards": the five food cards in their strict order, each
  with its food drawn small and named under the row; "jumping-frog": the jumping frog card
  above the start of the row, straddling the first two food cards.
- Ponder, "lily-pads": the Marsh with a lily pad on each space with a green dot (the board's
  28 dots) and each team's starting bank in its colour.
- BOG, "bog": the 9 Lily Pads in 3 rows of 3 between the two Shores; "flies": the same
  with a Fly placed perpendicular on each of the 3 center row Lily Pads.

``drawing_for(game, players, options)`` gives the checklist a ``step -> widget or None``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.lang import Builder
from kivy.properties import ListProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets.pond_map_view import PondMapView

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

#: The drawing's height: about 26 mm on the configured display (``app.touch`` is 12 mm).
HEIGHT_TOUCHES = 2.2

WOOD = theme.SURFACE  # the table
PAD = theme.LILY_PAD
CARD = theme.BUTTON
CARD_EDGE = theme.MUTED
WATER = theme.hex_rgba("#2C5C7A")  # as on the Pond map


def _height() -> float:
    from kivy.app import App

    app = App.get_running_app()
    return float(getattr(app, "touch", 63.0)) * HEIGHT_TOUCHES


class PondSetupMap(PondMapView):
    """The Pond map as set up (read-only)."""

    is_setup_drawing = True


class Canvas(Widget):
    """A drawing redrawn whenever it moves or resizes: ``paint(x, y, w, h)`` draws it."""

    is_setup_drawing = True
    redraw_on: tuple[str, ...] = ()  # the subclass's own properties it is drawn from

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("pos", "size", *self.redraw_on):
            self.bind(**{name: self._redraw})
        self._redraw()

    def _redraw(self, *_: Any) -> None:
        self.canvas.clear()
        if self.width > 4 and self.height > 4:
            with self.canvas:
                self.paint(self.x, self.y, self.width, self.height)

    def paint(self, x: float, y: float, w: float, h: float) -> None:
        raise NotImplementedError


# --- Pondscape --------------------------------------------------------------------------


class FoodRow(Canvas):
    """The five food cards in order; with ``frog`` the jumping frog card above the first two."""

    foods = ListProperty([])
    frog = NumericProperty(-1)  # the food card the jumping frog starts over (-1: none yet)
    redraw_on = ("foods", "frog")

    def paint(self, x: float, y: float, w: float, h: float) -> None:
        n = max(1, len(self.foods))
        card_h = h * 0.62
        card_w = min(w / n * 0.86, card_h * 0.72)
        gap = card_w * 0.12
        left = x + (w - (n * card_w + (n - 1) * gap)) / 2
        for i, food in enumerate(self.foods):
            cx = left + i * (card_w + gap)
            Color(*CARD)
            RoundedRectangle(pos=(cx, y), size=(card_w, card_h), radius=[card_w * 0.1])
            Color(*CARD_EDGE)
            Line(rounded_rectangle=(cx, y, card_w, card_h, card_w * 0.1), width=1)
            Color(*theme.game_accent("pondscape"))
            food_glyph(str(food), cx + card_w / 2, y + card_h * 0.55, card_w * 0.36)
        if self.frog >= 0:
            # "The jumping frog card must always straddle two adjacent food cards."
            fx = left + self.frog * (card_w + gap) + card_w * 0.5 + gap / 2
            fy = y + card_h + h * 0.05
            fw, fh = card_w * 1.2, h * 0.3
            Color(*theme.DONE)
            RoundedRectangle(pos=(fx, fy), size=(fw, fh), radius=[fh * 0.2])
            Color(*theme.INK)
            frog_glyph(fx + fw / 2, fy + fh / 2, fh * 0.38)


def food_glyph(food: str, cx: float, cy: float, r: float) -> None:
    """A food drawn small in the current colour (an unknown food: a dot)."""
    width = max(1.0, r * 0.1)
    if food == "spider":
        Ellipse(pos=(cx - r * 0.35, cy - r * 0.35), size=(r * 0.7, r * 0.7))
        for k in range(4):
            for side in (-1, 1):
                a = math.radians(25 + k * 40) if side > 0 else math.radians(155 - k * 40)
                ex, ey = cx + r * math.cos(a), cy + r * math.sin(a) * 0.9 - r * 0.35
                Line(points=[cx, cy, ex, ey], width=width)
    elif food == "dragonfly":
        Rectangle(pos=(cx - r * 0.08, cy - r), size=(r * 0.16, r * 1.8))
        for dy in (0.45, 0.15):
            Ellipse(pos=(cx - r, cy + r * dy - r * 0.12), size=(r * 0.95, r * 0.24))
            Ellipse(pos=(cx + r * 0.05, cy + r * dy - r * 0.12), size=(r * 0.95, r * 0.24))
    elif food == "butterfly":
        for side in (-1, 1):
            Ellipse(pos=(cx + (0 if side > 0 else -r), cy), size=(r, r * 0.8))
            Ellipse(pos=(cx + (0 if side > 0 else -r * 0.7), cy - r * 0.7), size=(r * 0.7, r * 0.7))
        Line(points=[cx, cy - r * 0.8, cx, cy + r * 0.8], width=width * 1.5)
    elif food == "fly":
        Ellipse(pos=(cx - r * 0.25, cy - r * 0.6), size=(r * 0.5, r * 1.1))
        Line(ellipse=(cx - r * 0.95, cy - r * 0.05, r * 0.75, r * 0.5), width=width)
        Line(ellipse=(cx + r * 0.2, cy - r * 0.05, r * 0.75, r * 0.5), width=width)
    elif food == "snail":
        Line(points=[cx - r, cy - r * 0.55, cx + r, cy - r * 0.55], width=width * 2)
        Line(circle=(cx, cy, r * 0.5), width=width * 1.5)
        Line(circle=(cx, cy, r * 0.22), width=width * 1.5)
        Line(points=[cx + r * 0.75, cy - r * 0.5, cx + r * 0.9, cy + r * 0.1], width=width)
    else:
        Ellipse(pos=(cx - r * 0.3, cy - r * 0.3), size=(r * 0.6, r * 0.6))


def frog_glyph(cx: float, cy: float, r: float) -> None:
    """A frog seen from above: body, head and two eyes."""
    Ellipse(pos=(cx - r * 0.8, cy - r * 0.7), size=(r * 1.6, r * 1.2))
    Ellipse(pos=(cx - r * 0.55, cy + r * 0.2), size=(r * 0.45, r * 0.45))
    Ellipse(pos=(cx + r * 0.1, cy + r * 0.2), size=(r * 0.45, r * 0.45))


class FoodRowDrawing(BoxLayout):
    """The food row drawn, with the foods named in order under it."""

    is_setup_drawing = True
    foods = ListProperty([])
    frog = NumericProperty(-1)


# --- Ponder -----------------------------------------------------------------------------


class Marsh(Canvas):
    """The Marsh: lily pads on the dotted spaces, the four banks in their team colours."""

    board = ObjectProperty(None)
    redraw_on = ("board",)

    def paint(self, x: float, y: float, w: float, h: float) -> None:
        board = self.board
        if board is None:
            return
        cols, rows = board.columns, board.rows
        cell = min(w / cols, h / rows)
        ox = x + (w - cols * cell) / 2
        oy = y + (h - rows * cell) / 2
        Color(*WATER)
        Rectangle(pos=(ox, oy), size=(cols * cell, rows * cell))
        for colour, bank in board.banks.items():
            Color(*theme.team_colour(colour, 0))
            for c, r in bank.spaces:
                px, py = ox + c * cell, oy + (rows - 1 - r) * cell
                inset = cell * 0.12
                Rectangle(pos=(px + inset, py + inset), size=(cell - 2 * inset, cell - 2 * inset))
        for c, r in board.dots:
            px, py = ox + c * cell + cell / 2, oy + (rows - 1 - r) * cell + cell / 2
            Color(*PAD)
            Ellipse(pos=(px - cell * 0.4, py - cell * 0.4), size=(cell * 0.8, cell * 0.8))
            Color(*theme.DONE)  # the green dot under it
            Ellipse(pos=(px - cell * 0.1, py - cell * 0.1), size=(cell * 0.2, cell * 0.2))


# --- BOG --------------------------------------------------------------------------------


class Bog(Canvas):
    """Nine Lily Pads in 3 rows of 3 between the two Shores; ``flies`` on the center row."""

    flies = NumericProperty(0)
    redraw_on = ("flies",)

    def _geometry(self) -> tuple[float, float, float, float, float, float]:
        """(left, bottom of the pads, card width, card height, gap, Shore height)."""
        x, y, w, h = self.x, self.y, self.width, self.height
        shore = h * 0.14
        card_h = (h - 2 * shore - 4) / 3 * 0.92
        card_w = card_h * 0.72
        gap = card_h * 0.08
        return x + (w - 3 * card_w - 2 * gap) / 2, y + shore + 2, card_w, card_h, gap, shore

    def pad_rects(self) -> list[tuple[float, float, float, float]]:
        """The 9 Lily Pads (x, y, w, h), bottom row first, left to right."""
        left, bottom, card_w, card_h, gap, _shore = self._geometry()
        return [
            (left + col * (card_w + gap), bottom + row * (card_h + gap), card_w, card_h)
            for row in range(3)
            for col in range(3)
        ]

    def paint(self, x: float, y: float, w: float, h: float) -> None:
        left, _bottom, card_w, _card_h, gap, shore = self._geometry()
        Color(*theme.MUTED)  # the two Shores: the players' sides
        for sy in (y, y + h - shore):
            Line(rectangle=(left, sy, 3 * card_w + 2 * gap, shore), width=1, dash_length=4)
        pads = self.pad_rects()
        for px, py, pw, ph in pads:
            Color(*PAD)
            RoundedRectangle(pos=(px, py), size=(pw, ph), radius=[pw * 0.12])
        if self.flies:
            for px, py, pw, ph in pads[3:6]:  # "perpendicular on each of the 3 center row"
                cx, cy = px + pw / 2, py + ph / 2
                fw, fh = ph * 0.7, pw * 0.55
                Color(*theme.TEXT)
                RoundedRectangle(pos=(cx - fw / 2, cy - fh / 2), size=(fw, fh), radius=[fh * 0.15])
                Color(*theme.INK)
                fly_glyph(cx, cy, fh * 0.4)


def fly_glyph(cx: float, cy: float, r: float) -> None:
    Ellipse(pos=(cx - r * 0.25, cy - r * 0.6), size=(r * 0.5, r * 1.2))
    Ellipse(pos=(cx - r, cy), size=(r * 0.8, r * 0.45))
    Ellipse(pos=(cx + r * 0.2, cy), size=(r * 0.8, r * 0.45))


# --- which step gets which drawing ------------------------------------------------------


def drawing_for(
    game: str, players: Sequence[Any], options: Mapping[str, Any]
) -> Callable[[Any], Widget | None]:
    """``step -> a new drawing widget or None`` for this game's setup."""
    makers: dict[str, Callable[[], Widget]] = {}
    if game == "pond":
        makers = _pond(players, options)
    elif game == "pondscape":
        foods = list(options.get("food_row") or _default_food_row())
        makers = {
            "food-row": lambda: FoodRowDrawing(foods=foods),
            "jumping-frog": lambda: FoodRowDrawing(foods=foods, frog=0),
            "food-cards": lambda: FoodRowDrawing(foods=foods),
        }
    elif game == "ponder":
        from companion.games.ponder.board import board_for

        board = board_for(options.get("board"))
        makers = {"lily-pads": lambda: _sized(Marsh(board=board))}
    elif game == "bog":
        makers = {"bog": lambda: _sized(Bog()), "flies": lambda: _sized(Bog(flies=3))}

    def make(step: Any) -> Widget | None:
        maker = makers.get(str(getattr(step, "id", "")))
        return maker() if maker is not None else None

    return make


def _sized(widget: Widget) -> Widget:
    widget.size_hint_y = None
    widget.height = _height()
    return widget


def _default_food_row() -> tuple[str, ...]:
    from companion.games.pondscape.state import DEFAULT_FOOD_ROW

    return DEFAULT_FOOD_ROW


def _pond(players: Sequence[Any], options: Mapping[str, Any]) -> dict[str, Callable[[], Widget]]:
    from companion.errors import CompanionError
    from companion.games.pond.events import Board, PondContent
    from companion.games.pond.setup import parse_options
    from companion.games.pond.state import setup_board

    try:
        layout = parse_options(players, options).layout
    except CompanionError:
        return {}
    factions = [str(p.attrs.get("faction", "")) for p in players]
    fountain = [pid for pid, shape in layout.ponds.items() if shape.fountain]
    pad = Board(tuple((pid, PondContent(lilypad="free")) for pid in fountain))

    def drawn(board: Any) -> Callable[[], Widget]:
        return lambda: _sized(PondSetupMap(layout=layout, board=board))

    return {
        "map-side": drawn(Board(())),
        "lilypads": drawn(pad),
        "long-fwooogs": drawn(setup_board(layout, factions)),
    }
