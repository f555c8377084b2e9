"""Pond final scoring: card VP per player (number pad), the winner, VP over the turns.

"Count up your total VP by adding your VP tokens and the VP printed on all of
your Frog cards ... In case of a tie, the player last in turn order wins."
Tap a player's card VP (or press `next`) to enter it; each entry is a
``card_vp`` event. The chart draws each player's VP tokens over the turns.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.errors import EventRefusedError
from companion.games.pond.events import CardVp
from companion.session import RedoEvent, UndoEvent
from ui import pond_view as view
from ui.screens.base import BaseScreen, load_kv
from ui.widgets.modal import QuickModal

load_kv(__file__)


class FinalRow(BoxLayout):
    name = StringProperty("")
    tokens = NumericProperty(0)
    card_vp = NumericProperty(0)
    entered = BooleanProperty(False)
    total = NumericProperty(0)
    winner = BooleanProperty(False)
    tone = ListProperty([1, 1, 1, 1])
    screen: Any = None

    def edit(self) -> None:
        self.screen.open_pad(self.name)


class CardVpPad(QuickModal):
    player = StringProperty("")

    def __init__(self, screen: PondFinalScreen, player: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.screen = screen
        self.player = player
        self.ids.pad.bind(on_confirm=lambda _p, n: self.done(n))
        minus = self.ids.pad.keys.get("-")
        if minus is not None:  # card VP are never negative
            minus.disabled = True
            minus.opacity = 0

    def done(self, number: int) -> None:
        self.dismiss()
        self.screen.enter_card_vp(self.player, number)


class PondFinalScreen(BaseScreen):
    sentence = StringProperty("")
    progress = StringProperty("")

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.rows: dict[str, FinalRow] = {}
        self.pad: CardVpPad | None = None
        self._bound = False

    def enter(self, **_: Any) -> None:
        if not self._bound:
            self.app.bind(revision=lambda *_: self.refresh())
            self._bound = True
        self.refresh()

    def entered(self) -> set[str]:
        """Players whose card VP have been entered (a card_vp event still in effect)."""
        return {step.event.player for step in self.app.live.active if step.event.type == "card_vp"}

    def refresh(self) -> None:
        live = self.app.live
        if live is None or live.info.game != "pond" or self.manager is None:
            return
        st = live.state
        lines, sentence = view.final_lines(st)
        done = self.entered()
        box = self.ids.rows
        if list(self.rows) != [line.name for line in lines]:
            box.clear_widgets()
            self.rows = {}
            for line in lines:
                row = FinalRow(name=line.name)
                row.screen = self
                self.rows[line.name] = row
                box.add_widget(row)
        for line in lines:
            row = self.rows[line.name]
            row.tokens = line.tokens
            row.card_vp = line.card_vp
            row.entered = line.name in done
            row.total = line.total
            row.winner = line.winner and len(done) == len(lines)
            row.tone = list(line.colour)
        missing = [line.name for line in lines if line.name not in done]
        if missing:
            self.sentence = f"Enter the VP printed on each player's cards ({', '.join(missing)})."
            self.progress = f"{len(done)} of {len(lines)} entered"
        else:
            self.sentence = sentence
            self.progress = "every player's cards counted"
        self.ids.chart.series = [
            (name, values, list(view.faction_colour(st.factions[i])))
            for i, (name, values) in enumerate(zip(st.names, view.vp_series(st), strict=True))
        ]

    def open_pad(self, player: str) -> None:
        self.pad = CardVpPad(self, player)
        self.pad.open()

    def enter_card_vp(self, player: str, amount: int) -> None:
        try:
            self.app.play(CardVp(player, max(0, int(amount))))
        except EventRefusedError as exc:
            self.app.status = str(exc)

    def next_missing(self) -> str | None:
        done = self.entered()
        return next((n for n in self.app.live.state.names if n not in done), None)

    def on_command(self, cmd: str) -> bool:
        pad = self.pad
        if pad is not None and pad.parent is not None:
            if cmd in ("next", "confirm"):
                pad.ids.pad.confirm()
            elif cmd == "undo":
                pad.dismiss()
            else:
                return False
            return True
        if cmd in ("next", "confirm"):
            name = self.next_missing()
            if name is not None:
                self.open_pad(name)
            else:
                self.app.go("home")
        elif cmd in ("undo", "redo"):
            try:
                self.app.play(RedoEvent() if cmd == "redo" else UndoEvent())
            except EventRefusedError as exc:
                self.app.status = str(exc)
            if not self.app.live.over:
                self.app.go("pond_tracker")
        else:
            return False
        return True


def demo(app: Any) -> None:
    """A finished game with the card VP entered for everyone."""
    from ui.widgets.warnings_banner import hide_banner

    hide_banner(app)
    from ui.screens.pond_game_over import demo as game_over_demo

    game_over_demo(app)
    for name, amount in (("Ana", 14), ("Ben", 9), ("Cy", 21)):
        app.play(CardVp(name, amount))
    app.go("pond_final")


def _card_vp(app: Any) -> None:
    demo(app)
    app.screen.open_pad("Ben")


def demo_states() -> list[tuple[str, Any]]:
    """Typing a player's card VP."""
    return [("card-vp", _card_vp)]
