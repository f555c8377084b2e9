"""The layout check finds what a player would see wrong: each of today's defects, rebuilt small.

Each test lays out a few widgets the way main had them before issue 13 (the numbers are
from that code), runs ``check_window`` and expects the defect to be named; then the fixed
layout passes. The full walk over every screen is in test_screenshots.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from tests.ui.conftest import render
from ui import theme
from ui.layout_check import Problem, check_window
from ui.widgets import Badge, BigButton

MM_800 = theme.px_per_mm((800, 480), 7.0)
MM_1280 = theme.px_per_mm((1280, 720), 7.0)


@pytest.fixture
def stage(app: Any) -> Iterator[FloatLayout]:
    """An opaque full-window layer over the app, for widgets under test."""
    from kivy.graphics import Color, Rectangle

    layer = FloatLayout()
    with layer.canvas.before:
        Color(*theme.BG)
        rect = Rectangle(pos=(0, 0), size=Window.size)
    layer.bind(size=lambda *_: setattr(rect, "size", layer.size))
    Window.add_widget(layer)
    render(app, 2)
    try:
        yield layer
    finally:
        Window.remove_widget(layer)
        render(app, 1)


def problems_in(app: Any, layer: FloatLayout, mm: float = MM_800) -> list[Problem]:
    render(app, 3)
    found = check_window(mm)
    mine = {id(w) for w in layer.walk()}
    return [p for p in found if any(_named(p, w) for w in layer.walk() if id(w) in mine)]


def _named(problem: Problem, widget: Any) -> bool:
    text = str(getattr(widget, "text", "") or "")
    return bool(text) and repr(text[:40]) in problem.where


def kinds(problems: list[Problem]) -> set[str]:
    return {p.kind for p in problems}


def _label(text: str, **kw: Any) -> Label:
    kw.setdefault("color", theme.TEXT)
    kw.setdefault("size_hint", (None, None))
    return Label(text=text, **kw)


def test_layout_check_banner_buttons_sticking_out_of_the_window(
    app: Any, stage: FloatLayout
) -> None:
    """Defect 1: two 60 dp buttons in a 120 dp bar at the top: OK shows only in part."""
    bar = BoxLayout(orientation="vertical", size_hint=(None, None), size=(150, 120), spacing=8)
    bar.pos = (640, Window.height - 120)
    bar.add_widget(Button(text="OK", size_hint_y=None, height=60, font_size=24))
    bar.add_widget(Button(text="Undo last", size_hint_y=None, height=60, font_size=22))
    stage.add_widget(bar)
    found = problems_in(app, stage)
    assert any(p.kind == "outside" and "'OK'" in p.where for p in found), found


def test_layout_check_undo_last_is_7_mm_on_touch_display_2(app: Any, stage: FloatLayout) -> None:
    """Defect 1: "Undo last" 57 px tall is about 7 mm on Touch Display 2 (1280x720, 7")."""
    stage.add_widget(
        BigButton(text="Undo last", size_hint=(None, None), size=(150, 57), pos=(100, 100))
    )
    found = problems_in(app, stage, MM_1280)
    assert any(p.kind == "touch-size" and "Undo last" in p.where for p in found), found
    stage.clear_widgets()
    stage.add_widget(
        BigButton(
            text="Undo last",
            size_hint=(None, None),
            size=(300, theme.TOUCH_MM * MM_1280),
            font_size=theme.TYPE_MM["body"] * MM_1280,
            pos=(100, 100),
        )
    )
    assert "touch-size" not in kinds(problems_in(app, stage, MM_1280))


def test_layout_check_banner_over_the_vp_supply_and_ghosting(app: Any, stage: FloatLayout) -> None:
    """Defect 1: the banner covers the VP supply and the screen below ghosts through it."""
    from kivy.graphics import Color, Rectangle

    stage.add_widget(_label("VP supply", pos=(10, 400), size=(200, 40), font_size=24))
    banner = FloatLayout(size_hint=(None, None), size=(800, 120), pos=(0, 360))
    banner.blocks_touch = True  # type: ignore[attr-defined]
    with banner.canvas.before:
        Color(0.95, 0.25, 0.05, 0.97)
        Rectangle(pos=banner.pos, size=banner.size)
    stage.add_widget(banner)
    found = problems_in(app, stage)
    assert any(p.kind == "text-overlap" and "VP supply" in p.where for p in found), found
    assert any(p.kind == "contrast" and "VP supply" in p.where for p in found), found


def test_layout_check_score_pad_name_shortened(app: Any, stage: FloatLayout) -> None:
    """Defect 5: "Ana (...ay) ★": the name row is shortened to fit."""
    row = _label(
        "Ana  (to play)  ★",
        font_name="DejaVuSans",
        font_size=23,
        size=(110, 60),
        pos=(20, 100),
        shorten=True,
    )
    row.text_size = row.size
    stage.add_widget(row)
    found = problems_in(app, stage)
    assert any(p.kind == "text-fit" and "shortened" in p.detail for p in found), found


def test_layout_check_text_overlapping_text(app: Any, stage: FloatLayout) -> None:
    """Defect 5 and 6: two texts drawn over each other (the Demo badge over a tile)."""
    stage.add_widget(_label("Pond E: no one", pos=(600, 420), size=(190, 40), font_size=20))
    stage.add_widget(Badge(text="Demo mode", pos=(640, 425)))
    found = problems_in(app, stage)
    assert any(p.kind == "text-overlap" for p in found), found


def test_layout_check_review_text_cut_in_its_tile(app: Any, stage: FloatLayout) -> None:
    """Defect 6: "wiz 1, pum...w 1, pad wiz": a review line with no room, cut mid-word."""
    cut = _label("wiz 1, pum 1, ban 1, cow 1, pad wiz", size=(160, 30), pos=(20, 100), font_size=19)
    cut.text_size = (160, None)
    cut.max_lines = 1
    stage.add_widget(cut)
    found = problems_in(app, stage)
    assert any(p.kind == "text-fit" for p in found), found


def test_layout_check_small_text(app: Any, stage: FloatLayout) -> None:
    """Defect 8: 13.6 px at 800x480 is 2.6 mm on the 7-inch panel, under 3.5 mm."""
    stage.add_widget(_label("dragonfly", size=(200, 40), pos=(20, 100), font_size=13.6))
    found = problems_in(app, stage)
    assert any(p.kind == "text-size" and "2.6 mm" in p.detail for p in found), found
    stage.clear_widgets()
    stage.add_widget(
        _label(
            "dragonfly",
            size=(200, 40),
            pos=(20, 100),
            font_size=theme.sizes((800, 480), 7)["font_small"],
        )
    )
    assert "text-size" not in kinds(problems_in(app, stage))


def test_layout_check_faction_in_another_colour(app: Any, stage: FloatLayout) -> None:
    """Defect 10: cowboy was brown in Setup but red on the board and in Settings."""
    brown = (0.62, 0.42, 0.26, 1)
    stage.add_widget(
        BigButton(text="Cowboy", tone=brown, size_hint=(None, None), size=(200, 70), pos=(20, 100))
    )
    found = problems_in(app, stage)
    assert any(p.kind == "colour" and "cowboy" in p.detail for p in found), found
    stage.clear_widgets()
    stage.add_widget(_label("Cowboy", color=theme.FACTION["cowboy"], size=(200, 50), pos=(20, 100)))
    assert "colour" not in kinds(problems_in(app, stage))


def test_layout_check_overlapping_touchables_and_low_contrast(app: Any, stage: FloatLayout) -> None:
    stage.add_widget(BigButton(text="A", size_hint=(None, None), size=(100, 70), pos=(20, 100)))
    stage.add_widget(BigButton(text="B", size_hint=(None, None), size=(100, 70), pos=(80, 120)))
    pale = BigButton(
        text="Save", tone=theme.DONE, size_hint=(None, None), size=(150, 70), pos=(300, 100)
    )
    stage.add_widget(pale)
    found = problems_in(app, stage)
    assert any(p.kind == "touch-overlap" for p in found), found
    assert any(p.kind == "contrast" and "Save" in p.where for p in found), found
