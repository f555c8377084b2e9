"""Issue 13, defect 4: History showed dates but no winners; its bars had no game or date
labels and no values."""

from __future__ import annotations

from typing import Any

import pytest
from kivy.uix.label import Label

from companion.games.base import Player
from companion.session import LiveSession, SessionInfo, load_session_json
from tests.ui.conftest import render, wait_for
from ui import theme


def _store(app: Any, info: SessionInfo, events: list[Any], finished: bool = True) -> int:
    sid = app.store.create(info)
    for event in events:
        app.store.append(sid, event if isinstance(event, dict) else event.to_json())
    if finished:
        app.store.set_finished(sid, True, "done")
    return sid


def _pond_game(app: Any, seed: int) -> tuple[int, str]:
    from companion.games.pond.demo import demo_game_json
    from companion.games.pond.scoring import winners

    info, events = load_session_json(demo_game_json(3, seed=seed, camera="end"), "demo")
    sid = _store(app, info, list(events))
    live = LiveSession(info)
    for event in events:
        live.play(event)
    return sid, winners(live.state).names[0]


def _croak_pad(app: Any, scores: tuple[int, int]) -> int:
    pad = {"for": "croak", "rounds": True, "negative": True}
    info = SessionInfo("scorepad", (Player("Ana"), Player("Ben")), pad)
    events = [
        {"type": "points", "player": n, "amount": a}
        for n, a in zip(("Ana", "Ben"), scores, strict=True)
    ]
    return _store(app, info, events)


def _history(app: Any) -> Any:
    screen = app.go("history")
    wait_for(app, lambda: not screen.loading and screen.items)
    render(app, 3)
    return screen


def _item(screen: Any, sid: int) -> Any:
    return next(i for i in screen.items if i.session_id == sid)


def test_history_shows_the_winner_in_the_faction_or_seat_colour(app: Any) -> None:
    """Defect 4: each finished game's winner, with the faction's mark and colour where the
    game has factions (Pond), the seat's colour otherwise; none for an unfinished game."""
    from ui.screens.history import SeatDot, WinLabel
    from ui.widgets.marks import FactionMark

    pond, pond_winner = _pond_game(app, seed=4)
    pad = _croak_pad(app, (80, 12))
    open_pad = _croak_pad(app, (1, 2))
    app.store.set_finished(open_pad, False, "")
    screen = _history(app)

    item = _item(screen, pond)
    faction = {p.name: p.attrs["faction"] for p in app.store.load(pond)[0].players}[pond_winner]
    assert item.winners == [(pond_winner, faction, theme.FACTION[faction])]
    marks = [w for w in item.ids.won.children if isinstance(w, FactionMark)]
    assert [m.faction for m in marks] == [faction]
    names = [w for w in item.ids.won.children if isinstance(w, WinLabel) and w.bold]
    assert [(n.text, list(n.color)) for n in names] == [(pond_winner, list(theme.FACTION[faction]))]

    item = _item(screen, pad)  # Croak kept on the score pad: Ana reached 75 first
    assert item.winners == [("Ana", "", theme.SEATS[0])]
    dots = [w for w in item.ids.won.children if isinstance(w, SeatDot)]
    assert [list(d.colour) for d in dots] == [list(theme.SEATS[0])]
    assert _item(screen, open_pad).winners == []


def test_history_winner_line_passes_the_layout_check(app: Any) -> None:
    from ui.layout_check import check_window

    _pond_game(app, seed=1)
    _croak_pad(app, (80, 12))
    _history(app)
    found = check_window(app.mm)
    problems = [str(p) for p in found if "History" in p.where or "Session" in p.where]
    assert problems == []


def test_result_of_pond_tie_goes_to_the_last_in_turn_order() -> None:
    """ "In case of a tie, the player last in turn order wins." """
    from companion.games.pond.events import Vp
    from ui.history_results import result_of

    players = (Player("Ana", {"faction": "wizard"}), Player("Ben", {"faction": "cowboy"}))
    live = LiveSession(SessionInfo("pond", players, {}))
    live.play(Vp("Ana", 60, "card ability"))
    live.play(Vp("Ben", 59, "card ability"))  # Ben started with 1 VP
    result = result_of(live)
    assert result.names == ("Ben",)
    assert result.note == "tie on 60 VP with Ana: the tied player last in turn order wins"
    assert result_of(live, finished=False).names == ()  # not over, not finished: no winner


def test_result_of_score_pad_tie_is_shared() -> None:
    from ui.history_results import result_of

    info = SessionInfo("scorepad", (Player("Ana"), Player("Ben"), Player("Cy")), {})
    live = LiveSession(info)
    for name, amount in (("Ana", 30), ("Ben", 30), ("Cy", 12)):
        live.play(live.game.parse_event({"type": "points", "player": name, "amount": amount}, ""))
    assert result_of(live) == type(result_of(live))(("Ana", "Ben"), "tie on 30: shared")


def test_result_of_pondscape_shared_victory(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "In case of a tie, the player with more cards remaining in their hand wins. If
    there's still a tie, the players share the victory." """
    from types import SimpleNamespace

    from companion.games.pondscape import scoring, setup
    from ui.history_results import result_of

    def sheet(name: str, total: int, hand: int) -> Any:
        return SimpleNamespace(name=name, total=total, hand=hand)

    live = SimpleNamespace(info=SimpleNamespace(game="pondscape"), over=True)
    live.state = SimpleNamespace(solo=False)
    for sheets, names, note in (
        ([sheet("Ana", 90, 2), sheet("Ben", 90, 2)], ("Ana", "Ben"), "shared"),
        ([sheet("Ana", 90, 1), sheet("Ben", 90, 3)], ("Ben",), "more cards left in hand"),
        ([sheet("Ana", 95, 0), sheet("Ben", 90, 3)], ("Ana",), ""),
    ):
        ranked = scoring.rank_sheets(sheets)
        monkeypatch.setattr(setup, "ranking", lambda _st, r=ranked: r)
        result = result_of(live)
        assert result.names == names and result.note.endswith(note)


def test_history_bars_have_game_date_and_value_labels(
    app: Any, display_size: tuple[int, int]
) -> None:
    """Defect 4: every bar drawn has its value on top; every group its game's number and date
    under it; as many of the latest games as leave room for that, no label over another."""
    from ui.screens.history import chart_labels, short_date

    for scores in ((40, 76), (80, 12), (9, 75), (70, 75), (3, 4), (66, 60), (75, 1)):
        _croak_pad(app, scores)
    screen = _history(app)
    chart = screen.ids.chart
    assert screen.chart_game == "croak" and chart.kind == "bar"
    games = len(chart.x_labels)
    assert games >= 7 and chart.x_labels == chart_labels(screen.entries, "croak")
    day = short_date(screen.entries[0]["updated"])
    assert chart.x_labels[-1] == f"#{games}\n{day}" and day[0].isdigit()
    k = chart.shown
    assert 1 <= k <= games
    labels = [w for w in chart.children if isinstance(w, Label)]
    texts = [w.text for w in labels]
    for _name, values, _colour in chart.series:
        for v in values[games - k :]:
            assert str(v) in texts
    for label in chart.x_labels[games - k :]:
        assert label in texts
    assert any(t.endswith(f"last {k} of {games} games") for t in texts) or k == games
    boxes = [(w.x, w.y, w.right, w.top) for w in labels]
    for i, a in enumerate(boxes):
        assert chart.x - 1 <= a[0] and a[2] <= chart.right + 1, texts[i]
        for j, b in enumerate(boxes[i + 1 :], i + 1):
            apart = a[2] <= b[0] + 1 or b[2] <= a[0] + 1 or a[3] <= b[1] + 1 or b[3] <= a[1] + 1
            assert apart, f"{texts[i]!r} over {texts[j]!r}"


def test_history_pond_chart_legend_marks_each_faction(app: Any) -> None:
    """Factions keep their colour with their shape: the legend marks each Pond player."""
    from ui.widgets.marks import FactionMark

    sid, _winner = _pond_game(app, seed=1)
    screen = _history(app)
    screen.chart_game = "pond"
    try:
        screen.draw_chart()
        render(app, 2)
        chart = screen.ids.chart
        ours = {p.name: p.attrs["faction"] for p in app.store.load(sid)[0].players}
        marks = [w.faction for w in chart.children if isinstance(w, FactionMark)]
        assert len(chart.factions) == len(chart.series) and all(chart.factions)
        assert sorted(marks) == sorted(chart.factions)  # one mark per player charted
        for (name, _values, colour), faction in zip(chart.series, chart.factions, strict=True):
            assert colour == theme.FACTION[faction]  # the mark and the colour agree
            if name in ours and screen.entries[0]["id"] == sid:
                assert faction == ours[name]  # the newest game's faction
    finally:
        screen.chart_game = ""  # the next visit charts the newest game again
