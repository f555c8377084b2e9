"""Pondscape during play: round and turn, the display, the jumping frog, the pond, live score.

The turn follows the rulebook, each step an event in the session log (so `undo` takes
it back): tap a display slot to take its card (slot 1 or 2 moves the jumping frog),
tap the empty slot once it is refilled, tap a free cell of the pond to place the card
played (face up: a frog or habitat; face down: water), then the card's effect: **Jump
1/2** (the screen names the two food cards the frog spans), tap a food card to tuck a
card under it (**Special** for a desert rain frog's special tucking effect), **Draw**.
**Next turn** passes clockwise. In a solo game Croaker's turn is **Flip Croaker's
card** (the app shuffles and flips; it says how far the frog moves and which slot
Croaker takes), the refill, **Next turn**.

The score so far of the player to play is always shown, line by line as on the score
sheet (the column scrolls, and says so, when the lines do not fit; **Score** opens the scan and
score screen to scan the pond or tap it in). **Coach** (off by default, a learning
aid) shows what a card in hand would add in each free cell, face up and face down.
**Croaker's cards** (solo) lets the owner enter the 6 solo cards once.

Buttons: `next` is Next turn (on Croaker's turn: flip, refill, next turn, one step a
press), `scan` opens the score screen, `undo`/`redo` undo and redo the last event.
"""

from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.errors import EventRefusedError
from companion.games.pondscape.coach import CellGain, coach
from companion.games.pondscape.events import CroakerFlip, Draw, Jump, Place, Refill, Take, Tuck
from companion.games.pondscape.scoring import score_player
from companion.games.pondscape.solo import SAMPLE_SOLO_CARDS, SoloCard, flip_croaker
from companion.games.pondscape.state import ROUNDS, PondscapeState
from companion.games.pondscape.tableau import Card, WaterCard
from companion.session import RedoEvent, UndoEvent
from companion.turns import NextTurn
from ui import pondscape_view as view
from ui.pondscape_dialogs import CardChooser, CroakerCardsDialog
from ui.screens.base import BaseScreen, load_kv
from ui.screens.pondscape_score import CardCell

load_kv(__file__)

SLOT_TEXT = ("Slot 0\ntake", "Slot 1\nfrog +1", "Slot 2\nfrog +2")


class LiveScoreRow(BoxLayout):
    """One line of the live score: what scores (with the reason when it scores 0) and its
    points; ``strong`` for the score sheet's steps, plain for each species."""

    label = StringProperty("")
    points = StringProperty("")
    strong = BooleanProperty(False)


class PondscapePlayScreen(BaseScreen):
    round_text = StringProperty("")
    turn_text = StringProperty("")
    prompt = StringProperty("")
    frog_text = StringProperty("")
    #: "Ben: 10 so far, 6 in hand" over the live score's lines.
    headline = StringProperty("")
    #: The live score's lines: (what scores, points, bold).
    score_rows = ListProperty([])
    croaker_text = StringProperty("")
    next_text = StringProperty("Next turn")
    solo = BooleanProperty(False)
    croakers_turn = BooleanProperty(False)
    over = BooleanProperty(False)
    jumped = BooleanProperty(False)
    special = BooleanProperty(False)
    coach_on = BooleanProperty(False)
    coach_text = StringProperty("")
    total = NumericProperty(0)
    spanned = ListProperty(["", ""])

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.rng = random.Random()  # flips are logged: replay needs no seed
        self.cells: list[CardCell] = []
        self.chooser: CardChooser | None = None
        self.croaker_dialog: CroakerCardsDialog | None = None
        self.gains: dict[tuple[int, int], CellGain] = {}
        self._bound = False
        self._live: Any = None

    # --- state
    def state(self) -> PondscapeState | None:
        live = getattr(self.app, "live", None)
        if live is None or live.info.game != "pondscape":
            return None
        st: PondscapeState = live.state
        return st

    def player(self) -> str:
        """The player whose pond is shown: the one to play (the player, on Croaker's turn)."""
        st = self.state()
        if st is None:
            return ""
        return st.names[0] if st.croakers_turn else st.seat_name

    def enter(self, **_: Any) -> None:
        if not self._bound:
            self.app.bind(revision=lambda *_: self.refresh())
            self._bound = True
        st = self.state()
        if st is not None and self.app.live is not self._live:
            # A new game: its own coach option (off by default), no special tuck pending.
            self._live = self.app.live
            self.coach_on = st.coach
            self.special = False
        self.gains = {}
        self.refresh()

    def refresh(self) -> None:
        st = self.state()
        if st is None or self.manager is None or self.manager.current != self.name:
            return  # drawn again on enter
        live = self.app.live
        self.over = bool(live.over)
        self.solo = st.solo
        self.croakers_turn = st.croakers_turn and not self.over
        self.round_text = "Game over" if self.over else f"Round {st.round} of {ROUNDS}"
        self.turn_text = "" if self.over else f"{st.seat_name}'s turn"
        self.spanned = list(st.spanned())
        self.frog_text = f"The jumping frog spans {st.spanned()[0]} and {st.spanned()[1]}"
        self.jumped = st.this_turn.jumps > 0
        self.prompt = self._prompt(st)
        self.croaker_text = self._croaker_text(st)
        self._fill_display(st)
        self._fill_food(st)
        self._fill_grid(st)
        self._fill_score(st)
        if self.over:
            self.next_text = "Final score"
        elif st.croakers_turn and not st.this_turn.flipped:
            self.next_text = "Flip Croaker's card"
        else:
            self.next_text = "Next turn"
        self.ids.undo_button.disabled = not live.can_undo()

    def _prompt(self, st: PondscapeState) -> str:
        turn = st.this_turn
        empty = [i for i, full in enumerate(st.display) if not full]
        if self.over:
            return "The game is over: scan or check each pond for the final score."
        if st.croakers_turn:
            if not turn.flipped:
                return "Croaker's turn: flip its card (Croaker builds no pond)."
            if empty:
                return f"Refill display slot {empty[0]}, then pass to {st.names[0]}."
            return f"Pass to {st.names[0]}."
        if turn.took is None:
            return "Take one card from the display (slot 1 or 2 moves the jumping frog)."
        if empty:
            return f"Immediately refill the card display: tap slot {empty[0]} once it is."
        if not turn.placed:
            return "Tap a free cell to place a card from your hand, face up or face down."
        if turn.jumps:
            return (
                f"Tuck up to one card under {st.spanned()[0]} and one under "
                f"{st.spanned()[1]}, then Next turn."
            )
        return "Resolve the card's effect (Jump, Draw, Special tuck), then Next turn."

    def _croaker_text(self, st: PondscapeState) -> str:
        if not st.solo:
            return ""
        sample = " (sample cards)" if st.solo_cards == SAMPLE_SOLO_CARDS else ""
        left = f"Croaker's deck: {len(st.croaker_deck)} of 6 left{sample}"
        flip = st.last_flip
        if flip is None:
            return left
        card = SoloCard(flip.move, flip.take).describe()
        return f"Croaker's card: {card}. {left}"

    def _fill_display(self, st: PondscapeState) -> None:
        for i, full in enumerate(st.display):
            button = self.ids[f"slot{i}"]
            button.text = SLOT_TEXT[i] if full else f"Slot {i}\nrefill"
            button.tone = list(view.HABITAT_COLOUR if full else view.WATER_COLOUR)
            button.disabled = self.over

    def _fill_food(self, st: PondscapeState) -> None:
        box = self.ids.food_row
        if [getattr(b, "food", None) for b in reversed(box.children)] != list(st.food_row):
            box.clear_widgets()
            for food in st.food_row:
                button = Factory.PlayButton(halign="center")
                button.food = food
                button.bind(on_release=lambda _b, f=food: self.tuck(f))
                box.add_widget(button)
        pond = st.pond_of(self.player()) if not st.croakers_turn or st.solo else None
        for button in box.children:
            n = pond.tucked.get(button.food, 0) if pond is not None else 0
            button.text = f"{button.food}\n{n}"
            button.focused = button.food in st.spanned()
            button.disabled = self.over or st.croakers_turn

    def _fill_grid(self, st: PondscapeState) -> None:
        grid = self.ids.grid
        if not self.cells:
            for r in range(3):
                for c in range(5):
                    cell = CardCell(row=r, column=c)
                    cell.bind(on_release=self.tap_cell)
                    grid.add_widget(cell)
                    self.cells.append(cell)
        pond = st.pond_of(self.player())
        for cell in self.cells:
            card = pond.cell(cell.row, cell.column)
            gain = self.gains.get((cell.row, cell.column))
            if card is None and gain is not None:
                up = "-" if gain.face_up is None else f"+{gain.face_up}"
                down = "-" if gain.face_down is None else f"+{gain.face_down}"
                cell.title = f"up {up}\ndown {down}"
            else:
                cell.title = view.cell_text(card)
            cell.food = view.food_text(card)
            cell.tone = list(view.cell_colour(card))
            cell.empty = card is None

    def _fill_score(self, st: PondscapeState) -> None:
        name = self.player()
        pond = st.pond_of(name)
        sheet = score_player(pond)
        self.total = sheet.total
        hand = st.hands[st.names.index(name)]
        self.headline = f"{name}: {sheet.total} so far"
        rows = [(f"Hand: {hand} cards", "", False)]
        rows += [
            (label.strip(), str(pts), not label.startswith(" "))
            for label, pts in view.sheet_rows(sheet, pond)
        ]
        if rows != self.score_rows:
            self.score_rows = rows
            box = self.ids.sheet
            box.clear_widgets()
            for label, points, strong in rows:
                box.add_widget(LiveScoreRow(label=label, points=points, strong=strong))
            self.ids.sheet_scroll.scroll_y = 1

    # --- playing
    def play(self, event: Any) -> bool:
        """Play ``event`` (the app's revision redraws the screen); refusals go to the status."""
        self.gains = {}
        try:
            self.app.play(event)
        except EventRefusedError as exc:
            self.app.status = str(exc)
            return False
        return True

    def tap_slot(self, slot: int) -> None:
        st = self.state()
        if st is None or self.over:
            return
        if not st.display[slot]:
            self.play(Refill(slot))
        elif not st.croakers_turn:
            self.play(Take(st.seat_name, slot))

    def tap_cell(self, cell: CardCell) -> None:
        st = self.state()
        if st is None or self.over or st.croakers_turn:
            return
        if st.pond_of(self.player()).cell(int(cell.row), int(cell.column)) is not None:
            self.app.status = "That cell already holds a card: once placed, a card cannot move."
            return
        self.open_chooser((int(cell.row), int(cell.column)), coach_mode=False)

    def open_chooser(self, cell: tuple[int, int], coach_mode: bool) -> None:
        st = self.state()
        if st is None:
            return
        if self.chooser is None:
            self.chooser = CardChooser(self)
        self.chooser.cell = cell
        self.chooser.coach_mode = coach_mode
        heading = (
            f"Coach (a learning aid): a card in {self.player()}'s hand"
            if coach_mode
            else f"{self.player()} places a card at row {cell[0] + 1}, column {cell[1] + 1}"
        )
        ponds = [p for p in st.ponds if p is not None]
        from ui import pondscape_session as ps

        habitats = view.habitat_choices(ponds, ps.catalog_habitats(ps.catalog_path(self.app)))
        self.chooser.setup(heading, st.food_row, habitats)
        self.chooser.open()

    def place(self, cell: tuple[int, int], card: Card) -> None:
        self.play(Place(self.player(), cell[0], cell[1], card))

    def jump(self, spaces: int) -> None:
        st = self.state()
        if st is not None and not st.croakers_turn:
            self.play(Jump(st.seat_name, spaces))

    def tuck(self, food: str) -> None:
        st = self.state()
        if st is not None and not st.croakers_turn:
            self.play(Tuck(st.seat_name, food, special=bool(self.special)))

    def draw(self) -> None:
        st = self.state()
        if st is not None and not st.croakers_turn:
            self.play(Draw(st.seat_name, 1))

    def toggle_special(self) -> None:
        self.special = not self.special

    def next_step(self) -> None:
        """`next`: pass the turn; on Croaker's turn one step a press (flip, refill, pass)."""
        st = self.state()
        if st is None:
            return
        if self.over:
            self.app.go("pondscape_score", player=st.names[0])
            return
        if st.croakers_turn and not st.this_turn.flipped:
            card = flip_croaker(st.croaker_deck, self.rng)
            self.play(CroakerFlip(card.move, card.take))
            return
        if st.croakers_turn and not all(st.display):
            self.play(Refill(st.display.index(False)))
            return
        self.special = False
        if self.play(NextTurn()) and self.app.live.over:
            self.app.go("pondscape_score", player=st.names[0])

    def undo(self, redo: bool = False) -> None:
        self.play(RedoEvent() if redo else UndoEvent())

    def score(self) -> None:
        self.app.go("pondscape_score", player=self.player())

    # --- coach and Croaker's cards
    def toggle_coach(self) -> None:
        self.coach_on = not self.coach_on
        self.gains = {}
        self.refresh()

    def open_coach(self) -> None:
        self.open_chooser((0, 0), coach_mode=True)

    def show_coach(
        self, front: Card | None, back: WaterCard | None, name: str = "the card"
    ) -> None:
        st = self.state()
        if st is None or (front is None and back is None):
            return
        gains = coach(st.pond_of(self.player()), front, back)
        self.gains = {(g.row, g.column): g for g in gains}
        self.coach_text = f"Coach, a learning aid: what {name} adds in each free cell now"
        self._fill_grid(st)

    def scan_card(self) -> None:
        """Coach: read the tag of a card held up to the camera, on a worker thread."""
        from companion.errors import CompanionError
        from ui import pondscape_session as ps
        from ui.bridge import run_in_background
        from ui.pondscape_dialogs import read_held_card

        try:
            from vision.catalog import load_catalog

            catalog = load_catalog(ps.catalog_path(self.app))
            camera = self.app.use_camera("pondscape")
        except (CompanionError, OSError, ImportError) as exc:
            self.app.status = f"No camera picture: {exc}. Tap the card in instead."
            return
        self.coach_text = "Coach: hold the card up to the camera..."
        run_in_background(
            read_held_card, camera, catalog, on_done=self._card_read, on_error=self._card_failed
        )

    def _card_read(self, found: tuple[Card, WaterCard, str] | None) -> None:
        if found is None:
            self.coach_text = "Coach: no card tag read. Hold it nearer, or tap it in."
            return
        front, back, name = found
        self.show_coach(front, back, name)

    def _card_failed(self, exc: BaseException) -> None:
        self.coach_text = f"Coach: the camera failed ({exc}). Tap the card in instead."

    def open_croaker_cards(self) -> None:
        if self.croaker_dialog is None:
            self.croaker_dialog = CroakerCardsDialog(self)
        self.croaker_dialog.setup()
        self.croaker_dialog.open()

    def on_command(self, cmd: str) -> bool:
        for dialog in (self.chooser, self.croaker_dialog):
            if dialog is not None and dialog.parent is not None:
                if cmd == "undo":
                    dialog.dismiss()
                    return True
                return False
        if cmd in ("next", "confirm"):
            self.next_step()
        elif cmd == "scan":
            self.score()
        elif cmd == "undo":
            self.undo()
        elif cmd == "redo":
            self.undo(redo=True)
        else:
            return False
        return True


def demo(app: Any) -> None:
    """A 3-player game in round 6: Ben has taken a card and jumped; the coach on."""
    from companion.games.pondscape.demo import demo_session, play_turn
    from ui.widgets.warnings_banner import hide_banner

    hide_banner(app)
    app.start_session(demo_session(3))
    rng = random.Random(6)
    for _ in range(16):
        play_turn(app.live, rng)
    st = app.live.state
    screen = app.get_screen("pondscape_play")
    screen.play(Take(st.seat_name, 2))
    screen.play(Refill(2))
    app.go("pondscape_play")


def _chooser(app: Any) -> None:
    """Ben taps a free cell: what card goes there."""
    demo(app)
    app.get_screen("pondscape_play").open_chooser((1, 3), coach_mode=False)


def _coach(app: Any) -> None:
    """The coach on: what a tomato frog (water 2 on its back) would add in each free cell."""
    from companion.games.pondscape.tableau import FrogCard

    demo(app)
    screen = app.get_screen("pondscape_play")
    screen.toggle_coach()
    front = FrogCard("tomato", ("fly",))
    screen.show_coach(front, WaterCard(2, ("fly",)), "the tomato frog")


def _solo(app: Any) -> None:
    """A solo game on Croaker's turn, its card flipped; then Croaker's cards dialog."""
    from companion.games.pondscape.demo import demo_session, play_turn
    from ui.widgets.warnings_banner import hide_banner

    hide_banner(app)
    app.start_session(demo_session(1))
    rng = random.Random(3)
    while not app.live.state.croakers_turn:
        play_turn(app.live, rng)
    st = app.live.state
    card = flip_croaker(st.croaker_deck, rng)
    app.play(CroakerFlip(card.move, card.take))
    app.go("pondscape_play")


def _croaker_cards(app: Any) -> None:
    _solo(app)
    app.get_screen("pondscape_play").open_croaker_cards()


def demo_states() -> list[tuple[str, Any]]:
    """More shots for the walker: the card chooser, the coach, a solo game, Croaker's cards."""
    return [
        ("chooser", _chooser),
        ("coach", _coach),
        ("solo", _solo),
        ("croaker-cards", _croaker_cards),
    ]
