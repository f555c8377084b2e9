"""What the Pondscape screens show: ranking sentences, solo ranks, hand corrections."""

from __future__ import annotations

import pytest

from companion.games.pondscape.scoring import ScoreSheet, score_player
from companion.games.pondscape.tableau import FrogCard, HabitatCard, PlayerPond, WaterCard
from ui import pondscape_view as view
from ui.pondscape_session import LocalPonds, demo_ponds


def sheet(name: str, total: int, hand: int) -> ScoreSheet:
    return ScoreSheet(name, total, 0, 0, 0, 0, (), hand=hand)


def test_pondscape_tie_break_sentences() -> None:
    """ "In case of a tie, the player with more cards remaining in their hand wins. If
    there's still a tie, the players share the victory." """
    plain = view.ranking_of([sheet("Ana", 90, 0), sheet("Ben", 95, 0)])
    assert view.tie_break_text(plain) == "Ben wins with 95 points."
    by_hand = view.ranking_of([sheet("Ana", 95, 3), sheet("Ben", 95, 1), sheet("Cy", 80, 9)])
    assert view.tie_break_text(by_hand) == (
        "Ana wins: tied on 95 points with Ben, and has more cards left in hand (3)."
    )
    shared = view.ranking_of([sheet("Ana", 95, 2), sheet("Ben", 95, 2)])
    assert view.tie_break_text(shared) == (
        "Ana and Ben share the victory: tied on 95 points with 2 cards left in hand each."
    )


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (140, "Expert Frogger (140+)"),
        (139, "Frog Master (130-139)"),
        (120, "Frog Leg (120-129)"),
        (110, "Tadpole (110-119)"),
        (100, "Slacker (100-109)"),
        (99, "Troubadour (0-99)"),
    ],
)
def test_pondscape_achievement_bands(points: int, text: str) -> None:
    assert view.achievement_text(points) == text


def test_pondscape_corrections_keep_food_and_id() -> None:
    old = FrogCard("clown-tree", ("fly", "snail"), id="017")
    frog = view.corrected_card(old, "frog", "tomato")
    assert frog == FrogCard("tomato", ("fly", "snail"), id="017")
    assert view.corrected_card(old, "habitat", "reeds") == HabitatCard(
        "reeds", ("fly", "snail"), "017"
    )
    assert view.corrected_card(old, "water", 4) == WaterCard(4, ("fly", "snail"), "017")
    assert view.corrected_card(old, "empty", None) is None
    assert view.corrected_card(None, "water", 2) == WaterCard(2)
    with pytest.raises(ValueError, match="unknown frog species 'toad'"):
        view.corrected_card(old, "frog", "toad")


def test_pondscape_tucked_and_hand_never_negative() -> None:
    ana = demo_ponds()[0]
    more = view.with_tucked(ana, "fly", 2)
    assert more.tucked["fly"] == 2 and more.tucked["dragonfly"] == 4
    fewer = view.with_tucked(view.with_tucked(ana, "spider", -5), "spider", 0)
    assert "spider" not in fewer.tucked
    assert view.with_hand(ana, -10).hand == 0
    with pytest.raises(KeyError):
        view.with_tucked(ana, "beetle", 1)


def test_pondscape_sheet_rows_split_clusters_by_species() -> None:
    ana = demo_ponds()[0]
    s = score_player(ana)
    rows = dict(view.sheet_rows(s, ana))
    per_species = {k.strip(): v for k, v in rows.items() if k.startswith("  ")}
    assert sum(per_species.values()) == rows["Frog clusters"] == s.clusters
    assert rows["Water cards"] == s.water and rows["Food"] == s.food


def test_pondscape_local_ponds_undo_redo() -> None:
    local = LocalPonds()
    a = PlayerPond("Ana", ("spider", "dragonfly", "butterfly", "fly", "snail"))
    local.record(a)
    b = view.with_hand(a, 2)
    local.record(b)
    assert local.ponds["Ana"] == b
    assert local.undo() and local.ponds["Ana"] == a
    assert local.undo(redo=True) and local.ponds["Ana"] == b
    assert local.undo() and local.undo() and local.ponds == {}
    assert not local.undo()
