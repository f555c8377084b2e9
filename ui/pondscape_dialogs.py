"""The Pondscape play screen's dialogs: the card chooser (also the coach's) and Croaker's cards.

Their look is in ``ui/screens/pondscape_play.kv`` (loaded by the screen that opens them).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kivy.properties import BooleanProperty, StringProperty

from companion.errors import BadFileError
from companion.games.pondscape.solo import (
    SAMPLE_NAME,
    SAMPLE_SOLO_CARDS,
    SoloCard,
    read_solo_file,
    write_solo_file,
)
from companion.games.pondscape.tableau import Card, WaterCard
from ui import pondscape_view as view
from ui.widgets.common import BigButton
from ui.widgets.modal import QuickModal

SOLO_FILE = "pondscape-solo.json"


def owner_solo_cards(app: Any) -> tuple[SoloCard, ...] | None:
    """The owner's solo cards from the data folder, or None (then the sample is used)."""
    path = app.data_folder() / SOLO_FILE
    if not path.is_file():
        return None
    try:
        return read_solo_file(path)
    except BadFileError as exc:
        app.status = str(exc)
        return None


class CardChooser(QuickModal):
    """What the card is: food symbols (tap to count 0, 1, 2), then a frog species, a habitat
    (face up) or water points (face down). In coach mode it keeps both sides."""

    heading = StringProperty("")
    coach_mode = BooleanProperty(False)
    sides_text = StringProperty("")

    def __init__(self, screen: Any, **kw: Any) -> None:
        super().__init__(**kw)
        self.screen = screen
        self.food: dict[str, int] = {}
        self.cell = (0, 0)
        self.front: Card | None = None
        self.back: WaterCard | None = None
        self.habitats: list[str] = []
        for species in view.SPECIES_COLOURS:
            name = view.cell_text(view.corrected_card(None, "frog", species))
            self._add("frogs", name, "frog", species, view.SPECIES_COLOURS[species])
        for pts in view.WATER_POINTS:
            self._add("waters", f"Face down {pts}", "water", pts, view.WATER_COLOUR)

    def _add(self, box: str, text: str, kind: str, value: Any, tone: Any) -> None:
        button = BigButton(text=text, tone=list(tone), halign="center")
        button.font_size = self.screen.app.font_small
        button.color = list(view.text_colour_on(tone))  # INK on the bright frog colours
        button.bind(on_release=lambda _b: self.choose(kind, value))
        self.ids[box].add_widget(button)

    def setup(self, heading: str, food_row: tuple[str, ...], habitats: list[str]) -> None:
        self.heading = heading
        self.food = {f: 0 for f in food_row}
        self.front, self.back = None, None
        # Built once per table, then only relabelled: each new label costs a text render.
        if habitats != self.habitats:
            self.habitats = habitats
            self.ids.habitats.clear_widgets()
            for habitat in habitats:
                self._add("habitats", habitat, "habitat", habitat, view.HABITAT_COLOUR)
        box = self.ids.food
        if [getattr(b, "food", None) for b in reversed(box.children)] != list(food_row):
            box.clear_widgets()
            for food in food_row:
                button = BigButton(halign="center")
                button.font_size = self.screen.app.font_small  # after the theme's rule
                button.food = food
                button.bind(on_release=lambda _b, f=food: self.more_food(f))
                box.add_widget(button)
        self._label()

    def more_food(self, food: str) -> None:
        self.food[food] = (self.food[food] + 1) % 3
        self._label()

    def _label(self) -> None:
        for button in self.ids.food.children:
            n = self.food[button.food]
            button.text = f"{button.food}\nx{n}" if n else button.food
            button.focused = n > 0
        front = view.cell_text(self.front) if self.front is not None else "-"
        back = f"water {self.back.points}" if self.back is not None else "-"
        self.sides_text = f"Face up: {front}   Face down: {back}"

    def symbols(self) -> tuple[str, ...]:
        return tuple(f for f, n in self.food.items() for _ in range(n))

    def card(self, kind: str, value: Any) -> Card:
        card = view.corrected_card(None, kind, value)
        assert card is not None
        return replace(card, food=self.symbols())

    def choose(self, kind: str, value: Any) -> None:
        card = self.card(kind, value)
        if not self.coach_mode:
            self.dismiss()
            self.screen.place(self.cell, card)
            return
        if isinstance(card, WaterCard):
            self.back = card
        else:
            self.front = card
        self._label()

    def show_coach(self) -> None:
        self.dismiss()
        self.screen.show_coach(self.front, self.back)

    def scan_card(self) -> None:
        """Read the card held up to the camera instead of tapping it in."""
        self.dismiss()
        self.screen.scan_card()


def read_held_card(camera: Any, catalog: Any) -> tuple[Card, WaterCard, str] | None:
    """Worker thread: the card whose tag is nearest the middle of one camera frame (a card
    held up to the camera), as (front, back, name); None if no tag of ours was read."""
    from vision.catalog import card_name
    from vision.tags import read_tags

    frame = camera.read()
    if frame is None:
        return None
    h, w = frame.shape[:2]
    ours = [t for t in read_tags(frame) if t.ours and t.card is not None]
    for tag in sorted(ours, key=lambda t: (t.centre[0] - w / 2) ** 2 + (t.centre[1] - h / 2) ** 2):
        key = catalog.key(tag.card, catalog.cards)
        if key is not None:
            sides = catalog.cards[key]
            return sides.front, sides.back, f"card {key}, {card_name(sides.front)}"
    return None


class CroakerCardsDialog(QuickModal):
    """The owner's 6 solo cards: for each, the upper number (spaces) and the slot taken."""

    note = StringProperty("")

    def __init__(self, screen: Any, **kw: Any) -> None:
        super().__init__(**kw)
        self.screen = screen
        self.cards: list[SoloCard] = []

    def setup(self) -> None:
        own = owner_solo_cards(self.screen.app)
        self.cards = list(own if own is not None else SAMPLE_SOLO_CARDS)
        self.note = (
            "Your cards (used by new solo games)."
            if own is not None
            else f"Showing the {SAMPLE_NAME}. Set each card as printed, then Save."
        )
        self._fill()

    def _fill(self) -> None:
        box = self.ids.cards
        box.clear_widgets()
        for i, card in enumerate(self.cards):
            move = BigButton(text=f"Card {i + 1}: frog moves {card.move}", halign="center")
            move.font_size = self.screen.app.font_small
            move.bind(on_release=lambda _b, n=i: self.change(n, "move"))
            take = BigButton(text=f"takes slot {card.take}", halign="center")
            take.font_size = self.screen.app.font_small
            take.bind(on_release=lambda _b, n=i: self.change(n, "take"))
            box.add_widget(move)
            box.add_widget(take)

    def change(self, index: int, what: str) -> None:
        card = self.cards[index]
        if what == "move":
            self.cards[index] = SoloCard((card.move + 1) % 4, card.take)
        else:
            self.cards[index] = SoloCard(card.move, (card.take + 1) % 3)
        self._fill()

    def save(self) -> None:
        try:
            write_solo_file(self.screen.app.data_folder() / SOLO_FILE, tuple(self.cards))
        except OSError as exc:
            self.screen.app.status = f"cannot save Croaker's cards: {exc}"
            return
        self.dismiss()
        self.screen.app.status = "Croaker's cards saved: new solo games use them."
