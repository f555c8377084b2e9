"""Croak: a hand with its countdown, clock and giant CROAK button; scoring; totals racing to 75;
the history of hands with corrections; the pile referee.

Stages (``stage``): ``table`` between hands (with three views: ``totals``, ``hands``,
``referee``), ``countdown`` (3, 2, 1, Go), ``playing`` (the clock and CROAK), ``who`` (who
called it), ``scoring`` (each player's cards returned and POND left, with steppers or the
number pad; also used to correct a past hand). The engine (``companion.games.croak``)
decides everything; this screen only enters events and shows the state.

Buttons: `next` is the stage's main action (start a hand, CROAK, the next player, the
next count); hold `next` (confirm) picks the focused player or scores the hand; `scan`
turns the view between hands (totals, hands, referee); `undo` takes back the last event
(hold: redo).
"""

from __future__ import annotations

import time
from typing import Any

from kivy.clock import Clock
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.errors import CompanionError
from companion.games.croak import Correct, Count, Croak, Score, Start, read_deck_file
from companion.games.croak.deck import Card
from companion.games.croak.match import names_text
from companion.session import RedoEvent, UndoEvent
from ui import croak_view as view
from ui.screens.base import BaseScreen, load_kv
from ui.widgets.common import BigButton

load_kv(__file__)

VIEWS = ("totals", "hands", "referee")
STAGES = ("table", "countdown", "playing", "who", "scoring")


def _show(box: Any, panels: dict[str, Any], name: str) -> None:
    """Put only ``panels[name]`` in ``box``."""
    wanted = panels[name]
    for panel in panels.values():
        if panel is not wanted and panel.parent is not None:
            panel.parent.remove_widget(panel)
    if wanted.parent is None:
        box.add_widget(wanted)


COUNTDOWN = ("3", "2", "1", "Go")


class CroakTotalRow(BoxLayout):
    """A player's total, with a bar racing to the target."""

    seat = NumericProperty(0)
    name = StringProperty("")
    total = NumericProperty(0)
    target = NumericProperty(75)
    bar_text = StringProperty("")
    leading = BooleanProperty(False)
    in_face_off = BooleanProperty(False)
    tag = StringProperty("")  # "wins", "leads", "face-off"


class CroakHandRow(ButtonBehavior, BoxLayout):
    """A scored hand in the history; touch it to correct it."""

    number = NumericProperty(0)
    title = StringProperty("")
    detail = StringProperty("")
    min_state_time = NumericProperty(0)


class CroakCountRow(BoxLayout):
    """One player's counts for the hand: cards returned and POND cards left, with steppers."""

    seat = NumericProperty(0)
    name = StringProperty("")
    returned = NumericProperty(0)
    pond_left = NumericProperty(0)
    caller = BooleanProperty(False)
    field = StringProperty("")  # the field the number pad types into: "returned", "pond" or ""
    score_text = StringProperty("")  # the hand's score, "+6"
    formula = StringProperty("")  # how: "12 - 2 x 3"
    screen = ObjectProperty(None, allownone=True)


class CroakCardButton(BigButton):
    card_id = StringProperty("")


class CroakScreen(BaseScreen):
    stage = StringProperty("table")
    view = StringProperty("totals")
    title = StringProperty("Croak")
    headline = StringProperty("")
    message = StringProperty("")
    countdown_text = StringProperty("3")
    clock_text = StringProperty("0:00")
    over = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    scoring_title = StringProperty("")
    correcting = NumericProperty(0)  # the hand being corrected, 0 when scoring the open hand
    referee_kind = StringProperty("swamp")
    referee_text = StringProperty("")
    referee_ok = BooleanProperty(True)
    pile_text = StringProperty("")
    who_players = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._bound = False
        self._tick: Any = None
        self._started_at = 0.0
        self._countdown_step = 0
        self.count_rows: list[CroakCountRow] = []
        self.pile: list[Card] = []
        self._deck: Any = None
        self.ids.pad.bind(on_confirm=lambda _p, _n: self.pad_confirm())
        self.ids.pad.bind(value=lambda _p, v: self.pad_typed(v))
        # One panel per stage and one per view between hands; only the current one is shown
        # (hidden widgets left in place would still take touches when disabled).
        # (``ids`` hold weak proxies: keep the widgets themselves.)
        self._panels = {s: self.ids[f"{s}_panel"].__self__ for s in STAGES}
        self._views = {v: self.ids[f"{v}_view"].__self__ for v in VIEWS}
        self.on_stage(self, self.stage)
        self.on_view(self, self.view)

    def on_stage(self, _screen: Any, stage: str) -> None:
        if hasattr(self, "_panels"):
            _show(self.ids.stage_box, self._panels, stage)

    def on_view(self, _screen: Any, view_name: str) -> None:
        if hasattr(self, "_views"):
            _show(self.ids.view_box, self._views, view_name)

    def on_who_players(self, _screen: Any, names: list[str]) -> None:
        box = self.ids.who
        box.clear_widgets()
        for name in names:
            button = BigButton(text=name)
            button.font_size = self.app.font_large if self.app else button.font_size
            button.bind(on_release=lambda b: self.called_by(b.text))
            box.add_widget(button)

    # --- the session ------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        live = self.app.live
        return live.state if live is not None and live.info.game == "croak" else None

    def enter(self, **kwargs: Any) -> None:
        super().enter(**kwargs)
        if not self._bound:
            self.app.bind(revision=lambda *_: self.refresh())
            self._bound = True
        st = self.state
        if st is None:
            self.app.go("home")
            return
        options = self.app.live.info.options
        try:
            self._deck = read_deck_file(options.get("deck", "sample"))
        except CompanionError as exc:
            self._deck = read_deck_file("sample")
            self.message = f"Pile referee uses the sample deck: {exc}"
        self.build_card_grid()
        self.view = "totals"
        self.correcting = 0
        self.stage = "table"
        self.refresh()

    def sync_stage(self, st: Any) -> None:
        """Put the screen in the stage the engine's state calls for (after any event, an undo,
        a resume): the countdown, CROAK and who-called-it stages are the screen's own."""
        phase = st.phase
        if self.stage == "scoring" and self.correcting:
            if phase in ("between", "over"):
                return  # a correction being typed
            self.correcting = 0
        if phase == "playing":
            if self.stage not in ("countdown", "playing", "who"):
                self._started_at = time.monotonic()
                self.stage = "playing"
                self._start_clock()
        elif phase == "counting":
            hand = st.open_hand
            names = [r.name for r in self.count_rows]
            if self.stage != "scoring" or names != list(hand.players):
                self.open_scoring()
        elif self.stage != "table":
            self._stop_clock()
            self.stage = "table"

    def refresh(self) -> None:
        st = self.state
        if st is None:
            return
        live = self.app.live
        self.can_undo = live.can_undo()
        self.over = st.over
        self.title = view.hand_title(st)
        self.headline = view.headline(st)
        lines = view.total_lines(st)
        box = self.ids.totals
        if len(box.children) != len(lines):
            box.clear_widgets()
            for _ in lines:
                box.add_widget(CroakTotalRow())
        for row, line in zip(reversed(box.children), lines, strict=True):
            row.seat, row.name, row.total = line.seat, line.name, line.total
            row.target, row.bar_text = st.target, line.bar_text
            row.leading, row.in_face_off, row.tag = line.leading, line.in_face_off, line.tag
        hands = self.ids.hands
        hands.clear_widgets()
        for number, title, detail in view.hand_lines(st):
            row = CroakHandRow(number=number, title=title, detail=detail)
            row.bind(on_release=lambda r: self.correct(int(r.number)))
            hands.add_widget(row)
        hand = st.open_hand
        self.who_players = list(hand.players) if hand else []
        self.sync_stage(st)

    def _play(self, event: Any) -> bool:
        return self.play_or_tell(event)

    # --- a hand: countdown, clock, CROAK ----------------------------------------------------
    def start_hand(self) -> bool:
        """Rulebook: "One player signals the start": 3, 2, 1, Go, then the clock runs."""
        self._stop_clock()
        self._countdown_step = 0
        self.countdown_text = COUNTDOWN[0]
        self.stage = "countdown"
        if not self._play(Start()):
            self.stage = "table"
            return False
        self._tick = Clock.schedule_interval(lambda _dt: self.countdown_tick(), 1.0)
        return True

    def countdown_tick(self) -> None:
        """One second of the countdown; after "Go" the hand is being played."""
        if self.stage != "countdown":
            return
        self._countdown_step += 1
        if self._countdown_step < len(COUNTDOWN):
            self.countdown_text = COUNTDOWN[self._countdown_step]
            return
        self._stop_clock()
        self._started_at = time.monotonic()
        self.stage = "playing"
        self._start_clock()

    def _start_clock(self) -> None:
        self._stop_clock()
        self.clock_text = view.clock_text(0)
        self._tick = Clock.schedule_interval(lambda _dt: self.clock_tick(), 0.5)

    def clock_tick(self, now: float | None = None) -> None:
        """The running clock, from when "Go" was shown (``now``: for tests)."""
        now = time.monotonic() if now is None else now
        self.clock_text = view.clock_text(now - self._started_at)

    def _stop_clock(self) -> None:
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def croak_pressed(self) -> bool:
        """The giant CROAK button (or `next`): the hand ends; ask who called it."""
        if self.stage == "countdown":
            self.countdown_tick()
        self._stop_clock()
        self.stage = "who"
        self.clear_focus()
        return True

    def called_by(self, name: str) -> bool:
        """Who called CROAK: the scoring opens (``sync_stage``, after the event)."""
        return self._play(Croak(name))

    def back_to_hand(self) -> None:
        """Not CROAK after all: the clock goes on."""
        self.stage = "playing"
        self._tick = Clock.schedule_interval(lambda _dt: self.clock_tick(), 0.5)

    # --- scoring and correcting ---------------------------------------------------------------
    def open_scoring(self, correcting: int = 0) -> None:
        st = self.state
        self.correcting = correcting
        if correcting:
            hand = st.hands[correcting - 1]
            self.scoring_title = f"Correct hand {correcting}"
        else:
            hand = st.open_hand
            self.scoring_title = f"Score hand {hand.number}"
        # Who called CROAK is said once in the title, so every row has room for its sum.
        if hand.callers:
            self.scoring_title += f": {names_text(hand.callers)} called CROAK"
        box = self.ids.counts
        box.clear_widgets()
        self.count_rows = []
        for name in hand.players:
            count = hand.count_of(name)
            row = CroakCountRow(
                seat=st.names.index(name),
                name=name,
                returned=count.returned if count else 0,
                pond_left=count.pond_left if count else 0,
                caller=name in hand.callers,
                screen=self,
            )
            box.add_widget(row)
            self.count_rows.append(row)
        self._stop_clock()
        self.stage = "scoring"
        self.focus_field(0, "returned")
        self.update_scores()

    def focus_field(self, index: int, field: str) -> None:
        for i, row in enumerate(self.count_rows):
            row.field = field if i == index else ""
        self.ids.pad.value = ""

    def focused_row(self) -> tuple[int, CroakCountRow | None]:
        for i, row in enumerate(self.count_rows):
            if row.field:
                return i, row
        return -1, None

    def step(self, row: CroakCountRow, field: str, delta: int) -> None:
        """A stepper: one more or one less, kept within what a table can have."""
        returned, left = int(row.returned), int(row.pond_left)
        if field == "returned":
            returned += delta
        else:
            left += delta
        row.returned, row.pond_left = view.bounded(returned, left, self.state.deck_size)
        self.focus_field(self.count_rows.index(row), field)
        self.update_scores()

    def pad_typed(self, value: str) -> None:
        """The number pad types into the focused count."""
        _i, row = self.focused_row()
        if row is None or value in ("", "-"):
            return
        number = int(value)
        returned, left = int(row.returned), int(row.pond_left)
        if row.field == "returned":
            returned = number
        else:
            left = number
        b_returned, b_left = view.bounded(returned, left, self.state.deck_size)
        if (b_returned, b_left) != (returned, left):
            most = 10 if row.field == "pond" else self.state.deck_size - left
            self.message = f"{row.name}: at most {most} there"
        else:
            self.message = ""
        row.returned, row.pond_left = b_returned, b_left
        self.update_scores()

    def pad_confirm(self) -> bool:
        """OK on the pad (or `next`): on to the next count; after the last, score the hand."""
        i, row = self.focused_row()
        if row is None:
            return self.submit_scores()
        if row.field == "returned":
            self.focus_field(i, "pond")
        elif i + 1 < len(self.count_rows):
            self.focus_field(i + 1, "returned")
        else:
            self.focus_field(-1, "")
        return True

    def update_scores(self) -> None:
        for row in self.count_rows:
            count = Count(row.name, int(row.returned), int(row.pond_left))
            row.formula, row.score_text = view.score_line(count)

    def counts(self) -> tuple[Count, ...]:
        return tuple(Count(r.name, int(r.returned), int(r.pond_left)) for r in self.count_rows)

    def submit_scores(self) -> bool:
        """Score the hand (or the correction) with the counts shown."""
        if self.correcting:
            old = self.state.hands[self.correcting - 1]
            changed = tuple(c for c in self.counts() if old.count_of(c.player) != c)
            if changed and not self._play(Correct(self.correcting, changed)):
                return False
            self.correcting = 0
        elif not self._play(Score(self.counts())):
            return False
        self.view = "totals"
        self.refresh()
        return True

    def cancel_scoring(self) -> None:
        """Leave a correction unchanged (an open hand's scoring cannot be left)."""
        if self.correcting:
            self.correcting = 0
            self.view = "hands"
            self.refresh()

    def correct(self, number: int) -> bool:
        st = self.state
        if st is None or st.open_hand is not None:
            self.message = "Score the hand being played before correcting another."
            return False
        self.open_scoring(correcting=number)
        return True

    # --- the pile referee -------------------------------------------------------------------
    def build_card_grid(self) -> None:
        grid = self.ids.cards
        grid.clear_widgets()
        rows = view.card_grid(self._deck)
        grid.cols = max((len(r) for r in rows), default=1)
        for row in rows:
            for card in row:
                button = CroakCardButton(text=card.id, card_id=card.id)
                button.bind(on_release=lambda b: self.add_card(b.card_id))
                grid.add_widget(button)
        self.update_referee()

    def set_kind(self, kind: str) -> None:
        self.referee_kind = kind
        self.update_referee()

    def add_card(self, card_id: str) -> None:
        card = self._deck.card(card_id)
        if card is not None:
            self.pile.append(card)
        self.update_referee()

    def remove_top(self) -> None:
        if self.pile:
            self.pile.pop()
        self.update_referee()

    def clear_pile(self) -> None:
        self.pile = []
        self.update_referee()

    def update_referee(self) -> None:
        self.referee_ok, self.referee_text = view.referee_text(self.referee_kind, self.pile)
        self.pile_text = " ".join(c.id for c in self.pile) or "(empty)"

    # --- undo, finish, buttons --------------------------------------------------------------
    def undo(self, redo: bool = False) -> bool:
        if self.stage == "who":
            self.back_to_hand()
            return True
        if self.stage == "scoring" and self.correcting:
            self.cancel_scoring()
            return True
        return self._play(RedoEvent() if redo else UndoEvent())

    def finish(self) -> None:
        """The match is over: keep it in History."""
        self.app.live = None
        self.app.go("history")

    def next_view(self) -> bool:
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]
        return True

    def focusables(self) -> list[Any]:
        if self.stage == "who":
            return list(reversed(self.ids.who.children))
        return []

    def on_command(self, cmd: str) -> bool:
        if cmd == "undo":
            return self.undo()
        if cmd == "redo":
            return self.undo(redo=True)
        if self.stage == "table":
            if cmd == "next" and not self.over:
                return self.start_hand()
            if cmd == "scan":
                return self.next_view()
            if cmd == "confirm" and self.over:
                self.finish()
                return True
            return False
        if self.stage in ("countdown", "playing"):
            return self.croak_pressed() if cmd in ("next", "confirm") else False
        if self.stage == "who":
            if cmd == "next":
                return self.focus_next()
            if cmd == "confirm":
                return self.activate_focused()
            return False
        if self.stage == "scoring":
            if cmd == "next":
                return self.pad_confirm()
            if cmd == "confirm":
                return self.submit_scores()
        return False

    def on_leave(self, *_: Any) -> None:
        self._stop_clock()


def _demo_match(app: Any, seed: int = 11, finished: bool = False) -> None:
    import random

    from companion.games.croak.demo import play_match

    live = play_match(
        random.Random(seed), ("Ana", "Ben", "Cy"), stop_before_end=not finished, double_calls=0
    )
    app.start_session(live.info)
    for event in live.log:
        app.play(event)


def demo(app: Any) -> None:
    """Between hands of a 3-player match: the totals racing to 75."""
    _demo_match(app)
    app.go("croak")


def demo_states() -> list[tuple[str, Any]]:
    def countdown(app: Any) -> None:
        _demo_match(app)
        screen = app.go("croak")
        screen.start_hand()
        screen.countdown_tick()

    def playing(app: Any) -> None:
        countdown(app)
        screen = app.screen
        for _ in range(3):
            screen.countdown_tick()
        screen._started_at -= 83  # 1:23 into the hand

        screen.clock_tick()

    def who(app: Any) -> None:
        playing(app)
        app.screen.croak_pressed()

    def scoring(app: Any) -> None:
        who(app)
        screen = app.screen
        screen.called_by("Ben")
        screen.ids.pad.value = "14"

    def hands(app: Any) -> None:
        demo(app)
        app.screen.view = "hands"

    def referee(app: Any) -> None:
        demo(app)
        screen = app.screen
        screen.view = "referee"
        screen.set_kind("lilypad")
        for card in ("G9", "Y8", "G7", "B6"):
            screen.add_card(card)

    def won(app: Any) -> None:
        _demo_match(app, seed=4, finished=True)
        app.go("croak")

    return [
        ("countdown", countdown),
        ("playing", playing),
        ("who", who),
        ("scoring", scoring),
        ("hands", hands),
        ("referee", referee),
        ("won", won),
    ]
