"""Pond live tracker: the VP supply at a glance, each player's VP, whose turn and what it asks.

Buttons: damage VP (who was hit, how much), other VP, undo, scan, next phase.
The `next` button advances the phase; entering the End Phase opens the End
Phase review (scan the board, confirm the award). The instant the supply runs
out the game-over alert takes the screen, whatever phase it is.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.errors import EventRefusedError
from companion.games.pond.events import Damage, NextPhase, Vp
from companion.session import RedoEvent, UndoEvent
from ui import pond_view as view
from ui import theme as style
from ui.screens.base import BaseScreen, load_kv
from ui.widgets.common import BigButton
from ui.widgets.modal import QuickModal

load_kv(__file__)

#: Reasons offered for "other VP" (the rulebook's sources of VP besides damage and control).
VP_REASONS = ("card ability", "other")


class PlayerTile(BoxLayout):
    name = StringProperty("")
    faction = StringProperty("")
    tokens = NumericProperty(0)
    current = BooleanProperty(False)
    tone = ListProperty([1, 1, 1, 1])


class SupplyBar(Widget):
    """The VP supply as a bar of the starting supply: what is left (green, orange, then red
    as it runs low), then each player's share taken from it, in their faction's colour with
    their faction's shape on it (``segments``: ``(faction, fraction)`` pairs)."""

    fraction = NumericProperty(1.0)
    segments = ListProperty([])

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.bind(pos=self._draw, size=self._draw, fraction=self._draw, segments=self._draw)

    def _draw(self, *_: Any) -> None:
        from kivy.graphics import Color, Mesh, Rectangle

        from ui.widgets.marks import shape_points

        self.canvas.clear()
        h = self.height
        with self.canvas:
            Color(*style.SURFACE)
            Rectangle(pos=self.pos, size=self.size)
            left = self.fraction
            level = style.DONE if left > 0.25 else (style.WARN if left > 0.1 else style.DANGER)
            x = self.x
            Color(*level)
            Rectangle(pos=(x, self.y), size=(self.width * left, h))
            x += self.width * left
            for faction, share in self.segments:
                w = self.width * float(share)
                if w <= 0:
                    continue
                Color(*style.FACTION.get(faction, style.MUTED))
                Rectangle(pos=(x, self.y), size=(w - 1, h))
                if w >= h * 0.9:
                    Color(*style.INK)
                    pts = shape_points(
                        style.FACTION_SHAPE.get(faction, ""), x + w / 2, self.center_y, h * 0.3
                    )
                    verts = [c for p in pts for c in (p[0], p[1], 0.0, 0.0)]
                    Mesh(vertices=verts, indices=list(range(len(pts))), mode="triangle_fan")
                x += w


class VpDialog(QuickModal):
    """Damage VP (who dealt it, who was hit, how much) or other VP (who, how much, why)."""

    mode = StringProperty("damage")  # "damage" | "other"
    amount = NumericProperty(1)
    by = StringProperty("")
    target = StringProperty("")
    reason = StringProperty(VP_REASONS[0])
    summary = StringProperty("")
    screen = ObjectProperty(None)
    # Played by a Reaction card: "whenever their condition is met, even if it is not your turn!"
    reaction = BooleanProperty(False)

    def setup(self, screen: PondTrackerScreen, mode: str) -> None:
        self.screen = screen
        self.mode = mode
        st = screen.app.live.state
        self.by = st.current_player
        others = [n for n in st.names if n != self.by]
        self.target = others[0] if mode == "damage" and others else self.by
        self.amount = 1
        self.reaction = False
        self._fill()

    def _fill(self) -> None:
        st = self.screen.app.live.state
        first, second = self.ids.first_row, self.ids.second_row
        first.clear_widgets()
        second.clear_widgets()
        for name in st.names:
            if self.mode == "damage":
                b = BigButton(text=f"{name}'s\nLong Fwooog", font_size=self.screen.app.font_small)
                b.disabled = name == self.by
                b.focused = name == self.target
                b.bind(on_release=lambda _b, n=name: self.pick_target(n))
            else:
                b = BigButton(text=name)
                b.focused = name == self.target
                b.bind(on_release=lambda _b, n=name: self.pick_target(n))
            b.tone = list(view.faction_colour(st.factions[st.names.index(name)]))
            b.color = style.INK
            first.add_widget(b)
        if self.mode == "damage":
            for name in st.names:
                b = BigButton(text=f"by {name}", font_size=self.screen.app.font_small)
                b.focused = name == self.by
                b.bind(on_release=lambda _b, n=name: self.pick_by(n))
                second.add_widget(b)
        else:
            for reason in VP_REASONS:
                b = BigButton(text=reason)
                b.focused = reason == self.reason
                b.bind(on_release=lambda _b, r=reason: self.pick_reason(r))
                second.add_widget(b)
        self._summarise()

    def _summarise(self) -> None:
        if self.mode == "damage":
            self.summary = (
                f"{self.by} dealt {self.amount} damage to {self.target}'s Long Fwooog: "
                f"{self.by} takes {self.amount} VP"
            )
        else:
            self.summary = f"{self.target} takes {self.amount} VP ({self.reason})"
        if self.reaction:
            self.summary += ", by a Reaction"

    def toggle_reaction(self) -> None:
        self.reaction = not self.reaction
        self._summarise()

    def pick_target(self, name: str) -> None:
        self.target = name
        if self.mode == "damage" and name == self.by:
            return
        self._fill()

    def pick_by(self, name: str) -> None:
        self.by = name
        if self.target == name:
            others = [n for n in self.screen.app.live.state.names if n != name]
            self.target = others[0]
        self._fill()

    def pick_reason(self, reason: str) -> None:
        self.reason = reason
        self._fill()

    def change(self, delta: int) -> None:
        self.amount = max(1, min(99, self.amount + delta))
        self._summarise()

    def give(self) -> None:
        if self.mode == "damage":
            event: Any = Damage(
                self.by, self.target, int(self.amount), reaction=bool(self.reaction)
            )
        else:
            event = Vp(self.target, int(self.amount), self.reason, reaction=bool(self.reaction))
        self.dismiss()
        self.screen.play(event)


class PondTrackerScreen(BaseScreen):
    supply = NumericProperty(0)
    starting_supply = NumericProperty(1)
    fraction = NumericProperty(1.0)
    turn_text = StringProperty("")
    phase_title = StringProperty("")
    prompt = StringProperty("")
    player_tone = ListProperty([1, 1, 1, 1])
    next_text = StringProperty("Next phase")
    segments = ListProperty([])
    map_layout = ObjectProperty(None, allownone=True)
    map_board = ObjectProperty(None, allownone=True)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.dialog: VpDialog | None = None
        self._bound = False
        self.tiles: dict[str, PlayerTile] = {}

    def enter(self, **_: Any) -> None:
        if not self._bound:
            self.app.bind(revision=lambda *_: self.refresh())
            self._bound = True
        self.refresh()

    def is_pond(self) -> bool:
        live = self.app.live
        return live is not None and live.info.game == "pond"

    def refresh(self) -> None:
        if not self.is_pond() or self.manager is None:
            return
        v = view.tracker_view(self.app.live.state)
        if v.over and self.manager.current == self.name:
            follow(self.app)  # however the last token was taken (dialog, banner, keys)
            return
        self.supply = v.supply
        self.starting_supply = v.starting_supply
        self.fraction = v.fraction
        st = self.app.live.state
        self.segments = view.supply_shares(st)
        self.map_layout = st.layout
        self.map_board = st.board
        self.turn_text = f"Turn {v.turn}: {v.player}'s turn ({v.faction})"
        self.phase_title = v.phase_title
        self.prompt = v.prompt
        self.player_tone = list(view.faction_colour(v.faction))
        self.next_text = {
            "start": "Main Phase >",
            "main": "End Phase >",
            "end": "Review board >",
        }[v.phase]
        box = self.ids.players
        if list(self.tiles) != [p.name for p in v.players]:
            box.clear_widgets()
            self.tiles = {}
            for p in v.players:
                tile = PlayerTile(name=p.name, faction=p.faction)
                self.tiles[p.name] = tile
                box.add_widget(tile)
        for p in v.players:
            tile = self.tiles[p.name]
            tile.tokens = p.tokens
            tile.current = p.current
            tile.tone = list(p.colour)
        self.ids.undo_button.disabled = not self.app.live.can_undo()

    # --- playing
    def play(self, event: Any) -> bool:
        """Play ``event``; refusals go to the status line. Ends on the game-over alert."""
        try:
            self.app.play(event)
        except EventRefusedError as exc:
            self.app.status = str(exc)
            return False
        follow(self.app)
        return True

    def next_phase(self) -> None:
        if not self.is_pond():
            return
        st = self.app.live.state
        if st.over:
            self.app.go("pond_game_over")
            return
        if st.phase == "end":
            self.app.go("pond_end_phase", mode="end")
            return
        if self.play(NextPhase()) and self.app.live.state.phase == "end":
            self.app.go("pond_end_phase", mode="end")

    def scan(self) -> None:
        if self.is_pond():
            mode = "end" if self.app.live.state.phase == "end" else "look"
            self.app.go("pond_end_phase", mode=mode)

    def undo(self, redo: bool = False) -> None:
        try:
            self.app.play(RedoEvent() if redo else UndoEvent())
        except EventRefusedError as exc:
            self.app.status = str(exc)

    def open_vp(self, mode: str) -> None:
        if not self.is_pond() or self.app.live.over:
            return
        self.dialog = VpDialog()
        self.dialog.setup(self, mode)
        self.dialog.open()

    def on_command(self, cmd: str) -> bool:
        dialog = self.dialog
        if dialog is not None and dialog.parent is not None:
            if cmd in ("next", "confirm"):
                dialog.give()
            elif cmd == "undo":
                dialog.dismiss()
            else:
                return False
            return True
        if cmd in ("next", "confirm"):
            self.next_phase()
        elif cmd == "scan":
            self.scan()
        elif cmd == "undo":
            self.undo()
        elif cmd == "redo":
            self.undo(redo=True)
        else:
            return False
        return True


def follow(app: Any) -> None:
    """After an event: the game-over alert the instant the supply runs out."""
    live = app.live
    screen = app.screen
    if screen is not None and screen.name == "pond_game_over":
        return  # already there: one alert, one buzz
    if live is not None and live.info.game == "pond" and live.over:
        app.go("pond_game_over")


def start_demo_game(app: Any, supply: int | None = None) -> None:
    """A 3-player Pond game (Ana wizard, Ben pumpkin, Cy banana) in the store."""
    from companion.games.base import Player
    from companion.session import SessionInfo

    players = (
        Player("Ana", {"faction": "wizard"}),
        Player("Ben", {"faction": "pumpkin"}),
        Player("Cy", {"faction": "banana"}),
    )
    options: dict[str, Any] = {} if supply is None else {"vp_supply": supply}
    app.start_session(SessionInfo("pond", players, options))


def demo(app: Any) -> None:
    """Turn 2, Ben's Main Phase, after some VP were taken."""
    from ui.widgets.warnings_banner import hide_banner

    hide_banner(app)
    start_demo_game(app)
    for event in (NextPhase(), Damage("Ana", "Ben", 2), NextPhase(), NextPhase(), NextPhase()):
        app.play(event)
    app.play(Damage("Ben", "Cy", 1))
    app.go("pond_tracker")


def _dialog(mode: str) -> Any:
    def state(app: Any) -> None:
        if app.screen is None or app.screen.name != "pond_tracker" or app.live is None:
            demo(app)
        app.screen.open_vp(mode)

    return state


def demo_states() -> list[tuple[str, Any]]:
    """The two VP dialogs."""
    return [("damage", _dialog("damage")), ("other", _dialog("other"))]
