"""Ponder: the Marsh as a grid of touch cells, each team's card and finish count, the combat
helper, and the first-player roll, all from ``companion.games.ponder``.

What may be touched comes from ``ui.ponder_choices`` (every event it offers is a legal one):
the legal lily pads, frogs and destinations light up in the grid, the other choices (the
bank, cards, how a thrown frog landed, pass, no move) are buttons beside it. Touch takes any
choice; with the three buttons alone, `scan` moves the highlight through the choices,
`next` takes the highlighted one (after choosing a card, it ends the turn) and `undo` steps
back (a half-made choice first, then the last event). A long press of `next` (`confirm`)
takes the highlighted choice too; `redo` puts back an undone event.
"""

from __future__ import annotations

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
from kivy.uix.widget import Widget

from companion.games.ponder import FROGS, PonderState, cell_name
from companion.games.ponder.board import OUTWARD, Cell
from companion.session import RedoEvent, UndoEvent
from ui import ponder_demo, theme
from ui.ponder_choices import Choice, Selection, choices, prompt
from ui.screens.base import BaseScreen, load_kv
from ui.widgets import BigButton

load_kv(__file__)


class MarshCell(ButtonBehavior, Widget):
    """One space: water, a lily pad, a frog in its team colour with its letter, a highlight."""

    name = StringProperty("")
    pad = BooleanProperty(False)
    frog = ListProperty([0, 0, 0, 0])  # the team colour, transparent when no frog
    letter = StringProperty("")
    lit = BooleanProperty(False)  # a legal choice
    focused = BooleanProperty(False)  # the choice `scan` is on
    chosen = BooleanProperty(False)  # the pad or frog chosen first
    min_state_time = NumericProperty(0)


class BankStrip(Widget):
    """A team's bank beside the Marsh: its colour, its frogs waiting, and frogs arrived."""

    colour = ListProperty(list(theme.MUTED))
    waiting = NumericProperty(0)
    arrived = ListProperty([])  # positions (0..1 along the strip) of arrived frogs
    arrived_colour = ListProperty([])
    vertical = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("pos", "size", "arrived", "waiting", "colour"):
            self.bind(**{name: self._draw})

    def _draw(self, *_: Any) -> None:
        """Frogs waiting: dots from the strip's start. Arrived frogs: a ringed dot in their
        team colour beyond the space they left from."""
        from kivy.graphics import Color, Ellipse, Line

        self.canvas.after.clear()
        d = min(self.width, self.height) * 0.6
        with self.canvas.after:
            Color(*self.colour)
            for i in range(int(self.waiting)):
                step = d * (0.4 + 1.4 * i)
                if self.vertical:
                    Ellipse(pos=(self.center_x - d / 2, self.y + step), size=(d, d))
                else:
                    Ellipse(pos=(self.x + step, self.center_y - d / 2), size=(d, d))
            d = min(self.width, self.height) * 0.8
            for where, colour in zip(self.arrived, self.arrived_colour, strict=False):
                if self.vertical:
                    cx, cy = self.center_x, self.y + where * self.height
                else:
                    cx, cy = self.x + where * self.width, self.center_y
                Color(*colour)
                Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d))
                Color(*theme.INK)
                Line(circle=(cx, cy, d / 2), width=1.5)


class ChoiceButton(BigButton):
    """A choice that is not a space of the Marsh: the bank, a card, a landing, pass."""

    key = StringProperty("")
    landing = StringProperty("")  # for the combat helper's small picture


class LandingPicture(Widget):
    """A small drawing of a thrown frog as it landed: on its back, side, sitting, nose or
    stomach (drawn here, in the button's text colour, on a ground line)."""

    landing = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, landing=self._draw)

    def _draw(self, *_: Any) -> None:
        from kivy.graphics import Color, Ellipse, Line, PopMatrix, PushMatrix, Rotate

        self.canvas.clear()
        if not self.landing:
            return
        w = min(self.width, self.height)
        cx, ground = self.center_x, self.y + w * 0.12
        body_w, body_h = w * 0.62, w * 0.4
        # (angle of the body, how high its centre sits, eyes up or down)
        pose = {
            "back": (0, body_h * 0.5, -1),
            "side": (90, body_w * 0.5, 1),
            "sitting": (0, body_h * 0.5, 1),
            "nose": (-60, body_w * 0.45, 1),
            "stomach": (0, body_h * 0.35, 1),
        }[self.landing]
        angle, lift, eyes = pose
        cy = ground + lift
        with self.canvas:
            Color(*theme.MUTED)
            Line(points=[self.x + w * 0.05, ground, self.x + w * 0.95, ground], width=1.2)
            Color(*theme.TEXT)
            PushMatrix()
            Rotate(angle=angle, origin=(cx, cy))
            squash = 0.7 if self.landing == "stomach" else 1.0
            Ellipse(pos=(cx - body_w / 2, cy - body_h * squash / 2), size=(body_w, body_h * squash))
            eye = w * 0.13
            for dx in (-0.18, 0.18):
                ex = cx + dx * body_w - eye / 2
                ey = cy + eyes * body_h * 0.45 - eye / 2
                Ellipse(pos=(ex, ey), size=(eye, eye))
            if self.landing in ("back", "sitting"):
                for dx in (-0.3, 0.3):  # legs: up in the air on its back, down when sitting
                    x0 = cx + dx * body_w
                    y0 = cy - eyes * body_h * 0.3
                    Line(points=[x0, y0, x0 + dx * w * 0.3, y0 - eyes * w * 0.22], width=1.5)
            PopMatrix()


class TeamRow(BoxLayout):
    """A team: its mark, player, face-up card and how many frogs are across (0 to 3)."""

    colour = ListProperty(list(theme.MUTED))
    letter = StringProperty("")
    text = StringProperty("")
    across = NumericProperty(0)
    to_play = BooleanProperty(False)


def team_colour(colour: str, seat: int) -> Any:
    return theme.team_colour(colour, seat)


class PonderScreen(BaseScreen):
    title_text = StringProperty("Ponder")
    teams_caption = StringProperty("")
    prompt_text = StringProperty("")
    message = StringProperty("")
    over = BooleanProperty(False)
    selection: Selection = ()
    live_state = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells: dict[Cell, MarshCell] = {}
        self.strips: dict[str, BankStrip] = {}
        self.options: list[Choice] = []
        self.focus = -1
        self._board: Any = None
        self._bound = False
        # Placed on the next frame after any move or resize (a screen sliding in moves it).
        self._place_soon = Clock.create_trigger(self._place)
        self.ids.marsh.bind(pos=self._place_soon, size=self._place_soon)
        self.bind(pos=self._place_soon, size=self._place_soon)

    # --- entering and drawing ------------------------------------------------------------
    def enter(self, **kwargs: Any) -> None:
        super().enter(**kwargs)
        if not self._bound:
            self.app.bind(revision=lambda *_: self.refresh())
            self._bound = True
        live = self.app.live
        if live is None or live.info.game != "ponder":
            self.app.go("home")
            return
        self.selection = ()
        self.focus = -1
        self.message = ""
        self._build(live.state)
        self.refresh()

    def _build(self, st: PonderState) -> None:
        """The grid and bank strips for this board (rebuilt only when the board changes)."""
        if self._board is st.board:
            return
        self._board = st.board
        marsh = self.ids.marsh
        marsh.clear_widgets()
        self.cells = {}
        self.strips = {}
        for cell in st.board.cells:
            widget = MarshCell(name=cell_name(cell))
            widget.bind(on_release=lambda w, c=cell: self.touch_cell(c))
            marsh.add_widget(widget)
            self.cells[cell] = widget
        for colour, bank in st.board.banks.items():
            strip = BankStrip(vertical=bank.side in ("east", "west"))
            marsh.add_widget(strip)
            self.strips[colour] = strip
        self._place()

    def _place(self, *_: Any) -> None:
        """Square cells filling the Marsh area, with a thin bank strip around the grid."""
        board = self._board
        if board is None:
            return
        marsh = self.ids.marsh
        strip = self.app.pad * 2.4
        span = max(board.columns, board.rows)
        size = (min(marsh.width, marsh.height) - 2 * strip) / span
        left = marsh.x + (marsh.width - size * board.columns) / 2
        top = marsh.top - (marsh.height - size * board.rows) / 2
        for (x, y), widget in self.cells.items():
            widget.size = (size, size)
            widget.pos = (left + x * size, top - (y + 1) * size)
        for colour, bank in board.banks.items():
            xs = [c[0] for c in bank.spaces]
            ys = [c[1] for c in bank.spaces]
            ox, oy = OUTWARD[bank.side]
            widget = self.strips[colour]
            if bank.side in ("north", "south"):
                widget.size = ((max(xs) - min(xs) + 1) * size, strip)
                y0 = top if oy < 0 else top - board.rows * size - strip
                widget.pos = (left + min(xs) * size, y0)
            else:
                widget.size = (strip, (max(ys) - min(ys) + 1) * size)
                x0 = left - strip if ox < 0 else left + board.columns * size
                widget.pos = (x0, top - (max(ys) + 1) * size)

    def refresh(self) -> None:
        live = self.app.live
        if live is None or live.info.game != "ponder" or self.manager is None:
            return
        st: PonderState = live.state
        self._build(st)
        self._place_soon()
        self.live_state = st
        self.over = st.over
        self.options = choices(st, self.selection)
        if not self.options and self.selection:
            self.selection = ()
            self.options = choices(st, ())
        self.focus = min(self.focus, len(self.options) - 1)
        turn = f"Turn {st.flow.turn}" if st.started else "Setup"
        self.teams_caption = f"{turn} · face-up cards · frogs across"
        self.prompt_text = prompt(st, self.selection)
        self._draw_cells(st)
        self._draw_teams(st)
        self._draw_buttons()
        self.ids.undo.text = "Back" if self.selection else "Undo"

    def _draw_cells(self, st: PonderState) -> None:
        lit = {c.cell: i for i, c in enumerate(self.options) if c.cell is not None}
        focused = self.options[self.focus].cell if 0 <= self.focus < len(self.options) else None
        chosen = self.selection[1] if len(self.selection) > 1 else None
        for cell, widget in self.cells.items():
            seat = st.frog_at(cell)
            widget.pad = cell in st.pads
            if seat is None:
                widget.frog = [0, 0, 0, 0]
                widget.letter = ""
            else:
                team = st.teams[seat]
                widget.frog = list(team_colour(team.colour, seat))
                widget.letter = team.colour[:1].upper()
            widget.lit = cell in lit
            widget.focused = cell == focused
            widget.chosen = cell == chosen
        for seat, team in enumerate(st.teams):
            strip = self.strips.get(team.colour)
            if strip is not None:
                strip.colour = list(team_colour(team.colour, seat))
                strip.waiting = team.on_bank
        for colour, strip in self.strips.items():
            if st.seat_of(colour) is None:
                strip.colour = list(theme.MUTED)
                strip.waiting = 0
        self._draw_arrived(st)

    def _draw_arrived(self, st: PonderState) -> None:
        found: dict[str, tuple[list[float], list[Any]]] = {c: ([], []) for c in self.strips}
        for seat, team in enumerate(st.teams):
            side = st.board.finish_side(team.colour)
            owner = st.board.bank_on(side)
            if owner is None or owner not in self.strips:
                continue
            spaces = st.board.banks[str(owner)].spaces
            along = [c[0] if side in ("north", "south") else c[1] for c in spaces]
            lo, hi = min(along), max(along)
            for cell in team.arrived:
                pos = cell[0] if side in ("north", "south") else cell[1]
                along_strip = (pos - lo + 0.5) / (hi - lo + 1)
                if side in ("east", "west"):
                    along_strip = 1 - along_strip  # the strip's y grows upwards
                found[str(owner)][0].append(along_strip)
                found[str(owner)][1].append(list(team_colour(team.colour, seat)))
        for colour, (spots, colours) in found.items():
            self.strips[colour].arrived_colour = colours
            self.strips[colour].arrived = spots

    def _draw_teams(self, st: PonderState) -> None:
        box = self.ids.teams
        box.clear_widgets()
        for seat, team in enumerate(st.teams):
            card = team.card.title if team.card else "no card yet"
            row = TeamRow(
                colour=list(team_colour(team.colour, seat)),
                letter=team.colour[:1].upper(),
                text=f"{card} · {team.player}",  # a cut falls on the name, never the card
                across=min(FROGS, len(team.arrived)),
                to_play=st.started and not st.over and seat == st.seat,
            )
            box.add_widget(row)

    def _draw_buttons(self) -> None:
        box = self.ids.buttons
        box.clear_widgets()
        for i, choice in enumerate(self.options):
            if choice.cell is not None:
                continue
            button = ChoiceButton(
                key=choice.key,
                text=choice.label,
                landing=choice.key.split(":", 1)[1] if choice.kind == "landing" else "",
            )
            button.focused = i == self.focus
            if choice.kind == "card" or choice.key == "end-turn":
                button.tone = list(theme.PRIMARY) if choice.key == "end-turn" else button.tone
            button.bind(on_release=lambda _b, n=i: self.take(n))
            box.add_widget(button)

    # --- choosing ------------------------------------------------------------------------
    def touch_cell(self, cell: Cell) -> None:
        for i, choice in enumerate(self.options):
            if choice.cell == cell:
                self.take(i)
                return
        if self.selection:  # touching elsewhere drops a half-made choice
            self.selection = ()
            self.refresh()

    def take(self, index: int) -> bool:
        """Take one choice: narrow the selection, or play its event."""
        if not 0 <= index < len(self.options):
            return False
        choice = self.options[index]
        self.focus = -1
        if choice.event is None:
            self.selection = choice.select or ()
            self.refresh()
            return True
        self.selection = ()
        return self._play(choice.event)

    def _play(self, event: Any) -> bool:
        if self.play_or_tell(event):
            return True
        self.refresh()
        return False

    def scan(self) -> bool:
        if not self.options:
            return False
        self.focus = (self.focus + 1) % len(self.options)
        self.refresh()
        return True

    def next(self) -> bool:
        """Take the highlighted choice; with none, highlight the first."""
        if self.over:
            self.app.go("history")
            return True
        if 0 <= self.focus < len(self.options):
            return self.take(self.focus)
        if len(self.options) == 1:
            return self.take(0)
        return self.scan()

    def undo(self) -> bool:
        if self.selection:
            self.selection = ()
            self.focus = -1
            self.refresh()
            return True
        live = self.app.live
        if live is None or not live.can_undo():
            return False
        self.focus = -1
        return self._play(UndoEvent())

    def on_command(self, cmd: str) -> bool:
        if cmd == "scan":
            return self.scan()
        if cmd in ("next", "confirm"):
            return self.next()
        if cmd == "undo":
            return self.undo()
        if cmd == "redo":
            live = self.app.live
            return bool(live and live.can_redo()) and self._play(RedoEvent())
        return False


# --- demo states (ui.ponder_demo plays them) ----------------------------------------------


def demo(app: Any) -> None:
    """Four teams in mid-game: a frog chosen, its legal destinations lit."""
    ponder_demo.mid_game(app)


def demo_states() -> list[tuple[str, Any]]:
    return [
        ("setup", ponder_demo.first_roll),
        ("combat", ponder_demo.combat),
        ("won", ponder_demo.won),
    ]
