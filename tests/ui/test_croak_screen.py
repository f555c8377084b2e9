"""The Croak screen driven by touch and by the three buttons: a hand, scoring, the face-off,
a correction, the pile referee."""

from __future__ import annotations

from typing import Any

from companion.games.base import Player
from companion.games.guides import session_info
from tests.ui.conftest import press, render, tap


def open_croak(app: Any, names: tuple[str, ...] = ("Ana", "Ben")) -> Any:
    app.start_session(session_info("croak", [Player(n) for n in names], {}))
    assert app.screen.name == "croak"
    return app.screen


def type_counts(app: Any, screen: Any, figures: list[tuple[int, int]]) -> None:
    """Each player's cards returned then POND left on the number pad, `next` after each."""
    pad = screen.ids.pad
    for returned, left in figures:
        for digit in str(returned):
            tap(pad.keys[digit])
        press(app, "next")
        for digit in str(left):
            tap(pad.keys[digit])
        press(app, "next")


def play_hand_by_buttons(
    app: Any, screen: Any, caller: int, figures: list[tuple[int, int]]
) -> None:
    press(app, "next")  # start: 3, 2, 1, Go
    assert screen.stage == "countdown"
    for _ in range(4):
        screen.countdown_tick()
    assert screen.stage == "playing"
    press(app, "next")  # the giant CROAK
    assert screen.stage == "who"
    for _ in range(caller + 1):
        press(app, "next")
    press(app, "confirm")
    assert screen.stage == "scoring"
    type_counts(app, screen, figures)
    press(app, "confirm")
    assert screen.stage == "table"


def test_croak_screen_hand_by_touch(app: Any) -> None:
    """The countdown, the clock, CROAK, who called it, the counts, the totals."""
    screen = open_croak(app)
    assert screen.title == "Croak · hand 1" and screen.stage == "table"
    tap(screen.ids.start)
    assert screen.stage == "countdown" and app.live.state.phase == "playing"
    screen._stop_clock()  # the test counts the seconds itself (a loaded machine is slow)
    seen = [screen.countdown_text]
    while screen.stage == "countdown":
        screen.countdown_tick()
        seen.append(screen.countdown_text)
    assert seen[-2:] == ["Go", "Go"] and ["3", "2", "1", "Go"][-len(seen) + 1 :] == seen[:-1]
    assert screen.stage == "playing" and screen.clock_text == "0:00"
    screen._stop_clock()
    screen.clock_tick(now=screen._started_at + 75.2)
    assert screen.clock_text == "1:15"
    tap(screen.ids.croak)
    assert screen.stage == "who"
    ben = next(b for b in screen.ids.who.children if b.text == "Ben")
    tap(ben)
    assert screen.stage == "scoring" and app.live.state.open_hand.callers == ("Ben",)
    ana, ben_row = screen.count_rows
    assert ben_row.caller and not ana.caller
    for digit in "12":
        tap(screen.ids.pad.keys[digit])
    assert ana.returned == 12 and (ana.formula, ana.score_text) == ("12 - 2 x 0", "+12")
    screen.step(ana, "pond", 1)
    screen.step(ana, "pond", 1)
    screen.step(ana, "pond", 1)
    assert ana.pond_left == 3 and (ana.formula, ana.score_text) == ("12 - 2 x 3", "+6")
    screen.step(ben_row, "returned", 1)
    screen.submit_scores()
    assert screen.stage == "table"
    assert app.live.state.scores == (6, 1)
    rows = list(reversed(screen.ids.totals.children))
    assert [(r.name, r.total, r.bar_text) for r in rows] == [
        ("Ana", 6, "69 to go"),
        ("Ben", 1, "74 to go"),
    ]
    assert screen.headline == "Ana leads with 6. First to 75 wins."


def test_croak_screen_steppers_keep_counts_possible(app: Any) -> None:
    """ "each player counts the next 10 cards" into the POND pile: never more than 10 left."""
    screen = open_croak(app)
    screen.start_hand()
    screen.croak_pressed()
    screen.called_by("Ana")
    row = screen.count_rows[1]
    for _ in range(12):
        screen.step(row, "pond", 1)
    assert row.pond_left == 10
    screen.step(row, "pond", -1)
    for _ in range(3):
        screen.step(row, "returned", -1)
    assert (row.returned, row.pond_left) == (0, 9)
    screen.focus_field(1, "returned")
    for digit in "60":
        tap(screen.ids.pad.keys[digit])
    assert row.returned == 43 and "at most 43" in screen.message  # 52 cards, 9 in the POND


def test_croak_screen_face_off_and_win_by_buttons(app: Any) -> None:
    """Both reach 75 in the same hand: only they play the face-off; its score decides."""
    screen = open_croak(app, ("Ana", "Ben", "Cy"))
    play_hand_by_buttons(app, screen, 0, [(40, 0), (39, 0), (5, 6)])
    play_hand_by_buttons(app, screen, 1, [(35, 0), (40, 0), (5, 6)])
    st = app.live.state
    assert st.now.face_off == ("Ana", "Ben")
    assert screen.title == "Croak · hand 3: face-off"
    assert screen.headline.startswith("Face-off: Ana and Ben reached 75 in the same hand.")
    rows = list(reversed(screen.ids.totals.children))
    assert [r.in_face_off for r in rows] == [True, True, False]
    press(app, "next")
    for _ in range(4):
        screen.countdown_tick()
    press(app, "next")
    assert [b.text for b in reversed(screen.ids.who.children)] == ["Ana", "Ben"]
    press(app, "next")
    press(app, "confirm")
    assert len(screen.count_rows) == 2  # only the face-off's players count
    type_counts(app, screen, [(9, 0), (11, 2)])
    press(app, "confirm")
    st = app.live.state
    assert st.now.winner == "Ana" and screen.over
    assert screen.headline.startswith("Ana wins! Won the first face-off (hand 3: Ana 9, Ben 7)")
    assert screen.ids.start.text == "Finish"
    press(app, "undo")  # the face-off's score taken back: counting it again
    assert not app.live.over and screen.stage == "scoring" and len(screen.count_rows) == 2


def test_croak_screen_corrects_a_past_hand_and_the_winner_changes(app: Any) -> None:
    """A corrected past hand moves the totals and who won."""
    screen = open_croak(app)
    play_hand_by_buttons(app, screen, 0, [(40, 0), (30, 0)])
    play_hand_by_buttons(app, screen, 0, [(36, 0), (30, 0)])
    assert app.live.state.now.winner == "Ana"
    press(app, "scan")  # totals -> hands
    assert screen.view == "hands"
    first = list(reversed(screen.ids.hands.children))[-1]
    assert first.number == 1 and first.title.startswith("Hand 1 · CROAK: Ana")
    # The list scrolls: held still, the ScrollView hands the tap straight down (not by timing).
    scroll = screen.ids.hands_view
    scroll.do_scroll_y = False
    try:
        tap(first)
    finally:
        scroll.do_scroll_y = True
    assert screen.stage == "scoring" and screen.correcting == 1
    ana = screen.count_rows[0]
    for _ in range(5):
        screen.step(ana, "pond", 1)  # Ana had 5 cards left in her POND: 40 - 10
    screen.submit_scores()
    st = app.live.state
    assert st.scores == (66, 60) and not st.over
    assert app.live.log[-1].to_json() == {
        "type": "correct",
        "hand": 1,
        "counts": {"Ana": {"returned": 40, "pond_left": 5}},
    }
    assert screen.ids.start.text == "Start hand"


def test_croak_screen_pile_referee(app: Any) -> None:
    """ "LILYPAD piles must be in DESCENDING order, AND they must alternate between INSECTS
    and GASTROPODS." """
    screen = open_croak(app)
    screen.view = "referee"
    render(app)
    cards = {b.card_id: b for b in screen.ids.cards.children}
    assert len(cards) == 52
    tap(cards["G0"])
    tap(cards["G1"])
    assert screen.referee_ok and screen.referee_text == "Legal SWAMP pile (2 cards)."
    tap(cards["B2"])
    assert not screen.referee_ok
    assert "card 3, B2 (blue 2, GASTROPOD): built on green 1: must match suits" in (
        screen.referee_text
    )
    screen.clear_pile()
    screen.set_kind("lilypad")
    for card in ("G7", "B6"):
        tap(cards[card])
    assert "GASTROPOD on GASTROPOD" in screen.referee_text
    screen.remove_top()
    tap(cards["Y6"])
    assert screen.referee_ok and screen.pile_text == "G7 Y6"


def test_croak_screen_resumes_where_the_hand_was(app: Any) -> None:
    screen = open_croak(app)
    screen.start_hand()
    screen.croak_pressed()
    screen.called_by("Ben")
    sid = app.session_id
    app.writer.flush()
    app.go("home")
    app.resume(sid)
    assert app.screen is screen and screen.stage == "scoring"
    assert [r.name for r in screen.count_rows] == ["Ana", "Ben"]


def test_croak_home_tile_and_setup_guide_open_the_croak_screen(app: Any) -> None:
    """The home tile opens Croak's setup guide (from the engine), which opens this screen."""
    home = app.go("home")
    tap(home.tiles["croak"])
    setup = app.screen
    assert setup.name == "setup" and setup.game == "croak"
    setup.show_checklist()
    texts = [r.text for r in setup.ids.checklist.rows]
    assert any("STOCKPILE" in t and "remaining 39 cards" in t for t in texts)  # 52 - 3 - 10
    for _ in texts:
        press(app, "next")
    press(app, "next")
    assert app.screen.name == "croak" and app.live.info.game == "croak"
    assert app.screen.stage == "table" and app.screen.title == "Croak · hand 1"
