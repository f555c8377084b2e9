"""Pondscape during play, driven through the real screens from setup to the final score.

A full solo game (against Croaker) and a full 3-player game: every card taken from the
display, refilled, placed by tapping a cell and choosing the card, jumping frog actions
with tucks under the food cards it spans, Croaker's flips; then the final score, whose
tucked cards come from the log (nobody types them in).
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.pondscape.scoring import score_player
from companion.games.pondscape.solo import SAMPLE_SOLO_CARDS, SoloCard, read_solo_file
from tests.ui.conftest import find, press, render, tap

SPECIES_BUTTONS = ("Tomato", "Clown", "Golden", "Red-eye", "Ornate", "Dart", "Bullfrog")


def start_from_setup(app: Any, names: tuple[str, ...]) -> Any:
    """Through the setup screen: player count, names, checklist ticked by `next`."""
    screen = app.go("setup", game="pondscape")
    render(app, 2)
    while int(screen.count) > len(names):
        screen.change_count(-1)
    while int(screen.count) < len(names):
        screen.change_count(1)
    render(app, 1)
    for row, name in zip(screen.rows, names, strict=True):
        row.ids.name.text = name
    tap(screen.ids.to_checklist)
    for _ in screen.ids.checklist.rows:
        press(app, "next")
    press(app, "next")  # every step ticked: starts the game
    render(app, 2)
    assert app.screen.name == "pondscape_play"
    return app.screen


def play_turn(app: Any, screen: Any, rng: random.Random, jump: bool) -> None:
    """One player's turn through the screen."""
    st = app.live.state
    me = st.seat_name
    slot = rng.randrange(3)
    tap(screen.ids[f"slot{slot}"])  # take
    assert app.live.state.this_turn.took == slot
    tap(screen.ids[f"slot{slot}"])  # refilled
    assert all(app.live.state.display)
    row, column = rng.choice(app.live.state.pond_of(me).empty_cells())
    cell = next(c for c in screen.cells if (c.row, c.column) == (row, column))
    tap(cell)
    chooser = screen.chooser
    food = rng.choice(st.food_row)
    tap(next(b for b in chooser.ids.food.children if b.food == food))
    if rng.random() < 0.2:
        tap(find(chooser.ids.waters, text=f"Face down {rng.randint(1, 5)}"))
    else:
        tap(find(chooser.ids.frogs, text=rng.choice(SPECIES_BUTTONS)))
    placed = app.live.state.pond_of(me).cell(row, column)
    assert placed is not None and placed.food == (food,)
    if jump:
        tap(screen.ids.jump1)
        spanned = app.live.state.spanned()
        assert screen.frog_text == f"The jumping frog spans {spanned[0]} and {spanned[1]}"
        for food_name in spanned:
            tap(next(b for b in screen.ids.food_row.children if b.food == food_name))
    press(app, "next")  # Next turn


def play_whole_game(app: Any, screen: Any, seed: int) -> None:
    """Play until the game is over: the players' turns by touch, Croaker's by `next`."""
    rng = random.Random(seed)
    screen.rng = random.Random(seed)
    while not app.live.over:
        if app.live.state.croakers_turn:
            assert screen.next_text == "Flip Croaker's card"
            press(app, "next")  # flip
            flip = app.live.state.last_flip
            assert screen.croaker_text.startswith(
                f"Croaker's card: {SoloCard(flip.move, flip.take).describe()}."
            )
            press(app, "next")  # refill the slot Croaker took
            press(app, "next")  # pass
            continue
        play_turn(app, screen, rng, jump=rng.random() < 0.3)


def test_pondscape_full_solo_game_through_the_screen(app: Any) -> None:
    """ "Croaker alternates turns with the player until both have taken 15 turns." """
    screen = start_from_setup(app, ("Ana",))
    st = app.live.state
    assert st.solo and st.solo_cards == SAMPLE_SOLO_CARDS
    assert screen.round_text == "Round 1 of 15" and screen.turn_text == "Ana's turn"
    assert "(sample cards)" in screen.croaker_text
    play_whole_game(app, screen, seed=1)
    st = app.live.state
    assert st.turns == (15, 15)
    pond = st.ponds[0]
    assert pond is not None and pond.is_complete()
    assert app.live.effective_violations() == []
    # The final score: the scan and score screen on the pond built from the log.
    assert app.screen.name == "pondscape_score"
    sheet = score_player(pond)
    assert app.screen.headline == f"Ana: {sheet.total} points"
    tucked = sum(pond.tucked.values())
    assert tucked > 0  # the tucks came from the log
    logged = [e for e in app.live.log if e.type == "tuck"]
    assert len(logged) == tucked
    assert app.screen.ranking_text.startswith("Solo rank: ")


def test_pondscape_full_three_player_game_through_the_screen(app: Any) -> None:
    """ "Pondscape is played over 15 rounds, with players taking turns starting from the first
    player and continuing clockwise." """
    screen = start_from_setup(app, ("Ana", "Ben", "Cy"))
    play_whole_game(app, screen, seed=2)
    st = app.live.state
    assert all(p is not None and p.is_complete() for p in st.ponds)
    assert app.live.effective_violations() == []
    assert app.screen.name == "pondscape_score"
    for pond in st.ponds:
        assert pond is not None
        logged = sum(1 for e in app.live.log if e.type == "tuck" and e.player == pond.name)
        assert sum(pond.tucked.values()) == logged
    totals = {p.name: score_player(p).total for p in st.ponds if p is not None}
    tabs = {t.player: t.text for t in app.screen.ids.tabs.children}
    assert tabs == {n: f"{n}\n{t}" for n, t in totals.items()}


def test_pondscape_play_checks_and_undo(app: Any) -> None:
    """A card into an occupied cell is flagged; undo takes a step back."""
    screen = start_from_setup(app, ("Ana", "Ben"))
    tap(screen.ids.slot1)
    assert app.live.state.spanned() == ("dragonfly", "butterfly")
    assert screen.prompt.startswith("Immediately refill the card display")
    tap(screen.ids.slot1)
    cell = next(c for c in screen.cells if (c.row, c.column) == (0, 0))
    tap(cell)
    tap(find(screen.chooser.ids.frogs, text="Tomato"))
    tap(cell)  # occupied: the screen says so and plays nothing
    assert "already holds a card" in app.status
    tap(find(screen.ids.food_row, text="snail"))  # a tuck with no jump: flagged
    assert [v.rule for v in app.live.effective_violations()] == ["tuck-without-jump"]
    press(app, "undo")
    assert app.live.effective_violations() == []
    tap(screen.ids.jump2)  # from dragonfly|butterfly to fly|snail
    tap(find(screen.ids.food_row, text="snail"))
    tap(find(screen.ids.food_row, text="snail"))
    assert [v.rule for v in app.live.effective_violations()] == ["tuck-twice"]
    assert screen.ids.round_label.text == "Round 1 of 15  -  Ana's turn"
    press(app, "next")
    assert screen.turn_text == "Ben's turn"
    press(app, "scan")  # the live score of Ben's pond: scan or tap it in
    assert app.screen.name == "pondscape_score" and app.screen.current == "Ben"
    tap(app.screen.ids.play_button)
    assert app.screen.name == "pondscape_play"


def test_pondscape_coach_is_off_by_default_and_a_learning_aid(app: Any) -> None:
    screen = start_from_setup(app, ("Ana", "Ben"))
    assert not screen.coach_on and screen.ids.coach_button.opacity == 0
    tap(screen.ids.coach_toggle)
    tap(screen.ids.coach_button)
    chooser = screen.chooser
    assert chooser.heading.startswith("Coach (a learning aid)")
    tap(find(chooser.ids.food, text="fly"))
    tap(find(chooser.ids.frogs, text="Tomato"))
    tap(find(chooser.ids.waters, text="Face down 4"))
    tap(chooser.ids.coach_show)
    render(app, 1)
    assert screen.coach_text.startswith("Coach, a learning aid")
    first = next(c for c in screen.cells if (c.row, c.column) == (0, 0))
    assert first.title == "up +0\ndown +4"  # no tucks yet: the fly symbol scores nothing


def test_pondscape_coach_reads_a_card_held_up_to_the_camera(app: Any) -> None:
    """The coach's card "scanned from the hand": the tag nearest the middle of the frame."""
    from companion.games.pondscape.coach import coach
    from tests.ui.conftest import wait_for
    from vision.catalog import SAMPLE_CATALOG, load_catalog

    screen = start_from_setup(app, ("Ana", "Ben"))
    tap(screen.ids.coach_toggle)
    tap(screen.ids.coach_button)
    tap(screen.chooser.ids.coach_scan)
    wait_for(app, lambda: screen.gains, timeout=30)
    # The demo camera's first photo: card 015 (an ornate horned frog) is nearest the middle.
    sides = load_catalog(SAMPLE_CATALOG).cards["015"]
    assert screen.coach_text == (
        "Coach, a learning aid: what card 015, ornate horned frog adds in each free cell now"
    )
    pond = app.live.state.pond_of("Ana")
    expected = {(g.row, g.column): g for g in coach(pond, sides.front, sides.back)}
    assert screen.gains == expected


def test_pondscape_croakers_cards_entered_once(app: Any) -> None:
    """The owner enters the 6 solo cards once; new solo games use them."""
    screen = start_from_setup(app, ("Ana",))
    tap(screen.ids.croaker_cards_button)
    dialog = screen.croaker_dialog
    assert "sample" in dialog.note
    tap(find(dialog.ids.cards, text="Card 1: frog moves 1"))
    tap(dialog.ids.save_button)
    saved = read_solo_file(app.data_folder() / "pondscape-solo.json")
    assert saved[0] == SoloCard(2, 0) and saved[1:] == SAMPLE_SOLO_CARDS[1:]
    screen = start_from_setup(app, ("Ana",))
    assert app.live.state.solo_cards == saved
    assert "(sample cards)" not in screen.croaker_text
    (app.data_folder() / "pondscape-solo.json").unlink()
