"""The visual language's numbers: contrast of every allowed pair, sizes in mm, faction marks."""

from __future__ import annotations

import itertools

import pytest

from ui import theme as T

SURFACES_FOR_TEXT = ("BG", "SURFACE", "BUTTON", "PRIMARY", "WARN_FILL", "DANGER_FILL", "DEMO")
SIGNALS = ("FOCUS", "WARN", "DANGER", "DONE")


def _coloured() -> list[tuple[str, T.RGBA]]:
    out = [(n, getattr(T, n)) for n in SIGNALS]
    out += [(f"faction {n}", c) for n, c in T.FACTION.items()]
    out += [(f"seat {i}", c) for i, c in enumerate(T.SEATS)]
    out += [(f"accent {n}", c) for n, c in T.GAME_ACCENT.items()]
    return out


@pytest.mark.parametrize("surface", SURFACES_FOR_TEXT)
def test_theme_text_reads_on_every_surface(surface: str) -> None:
    assert T.contrast(T.TEXT, getattr(T, surface)) >= T.MIN_CONTRAST


@pytest.mark.parametrize("surface", ("BG", "SURFACE", "BUTTON"))
def test_theme_muted_text_reads_where_allowed(surface: str) -> None:
    assert T.contrast(T.MUTED, getattr(T, surface)) >= T.MIN_CONTRAST


@pytest.mark.parametrize(("name", "colour"), _coloured())
def test_theme_coloured_text_reads_on_bg_and_surface_and_ink_on_it(
    name: str, colour: T.RGBA
) -> None:
    assert T.contrast(colour, T.BG) >= T.MIN_CONTRAST, name
    assert T.contrast(colour, T.SURFACE) >= T.MIN_CONTRAST, name
    assert T.contrast(T.INK, colour) >= T.MIN_CONTRAST, name


def test_theme_ink_reads_on_golden_cards() -> None:
    assert T.contrast(T.INK, T.GOLD_FILL) >= T.MIN_CONTRAST


def test_theme_contrast_matches_wcag_reference_values() -> None:
    assert T.contrast((0, 0, 0, 1), (1, 1, 1, 1)) == pytest.approx(21.0)
    assert T.contrast((1, 1, 1, 1), (1, 1, 1, 1)) == pytest.approx(1.0)
    # #767676 on white is the classic 4.54:1.
    assert T.contrast(T.hex_rgba("#767676"), (1, 1, 1, 1)) == pytest.approx(4.54, abs=0.01)


def test_theme_every_faction_has_its_own_shape_and_letter() -> None:
    assert set(T.FACTION) == set(T.FACTION_SHAPE) == set(T.FACTION_LETTER)
    assert len(set(T.FACTION_SHAPE.values())) == len(T.FACTION)
    assert len(set(T.FACTION_LETTER.values())) == len(T.FACTION)


def test_theme_player_colour_is_the_faction_when_there_is_one() -> None:
    for seat, faction in itertools.product(range(4), T.FACTION):
        assert T.player_colour(faction, seat) == T.FACTION[faction]
    assert T.player_colour(None, 1) == T.SEATS[1]
    assert T.player_colour("", 2) == T.SEATS[2]


@pytest.mark.parametrize(("size", "diagonal"), list(T.DISPLAYS.values()))
def test_theme_sizes_are_millimetres_on_the_display(size: tuple[int, int], diagonal: float) -> None:
    s = T.sizes(size, diagonal)
    mm = s["mm"]
    assert s["font_small"] / mm >= T.TEXT_MIN_MM
    assert s["touch_min"] / mm == pytest.approx(9.0)
    assert s["touch"] >= s["touch_min"]
    assert s["font_small"] < s["font_body"] < s["font_large"] < s["font_huge"]


def test_theme_px_per_mm_follows_the_configured_diagonal() -> None:
    # 800x480 on 7 inches: 933 px across 177.8 mm.
    assert T.px_per_mm((800, 480), 7.0) == pytest.approx(5.248, abs=0.001)
    # The same window on a 10-inch screen has fewer pixels per mm.
    assert T.px_per_mm((800, 480), 10.0) < T.px_per_mm((800, 480), 7.0)
    assert T.sizes((800, 480), 5.0)["touch_min"] > T.sizes((800, 480), 7.0)["touch_min"]
