"""The palette under its older import path (``ui.theme`` is the visual language), and
Ponder's own colours on it."""

from ui.theme import *  # noqa: F403
from ui.theme import SEATS, seat_colour

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
