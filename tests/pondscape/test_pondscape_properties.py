"""Invariants over random complete ponds (hypothesis)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from pondscape_builders import players

from companion.games.pondscape.scoring import STEPS, rank_sheets, score_player
from companion.games.pondscape.tableau import PlayerPond, Tableau, load_tableau, tableau_to_json

SETTINGS = settings(max_examples=80, deadline=None)
TABLES = settings(max_examples=30, deadline=None)  # up to 4 ponds per example


@SETTINGS
@given(players())
def test_score_total_is_sum_of_breakdown_and_lines(p: PlayerPond) -> None:
    sheet = score_player(p)
    assert sheet.total == sum(sheet.breakdown().values())
    for step in STEPS:
        assert sheet.breakdown()[step] == sum(ln.points for ln in sheet.details if ln.step == step)
    as_json = sheet.to_json()
    assert as_json["total"] == sheet.total
    assert sum(d["points"] for d in as_json["details"]) == sheet.total


@SETTINGS
@given(players())
def test_score_never_negative(p: PlayerPond) -> None:
    sheet = score_player(p)
    assert all(v >= 0 for v in sheet.breakdown().values())
    assert all(ln.points >= 0 for ln in sheet.details)
    assert sheet.warnings == ()  # complete ponds, food row symbols only


@SETTINGS
@given(players())
def test_score_mirroring_rows_keeps_total(p: PlayerPond) -> None:
    """Mirroring every row left to right changes no adjacency, row or count."""
    mirrored = replace(p, pond=tuple(tuple(reversed(row)) for row in p.pond))  # type: ignore[arg-type]
    a, b = score_player(p), score_player(mirrored)
    assert b.total == a.total
    assert b.breakdown() == a.breakdown()


@TABLES
@given(st.lists(players(), min_size=1, max_size=4), st.booleans())
def test_tableau_round_trip(ps: list[PlayerPond], solo: bool) -> None:
    ps = [replace(p, name=f"P{i}") for i, p in enumerate(ps)]
    tableau = Tableau(tuple(ps), solo and len(ps) == 1)
    data = tableau_to_json(tableau)
    assert load_tableau(data, "t.json") == tableau
    assert tableau_to_json(load_tableau(data, "t.json")) == data


@TABLES
@given(st.lists(players(), min_size=1, max_size=4))
def test_rank_winners_have_best_total_then_hand(ps: list[PlayerPond]) -> None:
    sheets = [score_player(replace(p, name=f"P{i}")) for i, p in enumerate(ps)]
    result = rank_sheets(sheets)
    best = max((s.total, s.hand) for s in sheets)
    assert sorted(result.winners) == sorted(s.name for s in sheets if (s.total, s.hand) == best)
