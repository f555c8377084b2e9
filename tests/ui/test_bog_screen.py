"""BOG's screen: the Bog, the Shores, the score by kind and the legal actions as buttons."""

from __future__ import annotations

import random
from typing import Any

from companion.games.bog import Advance, CannotAct, Play
from companion.games.bog.demo import PLAYERS
from companion.session import SessionInfo
from tests.ui.conftest import press, render, tap, wait_for


def start(app: Any, options: dict[str, Any]) -> Any:
    app.start_session(SessionInfo("bog", PLAYERS, options))
    render(app, 2)
    assert app.screen.name == "bog"
    return app.screen


def button(screen: Any, text: str) -> Any:
    found = [b for b in screen.ids.actions.children if b.text.startswith(text)]
    assert found, f"no button {text!r} in {[b.text for b in screen.ids.actions.children]}"
    return found[0]


def texts(screen: Any) -> list[str]:
    return [b.text for b in reversed(screen.ids.actions.children)]


def test_bog_home_tile_and_setup_guide_open_the_screen(app: Any) -> None:
    """The home tile opens BOG's setup guide; its checklist comes from the engine and
    "Choose a Start Player" is the app's seeded pick; Start game opens the BOG screen."""
    tap(app.screen.tiles["bog"])
    render(app, 2)
    setup = app.screen
    assert setup.name == "setup" and setup.game == "bog"
    for row, name in zip(setup.rows, ("Ana", "Ben"), strict=True):
        row.ids.name.text = name
    setup.rng = random.Random(5)
    expected = random.Random(5).choice(["Ana", "Ben"])
    assert setup.show_checklist()
    steps = [r.text for r in setup.ids.checklist.rows]
    assert f"{expected} is the Start Player." in steps
    for _ in steps:
        press(app, "next")
    press(app, "next")
    render(app, 2)
    assert app.screen.name == "bog"
    assert app.live.info.game == "bog" and app.live.info.options["start"] == expected
    assert app.screen.prompt.startswith(f"{expected} to act (2 cards in hand)")
    # Leave the shared setup screen's checklist scrolled to the top, as a fresh one is: a later
    # test taps a row of a new checklist without rendering in between.
    setup.ids.scroll.scroll_y = 1


def test_bog_play_by_touch_then_undo(app: Any) -> None:
    """ "Place a Frog from your hand to your Shore." PLAY asks for the card."""
    screen = start(app, {"hands": {"Ana": ["01", "02"]}})
    assert texts(screen) == ["PLAY a Frog to your Shore"]
    tap(button(screen, "PLAY a Frog"))
    assert texts(screen) == ["PLAY 01", "PLAY 02", "Back"]
    tap(button(screen, "PLAY 02"))
    assert app.live.state.shores[0] == ("02",)
    assert screen.shore_cells[0][0].card == "02" and screen.prompt.startswith("Ben to act")
    # Ben's hand is not entered: every card that may be in it is offered.
    tap(button(screen, "PLAY a Frog"))
    assert len(texts(screen)) == 16 + 1  # all but 01 (in Ana's hand) and 02 (on her Shore)
    press(app, "undo")  # first a step back out of the card choice
    assert texts(screen) == ["PLAY a Frog to your Shore"]
    press(app, "undo")  # then the last event
    assert app.live.state.shores[0] == () and screen.prompt.startswith("Ana to act")


def test_bog_a_new_list_of_actions_starts_at_its_top(app: Any) -> None:
    """Scrolled to the bottom of a long list, the next list still shows its first action
    (the screen is kept between games: a list must not open where the last one was left)."""
    screen = start(app, {"hands": {"Ana": ["01", "02"]}})
    tap(button(screen, "PLAY a Frog"))
    tap(button(screen, "PLAY 02"))
    tap(button(screen, "PLAY a Frog"))  # Ben's hand is not entered: 16 cards and Back
    scroll = screen.ids.actions_scroll
    assert screen.ids.actions.height > scroll.height, "the list must be longer than its view"
    scroll.scroll_y = 0
    render(app, 2)
    tap(button(screen, "Back"))  # the last button, in view at the bottom
    assert texts(screen) == ["PLAY a Frog to your Shore"]
    tap(button(screen, "PLAY a Frog"))
    first = texts(screen)[0]
    tap(button(screen, first))  # lands only if the top of the list is in view
    assert app.live.state.shores[1] == (first.split()[1],)


def test_bog_tap_a_frog_keeps_its_actions_and_advance(app: Any) -> None:
    screen = start(app, {"hands": {"Ana": ["01", "02"]}})
    app.play(Play("Ana", "01"))
    app.play(Play("Ben", "03"))
    render(app, 1)
    tap(screen.shore_cells[0][0])  # Ana's Frog 01 on her Shore
    assert screen.focus_card == "01"
    assert texts(screen) == ["ADVANCE 01 to pad 7", "Show every action"]
    # The buttons drive it too: `next` focuses the first action, `scan` presses it.
    press(app, "next")
    press(app, "scan")
    frog = app.live.state.frogs[7 - 1]
    assert frog is not None and frog.card == "01"
    assert screen.cells[7 - 1].card == "01" and screen.cells[7 - 1].route == [7, 8, 9, 6]
    # Ben's Frog faces him: his card 03 (9, 5, 6, 3) is drawn turned, from pad 1.
    app.play(Advance("Ben", "03", 1))
    render(app, 1)
    assert screen.cells[1 - 1].route == [1, 5, 4, 7] and screen.cells[1 - 1].owner == 1


def test_bog_advance_onto_a_fly_asks_pad_card_and_refill(app: Any) -> None:
    """ "Move the fly to another unoccupied pad. Draw a card from the Draw Area ... replace it
    with a new card from the deck." Card 07's Route is 7, 8, 5, 2: the Fly is on pad 5."""
    screen = start(app, {"hands": {"Ana": ["07", "02"]}, "draw_area": ["16", "17", "18"]})
    for ev in (Play("Ana", "07"), Play("Ben", "03"), Advance("Ana", "07", 7)):
        app.play(ev)
    app.play(Play("Ben", "04"))
    app.play(Advance("Ana", "07", 8))
    app.play(Advance("Ben", "03", 1))
    render(app, 1)
    tap(button(screen, "ADVANCE 07 to pad 5 - a Fly"))
    assert screen.stage == "fly_to"
    assert {c.pad for c in screen.cells if c.target} == {2, 3, 7, 8, 9}
    tap(screen.cells[9 - 1])  # touch the pad for the Fly
    assert screen.stage == "draw"
    tap(button(screen, "Draw 17"))
    assert screen.stage == "refill"
    button(screen, "11 came up").activate()  # further down the scrolled list of the deck's cards
    assert screen.message == ""
    assert app.live.log[-1] == Advance("Ana", "07", 5, fly_to=9, draw=1, refill="11")
    st = app.live.state
    assert st.flies[9 - 1] and st.hands[0] == ("02", "17") and st.draw_area == ("16", "11", "18")
    assert screen.cells[9 - 1].fly and "Deck: 9" in screen.area_text


def test_bog_end_shows_the_outcome_sentence(app: Any) -> None:
    """ "When a player cannot perform an Action, the game ends" - the result says which
    outcome and why; the score is shown by kind."""
    from companion.games.bog.demo import play_random_game

    options, events, states = play_random_game(2)
    screen = start(app, options)
    for ev in events[:-1]:
        app.play(ev)
    render(app, 1)
    assert texts(screen)[-1] == f"{events[-1].player} cannot act: end the game"
    assert isinstance(events[-1], CannotAct)
    tap(button(screen, f"{events[-1].player} cannot act"))
    end = states[-1]
    assert screen.over and screen.result_text == end.result.sentence
    assert screen.result_text.startswith("Outcome ")
    totals = [row[-1] for row in screen.score_rows]
    assert totals == [str(end.points[0].total), str(end.points[1].total)]
    tap(button(screen, "Finish"))
    assert app.screen.name == "history"
    history = app.screen
    wait_for(app, lambda: not history.loading)
    history.chart_game = ""  # History keeps its chart's game: leave it fresh for its tests


def test_bog_demo_states_for_the_screenshots(app: Any) -> None:
    from ui.screens import bog

    bog.demo(app)
    render(app, 1)
    assert app.screen.name == "bog" and not app.screen.over
    states = dict(bog.demo_states())
    states["fly"](app)
    render(app, 1)
    assert app.screen.stage == "fly_to" and any(c.target for c in app.screen.cells)
    states["over"](app)
    render(app, 1)
    assert app.screen.over and app.screen.result_text.startswith("Outcome A")
