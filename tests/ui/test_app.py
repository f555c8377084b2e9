"""The app shell: resume after a power cut, play through the store writer, keys, demo badge."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion.errors import EventRefusedError
from companion.games.base import Player
from companion.games.guides import session_info
from companion.games.scorepad import Points
from companion.session import SessionInfo
from hardware import KeyboardPanel, PanelSettings
from tests.ui.conftest import make_config, render, wait_for
from ui.app import screen_for, session_title
from ui.demo import detect_demo


def croak(names: tuple[str, ...] = ("Ana", "Ben")) -> SessionInfo:
    """A Croak match kept on the score pad (as stored before Croak had its own engine)."""
    pad = {"for": "croak", "rounds": True, "negative": True}
    return SessionInfo("scorepad", tuple(Player(n) for n in names), pad)


def test_app_opens_on_the_unfinished_session_after_a_power_cut(app: Any) -> None:
    """ "On start the app offers to resume the last unfinished session, exactly where it was.\""""
    sid = app.store.create(croak())
    for event in (
        {"type": "points", "player": "Ana", "amount": 12},
        {"type": "next_turn"},
        {"type": "points", "player": "Ben", "amount": 7},
    ):
        app.store.append(sid, event)
    app.resume_on_start = True
    try:
        app.start_screen()  # what on_start does when the app comes back up
    finally:
        app.resume_on_start = False
    assert app.screen.name == "scorepad"
    assert app.session_id == sid
    assert app.live.state.scores == (12, 7)
    assert [r.score for r in app.screen.rows] == [12, 7]
    assert app.screen.turn_text == "Round 2"


def test_app_resume_opens_each_game_on_its_screen(app: Any) -> None:
    ps = [Player("Ana", {"faction": "wizard"}), Player("Ben", {"faction": "banana"})]
    info = session_info("pond", ps, {})
    sid = app.store.create(info)
    app.resume(sid)
    assert app.screen.name == "pond_tracker"
    assert screen_for(croak()) == "scorepad"
    assert screen_for(session_info("croak", [Player("Ana"), Player("Ben")], {})) == "croak"
    assert screen_for(SessionInfo("pondscape", (Player("Ana"),), {"solo": True})) == (
        "pondscape_play"
    )
    assert session_title(croak()) == "Croak"


def test_app_play_writes_the_event_in_order_off_the_main_thread(app: Any) -> None:
    app.start_session(croak())
    sid = app.session_id
    app.play(Points("Ana", 3))
    app.play(Points("Ben", 5))
    app.writer.flush()
    _info, events = app.store.load(sid)
    assert events == [
        {"type": "points", "player": "Ana", "amount": 3},
        {"type": "points", "player": "Ben", "amount": 5},
    ]
    assert app.store.unfinished().summary == "round 1"


def test_app_refused_event_is_not_written(app: Any) -> None:
    app.start_session(croak())
    with pytest.raises(EventRefusedError, match="no player named 'Zed'"):
        app.play(Points("Zed", 3))
    app.writer.flush()
    assert app.store.load(app.session_id)[1] == []


def test_app_space_key_is_the_next_button(app: Any) -> None:
    home = app.screen
    assert home.name == "home" and home.focused_widget() is None
    Window.dispatch("on_key_down", 32, 44, " ", [])
    time.sleep(0.08)  # past the panel's bounce time
    Window.dispatch("on_key_up", 32, 44)

    def moved() -> bool:
        poll = getattr(app.panel, "poll", None)
        if poll is not None:
            poll()
        app.drain_commands()
        return home.focused_widget() is not None

    wait_for(app, moved, timeout=2)
    assert home.focused_widget() is home.focusables()[0]  # Resume if offered, else Pond


def test_app_escape_goes_home(app: Any) -> None:
    app.go("history")
    Window.dispatch("on_key_down", 27, 41, None, [])
    render(app, 1)
    assert app.screen.name == "home"


def test_app_demo_badge_says_demo_mode(app: Any) -> None:
    badge = app.root.ids.demo_badge
    assert badge.text == "Demo" and badge.opacity == 1
    assert badge.right <= Window.width and badge.top <= Window.height


def test_app_demo_mode_when_no_camera_and_no_gpio(tmp_path: Path) -> None:
    keys = KeyboardPanel(PanelSettings(), autopoll=False)
    assert detect_demo(make_config(tmp_path), keys)
    assert not detect_demo(make_config(tmp_path, camera={"source": "opencv:0"}), keys)
    gpio_panel = type("GpioPanel", (), {"is_keyboard": False})()
    assert not detect_demo(make_config(tmp_path), gpio_panel)
    assert detect_demo(make_config(tmp_path, camera={"source": "opencv:0"}), gpio_panel, True)


def test_app_bridge_hands_results_to_the_main_thread(app: Any) -> None:
    from ui.bridge import run_in_background

    seen: dict[str, Any] = {}
    main = threading.get_ident()

    def work() -> int:
        seen["worker"] = threading.get_ident()
        return 42

    run_in_background(work, on_done=lambda r: seen.update(result=r, done_on=threading.get_ident()))
    wait_for(app, lambda: "result" in seen)
    assert seen["result"] == 42
    assert seen["done_on"] == main and seen["worker"] != main

    def fail() -> None:
        raise ValueError("camera gone")

    run_in_background(fail, on_error=lambda e: seen.update(error=str(e)))
    wait_for(app, lambda: "error" in seen)
    assert seen["error"] == "camera gone"


def test_app_command_size_and_pi_detection(tmp_path: Path) -> None:
    import argparse
    import subprocess
    import sys

    from ui.commands import on_raspberry_pi, parse_size

    assert parse_size("1280x720") == (1280, 720)
    with pytest.raises(argparse.ArgumentTypeError, match="expected WxH"):
        parse_size("big")
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    assert on_raspberry_pi(model)
    assert not on_raspberry_pi(tmp_path / "missing")
    out = subprocess.run(
        [sys.executable, "-m", "companion.cli", "ui", "--size", "huge"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "expected WxH" in out.stderr


def test_app_starts_on_home_when_the_unfinished_session_cannot_be_read(app: Any) -> None:
    info = SessionInfo("scorepad", (Player("Ana"),), {"for": "croak"})
    sid = app.store.create(info)
    app.store.append(sid, {"type": "points", "player": "Ana"})  # no amount: unreadable
    app.resume_on_start = True
    try:
        app.start_screen()
    finally:
        app.resume_on_start = False
    assert app.screen.name == "home"
    assert app.status.startswith(f"Could not resume session {sid}: ")
    assert "'amount'" in app.status
    app.store.set_finished(sid, True, "damaged")
