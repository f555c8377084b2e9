"""Setup guide: player count, names (and Pond factions), then the rulebook's setup checklist.

Two stages on one screen. "players": the count with - and +, a name field per
seat (typing is the one thing the buttons cannot do; empty names become
"Player N"), a faction button per seat for Pond (tap to cycle) and the Pond VP
supply ("You may opt to use more VP for longer games!"). "checklist": the steps
from ``companion.games.guides`` for that count, ticked by touch or by `next`,
with a progress bar; when all are ticked, Start game (or `next`/`confirm`)
starts the session and opens the game's screen.
"""

from __future__ import annotations

import random
from typing import Any

from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    OptionProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput

from companion.errors import CompanionError
from companion.games.base import Player
from companion.games.guides import default_options, guide, player_limits, session_info, setup_steps
from ui import theme
from ui.screens.base import BaseScreen, load_kv

load_kv(__file__)

FACTIONS = ("wizard", "pumpkin", "banana", "cowboy")  # Pond's four factions


def team_choices(game: str) -> tuple[str, ...]:
    """What each seat picks with its button: Pond's factions, Ponder's team colours."""
    if game == "ponder":
        from companion.games.ponder.board import default_board
        from companion.games.ponder.setup import clockwise_colours

        # Clockwise from the first bank, so 2 teams get banks side by side by default.
        return tuple(clockwise_colours(default_board()))
    return FACTIONS if game == "pond" else ()


VP_STEP = 10


class PlayerRow(BoxLayout):
    """One seat: its number, a name field and (Pond) a faction button."""

    seat = NumericProperty(0)
    faction = StringProperty("")
    show_faction = BooleanProperty(False)


class NameInput(TextInput):
    """A single-line name field that hands focus on with Enter."""


def bog_cards_option(folder: Any) -> Any:
    """BOG's ``cards`` option: the owner's box (``bog-cards.json`` in the data folder,
    written by the card editor) inline, else this product's sample."""
    from companion.games.bog.cards import read_cards_file

    path = folder / "bog-cards.json"
    if not path.is_file():
        return "sample"
    try:
        return read_cards_file(path).to_json()
    except CompanionError:
        return "sample"


class SetupScreen(BaseScreen):
    game = StringProperty("pond")
    title = StringProperty("")
    stage = OptionProperty("players", options=["players", "checklist"])
    count = NumericProperty(2)
    min_count = NumericProperty(1)
    max_count = NumericProperty(4)
    options = DictProperty({})
    factions = ListProperty([])
    message = StringProperty("")
    progress_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rows: list[PlayerRow] = []
        self.ids.checklist.scroll = self.ids.scroll
        self.ids.checklist.bind(done_count=self._on_progress, complete=self._on_progress)
        # Strong references: ids are weak, and a stage out of the tree would be collected.
        self.stages = {
            "players": self.ids.players_stage.__self__,
            "checklist": self.ids.checklist_stage.__self__,
        }
        self.ids.frame.remove_widget(self.stages["checklist"])

    def on_stage(self, _inst: Any, stage: str) -> None:
        """Show only the stage in use (a hidden widget would still catch touches)."""
        frame = self.ids.frame
        frame.clear_widgets()
        frame.add_widget(self.stages[stage])

    @property
    def typing(self) -> bool:
        return any(row.ids.name.focus for row in self.rows)

    # --- entering
    # The Start Player of BOG is picked with this (tests seed it).
    rng = random.Random()

    def enter(self, game: str | None = None, count: int | None = None, **kwargs: Any) -> None:
        super().enter(**kwargs)
        if game is not None:
            g = guide(game)
            self.game, self.title = game, g.title
            self.min_count, self.max_count = player_limits(game)
            start = count if count is not None else max(self.min_count, min(3, self.max_count))
            self.count = max(self.min_count, min(self.max_count, start))
            self.factions = list(team_choices(game)[: self.max_count])
            self.options = self._options_for(int(self.count))
            self.stage = "players"
            self.message = ""
            self.ids.checklist.steps = []
            self._build_rows(keep_names=False)

    def _build_rows(self, keep_names: bool = True) -> None:
        names = [r.ids.name.text for r in self.rows] if keep_names else []
        box = self.ids.players
        box.clear_widgets()
        self.rows = []
        for seat in range(int(self.count)):
            picks = bool(team_choices(self.game))
            row = PlayerRow(seat=seat, show_faction=picks)
            row.faction = self.factions[seat] if picks else ""
            row.ids.name.text = names[seat] if seat < len(names) else ""
            row.ids.faction.bind(on_release=lambda _b, s=seat: self.cycle_faction(s))
            box.add_widget(row)
            self.rows.append(row)

    # --- players stage
    def change_count(self, delta: int) -> None:
        new = max(self.min_count, min(self.max_count, int(self.count) + delta))
        if new != self.count:
            self.count = new
            supply = self.options.get("vp_supply")
            self.options = self._options_for(new)
            if supply is not None and self.game == "pond":
                self.options["vp_supply"] = max(self.options["vp_supply"], supply)
            self._build_rows()

    def _options_for(self, count: int) -> dict[str, Any]:
        """The game's defaults; for Pond, the map drawn in Settings when there is one."""
        options = dict(default_options(self.game, count))
        if self.game == "pond":
            side = 9 if count == 2 else 13
            saved = self.app.data_folder() / f"pond-layout-{side}.json"
            if saved.is_file():
                options["layout"] = str(saved)
        if self.game == "pondscape" and options.get("solo"):
            # The owner's solo cards, entered once on the play screen (else the sample set).
            from ui.pondscape_dialogs import owner_solo_cards

            cards = owner_solo_cards(self.app)
            if cards is not None:
                options["solo_cards"] = [c.to_json() for c in cards]
        return options

    def cycle_faction(self, seat: int) -> None:
        """Give the seat the next faction (Ponder: team colour) no one else has."""
        options = team_choices(self.game)
        taken = {self.factions[s] for s in range(int(self.count)) if s != seat}
        current = options.index(self.factions[seat])
        for step in range(1, len(options) + 1):
            candidate = options[(current + step) % len(options)]
            if candidate not in taken:
                self.factions[seat] = candidate
                break
        self.rows[seat].faction = self.factions[seat]

    def change_supply(self, delta: int) -> None:
        """More VP for a longer game; never under the rulebook's number for the count."""
        base = default_options("pond", int(self.count))["vp_supply"]
        self.options["vp_supply"] = max(base, int(self.options.get("vp_supply", base)) + delta)

    def players(self) -> list[Player]:
        out = []
        for row in self.rows:
            name = row.ids.name.text.strip() or f"Player {row.seat + 1}"
            attrs: dict[str, str] = {}
            if self.game == "pond":
                attrs = {"faction": row.faction}
            elif self.game == "ponder":
                attrs = {"colour": row.faction}
            out.append(Player(name, attrs))
        return out

    def show_checklist(self) -> bool:
        """Players chosen: compute the checklist for them, or say what is wrong."""
        if self.game == "bog":  # "Choose a Start Player": the app picks one at random
            from companion.games.bog import pick_start_player

            self.options["start"] = pick_start_player(self.players(), self.rng)
            # The owner's cards (the card editor's file), written into the session whole.
            self.options["cards"] = bog_cards_option(self.app.data_folder())
        try:
            steps = setup_steps(self.game, self.players(), dict(self.options))
        except CompanionError as exc:
            self.message = str(exc)
            return False
        self.message = ""
        for row in self.rows:
            row.ids.name.focus = False
        from ui.widgets.setup_drawings import drawing_for

        self.ids.checklist.drawing_for = drawing_for(self.game, self.players(), self.options)
        self.ids.checklist.steps = steps
        self.stage = "checklist"
        self.clear_focus()
        self._on_progress()
        return True

    # --- checklist stage
    def _on_progress(self, *_: Any) -> None:
        cl = self.ids.checklist
        self.progress_text = f"{cl.done_count} of {len(cl.steps)} done"
        self.ids.start.tone = list(theme.ACCENT if cl.complete else theme.BUTTON)

    def start_game(self) -> bool:
        if not self.ids.checklist.complete:
            self.message = "Tick every step first (touch it, or press next)."
            return False
        try:
            info = session_info(self.game, self.players(), dict(self.options))
            self.app.start_session(info)
        except CompanionError as exc:
            self.message = str(exc)
            return False
        return True

    def go_back(self) -> None:
        if self.stage == "checklist":
            self.stage = "players"
            self.clear_focus()
        else:
            self.app.go("home")

    # --- buttons
    def focusables(self) -> list[Any]:
        if self.stage == "players":
            items: list[Any] = [self.ids.fewer, self.ids.more]
            if team_choices(self.game):
                items += [row.ids.faction for row in self.rows]
            if self.game == "pond":
                items += [self.ids.supply_less, self.ids.supply_more]
            if self.game == "bog":
                items.append(self.ids.bog_cards)
            return [*items, self.ids.back, self.ids.to_checklist]
        return [self.ids.back2, self.ids.start]

    def on_command(self, cmd: str) -> bool:
        if self.stage == "checklist":
            cl = self.ids.checklist
            if cmd in ("next", "confirm"):
                if cl.complete:
                    return self.start_game()
                return bool(cl.tick_next())
            if cmd == "undo":
                if not cl.untick_last():
                    self.go_back()
                return True
            return False
        if cmd == "undo":
            self.go_back()
            return True
        if cmd == "confirm" and self.focused_widget() is None:
            return self.show_checklist()
        return super().on_command(cmd)


def demo(app: Any) -> None:
    """The Pond setup for 3 players, checklist half ticked."""
    screen = app.go("setup", game="pond", count=3)
    for row, name in zip(screen.rows, ("Ana", "Ben", "Cy"), strict=False):
        row.ids.name.text = name
    screen.show_checklist()
    for _ in range(4):
        screen.ids.checklist.tick_next()


GUIDE_COUNTS = {"pond": 4, "pondscape": 4, "ponder": 4, "bog": 2, "croak": 4}
DEMO_NAMES = ("Ana", "Ben", "Cy", "Dee")


def _players(app: Any, game: str, count: int | None = None) -> Any:
    screen = app.go("setup", game=game, count=count or GUIDE_COUNTS[game])
    for row, name in zip(screen.rows, DEMO_NAMES, strict=False):
        row.ids.name.text = name
    return screen


def _checklist(game: str) -> Any:
    def state(app: Any) -> None:
        _players(app, game).show_checklist()

    return state


def _checklist_at(game: str, ticked: int, count: int | None = None) -> Any:
    """A checklist with its first ``ticked`` steps done: the next one (marked) is in view."""

    def state(app: Any) -> None:
        screen = _players(app, game, count)
        screen.show_checklist()
        for _ in range(ticked):
            screen.ids.checklist.tick_next()

    return state


#: Checklists at a step with a drawing: (state, game, steps ticked, player count).
DRAWING_STATES = (
    ("checklist-pond-map", "pond", 0, 2),  # the 9-pond side
    ("checklist-pond-fountain", "pond", 2, 4),
    ("checklist-pond-fwooogs", "pond", 10, 4),  # the starting ponds
    ("checklist-pondscape-frog", "pondscape", 1, 4),
    ("checklist-bog-flies", "bog", 1, 2),
)


def _keyboard(app: Any) -> None:
    """Typing the fourth name on a Pi: Kivy's docked on-screen keyboard is up."""
    from ui.keyboard import show_docked_keyboard

    screen = _players(app, "pond")
    show_docked_keyboard(screen.rows[3].ids.name)


def demo_states() -> list[tuple[str, Any]]:
    """Both stages of all five setup guides, the checklists at the steps with a drawing,
    and the on-screen keyboard."""
    states: list[tuple[str, Any]] = [
        (f"players-{g}", lambda app, g=g: _players(app, g)) for g in GUIDE_COUNTS
    ]
    states += [(f"checklist-{g}", _checklist(g)) for g in GUIDE_COUNTS if g != "pond"]
    states += [(name, _checklist_at(g, n, c)) for name, g, n, c in DRAWING_STATES]
    states.append(("keyboard", _keyboard))
    return states
