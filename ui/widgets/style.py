"""Colours of the theme, readable in table light (RGBA, 0..1)."""

BG = (0.07, 0.11, 0.09, 1)
PANEL = (0.12, 0.19, 0.15, 1)
TEXT = (0.96, 0.97, 0.93, 1)
MUTED = (0.70, 0.76, 0.70, 1)
ACCENT = (0.33, 0.70, 0.36, 1)  # lilypad green
ACCENT_DARK = (0.17, 0.42, 0.22, 1)
BUTTON = (0.20, 0.33, 0.25, 1)
BUTTON_DOWN = (0.30, 0.50, 0.36, 1)
FOCUS = (1.00, 0.82, 0.20, 1)  # the `next` button's focus ring
WARN = (0.93, 0.55, 0.12, 1)
DANGER = (0.80, 0.22, 0.20, 1)
DONE = (0.45, 0.80, 0.45, 1)
DEMO = (0.95, 0.42, 0.62, 1)

# One colour per Pond faction (wizard, pumpkin, banana, cowboy) and per seat otherwise.
FACTION = {
    "wizard": (0.55, 0.42, 0.90, 1),
    "pumpkin": (0.95, 0.55, 0.18, 1),
    "banana": (0.96, 0.86, 0.26, 1),
    "cowboy": (0.62, 0.42, 0.26, 1),
}
SEATS = (
    (0.35, 0.70, 0.95, 1),
    (0.95, 0.45, 0.40, 1),
    (0.55, 0.85, 0.40, 1),
    (0.95, 0.80, 0.30, 1),
    (0.75, 0.50, 0.95, 1),
    (0.40, 0.90, 0.85, 1),
    (0.95, 0.60, 0.85, 1),
    (0.80, 0.80, 0.80, 1),
)


def seat_colour(i: int) -> tuple[float, float, float, float]:
    return SEATS[i % len(SEATS)]


# --- Names of the visual language (docs/ui.md) a new screen uses, on this palette.
SURFACE = PANEL  # panels, rows, the Marsh's water
INK = BG  # text on bright fills (a team colour)
PRIMARY = ACCENT_DARK  # the one main action of a screen

# --- Ponder: the lily pads and the teams' frog colours (the box's colours). A team colour
# is never shown alone: its frogs carry the colour's letter.
LILY_PAD = (0.25, 0.56, 0.31, 1)
PONDER_TEAM = {
    "orange": (0.94, 0.54, 0.18, 1),
    "blue": SEATS[0],
    "yellow": (0.95, 0.82, 0.29, 1),
    "red": (0.94, 0.40, 0.35, 1),
}


def team_colour(colour: str, seat: int) -> tuple[float, float, float, float]:
    """A Ponder team's colour: the box's colour by name, else the seat's (an owner's board
    may name other colours)."""
    return PONDER_TEAM.get(colour, seat_colour(seat))
