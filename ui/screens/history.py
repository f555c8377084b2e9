"""History: past sessions with their scores, a per-game chart, export of a session to JSON.

Sessions come from ``store.list()``; each is replayed off the main thread to
get its scores from the game's own standings (Pond: tokens plus card VP;
Pondscape: the score sheets; score pads: their totals). The chart shows, for
the chosen game, each player's score over that game's sessions (oldest first).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.errors import CompanionError
from companion.files import atomic_write_text
from companion.games.guides import played_game
from companion.session import replay
from ui import theme
from ui.bridge import run_in_background
from ui.history_results import result_of
from ui.screens.base import BaseScreen, load_kv

load_kv(__file__)

MAX_SESSIONS = 200  # the list shows the newest; older ones stay in the store
CHART_PLAYERS = 4


class SessionItem(ButtonBehavior, BoxLayout):
    """One past session in the list: the game and date, the scores, and who won (with the
    faction's mark, or a dot in the seat's colour, and the name in that colour)."""

    session_id = NumericProperty(0)
    title = StringProperty("")
    detail = StringProperty("")
    selected = BooleanProperty(False)
    min_state_time = NumericProperty(0)
    winners = ListProperty([])  # (name, faction or "", colour)
    win_note = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_winners()  # the winners given as kwargs came before the row's widgets

    def on_winners(self, *_: Any) -> None:
        from ui.widgets.marks import FactionMark

        box = self.ids.get("won")
        if box is None:
            return
        box.clear_widgets()
        if not self.winners:
            return
        box.add_widget(WinLabel(text="Winners:" if len(self.winners) > 1 else "Winner:"))
        for name, faction, colour in self.winners:
            box.add_widget(FactionMark(faction=faction) if faction else SeatDot(colour=colour))
            box.add_widget(WinLabel(text=name, color=colour, bold=True))


class WinLabel(Label):
    """A word of the winner line, as wide as its text."""


class SeatDot(Widget):
    """A player's seat colour as a dot (games without factions), beside their name."""

    colour = ListProperty(list(theme.MUTED))


def winner_marks(entry: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """(name, faction or "", colour) of each winner: the faction's colour where the game has
    factions, else the seat's."""
    factions = entry.get("factions", {})
    seats = entry.get("seats", {})
    return [
        (name, factions.get(name, ""), theme.player_colour(factions.get(name), seats.get(name, 0)))
        for name in entry.get("winners", [])
    ]


def standings(live: Any) -> list[tuple[str, int]]:
    """(player, score) in turn order, from the game's own scoring."""
    state = live.state
    game = live.info.game
    if game == "pond":
        from companion.games.pond.scoring import final_standings

        return [(s.name, s.total) for s in final_standings(state)]
    if game == "pondscape":
        from companion.games.pondscape.setup import ranking

        totals = {sheet.name: sheet.total for sheet in ranking(state).sheets}
        return [(p.name, totals.get(p.name, 0)) for p in live.info.players]
    scores = getattr(state, "scores", None)
    if scores is not None:
        return list(zip(state.names, scores, strict=True))
    return []


def read_history(store: Any, limit: int = MAX_SESSIONS) -> list[dict[str, Any]]:
    """Every session (newest first) with its game, date, players' scores and status."""
    out: list[dict[str, Any]] = []
    for row in store.list()[:limit]:
        entry: dict[str, Any] = {
            "id": row.id,
            "game": row.game,
            "updated": row.updated,
            "finished": row.finished,
            "summary": row.summary,
            "scores": [],
        }
        try:
            info, events = store.load(row.id)
            live = replay(info, events, where=f"session {row.id}")
            entry["game"] = played_game(info)
            entry["scores"] = standings(live)
            # A player's colour everywhere: their faction's in games with factions (Pond).
            entry["factions"] = {
                p.name: str(p.attrs["faction"]) for p in info.players if p.attrs.get("faction")
            }
            entry["seats"] = {p.name: seat for seat, p in enumerate(info.players)}
            won = result_of(live, finished=row.finished)
            entry["winners"] = list(won.names)
            entry["win_note"] = won.note
        except CompanionError as exc:
            entry["summary"] = f"cannot be read: {exc}"
        out.append(entry)
    return out


def _charted(entries: list[dict[str, Any]], game: str) -> list[dict[str, Any]]:
    """The finished sessions of ``game`` with scores, oldest first: the chart's groups."""
    return [e for e in reversed(entries) if e["game"] == game and e["scores"] and e["finished"]]


def chart_labels(entries: list[dict[str, Any]], game: str) -> list[str]:
    """Under each group of bars: which game of this kind it was, and its date ("#2\n30 Nov")."""
    return [f"#{i}\n{short_date(e['updated'])}" for i, e in enumerate(_charted(entries, game), 1)]


def short_date(stamp: str) -> str:
    """``2026-11-30T...`` -> ``30 Nov`` (the stored text as it is if it is not a date)."""
    from datetime import datetime

    try:
        when = datetime.fromisoformat(str(stamp)[:10])
    except ValueError:
        return str(stamp)[:10]
    return f"{when.day} {when.strftime('%b')}"


def chart_factions(entries: list[dict[str, Any]], game: str) -> dict[str, str]:
    """Each charted player's faction (their latest finished game's): the colour of their bars
    and the mark in the legend both come from it, so the two always agree."""
    factions: dict[str, str] = {}
    for e in _charted(entries, game):
        factions.update(e.get("factions", {}))
    return factions


def chart_series(entries: list[dict[str, Any]], game: str) -> list[tuple[str, list[int], Any]]:
    """Per player (the most frequent ones), their score in each finished game, oldest first."""
    games = _charted(entries, game)
    counts: dict[str, int] = {}
    for e in games:
        for name, _ in e["scores"]:
            counts[name] = counts.get(name, 0) + 1
    names = sorted(counts, key=lambda n: (-counts[n], n))[:CHART_PLAYERS]
    factions = chart_factions(entries, game)
    series = []
    for i, name in enumerate(names):
        values = [dict(e["scores"]).get(name, 0) for e in games]
        series.append((name, values, theme.player_colour(factions.get(name), i)))
    return series


class HistoryScreen(BaseScreen):
    entries = ListProperty([])
    games = ListProperty([])
    chart_game = StringProperty("")
    selected = NumericProperty(-1)
    message = StringProperty("")
    loading = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.items: list[SessionItem] = []
        self._reads = 0

    def enter(self, **kwargs: Any) -> None:
        super().enter(**kwargs)
        self.message = ""
        self.selected = -1  # the newest session is chosen when the list arrives
        self.refresh()

    def refresh(self) -> None:
        self.loading = True
        self._reads += 1
        token = self._reads  # only the newest read is shown
        run_in_background(
            read_history,
            self.app.store,
            on_done=lambda entries: self._loaded(entries) if token == self._reads else None,
            on_error=lambda exc: self._failed(exc) if token == self._reads else None,
        )

    def _failed(self, exc: BaseException) -> None:
        self.loading = False
        self.message = f"Cannot read the sessions: {exc}"

    def _loaded(self, entries: list[dict[str, Any]]) -> None:
        from companion.games import BOXED_GAMES

        self.loading = False
        self.entries = entries
        titles = dict(BOXED_GAMES)
        box = self.ids.sessions
        box.clear_widgets()
        self.items = []
        for entry in entries:
            scores = ", ".join(f"{n} {s}" for n, s in entry["scores"]) or entry["summary"]
            state = "" if entry["finished"] else "  (unfinished)"
            game = titles.get(entry["game"], entry["game"])
            item = SessionItem(
                session_id=entry["id"],
                title=f"{game} · {short_date(entry['updated'])} {entry['updated'][:4]}{state}",
                detail=scores,
                winners=winner_marks(entry),
                win_note=entry.get("win_note", ""),
            )
            item.bind(on_release=lambda it: self.select(it.session_id))
            box.add_widget(item)
            self.items.append(item)
        present = [g for g, _ in BOXED_GAMES if any(e["game"] == g for e in entries)]
        self.games = present
        if self.chart_game not in present:
            self.chart_game = entries[0]["game"] if entries else ""
        self.draw_chart()
        if entries and self.selected not in [e["id"] for e in entries]:
            self.select(entries[0]["id"])

    def select(self, session_id: int) -> None:
        self.selected = session_id
        for item in self.items:
            item.selected = item.session_id == session_id

    def next_chart_game(self) -> None:
        if self.games:
            i = self.games.index(self.chart_game) if self.chart_game in self.games else -1
            self.chart_game = self.games[(i + 1) % len(self.games)]
            self.draw_chart()

    def draw_chart(self) -> None:
        from companion.games import BOXED_GAMES

        chart = self.ids.chart
        entries = list(self.entries)
        # Bars, each with its value, under the game's number and date: the latest games that
        # leave room for every value (the title says "last N of M games" when cut).
        chart.kind = "bar"
        chart.x_labels = chart_labels(entries, self.chart_game)
        series = chart_series(entries, self.chart_game)
        factions = chart_factions(entries, self.chart_game)
        chart.factions = [factions.get(name, "") for name, _v, _c in series]
        chart.series = series
        chart.title = f"{dict(BOXED_GAMES).get(self.chart_game, self.chart_game)} scores"

    def export_selected(self, folder: Path | None = None) -> Path | None:
        """Write the selected session as ``session/1`` JSON into ``folder`` (USB or data folder)."""
        if self.selected < 0:
            self.message = "Choose a session first."
            return None
        if folder is None:
            from ui.settings_file import usb_folders

            sticks = usb_folders()
            folder = sticks[0] if sticks else self.app.data_folder()
        sid = int(self.selected)
        target = folder / f"session-{sid}.json"
        store = self.app.store

        def write() -> Path:
            data = store.export_json(sid)
            atomic_write_text(target, json.dumps(data, indent=2) + "\n")
            return target

        run_in_background(
            write,
            on_done=lambda p: setattr(self, "message", f"Exported to {p}"),
            on_error=lambda e: setattr(self, "message", f"Not exported: {e}"),
        )
        return target

    def focusables(self) -> list[Any]:
        return [self.ids.chart_game, self.ids.export, self.ids.back]

    def on_command(self, cmd: str) -> bool:
        if cmd == "next" and self.items:
            ids = [it.session_id for it in self.items]
            i = ids.index(self.selected) if self.selected in ids else -1
            self.select(ids[(i + 1) % len(ids)])
            self.ids.scroll.scroll_to(self.items[(i + 1) % len(ids)], animate=False)
            return True
        if cmd == "confirm":
            return self.export_selected() is not None
        if cmd == "scan":  # no camera here: the scan button turns the chart to the next game
            self.next_chart_game()
            return True
        return super().on_command(cmd)


def demo(app: Any) -> None:
    """History of the demo sessions (waits, briefly, for the background read)."""
    import time

    from kivy.clock import Clock

    screen = app.go("history")
    end = time.monotonic() + 3.0
    while screen.loading and time.monotonic() < end:
        Clock.tick()
        time.sleep(0.01)


def _pond_chart(app: Any) -> None:
    """History with the chart on Pond: faction colours, each with its mark in the legend."""
    demo(app)
    screen = app.screen
    if "pond" in screen.games:
        screen.chart_game = "pond"
        screen.draw_chart()


def demo_states() -> list[tuple[str, Any]]:
    return [("pond-chart", _pond_chart)]
