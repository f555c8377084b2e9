"""The visual language in code: palette, type scale, sizes in millimetres, faction marks.

``ui/theme.kv`` uses these same names (``#:import T ui.theme``); docs/ui.md ("Visual
language", "For new screens") gives the reasons and the contrast ratios. No kivy here, so
the layout check and the tests can compute with it.

Colour rules (each ratio is checked by tests/ui/test_theme.py, WCAG AA is 4.5:1):
- ``TEXT`` and ``MUTED`` may sit on any surface: ``BG``, ``SURFACE``, ``BUTTON``, ``PRIMARY``,
  ``WARN_FILL``, ``DANGER_FILL``, ``DEMO``.
- Coloured text (``FOCUS``, ``WARN``, ``DANGER``, ``DONE``, a faction, a seat or a game
  accent) sits only on ``BG`` or ``SURFACE``, never on a button.
- On a bright fill (a faction, a seat, an accent, ``GOLD_FILL``) text is ``INK``.
"""

from __future__ import annotations

import math

RGBA = tuple[float, float, float, float]


def hex_rgba(code: str, alpha: float = 1.0) -> RGBA:
    """``"#1F6B3A"`` -> (r, g, b, a), each 0..1 (Kivy's colour format)."""
    h = code.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, alpha)


# --- Surfaces, back to front: a dark pond at night, so a lit table does not glare off it.
BG = hex_rgba("#0E1916")  # the window
SURFACE = hex_rgba("#182824")  # panels, rows, cards of information
BUTTON = hex_rgba("#2A463E")  # every button that is not the screen's main action
BUTTON_DOWN = hex_rgba("#3C6257")  # a button while pressed
PRIMARY = hex_rgba("#1F6B3A")  # the one main action of a screen (Start game, Confirm)
WARN_FILL = hex_rgba("#8A4B00")  # Resume, "check this" rows
DANGER_FILL = hex_rgba("#9E2416")  # the rules-warnings banner, game over
GOLD_FILL = hex_rgba("#C9A227")  # Pondscape's Golden cards (INK text on it)
DEMO = hex_rgba("#B8306A")  # the Demo mode badge

# --- Text
TEXT = hex_rgba("#F2F5EE")  # everything a player reads
MUTED = hex_rgba("#AFC1B8")  # secondary lines: explanations, units, "of 112"
INK = hex_rgba("#0E1916")  # text on bright fills (faction marks, accents, Golden cards)

# --- Signal colours (text or marks on BG / SURFACE only)
FOCUS = hex_rgba("#FFD23F")  # the `next` button's focus ring, the step to do now
WARN = hex_rgba("#F2A33A")  # status lines, "check this"
DANGER = hex_rgba("#E5624F")  # errors in text
DONE = hex_rgba("#6CCB6F")  # ticked, agreed, progress

# Older names some screens use.
PANEL = SURFACE
ACCENT = PRIMARY  # older name: a filled (button) accent
ACCENT_DARK = PRIMARY

# --- Pond's factions: the pieces' own colours (vision/data/pieces-default.json), lightened
# until text in them reads on SURFACE. Orange, red and yellow are close for colour-blind
# players, so a faction colour is never shown alone: FactionMark adds its shape and letter.
FACTION: dict[str, RGBA] = {
    "wizard": hex_rgba("#A07CE8"),  # purple
    "pumpkin": hex_rgba("#F08A2E"),  # orange
    "banana": hex_rgba("#F2D24B"),  # yellow
    "cowboy": hex_rgba("#F0655A"),  # red
}
FACTION_LETTER = {"wizard": "W", "pumpkin": "P", "banana": "B", "cowboy": "C"}
#: wizard: a pointed hat; pumpkin: round; banana: a diamond; cowboy: a square badge.
FACTION_SHAPE = {"wizard": "triangle", "pumpkin": "circle", "banana": "diamond", "cowboy": "square"}

# --- Seats: only for games without factions (score pads, Pondscape, Ponder, BOG, Croak).
SEATS: tuple[RGBA, ...] = (
    hex_rgba("#5DA9E9"),  # blue
    hex_rgba("#F07C6E"),  # coral
    hex_rgba("#7FCB5A"),  # green
    hex_rgba("#E8C547"),  # yellow
    hex_rgba("#B68CF0"),  # lilac
    hex_rgba("#52D1C4"),  # teal
)

# --- One accent per game: its home tile, its emblem and its screens' title bar.
GAME_ACCENT: dict[str, RGBA] = {
    "pond": hex_rgba("#4FB865"),  # lilypad green
    "pondscape": hex_rgba("#3FB3C9"),  # water blue
    "ponder": hex_rgba("#9C8CF0"),  # dusk violet
    "bog": hex_rgba("#B7A24A"),  # reed olive
    "croak": hex_rgba("#F08A4B"),  # sunset orange
}


def seat_colour(i: int) -> RGBA:
    return SEATS[i % len(SEATS)]


# --- Ponder: the lily pads and the teams' frog colours (the box's colours). A team colour
# is never shown alone: its frogs carry the colour's letter (INK on the colour).
LILY_PAD = hex_rgba("#408F4F")
PONDER_TEAM: dict[str, RGBA] = {
    "orange": hex_rgba("#F08A2E"),
    "blue": SEATS[0],
    "yellow": hex_rgba("#F2D14A"),
    "red": hex_rgba("#F06659"),
}


def team_colour(colour: str, seat: int) -> RGBA:
    """A Ponder team's colour: the box's colour by name, else the seat's (an owner's board
    may name other colours)."""
    return PONDER_TEAM.get(colour, seat_colour(seat))


def player_colour(faction: str | None, seat: int) -> RGBA:
    """A player's colour everywhere: their faction's when the game has factions, else the
    seat's. A Pond player is never shown in a seat colour."""
    if faction:
        return FACTION.get(faction, MUTED)
    return seat_colour(seat)


def hex_of(rgba: tuple[float, ...]) -> str:
    """(r, g, b, a) -> "f2f5ee" (Kivy markup's ``[color=...]``)."""
    return "".join(f"{round(float(v) * 255):02x}" for v in rgba[:3])


def game_accent(game: str) -> RGBA:
    return GAME_ACCENT.get(game, DONE)


# --- Contrast (WCAG 2.x relative luminance)
def luminance(rgba: tuple[float, ...]) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(float(v)) for v in rgba[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG contrast ratio of two opaque colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def over(top: tuple[float, ...], below: tuple[float, ...]) -> RGBA:
    """``top`` (with its alpha) composited over an opaque ``below``."""
    a = float(top[3]) if len(top) > 3 else 1.0
    r, g, b = (float(top[i]) * a + float(below[i]) * (1 - a) for i in range(3))
    return (r, g, b, 1.0)


#: WCAG AA for body text.
MIN_CONTRAST = 4.5

# --- Sizes, in millimetres on the configured display ([display] diagonal_in)
#: The type scale: font size (em) in mm. ``small`` is the smallest text anyone reads.
TYPE_MM = {"small": 3.6, "body": 4.4, "large": 6.4, "huge": 16.8}
#: Nothing a player must read from their seat is smaller than this.
TEXT_MIN_MM = 3.5
#: A button's usual height, and the least any touchable may be in either direction.
TOUCH_MM = 12.0
TOUCH_MIN_MM = 9.0
#: Spacing between and inside things.
PAD_MM = 1.5

#: The two supported panels: both are 7 inches across.
DISPLAYS = {"7-inch display": ((800, 480), 7.0), "Touch Display 2": ((1280, 720), 7.0)}


def px_per_mm(size: tuple[float, float], diagonal_in: float) -> float:
    """Pixels per millimetre of a window that fills a screen ``diagonal_in`` inches across."""
    return math.hypot(float(size[0]), float(size[1])) / (float(diagonal_in) * 25.4)


def sizes(size: tuple[float, float], diagonal_in: float) -> dict[str, float]:
    """The app's size properties in pixels (``app.font_body``, ``app.touch``...)."""
    mm = px_per_mm(size, diagonal_in)
    # Fonts in whole pixels, rounded up: markup's [size=N] takes whole numbers, and
    # int(app.font_small) must never fall under the 3.5 mm floor.
    return {
        "mm": mm,
        "font_small": float(math.ceil(TYPE_MM["small"] * mm)),
        "font_body": float(math.ceil(TYPE_MM["body"] * mm)),
        "font_large": float(math.ceil(TYPE_MM["large"] * mm)),
        "font_huge": float(math.ceil(TYPE_MM["huge"] * mm)),
        "touch": TOUCH_MM * mm,
        "touch_min": TOUCH_MIN_MM * mm,
        "pad": PAD_MM * mm,
    }
