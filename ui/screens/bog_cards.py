"""BOG card editor: enter the box's 18 Frog cards once, a 3x3 tap grid per card.

The owner's cards are theirs to enter (the product ships only a made-up sample). One
card at a time: tap the **Route** grid in order (the start pad on the bottom row, then
the 3 stops; a tap on the last pad takes it back) and the **Formation** grid (1 to 3
pads, tap to toggle). Pads are as the card's owner sees them, the Shore below the grid.
**Save** checks the whole file (``bog-cards/1``) and writes ``bog-cards.json`` in the
data folder, which the setup guide then writes into every new BOG session.

Buttons: `next` goes to the next card, `undo` takes back the last Route pad, else goes back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

from companion.errors import CompanionError
from companion.games.bog.cards import (
    BOTTOM_ROW,
    ROUTE_STOPS,
    load_cards_json,
    read_cards_file,
    sample_cards,
)
from ui.screens.base import BaseScreen, load_kv

load_kv(__file__)

FILENAME = "bog-cards.json"
# "'Route': Start Pad and 3 additional stops."
STOP_NAMES = ("Start", "Stop 1", "Stop 2", "Stop 3")


class PadButton(ButtonBehavior, Label):
    """One pad of a tap grid: ``mark`` is what it shows (a stop number, or a Frog mark)."""

    pad = NumericProperty(0)
    mark = StringProperty("")
    on = BooleanProperty(False)
    min_state_time = NumericProperty(0)


def cards_path(folder: Path) -> Path:
    return Path(folder) / FILENAME


class BogCardsScreen(BaseScreen):
    card_text = StringProperty("")
    message = StringProperty("")
    source_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: list[dict[str, Any]] = []
        self.index = 0
        self.route_pads: list[PadButton] = []
        self.formation_pads: list[PadButton] = []
        for grid, store, handler in (
            (self.ids.route_grid, self.route_pads, self.tap_route),
            (self.ids.formation_grid, self.formation_pads, self.tap_formation),
        ):
            for pad in range(1, 10):
                button = PadButton(pad=pad)
                button.bind(on_release=lambda b, h=handler: h(b.pad))
                grid.add_widget(button)
                store.append(button)

    def enter(self, **kwargs: Any) -> None:
        super().enter(**kwargs)
        path = cards_path(self.app.data_folder())
        try:
            loaded = read_cards_file(path) if path.is_file() else sample_cards()
            self.source_text = (
                f"Your cards ({path})" if path.is_file() else "Starting from the sample cards"
            )
        except CompanionError as exc:
            loaded = sample_cards()
            self.source_text = f"{exc}; starting from the sample cards"
        self.cards = [card.to_json() for card in loaded.cards.values()]
        self.index = 0
        self.message = ""
        self.show()

    @property
    def card(self) -> dict[str, Any]:
        return self.cards[self.index]

    def show(self) -> None:
        card = self.card
        route, formation = card["route"], card["formation"]
        self.card_text = f"Card {card['id']} ({self.index + 1} of {len(self.cards)})"
        for button in self.route_pads:
            stops = [STOP_NAMES[i] for i, p in enumerate(route) if p == button.pad]
            button.mark = "\n".join(stops)
            button.on = bool(stops)
        for button in self.formation_pads:
            button.on = button.pad in formation
            button.mark = "Frog" if button.on else ""

    def tap_route(self, pad: int) -> None:
        route = self.card["route"]
        if route and route[-1] == pad:
            route.pop()  # a tap on the last pad takes it back
        elif len(route) >= ROUTE_STOPS:
            self.message = "The Route has its 4 pads: tap the last one to take it back."
            return
        elif not route and pad not in BOTTOM_ROW:
            self.message = "The start pad is on the bottom row (closest to your Shore)."
            return
        else:
            route.append(pad)
        self.message = ""
        self.show()

    def tap_formation(self, pad: int) -> None:
        formation = self.card["formation"]
        if pad in formation:
            formation.remove(pad)
        elif len(formation) >= 3:
            self.message = "A Formation shows 1 to 3 Frogs."
            return
        else:
            formation.append(pad)
            formation.sort()
        self.message = ""
        self.show()

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.cards)
        self.message = ""
        self.show()

    def clear_card(self) -> None:
        self.card["route"] = []
        self.card["formation"] = []
        self.show()

    def save(self) -> bool:
        """Check the 18 cards and write them; one line names the card and field if wrong."""
        doc = {"format": "bog-cards/1", "cards": self.cards}
        try:
            load_cards_json(doc, "cards")
            path = cards_path(self.app.data_folder())
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(_pretty(doc), encoding="utf-8")
            tmp.replace(path)
        except (CompanionError, OSError) as exc:
            self.message = str(exc)
            return False
        self.message = f"Saved to {path}"
        self.source_text = f"Your cards ({path})"
        return True

    def focusables(self) -> list[Any]:
        return [self.ids.prev, self.ids.next_card, self.ids.save, self.ids.back]

    def on_command(self, cmd: str) -> bool:
        if cmd == "next":
            self.step(1)
            return True
        if cmd == "undo":
            route = self.card["route"]
            if route:
                route.pop()
                self.show()
            else:
                self.app.back()
            return True
        return super().on_command(cmd)


def _pretty(doc: dict[str, Any]) -> str:
    import json

    lines = [json.dumps(card) for card in doc["cards"]]
    body = ",\n    ".join(lines)
    return f'{{\n  "format": "{doc["format"]}",\n  "cards": [\n    {body}\n  ]\n}}\n'


def demo(app: Any) -> None:
    """The editor on card 03, its Route half entered."""
    screen = app.go("bog_cards")
    screen.step(2)
    screen.clear_card()
    for pad in (9, 5):
        screen.tap_route(pad)
    screen.tap_formation(3)
