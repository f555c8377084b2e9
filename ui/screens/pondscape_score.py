"""Pondscape score: the pond as a 3x5 picture of cards and its score sheet.

Tap a cell to correct it by hand (frog species, habitat, water points, empty);
the tucked-card counts per food and the hand size have +/- buttons. Each
correction is played as a ``pond`` event, so `undo` takes it back. Under the
sheet: the ranking with the tie-break, or the achievement rank in a solo game.
Buttons: `scan` scans the shown player's pond again, `next` goes to the next
player (scanning their pond if it has not been scanned yet).
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.errors import CompanionError, EventRefusedError
from companion.games.pondscape.scoring import SPECIES_NAMES, ScoreSheet, score_player
from companion.games.pondscape.tableau import SPECIES, PlayerPond
from ui import pondscape_session as ps
from ui import pondscape_view as view
from ui.screens.base import BaseScreen, load_kv
from ui.widgets.common import BigButton
from ui.widgets.modal import QuickModal

load_kv(__file__)


class CardCell(ButtonBehavior, BoxLayout):
    """One cell of the pond: species / habitat / water, coloured, with its food symbols."""

    row = NumericProperty(0)
    column = NumericProperty(0)
    title = StringProperty("")
    food = StringProperty("")
    tone = ListProperty([0.25, 0.25, 0.25, 1])
    ink = ListProperty([1, 1, 1, 1])  # the text colour that reads on ``tone``
    empty = BooleanProperty(True)
    min_state_time = NumericProperty(0)

    def on_tone(self, _cell: Any, tone: Any) -> None:
        # TEXT or INK, whichever reads on the card's colour (every screen showing cards).
        self.ink = list(view.text_colour_on(tone))


class SheetRow(BoxLayout):
    label = StringProperty("")
    points = StringProperty("")
    strong = BooleanProperty(False)


class CellEditor(QuickModal):
    """Choose what a cell holds: a frog species, a habitat type, water points, or empty."""

    heading = StringProperty("")

    def __init__(self, screen: PondscapeScoreScreen, **kw: Any) -> None:
        super().__init__(**kw)
        self.screen = screen
        self.row = 0
        self.column = 0
        self.habitats: list[str] = []
        for species in SPECIES:
            name = SPECIES_NAMES[species].replace(" frog", "")
            self._add("frogs", name, "frog", species, view.SPECIES_COLOURS[species])
        for pts in view.WATER_POINTS:
            self._add("waters", f"Water {pts}", "water", pts, view.WATER_COLOUR)

    def for_cell(self, row: int, column: int) -> None:
        """Point the editor at a cell (built once, reused: building 20 buttons takes a while)."""
        self.row, self.column = row, column
        self.heading = f"{self.screen.current}: row {row + 1}, column {column + 1}"
        habitats = self.screen.habitat_types()
        if habitats != self.habitats:
            self.habitats = habitats
            self.ids.habitats.clear_widgets()
            for habitat in habitats:
                self._add("habitats", habitat, "habitat", habitat, view.HABITAT_COLOUR)

    def _add(self, box: str, text: str, kind: str, value: Any, tone: Any) -> None:
        button = BigButton(text=text, tone=list(tone), halign="center")
        button.color = list(view.text_colour_on(tone))
        button.bind(size=lambda b, s: setattr(b, "text_size", (s[0] - 6, None)))
        button.bind(on_release=lambda _b: self.choose(kind, value))
        self.ids[box].add_widget(button)

    def choose(self, kind: str, value: Any) -> None:
        self.dismiss()
        self.screen.correct_cell(self.row, self.column, kind, value)


class PondscapeScoreScreen(BaseScreen):
    current = StringProperty("")
    headline = StringProperty("")
    ranking_text = StringProperty("")
    food_selected = StringProperty("")
    tucked_text = StringProperty("")
    hand_text = StringProperty("")
    solo = BooleanProperty(False)
    scanned = BooleanProperty(False)
    next_text = StringProperty("Next player")
    in_play = BooleanProperty(False)  # a live game not over yet: "Play" goes back to it

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.local = ps.LocalPonds()
        self.sheets: dict[str, ScoreSheet] = {}
        self.cells: list[CardCell] = []
        self.editor: CellEditor | None = None
        self._bound = False

    # --- entering and refreshing
    def enter(self, player: str | None = None, **_: Any) -> None:
        if not self._bound:
            self.app.bind(revision=lambda *_: self.refresh())
            self._bound = True
        names = self.players()
        if player is not None:
            self.current = player
        elif self.current not in names:
            self.current = names[0] if names else ""
        self.refresh()

    def players(self) -> list[str]:
        return ps.player_names(self.app, self.local)

    def ponds(self) -> dict[str, PlayerPond]:
        return ps.ponds(self.app, self.local)

    def pond(self) -> PlayerPond | None:
        return self.ponds().get(self.current)

    def refresh(self) -> None:
        if self.manager is None or not self.current:
            return
        ponds = self.ponds()
        live = getattr(self.app, "live", None)
        self.in_play = bool(live is not None and live.info.game == "pondscape" and not live.over)
        self.solo = ps.is_solo(self.app, self.local)
        self.sheets = {name: score_player(p) for name, p in ponds.items()}
        self._fill_tabs(ponds)
        player = ponds.get(self.current)
        self.scanned = player is not None
        self._fill_grid(player)
        self._fill_food(player)
        self._fill_sheet(player)
        names = self.players()
        missing = [n for n in names if n not in ponds]
        idx = names.index(self.current) if self.current in names else 0
        if missing:
            self.next_text = f"Scan {missing[0]}"
        elif len(names) > 1:
            self.next_text = f"Show {names[(idx + 1) % len(names)]}"
        else:
            self.next_text = "Scan again"

    def _fill_tabs(self, ponds: dict[str, PlayerPond]) -> None:
        box = self.ids.tabs
        names = self.players()
        if [getattr(t, "player", None) for t in reversed(box.children)] != names:
            box.clear_widgets()  # built once per table, then only relabelled
            for name in names:
                tab = BigButton(halign="center")
                tab.player = name
                tab.bind(on_release=lambda _b, n=name: self.show_player(n))
                box.add_widget(tab)
        for tab in box.children:
            sheet = self.sheets.get(tab.player)
            total = str(sheet.total) if sheet is not None else "not scanned"
            tab.text = f"{tab.player}\n{total}"
            tab.focused = tab.player == self.current

    def _fill_grid(self, player: PlayerPond | None) -> None:
        grid = self.ids.grid
        if not self.cells:
            for r in range(3):
                for c in range(5):
                    cell = CardCell(row=r, column=c)
                    cell.bind(on_release=self.open_editor)
                    grid.add_widget(cell)
                    self.cells.append(cell)
        for cell in self.cells:
            card = player.cell(cell.row, cell.column) if player is not None else None
            cell.title = view.cell_text(card) if player is not None else ""
            cell.food = view.food_text(card)
            cell.tone = list(view.cell_colour(card))
            cell.ink = list(view.text_colour_on(cell.tone))
            cell.empty = card is None

    def _fill_food(self, player: PlayerPond | None) -> None:
        box = self.ids.food_row
        if player is None:
            box.clear_widgets()
            self.tucked_text = ""
            self.hand_text = ""
            return
        if self.food_selected not in player.food_row:
            self.food_selected = player.food_row[0] if player.food_row else ""
        if [getattr(b, "food", None) for b in reversed(box.children)] != list(player.food_row):
            box.clear_widgets()
            for food in player.food_row:
                button = BigButton(halign="center")
                button.food = food
                button.font_size = self.app.font_small  # after the theme's rule
                # The food's whole name on one line: less side padding than other buttons.
                button.bind(size=lambda b, s: setattr(b, "text_size", (s[0] - 2, None)))
                button.bind(on_release=lambda _b, f=food: self.select_food(f))
                box.add_widget(button)
        for button in box.children:
            button.text = f"{button.food}\n{player.tucked.get(button.food, 0)}"
            button.focused = button.food == self.food_selected
        n = player.tucked.get(self.food_selected, 0)
        self.tucked_text = f"{n} tucked under {self.food_selected}"
        self.hand_text = f"Hand: {player.hand}"

    def _fill_sheet(self, player: PlayerPond | None) -> None:
        sheet = self.sheets.get(self.current)
        rows: list[tuple[str, str, bool]] = []
        if player is None or sheet is None:
            self.headline = f"{self.current}: not scanned yet"
            rows.append(("Scan reads this pond with the camera (or: By hand).", "", True))
        else:
            self.headline = f"{self.current}: {sheet.total} points"
            for label, pts in view.sheet_rows(sheet, player):
                rows.append((label, str(pts), not label.startswith(" ")))
            rows.append(("Total", str(sheet.total), True))
            rows += [(f"! {warning}", "", False) for warning in sheet.warnings]
            rows += [
                (f"? at ({w.row + 1},{w.column + 1}) counts as {', '.join(w.food)}", "", False)
                for w in sheet.wild
            ]
        # Rows are reused (only changed texts are drawn again): a tap redraws little.
        box = self.ids.sheet
        while len(box.children) > len(rows):
            box.remove_widget(box.children[0])
        while len(box.children) < len(rows):
            box.add_widget(SheetRow())
        for widget, (label, points, strong) in zip(reversed(box.children), rows, strict=True):
            widget.label, widget.points, widget.strong = label, points, strong
        self.ranking_text = self._ranking_line()

    def _ranking_line(self) -> str:
        sheets = list(self.sheets.values())
        if not sheets:
            return ""
        if self.solo:
            total = sheets[0].total
            return f"Solo rank: {view.achievement_text(total)}"
        missing = [n for n in self.players() if n not in self.sheets]
        ranking = view.ranking_of(sheets)
        order = "  ".join(f"{i + 1}. {s.name} {s.total}" for i, s in enumerate(ranking.sheets))
        if missing:
            return f"{order}\nStill to scan: {', '.join(missing)}"
        return f"{order}\n{view.tie_break_text(ranking)}"

    # --- touches
    def show_player(self, name: str) -> None:
        self.current = name
        self.refresh()

    def select_food(self, food: str) -> None:
        self.food_selected = food
        self._fill_food(self.pond())

    def open_editor(self, cell: CardCell) -> None:
        if self.pond() is None:
            self.scan()
            return
        if self.editor is None:
            self.editor = CellEditor(self)
        self.editor.for_cell(int(cell.row), int(cell.column))
        self.editor.open()

    def habitat_types(self) -> list[str]:
        habitats = ps.catalog_habitats(ps.catalog_path(self.app))
        return view.habitat_choices(list(self.ponds().values()), habitats)

    def correct_cell(self, row: int, column: int, kind: str, value: Any) -> None:
        player = self.pond()
        if player is None:
            return
        card = view.corrected_card(player.cell(row, column), kind, value)
        self.commit(view.with_cell(player, row, column, card))

    def tucked(self, delta: int) -> None:
        player = self.pond()
        if player is not None and self.food_selected:
            self.commit(view.with_tucked(player, self.food_selected, delta))

    def hand(self, delta: int) -> None:
        player = self.pond()
        if player is not None:
            self.commit(view.with_hand(player, delta))

    def commit(self, player: PlayerPond) -> None:
        try:
            ps.record_pond(self.app, self.local, player)
        except EventRefusedError as exc:
            self.app.status = str(exc)
        self.refresh()

    # --- buttons
    def scan(self) -> None:
        self.app.go("pondscape_scan", player=self.current)

    def next_player(self) -> None:
        names = self.players()
        ponds = self.ponds()
        missing = [n for n in names if n not in ponds]
        if missing:
            self.app.go("pondscape_scan", player=missing[0])
            return
        if len(names) <= 1:
            self.scan()
            return
        idx = names.index(self.current) if self.current in names else -1
        self.show_player(names[(idx + 1) % len(names)])

    def to_play(self) -> None:
        self.app.go("pondscape_play")

    def undo(self, redo: bool = False) -> None:
        try:
            ps.undo(self.app, self.local, redo=redo)
        except (EventRefusedError, CompanionError) as exc:
            self.app.status = str(exc)
        self.refresh()

    def on_command(self, cmd: str) -> bool:
        if self.editor is not None and self.editor.parent is not None:
            if cmd in ("undo", "next"):
                self.editor.dismiss()
                return True
            return False
        if cmd == "next":
            self.next_player()
        elif cmd in ("scan", "confirm"):
            self.scan() if cmd == "scan" else self.next_player()
        elif cmd == "undo":
            self.undo()
        elif cmd == "redo":
            self.undo(redo=True)
        else:
            return False
        return True


def demo(app: Any) -> None:
    """Three scored demo ponds, Ana's shown."""
    from ui.widgets.warnings_banner import hide_banner

    hide_banner(app)
    screen = app.get_screen("pondscape_score")
    screen.local.load_demo()
    app.go("pondscape_score", player=screen.local.names[0])


def _cell(app: Any) -> None:
    demo(app)
    screen = app.screen
    screen.open_editor(screen.cells[0])


def demo_states() -> list[tuple[str, Any]]:
    """Correcting one card of the tableau."""
    return [("cell", _cell)]
