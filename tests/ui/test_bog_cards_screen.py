"""BOG card editor: the owner's 18 cards entered on 3x3 tap grids, saved as bog-cards/1."""

from __future__ import annotations

from typing import Any

from companion.games.bog.cards import read_cards_file
from tests.ui.conftest import press, render, tap


def test_bog_cards_editor_enters_a_card_and_saves(app: Any) -> None:
    """ "'Route': Start Pad and 3 additional stops." "'Formation': 3 Frog locations." """
    path = app.data_folder() / "bog-cards.json"
    path.unlink(missing_ok=True)
    screen = app.go("bog_cards")
    render(app, 2)
    assert "sample" in screen.source_text and screen.card["id"] == "01"
    tap(screen.ids.next_card)
    screen.clear_card()
    tap(screen.route_pads[5 - 1])  # not on the bottom row: refused
    assert "bottom row" in screen.message and screen.card["route"] == []
    for pad in (8, 5, 2, 1):
        tap(screen.route_pads[pad - 1])
    assert screen.card["route"] == [8, 5, 2, 1]
    assert screen.route_pads[8 - 1].mark == "Start" and screen.route_pads[1 - 1].mark == "Stop 3"
    press(app, "undo")  # takes back the last Route pad
    tap(screen.route_pads[3 - 1])
    for pad in (9, 1, 5, 7):
        tap(screen.formation_pads[pad - 1])
    assert "1 to 3 Frogs" in screen.message and screen.card["formation"] == [1, 5, 9]
    tap(screen.ids.save)
    assert screen.message.startswith("Saved to")
    saved = read_cards_file(path)
    assert saved["02"].route == (8, 5, 2, 3) and saved["02"].formation == (1, 5, 9)
    # The setup guide writes the owner's cards into the next BOG session.
    from ui.screens.setup import bog_cards_option

    option = bog_cards_option(app.data_folder())
    assert option["cards"][1] == {"id": "02", "route": [8, 5, 2, 3], "formation": [1, 5, 9]}
    path.unlink()


def test_bog_cards_editor_refuses_an_unfinished_route(app: Any) -> None:
    screen = app.go("bog_cards")
    render(app, 1)
    screen.clear_card()
    tap(screen.route_pads[7 - 1])
    tap(screen.ids.save)
    assert screen.message == "cards: cards[0].route must be a list of 4 pads (1 to 9), found [7]"
    assert not (app.data_folder() / "bog-cards.json").exists()


def test_bog_cards_editor_opens_from_the_bog_setup(app: Any) -> None:
    tap(app.screen.tiles["bog"])
    render(app, 2)
    setup = app.screen
    assert setup.ids.bog_cards.opacity == 1 and not setup.ids.bog_cards.disabled
    tap(setup.ids.bog_cards)
    render(app, 2)
    assert app.screen.name == "bog_cards"
    tap(app.screen.ids.back)
    render(app, 1)
    assert app.screen.name == "setup" and setup.game == "bog"
