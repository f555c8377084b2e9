"""BOG: the Bog as a 3x3 of touch cells, both Shores, the score by kind and the legal actions.

The screen plays a ``bog`` session through ``companion.games.bog``: the actions of the
player to move come from ``legal_actions`` and are offered as large buttons, grouped:
PLAY and SCORE ask for the card, an ADVANCE onto a Fly asks where the Fly goes, which
Draw Area card is drawn and which card came up from the deck. Tapping a Frog (on the
Bog or a Shore) keeps only that Frog's actions. The Frog cards face their owner: the
first player's Shore is at the bottom, the second player's at the top, and each card's
Route is drawn as arrows on a small 3x3, turned for the opponent.

Buttons: `next` moves the focus ring over the action buttons, `scan` (or a long press
of `next`) presses the focused one, `undo` steps back a choice or undoes the last event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

from companion.games.bog import Advance, BogEvent, BogState, CannotAct, Complete, Play, Score
from companion.games.bog.rules import hops, legal_actions
from companion.games.bog.state import KINDS
from companion.session import RedoEvent, UndoEvent
from ui import theme as style
from ui.screens.base import BaseScreen, load_kv
from ui.widgets import BigButton

load_kv(__file__)

STAGE_PROMPTS = {
    "play": "{name}: which Frog card goes to the Shore?",
    "score": "{name}: which card's Formation is scored?",
    "fly_to": "{name}: where does the Fly go? Touch a green pad.",
    "draw": "{name}: which Draw Area card is drawn?",
    "refill": "Which card came up from the deck into the Draw Area?",
}
LANDING = {"pad": "", "opponent": " - captures", "own": " - onto your own Frog", "fly": " - a Fly"}


class BogCell(ButtonBehavior, Label):
    """One Lily Pad or one Shore place: a Frog card facing its owner, a Fly, or nothing.

    ``route`` holds the card's Route as Bog pads (already turned for its owner) and
    ``stop`` the stop the Frog is on (-1 on the Shore); ``owner`` is the seat (-1: none).
    """

    pad = NumericProperty(0)  # 1-9 on the Bog, 0 on a Shore
    card = StringProperty("")
    owner = NumericProperty(-1)
    fly = BooleanProperty(False)
    route = ListProperty([])
    stop = NumericProperty(-1)
    target = BooleanProperty(False)  # a pad the current choice can pick
    chosen = BooleanProperty(False)
    min_state_time = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        names = ("pos", "size", "card", "owner", "fly", "route", "stop", "target", "chosen")
        for name in names:
            self.bind(**{name: self._redraw})

    def _redraw(self, *_: Any) -> None:
        self.canvas.before.clear()
        x, y, w, h = self.x, self.y, self.width, self.height
        inset = max(2.0, min(w, h) * 0.04)
        with self.canvas.before:
            Color(*(style.BUTTON if self.card else style.PANEL))
            Rectangle(pos=(x + inset, y + inset), size=(w - 2 * inset, h - 2 * inset))
            if self.card and self.owner >= 0:
                # The owner's colour along the edge that faces the owner.
                Color(*style.seat_colour(self.owner))
                band = max(4.0, h * 0.1)
                by = y + inset if self.owner == 0 else y + h - inset - band
                Rectangle(pos=(x + inset, by), size=(w - 2 * inset, band))
                self._draw_route(x, y, w, h)
            if self.fly:
                self._draw_fly(x, y, w, h)
            if self.target or self.chosen:
                Color(*(style.FOCUS if self.chosen else style.DONE))
                Line(
                    rectangle=(x + inset, y + inset, w - 2 * inset, h - 2 * inset),
                    width=max(2.0, inset * 0.8),
                )

    def _draw_route(self, x: float, y: float, w: float, h: float) -> None:
        """The Route on a small 3x3 in the cell's right half: arrows from stop to stop."""
        if len(self.route) < 2:
            return
        side = min(w * 0.5, h * 0.62)
        ox, oy = x + w - side - w * 0.06, y + (h - side) / 2
        step = side / 3

        def centre(pad: int) -> tuple[float, float]:
            row, col = (pad - 1) // 3, (pad - 1) % 3
            return ox + (col + 0.5) * step, oy + (2.5 - row) * step

        Color(*style.MUTED)
        for i in range(3):
            for j in range(3):
                Rectangle(pos=(ox + i * step + 1, oy + j * step + 1), size=(step - 2, step - 2))
        Color(*style.FOCUS)
        points = [c for pad in self.route for c in centre(int(pad))]
        Line(points=points, width=max(1.2, step * 0.08))
        # Arrow head on the last leg, and the start marked with a ring.
        (x1, y1), (x2, y2) = centre(int(self.route[-2])), centre(int(self.route[-1]))
        dx, dy = x2 - x1, y2 - y1
        norm = max(1e-6, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / norm, dy / norm
        size = step * 0.35
        Line(
            points=[
                x2 - ux * size - uy * size * 0.6,
                y2 - uy * size + ux * size * 0.6,
                x2,
                y2,
                x2 - ux * size + uy * size * 0.6,
                y2 - uy * size - ux * size * 0.6,
            ],
            width=max(1.2, step * 0.08),
        )
        sx, sy = centre(int(self.route[0]))
        Line(circle=(sx, sy, step * 0.28), width=max(1.0, step * 0.06))
        if 0 <= self.stop < len(self.route):
            cx, cy = centre(int(self.route[self.stop]))
            Color(*style.TEXT)
            Ellipse(pos=(cx - step * 0.22, cy - step * 0.22), size=(step * 0.44, step * 0.44))

    def _draw_fly(self, x: float, y: float, w: float, h: float) -> None:
        r = min(w, h) * 0.12
        cx, cy = x + w * 0.5, y + h * 0.3
        Color(*style.MUTED)
        Ellipse(pos=(cx - r * 1.6, cy), size=(r * 1.5, r))
        Ellipse(pos=(cx + r * 0.1, cy), size=(r * 1.5, r))
        Color(*style.TEXT)
        Ellipse(pos=(cx - r * 0.4, cy - r * 0.9), size=(r * 0.8, r * 1.6))


@dataclass
class Choice:
    """An action being put together: the candidate events left and what is still asked."""

    events: list[Advance] = field(default_factory=list)
    step: str = ""  # "fly_to", "draw", "refill"
    fly_to: int | None = None
    draw: int | None = None


class BogScreen(BaseScreen):
    title_text = StringProperty("BOG")
    prompt = StringProperty("")
    message = StringProperty("")
    result_text = StringProperty("")
    area_text = StringProperty("")
    score_rows = ListProperty([])  # [[name, captures, routes, formations, flies, total], ...]
    focus_card = StringProperty("")
    over = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._bound = False
        self.cells: list[BogCell] = []
        self.shore_cells: tuple[list[BogCell], list[BogCell]] = ([], [])
        self.stage = "actions"  # "actions", "play", "score", "fly_to", "draw", "refill"
        self.choice = Choice()
        for pad in range(1, 10):
            cell = BogCell(pad=pad)
            cell.bind(on_release=lambda c: self.tap_pad(c.pad))
            self.ids.bog.add_widget(cell)
            self.cells.append(cell)
        for seat, box in ((1, self.ids.shore_top), (0, self.ids.shore_bottom)):
            for _ in range(2):
                cell = BogCell()
                cell.bind(on_release=lambda c: self.tap_card(c.card))
                box.add_widget(cell)
                self.shore_cells[seat].append(cell)

    # --- entering and drawing
    def enter(self, **kwargs: Any) -> None:
        super().enter(**kwargs)
        if not self._bound:
            self.app.bind(revision=lambda *_: self.refresh())
            self._bound = True
        live = self.app.live
        if live is None or live.info.game != "bog":
            self.app.go("home")
            return
        self.reset_choice()
        self.message = ""
        self.refresh()

    @property
    def state(self) -> BogState | None:
        live = self.app.live
        if live is None or live.info.game != "bog":
            return None
        st: BogState = live.state
        return st

    def reset_choice(self) -> None:
        self.stage = "actions"
        self.choice = Choice()
        self.focus_card = ""

    def refresh(self) -> None:
        st = self.state
        if st is None:
            return
        names = st.names
        self.over = st.over
        self.title_text = f"BOG · {names[0]} and {names[1]}"
        for cell in self.cells:
            frog = st.frogs[cell.pad - 1]
            self._show(
                cell,
                st,
                frog.card if frog else "",
                frog.seat if frog else -1,
                frog.stop if frog else -1,
            )
            cell.fly = st.flies[cell.pad - 1]
        for seat in (0, 1):
            shore = st.shores[seat]
            for i, cell in enumerate(self.shore_cells[seat]):
                card = shore[i] if i < len(shore) else ""
                self._show(cell, st, card, seat if card else -1, -1)
        area = ", ".join("?" if c is None else c for c in st.draw_area) or "empty"
        self.area_text = f"Draw Area: {area}   Deck: {st.deck}"
        self.score_rows = [
            [name, *(str(getattr(st.points[s], k)) for k in KINDS), str(st.points[s].total)]
            for s, name in enumerate(names)
        ]
        if st.result is not None:
            self.result_text = st.result.sentence
            self.prompt = "Game over"
        else:
            self.result_text = ""
            hand = st.hand_counts[st.to_move]
            self.prompt = (
                f"{names[st.to_move]} to act ({hand} card{'s' if hand != 1 else ''} in hand)"
            )
        self.ids.undo.disabled = not self.app.live.can_undo()
        self.build_buttons()

    def _show(self, cell: BogCell, st: BogState, card: str, seat: int, stop: int) -> None:
        cell.card = card
        cell.owner = seat
        cell.stop = stop
        cell.route = list(st.cards[card].route_on_bog(seat)) if card else []
        small = int(self.app.font_small + 0.999)  # markup sizes are whole pixels: round up
        where = f"pad {cell.pad}" if cell.pad else ""
        if card:  # the card and its owner's initial (the colour band is on the owner's side)
            initial = f"[size={small}]{st.names[seat][:1]}[/size]"
            # A Shore place is wide and low: one line; a pad is square: two.
            cell.text = f"[b]{card}[/b]{' ' if not cell.pad else chr(10)}{initial}"
        elif cell.pad:
            cell.text = f"[size={small}]{where}[/size]"
        else:  # an empty place on a Shore
            owner = 0 if cell in self.shore_cells[0] else 1
            cell.text = f"[size={small}]{st.names[owner]}'s Shore[/size]"
        cell.chosen = bool(card) and card == self.focus_card

    # --- the action buttons
    def actions(self) -> list[BogEvent]:
        st = self.state
        return [] if st is None else legal_actions(st)

    def button_specs(self) -> list[tuple[str, Any, str]]:
        """(text, callback, tone) for each button of the current stage."""
        st = self.state
        if st is None:
            return []
        if st.over:
            return [("Finish: show History", self.finish, "primary")]
        acts = self.actions()
        specs: list[tuple[str, Any, str]] = []
        if self.stage == "actions":
            plays = [a for a in acts if isinstance(a, Play)]
            scores = [a for a in acts if isinstance(a, Score)]
            if plays and not self.focus_card:
                specs.append(("PLAY a Frog to your Shore", lambda: self.open_stage("play"), ""))
            seen: set[tuple[str, int]] = set()
            landings = {(h.card, h.to): h.lands_on for h in hops(st, st.to_move)}
            for a in acts:
                if isinstance(a, Advance) and (a.card, a.to) not in seen:
                    if self.focus_card and a.card != self.focus_card:
                        continue
                    seen.add((a.card, a.to))
                    note = LANDING.get(landings.get((a.card, a.to), "pad"), "")
                    specs.append(
                        (
                            f"ADVANCE {a.card} to pad {a.to}{note}",
                            lambda c=a.card, t=a.to: self.choose_advance(c, t),
                            "",
                        )
                    )
            for a in acts:
                if isinstance(a, Complete) and (not self.focus_card or a.card == self.focus_card):
                    specs.append(
                        (f"COMPLETE {a.card}: 2 points", lambda e=a: self.play(e), "primary")
                    )
            if scores and not self.focus_card:
                specs.append(("SCORE a Formation", lambda: self.open_stage("score"), ""))
            for a in acts:
                if isinstance(a, CannotAct):
                    specs.append(
                        (f"{a.player} cannot act: end the game", lambda e=a: self.play(e), "warn")
                    )
            if self.focus_card:
                specs.append(("Show every action", self.clear_focus_card, ""))
            return specs
        if self.stage == "play":
            return [
                (f"PLAY {a.card}", lambda e=a: self.play(e), "")
                for a in acts
                if isinstance(a, Play)
            ] + [("Back", self.back_stage, "")]
        if self.stage == "score":
            return [
                (
                    f"SCORE {a.card}: {st.formation_matches(a.card, st.to_move)} points",
                    lambda e=a: self.play(e),
                    "",
                )
                for a in acts
                if isinstance(a, Score)
            ] + [("Back", self.back_stage, "")]
        if self.stage == "fly_to":
            pads = sorted({e.fly_to for e in self.choice.events if e.fly_to is not None})
            return [(f"Fly to pad {p}", lambda p=p: self.choose_fly(p), "") for p in pads] + [
                ("Back", self.back_stage, "")
            ]
        if self.stage == "draw":
            slots = sorted({e.draw for e in self.choice.events if e.draw is not None})
            return [
                (
                    f"Draw {'?' if st.draw_area[s] is None else st.draw_area[s]} "
                    f"(card {s + 1} of the Draw Area)",
                    lambda s=s: self.choose_draw(s),
                    "",
                )
                for s in slots
            ] + [("Back", self.back_stage, "")]
        if self.stage == "refill":
            return (
                [("Not entered", lambda: self.choose_refill(None), "")]
                + [(f"{c} came up", lambda c=c: self.choose_refill(c), "") for c in st.unplaced()]
                + [("Back", self.back_stage, "")]
            )
        return []

    def build_buttons(self) -> None:
        st = self.state
        if st is not None and not st.over and self.stage in STAGE_PROMPTS:
            self.prompt = STAGE_PROMPTS[self.stage].format(name=st.names[st.to_move])
        box = self.ids.actions
        box.clear_widgets()
        self.ids.actions_scroll.scroll_y = 1  # a new list starts at its top, not where one was left
        self.clear_focus()
        # The palette's dark warning fill (TEXT on it reads), where the palette has one.
        warn = getattr(style, "WARN_FILL", style.ACCENT_DARK)
        tones = {"": style.BUTTON, "primary": style.ACCENT_DARK, "warn": warn}
        for text, callback, tone in self.button_specs():
            button = BigButton(text=text, tone=list(tones.get(tone, style.BUTTON)))
            button.size_hint_y = None
            button.height = self.app.touch
            button.bind(on_release=lambda _b, cb=callback: cb())
            box.add_widget(button)
        targets: set[int] = set()
        if st is not None and not st.over and self.stage == "fly_to":
            targets = {e.fly_to for e in self.choice.events if e.fly_to is not None}
        for cell in self.cells:
            cell.target = cell.pad in targets

    def focusables(self) -> list[Any]:
        return [*reversed(self.ids.actions.children), self.ids.undo, self.ids.home]

    # --- choices
    def open_stage(self, stage: str) -> None:
        self.stage = stage
        self.build_buttons()

    def back_stage(self) -> None:
        self.reset_choice()
        self.refresh()

    def clear_focus_card(self) -> None:
        self.focus_card = ""
        self.refresh()

    def tap_card(self, card: str) -> None:
        """A tap on a Frog keeps only its actions (tap again for all)."""
        if not card or self.stage != "actions":
            return
        self.focus_card = "" if self.focus_card == card else card
        self.refresh()

    def tap_pad(self, pad: int) -> None:
        if self.stage == "fly_to":
            if any(e.fly_to == pad for e in self.choice.events):
                self.choose_fly(pad)
            return
        st = self.state
        if st is not None:
            frog = st.frogs[pad - 1]
            self.tap_card(frog.card if frog is not None else "")

    def choose_advance(self, card: str, to: int) -> None:
        options = [
            a for a in self.actions() if isinstance(a, Advance) and (a.card, a.to) == (card, to)
        ]
        if len(options) == 1:
            self.play(options[0])
            return
        self.choice = Choice(events=options)
        needs_fly = any(a.fly_to is not None for a in options)
        self.open_stage("fly_to" if needs_fly else "draw")

    def choose_fly(self, pad: int) -> None:
        self.choice.fly_to = pad
        self.choice.events = [e for e in self.choice.events if e.fly_to == pad]
        self.open_stage("draw")

    def choose_draw(self, slot: int) -> None:
        self.choice.draw = slot
        self.choice.events = [e for e in self.choice.events if e.draw == slot]
        st = self.state
        if st is not None and st.deck > 0:
            self.open_stage("refill")
        elif self.choice.events:
            self.play(self.choice.events[0])

    def choose_refill(self, card: str | None) -> None:
        if not self.choice.events:
            return
        ev = self.choice.events[0]
        self.play(Advance(ev.player, ev.card, ev.to, ev.fly_to, ev.draw, card))

    def play(self, event: Any) -> bool:
        if not self.play_or_tell(event):
            return False
        self.reset_choice()
        self.refresh()
        return True

    def undo(self) -> bool:
        if self.stage != "actions" or self.focus_card:
            self.back_stage()
            return True
        return self.play(UndoEvent())

    def finish(self) -> None:
        self.app.finish_session()
        self.app.live = None
        self.app.go("history")

    def on_command(self, cmd: str) -> bool:
        if cmd == "next":
            return self.focus_next()
        if cmd in ("scan", "confirm"):
            if self.focused_widget() is None:
                self.focus_next()
            return self.activate_focused()
        if cmd == "undo":
            return self.undo()
        if cmd == "redo":
            return self.play(RedoEvent())
        return False


def demo_session(app: Any, events: int | None = 18, seed: int = 2) -> None:
    """Start a BOG session replaying the first ``events`` of a seeded demo game."""
    from companion.games.bog.demo import PLAYERS, play_random_game
    from companion.session import SessionInfo

    options, game_events, _ = play_random_game(seed)
    app.start_session(SessionInfo("bog", PLAYERS, options))
    for ev in game_events[:events]:
        app.play(ev)


def demo(app: Any) -> None:
    """A game in the middle: Frogs on the Bog and the Shores, a Fly moved, scores by kind."""
    demo_session(app, 18)


def _demo_over(app: Any) -> None:
    demo_session(app, None)


def _demo_fly(app: Any) -> None:
    """An ADVANCE onto a Fly being entered: where the Fly goes."""
    from companion.games.bog.demo import play_random_game

    _, events, _ = play_random_game(2)
    index = next(i for i, e in enumerate(events) if isinstance(e, Advance) and e.fly_to is not None)
    demo_session(app, index)
    ev = events[index]
    assert isinstance(ev, Advance)
    app.screen.choose_advance(ev.card, ev.to)


def _demo_stuck(app: Any) -> None:
    """The last turn: the player to move cannot act, the app offers to end the game."""
    from companion.games.bog.demo import play_random_game

    _, events, _ = play_random_game(2)
    demo_session(app, len(events) - 1)


def demo_states() -> list[tuple[str, Any]]:
    return [("over", _demo_over), ("fly", _demo_fly), ("stuck", _demo_stuck)]
