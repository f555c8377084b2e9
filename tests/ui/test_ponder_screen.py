"""Ponder's screen: opened by the home tile and the setup guide; played by touch alone and
by the three buttons alone (scan, next, undo); the combat helper; both window sizes."""

from __future__ import annotations

import math
from typing import Any

import pytest
from kivy.core.window import Window

from companion.games.base import Player
from companion.session import SessionInfo
from tests.ui.conftest import find, press, render, tap
from ui.screens.ponder import ChoiceButton, LandingPicture, MarshCell


def start(app: Any, *colours: str) -> Any:
    players = tuple(Player(n, {"colour": c}) for n, c in zip(("Ana", "Ben"), colours, strict=False))
    app.start_session(SessionInfo("ponder", players, {"board": "default"}))
    render(app, 2)
    assert app.screen.name == "ponder"
    return app.screen


def button(screen: Any, text: str) -> Any:
    return find(screen.ids.buttons, text=text, cls=ChoiceButton)


def cell(screen: Any, name: str) -> MarshCell:
    return next(w for w in screen.cells.values() if w.name == name)


def logged(app: Any) -> list[dict[str, Any]]:
    app.writer.flush()
    return app.store.load(app.session_id)[1]


def test_ponder_setup_guide_opens_the_screen_with_team_colours(app: Any) -> None:
    """ "If playing with two players, use colours that sit next to each other" """
    tap(app.screen.tiles["ponder"])
    setup = app.screen
    assert setup.name == "setup"
    tap(setup.ids.fewer)
    assert setup.count == 2 and [r.faction for r in setup.rows] == ["orange", "blue"]
    tap(setup.rows[1].ids.faction)  # blue -> yellow: opposite orange
    assert setup.rows[1].faction == "yellow"
    tap(setup.ids.to_checklist)
    assert setup.stage == "players" and "sit opposite" in setup.message
    tap(setup.rows[1].ids.faction)  # yellow -> red: beside orange
    tap(setup.ids.to_checklist)
    assert setup.stage == "checklist"
    assert find(setup, text="28 lily pads") and find(setup, text="rolling your 3 frogs")
    for _ in range(len(setup.ids.checklist.rows) + 1):
        press(app, "next")
    assert app.screen.name == "ponder"
    assert [p.attrs["colour"] for p in app.live.info.players] == ["orange", "red"]
    assert "first card" in app.screen.prompt_text


def test_ponder_by_touch_alone_first_cards_roll_throw_move_reveal(app: Any) -> None:
    screen = start(app, "orange", "blue")
    tap(button(screen, "Straight line"))  # orange's first card
    tap(button(screen, "Diagonal"))  # blue's
    tap(button(screen, "1 sitting"))
    tap(button(screen, "1 sitting"))  # a tie: both roll again
    assert "again" in screen.prompt_text
    tap(button(screen, "2 sitting"))
    tap(button(screen, "0 sitting"))
    assert "Ana (orange)" in screen.prompt_text and app.live.state.started
    # Throw a lily pad: from the bank's spaces, onto any empty space.
    assert {c.name for c in screen.cells.values() if c.lit} == {"C1", "D1", "E1"}
    tap(cell(screen, "C1"))
    assert cell(screen, "C1").chosen and cell(screen, "A1").lit
    tap(cell(screen, "A1"))
    # Move a frog: from the bank, straight into the Marsh.
    tap(button(screen, "bank"))
    assert {c.name for c in screen.cells.values() if c.lit} == {"D1", "E1"}
    tap(cell(screen, "D1"))
    assert cell(screen, "D1").letter == "O"
    tap(button(screen, "Any direction"))
    tap(screen.ids.next)  # Next ends the turn
    assert logged(app)[-3:] == [
        {"type": "throw", "from": "C1", "to": "A1"},
        {"type": "move", "from": "bank", "to": "D1", "arrive": False},
        {"type": "reveal", "team": "orange", "card": "any"},
    ]
    assert "Ben (blue)" in screen.prompt_text


def test_ponder_by_the_three_buttons_alone(app: Any) -> None:
    screen = start(app, "orange", "blue")
    # scan moves the highlight through every choice and comes round again.
    count = len(screen.options)
    for _ in range(count + 1):
        press(app, "scan")
    focused = [b for b in screen.ids.buttons.children if b.focused]
    assert screen.focus == 0 and [b.key for b in focused] == [screen.options[0].key]
    press(app, "next")  # orange: Straight line
    press(app, "scan")
    press(app, "scan")
    press(app, "next")  # blue: the second card, Diagonal
    assert [t.card.title for t in app.live.state.teams] == ["Straight line", "Diagonal"]
    for _ in range(4):  # 3 seated for orange, then 0 for blue
        press(app, "scan")
    press(app, "next")
    press(app, "scan")
    press(app, "next")
    assert app.live.state.started
    press(app, "scan")  # the first lily pad that can be recovered (C1)
    assert cell(screen, "C1").focused
    press(app, "next")
    assert screen.selection == ("pad", (2, 0))
    press(app, "undo")  # undo drops the half-made choice first
    assert screen.selection == () and len(app.live.log) == 4
    press(app, "scan")
    press(app, "next")
    press(app, "scan")
    press(app, "next")  # thrown onto the first empty space
    assert app.live.log[-1].type == "throw"
    press(app, "undo")  # then takes back the last event
    assert app.live.log[-1].type == "undo" and app.live.state.flow.phase == "throw"
    press(app, "redo")
    assert app.live.state.flow.phase == "move"


def test_ponder_combat_helper_five_landings_with_pictures(app: Any) -> None:
    """ "The defending player then throws their frog like a die." """
    from ui.ponder_demo import combat as demo_combat

    demo_combat(app)
    render(app, 2)
    screen = app.screen
    landings = [b for b in screen.ids.buttons.children if isinstance(b, ChoiceButton)]
    assert sorted(b.landing for b in landings) == ["back", "nose", "side", "sitting", "stomach"]
    for b in landings:
        picture = next(w for w in b.children if isinstance(w, LandingPicture))
        assert picture.landing == b.landing and picture.canvas.children
    before = [len(t.arrived) for t in app.live.state.teams]
    tap(button(screen, "Side"))
    lit = [c for c in screen.cells.values() if c.lit]
    assert lit  # the legal push-back spaces
    tap(lit[0])
    assert logged(app)[-1]["type"] == "combat" and logged(app)[-1]["landing"] == "side"
    assert [len(t.arrived) for t in app.live.state.teams] == before
    rows = list(screen.ids.teams.children)
    assert all(0 <= r.across <= 3 for r in rows)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_ponder_fits_both_displays(app: Any, size: tuple[int, int]) -> None:
    from ui.screens.ponder import demo

    old = Window.size
    try:
        Window.size = size
        demo(app)
        render(app, 4)
        screen = app.screen
        touch_min = 9 * math.hypot(*size) / (7 * 25.4)  # 9 mm on the 7-inch display
        touchables = list(screen.cells.values()) + [
            w
            for w in screen.walk()
            if isinstance(w, ChoiceButton)
            or w in (screen.ids.home, screen.ids.undo, screen.ids.next)
        ]
        for w in touchables:
            assert w.width >= touch_min - 0.5 and w.height >= touch_min - 0.5, w
            x, y = w.to_window(w.x, w.y)
            assert x >= 0 and y >= 0 and x + w.width <= size[0] + 0.5
            assert y + w.height <= size[1] + 0.5
        boxes = [(*w.to_window(w.x, w.y), w.width, w.height) for w in touchables]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                overlap_x = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
                overlap_y = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
                assert overlap_x <= 1 or overlap_y <= 1
    finally:
        Window.size = old
        render(app, 2)
