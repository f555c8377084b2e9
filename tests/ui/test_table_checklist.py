"""Issue 13, defect 9: the setup checklist at 800x480 and 1280x720.

(a) a value cell wrapped into 4 lines ("layout: Pond Companion drawing: 13-pond side..." in a
column a third of the row wide); (b) no row marked the next step in view (the demo, 4 of 11
ticked, showed the last rows); (c) drawings for the steps where one helps.
"""

from __future__ import annotations

from typing import Any

import pytest
from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label

from tests.ui.conftest import press, render
from ui import theme

SIZES = [(800, 480), (1280, 720)]
#: Every setup guide, with the largest counts (the most values) and Pond's 2-player side.
GUIDES = [("pond", 4), ("pond", 2), ("pondscape", 4), ("pondscape", 1), ("ponder", 4)]
GUIDES += [("bog", 2), ("croak", 4)]


def checklist(app: Any, game: str, count: int) -> Any:
    from ui.screens.setup import DEMO_NAMES

    screen = app.go("setup", game=game, count=count)
    for row, name in zip(screen.rows, DEMO_NAMES, strict=False):
        row.ids.name.text = name
    assert screen.show_checklist(), screen.message
    render(app, 4)
    return screen


def _one_line_height(label: Label) -> float:
    core = CoreLabel(text="Ag", font_size=label.font_size, bold=label.bold)
    core.refresh()
    return float(core.texture.height)


def value_labels(row: Any) -> list[Label]:
    """The labels of a row that show its values (large, in FOCUS yellow)."""
    return [
        w
        for w in row.walk(restrict=True)
        if isinstance(w, Label) and w.text.strip() and list(w.color) == list(theme.FOCUS)
    ]


def test_checklist_every_value_is_drawn_on_one_line(
    app: Any, display_size: tuple[int, int]
) -> None:
    """Defect 9a: a value cell wrapped into 4 lines. Now each value is one line, beside the
    step's text or under it, and the text itself is not squeezed into a sliver."""
    for game, count in GUIDES:
        screen = checklist(app, game, count)
        for row in screen.ids.checklist.rows:
            for label in value_labels(row):
                lines = label.text.count("\n") + 1
                height = label.texture_size[1]
                assert height <= lines * _one_line_height(label) + 2, (
                    f"{game} {display_size}: {label.text!r} is {height:.0f} px for {lines} line(s)"
                )
                assert label.texture_size[0] <= label.width + 2, label.text
            text = row.ids.lab
            assert text.width >= row.width * 0.5, f"{row.text[:30]!r}: text squeezed"
        shown = "\n".join(t for r in screen.ids.checklist.rows for t in _values_shown(r))
        for row in screen.ids.checklist.rows:  # nothing dropped that the step does not say
            for line in row.values_text.splitlines():
                value = line.split(": ", 1)[-1]
                assert line in shown or value.lower() in row.text.lower(), line


def _values_shown(row: Any) -> list[str]:
    return [label.text for label in value_labels(row)]


def _in_view(row: Any, scroll: Any) -> bool:
    bottom = row.to_window(row.x, row.y)[1]
    top = row.to_window(row.x, row.top)[1]
    s_bottom = scroll.to_window(scroll.x, scroll.y)[1]
    s_top = scroll.to_window(scroll.x, scroll.top)[1]
    return bottom >= s_bottom - 1.5 and top <= s_top + 1.5


def test_checklist_demo_marks_the_next_step_in_view(
    app: Any, display_size: tuple[int, int]
) -> None:
    """Defect 9b: the demo (Pond, 3 players, 4 of 11 ticked) showed rows 9 to 11: the next
    step's mark was scrolled out of sight."""
    from ui.screens.setup import demo

    demo(app)
    render(app, 4)
    cl = app.screen.ids.checklist
    marked = [r for r in cl.rows if r.current]
    assert marked == [cl.rows[4]]
    assert marked[0].ids.box.text == "▶"  # the mark: an arrow in its box, and a FOCUS ring
    assert _in_view(marked[0], app.screen.ids.scroll), "the next step is out of view"


@pytest.mark.parametrize("game", ["pond", "bog"])
def test_checklist_next_step_stays_in_view_while_ticking(
    app: Any, display_size: tuple[int, int], game: str
) -> None:
    """Ticked by `next` one step at a time, and by touch out of order, the marked step is
    always the first open one and always in view; with all ticked, nothing is marked."""
    screen = checklist(app, game, {"pond": 3, "bog": 2}[game])
    cl = screen.ids.checklist
    scroll = screen.ids.scroll
    for i in range(len(cl.rows)):
        render(app, 2)
        assert [r.index for r in cl.rows if r.current] == [i]
        assert _in_view(cl.rows[i], scroll), f"{game}: step {i + 1} is out of view"
        press(app, "next")
    assert not any(r.current for r in cl.rows) and cl.complete
    cl._toggle(cl.rows[1])  # untick one by touch: it is the next step again
    render(app, 3)
    assert [r.index for r in cl.rows if r.current] == [1]
    assert _in_view(cl.rows[1], scroll)


# --- defect 9c: drawings, drawn from the engines, checked on the pixels (800x480)


def _at_step(app: Any, game: str, count: int, step_id: str) -> tuple[Any, Any]:
    """The checklist ticked up to ``step_id`` (marked and in view), and that row."""
    screen = checklist(app, game, count)
    cl = screen.ids.checklist
    while cl.current_row is not None and cl.steps[cl.current_row.index].id != step_id:
        cl.tick_next()
    render(app, 4)
    return screen, cl.current_row


def _pixel(image: Any, widget: Any, x: float, y: float) -> Any:
    wx, wy = widget.to_window(x, y)
    return image[image.shape[0] - 1 - int(wy), int(wx)].astype(int)


def _is(colour: Any, rgba: Any, tol: int = 6) -> bool:
    return all(abs(int(colour[i]) - round(float(rgba[i]) * 255)) <= tol for i in range(3))


def test_checklist_drawings_only_where_one_helps() -> None:
    from companion.games.guides import default_options, setup_steps
    from ui.screens.setup import team_choices
    from ui.widgets.setup_drawings import Bog, FoodRowDrawing, Marsh, PondSetupMap, drawing_for

    want = {
        "pond": {"map-side": PondSetupMap, "lilypads": PondSetupMap, "long-fwooogs": PondSetupMap},
        "pondscape": {
            "food-row": FoodRowDrawing,
            "jumping-frog": FoodRowDrawing,
            "food-cards": FoodRowDrawing,  # each player's own five, in the same order
        },
        "ponder": {"lily-pads": Marsh},
        "bog": {"bog": Bog, "flies": Bog},
        "croak": {},
    }
    for game, kinds in want.items():
        players = _players(game, 2, team_choices(game))
        options = default_options(game, 2)
        draw = drawing_for(game, players, options)
        drawn = {st.id: type(draw(st)) for st in setup_steps(game, players, options)}
        assert {k: v for k, v in drawn.items() if v is not type(None)} == kinds, game
    for count, ponds in ((2, 9), (3, 13), (4, 13)):  # "the side with 9 ponds" / "13 ponds"
        players = _players("pond", count, team_choices("pond"))
        options = default_options("pond", count)
        step = next(st for st in setup_steps("pond", players, options) if st.id == "map-side")
        assert len(drawing_for("pond", players, options)(step).layout.ponds) == ponds


def _players(game: str, count: int, teams: tuple[str, ...]) -> list[Any]:
    from companion.games.base import Player
    from ui.screens.setup import DEMO_NAMES

    key = {"pond": "faction", "ponder": "colour"}.get(game)
    return [Player(DEMO_NAMES[i], {key: teams[i]} if key else {}) for i in range(count)]


def test_checklist_pond_starting_ponds(app: Any) -> None:
    """ "Place 1 Long Fwooog in your starting Pond": each starting pond in its faction's
    colour, every other pond water."""
    from ui.layout_check import window_pixels
    from ui.widgets.pond_map_view import WATER

    count = 4
    screen, row = _at_step(app, "pond", count, "long-fwooogs")
    view = row.drawing
    image = window_pixels()
    starting = {view.layout.start_pond(seat): p for seat, p in enumerate(screen.players())}
    assert len(starting) == count
    for pond_id, shape in view.layout.ponds.items():
        cx, cy = view.to_px(shape.centroid_mm)
        px, py = view.to_px(min(shape.polygon_mm))  # leftwards: the lilypad is drawn right
        colour = _pixel(image, view, cx + (px - cx) * 0.8, cy + (py - cy) * 0.8)
        player = starting.get(pond_id)
        want = theme.FACTION[player.attrs["faction"]] if player else WATER
        assert _is(colour, want), f"pond {pond_id}: {colour}, want {want}"


def test_checklist_pondscape_food_row_and_jumping_frog(app: Any) -> None:
    """ "Place the jumping frog card above the start of the row"; it "must always straddle
    two adjacent food cards": the engine's start, over the first two."""
    from companion.games.pondscape.state import DEFAULT_FOOD_ROW
    from companion.session import LiveSession

    screen, row = _at_step(app, "pondscape", 4, "jumping-frog")
    drawing = row.drawing
    assert tuple(drawing.foods) == DEFAULT_FOOD_ROW
    live = LiveSession(_session(screen))
    assert drawing.frog == live.state.frog == 0
    assert live.state.spanned() == DEFAULT_FOOD_ROW[:2]
    assert drawing.ids.names.text == "  ·  ".join(DEFAULT_FOOD_ROW)


def _session(screen: Any) -> Any:
    from companion.games.guides import session_info

    return session_info(screen.game, screen.players(), dict(screen.options))


def test_checklist_ponder_lily_pads_on_the_dots(app: Any) -> None:
    """ "Place the 28 lily pads on the spaces that have a green dot." """
    from ui.layout_check import window_pixels
    from ui.widgets import setup_drawings as d

    _screen, row = _at_step(app, "ponder", 4, "lily-pads")
    marsh = row.drawing
    board = marsh.board
    assert len(board.dots) == 28
    image = window_pixels()
    cell = min(marsh.width / board.columns, marsh.height / board.rows)
    ox = marsh.x + (marsh.width - board.columns * cell) / 2
    oy = marsh.y + (marsh.height - board.rows * cell) / 2
    banks = {space for bank in board.banks.values() for space in bank.spaces}
    for c in range(board.columns):
        for r in range(board.rows):
            x = ox + c * cell + cell * 0.3  # on the pad, off the dot in its middle
            y = oy + (board.rows - 1 - r) * cell + cell / 2
            colour = _pixel(image, marsh, x, y)
            if (c, r) in board.dots:
                assert _is(colour, d.PAD), (c, r)
            elif (c, r) not in banks:
                assert _is(colour, d.WATER), (c, r)


def test_checklist_bog_three_by_three_with_flies_on_the_center_row(app: Any) -> None:
    """ "place all 9 Lily Pads in 3 rows of 3"; "Place a Fly perpendicular on each of the 3
    center row Lily Pads." """
    from ui.layout_check import window_pixels
    from ui.widgets import setup_drawings as d

    _screen, row = _at_step(app, "bog", 2, "flies")
    bog = row.drawing
    assert bog.flies == 3
    image = window_pixels()
    pads = bog.pad_rects()
    assert len(pads) == 9
    for i, (x, y, w, h) in enumerate(pads):
        centre = _pixel(image, bog, x + w / 2, y + h * 0.06)  # the pad's edge: no fly there
        assert _is(centre, d.PAD), i
        middle = _pixel(image, bog, x + w * 0.1, y + h / 2)  # under a Fly on the center row
        assert _is(middle, theme.TEXT if i // 3 == 1 else d.PAD), i
