"""The solo game's achievement table: the rank a lone player reaches against Croaker."""

from __future__ import annotations

# (lowest points, frog rank), highest first, as the rulebook's achievement table.
ACHIEVEMENTS: tuple[tuple[int, str], ...] = (
    (140, "Expert Frogger"),
    (130, "Frog Master"),
    (120, "Frog Leg"),
    (110, "Tadpole"),
    (100, "Slacker"),
    (0, "Troubadour"),
)


def achievement(points: int) -> str:
    """The frog rank for a solo score: 140+ Expert Frogger ... 0-99 Troubadour."""
    for lowest, rank in ACHIEVEMENTS:
        if points >= lowest:
            return rank
    return ACHIEVEMENTS[-1][1]
