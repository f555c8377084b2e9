"""Winner, tie-break and the solo achievement table."""

from __future__ import annotations

import pytest
from pondscape_builders import filler_pond, player, water

from companion.games.pondscape.scoring import rank
from companion.games.pondscape.solo import achievement
from companion.games.pondscape.tableau import PlayerPond, Tableau


def scored(name: str, points: int, hand: int) -> PlayerPond:
    return player(filler_pond({(0, 0): water(points)}), hand=hand, name=name)


def test_rank_highest_total_wins() -> None:
    """The player with the most points wins!"""
    result = rank(Tableau((scored("Ana", 4, 0), scored("Ben", 5, 0), scored("Cy", 3, 9))))
    assert result.winners == ("Ben",)
    assert [s.name for s in result.sheets] == ["Ben", "Ana", "Cy"]


def test_rank_tie_goes_to_more_cards_in_hand() -> None:
    """In case of a tie, the player with more cards remaining in their hand wins."""
    result = rank(Tableau((scored("Ana", 5, 1), scored("Ben", 5, 3), scored("Cy", 5, 2))))
    assert result.winners == ("Ben",)
    assert [s.name for s in result.sheets] == ["Ben", "Cy", "Ana"]


def test_rank_remaining_tie_is_shared() -> None:
    """If there's still a tie, the players share the victory."""
    result = rank(Tableau((scored("Ana", 5, 2), scored("Ben", 5, 2), scored("Cy", 5, 1))))
    assert result.winners == ("Ana", "Ben")


@pytest.mark.parametrize(
    ("points", "title"),
    [
        (200, "Expert Frogger"),
        (140, "Expert Frogger"),
        (139, "Frog Master"),
        (130, "Frog Master"),
        (129, "Frog Leg"),
        (120, "Frog Leg"),
        (119, "Tadpole"),
        (110, "Tadpole"),
        (109, "Slacker"),
        (100, "Slacker"),
        (99, "Troubadour"),
        (0, "Troubadour"),
    ],
)
def test_achievement_table(points: int, title: str) -> None:
    """Achievement Table: 140+ Expert Frogger, 130-139 Frog Master, 120-129 Frog Leg,
    110-119 Tadpole, 100-109 Slacker, 0-99 Troubadour."""
    assert achievement(points) == title
