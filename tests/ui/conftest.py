"""Fixtures for the Kivy UI tests (both UI helpers use them).

Kivy renders off-screen here (SDL2 with no display). There is one Window per
process, so the ``app`` fixture is session-scoped: the app is built once with a
temporary store, the keyboard panel and the demo camera, its root attached to
the Window without ``run()``. Call ``reset_app(app)`` (the autouse
``fresh_app`` fixture does) so each test starts on the home screen with no
live session.

Helpers: ``render(app, frames)``, ``tap(widget)``, ``press(app, "next")``,
``find(root, text=..., id=...)``, ``find_all``, ``wait_for(app, predicate)``.
"""

from __future__ import annotations

import os
import tempfile

# Before anything imports kivy: a private KIVY_HOME, no argv parsing, a fixed window.
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
os.environ["KIVY_NO_ARGS"] = "1"
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.config import Config as KivyConfig

KivyConfig.set("graphics", "width", "800")
KivyConfig.set("graphics", "height", "480")
KivyConfig.set("kivy", "exit_on_escape", "0")
KivyConfig.set("graphics", "maxfps", "0")  # Clock.tick must not sleep to pace frames

from kivy.app import App  # noqa: E402
from kivy.base import EventLoop  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402

from companion.config import parse_config  # noqa: E402
from companion.store import FILENAME as STORE_FILE  # noqa: E402
from companion.store import SessionStore  # noqa: E402


def make_config(folder: Path, **sections: dict[str, Any]) -> Any:
    data: dict[str, dict[str, Any]] = {
        "data": {"folder": str(folder)},
        "camera": {"source": "demo"},
    }
    for name, body in sections.items():
        data.setdefault(name, {}).update(body)
    return parse_config(data, "default")


def make_panel(config: Any) -> Any:
    """The hardware keyboard panel (no GPIO here), polled by hand."""
    from hardware import KeyboardPanel, PanelSettings

    return KeyboardPanel(PanelSettings.from_config(config.gpio), autopoll=False)


def demo_camera(kind: str) -> Any:
    from ui.demo import demo_source

    return demo_source(kind)


@pytest.fixture(scope="session")
def ui_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ui-data")


@pytest.fixture(scope="session")
def app(ui_data_folder: Path) -> Iterator[Any]:
    from ui.app import PondCompanionApp

    config = make_config(ui_data_folder)
    store = SessionStore.open(ui_data_folder)
    application = PondCompanionApp(
        config=config,
        store=store,
        panel=make_panel(config),
        camera_factory=demo_camera,
        demo=True,
        resume_on_start=False,
    )
    EventLoop.ensure_window()
    root = application.build()
    application.root = root
    application.built = True
    Window.add_widget(root)
    application.start_screen()
    render(application, 2)
    yield application
    application.writer.close()
    application.close_camera()
    store.close()


@pytest.fixture(autouse=True)
def fresh_app(request: pytest.FixtureRequest) -> Iterator[None]:
    """Reset the shared app before every UI test that uses it, and afterwards take out of
    its data folder the owner's files the test left there (calibrated colours, a layout,
    an empty-board photo, cards): a later test must see the defaults, whatever order the
    files run in (pytest-xdist deals them to one worker a core). Only new files are taken
    out: a test that overwrites a file already there, or makes a folder, cleans up itself."""
    if "app" not in request.fixturenames:
        yield
        return
    app = request.getfixturevalue("app")
    reset_app(app)
    folder = app.data_folder()
    before = {p.name for p in folder.iterdir()}
    yield
    app.writer.flush()
    for p in folder.iterdir():
        if p.name not in before and p.is_file() and not p.name.startswith(STORE_FILE):
            p.unlink()


def reset_app(app: Any) -> None:
    """Back to the home screen with no live session, the queue drained and writes flushed."""
    app.writer.flush()
    render(app, 1)
    app.live = None
    app.session_id = None
    app.status = ""
    app.last_violations = []
    app.close_camera()
    commands = getattr(app.panel, "commands", None)
    while commands is not None and not commands.empty():
        commands.get_nowait()
    app.history.clear()
    app.go("home")
    render(app, 2)


def render(app: Any, frames: int = 2) -> None:
    """Run the event loop for ``frames`` frames: clock callbacks, layout and drawing."""
    for _ in range(frames):
        Clock.tick()
        EventLoop.idle()


def wait_for(app: Any, predicate: Callable[[], Any], timeout: float = 3.0) -> Any:
    """Render frames until ``predicate()`` is truthy (work handed back by worker threads)."""
    import time

    end = time.monotonic() + timeout
    while True:
        render(app, 1)
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {predicate}")
        time.sleep(0.005)


def tap(widget: Widget, app: Any = None) -> None:
    """A real touch down and up at the widget's centre, through the Window's input path."""
    Clock.tick()
    EventLoop.idle()  # lay out first: a screen just switched to has stale positions
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    Clock.tick()


def tap_pond(review: Any, pond_id: str) -> None:
    """Tap a pond on the End Phase's map (the way a pond is corrected)."""
    board_map = review.board_map
    render(App.get_running_app(), 2)
    x, y = board_map.to_window(*board_map.centre_of(pond_id))
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    Clock.tick()


def drag(widget: Widget, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A touch pressed at window point ``start``, moved to ``end`` and released."""
    touch = UnitTestTouch(*start)
    touch.touch_down()
    touch.touch_move(*end)
    touch.touch_up()
    Clock.tick()


def press(app: Any, command: str) -> None:
    """A button command (next, confirm, scan, undo, redo) through the panel's queue."""
    app.panel.commands.put(command)
    app.drain_commands()
    render(app, 1)


def find_all(
    root: Widget, text: str | None = None, id: str | None = None, cls: type | None = None
) -> list[Widget]:
    """Widgets under ``root`` whose text contains ``text``, with kv ``id``, or of ``cls``."""
    found = []
    for w in root.walk(restrict=True):
        if text is not None and text not in str(getattr(w, "text", "")):
            continue
        if cls is not None and not isinstance(w, cls):
            continue
        if id is not None:
            owner_ids = [k for p in _parents(w) for k, v in getattr(p, "ids", {}).items() if v is w]
            if id not in owner_ids:
                continue
        found.append(w)
    return found


def find(
    root: Widget, text: str | None = None, id: str | None = None, cls: type | None = None
) -> Widget:
    """The one visible widget matching (see ``find_all``); fails naming what was looked for."""
    found = [w for w in find_all(root, text, id, cls) if getattr(w, "opacity", 1) > 0]
    if not found:
        raise AssertionError(f"no widget with text={text!r} id={id!r} cls={cls}")
    return found[0]


def _parents(w: Widget) -> Iterator[Widget]:
    while w is not None:
        yield w
        parent = w.parent
        if parent is w:
            break
        w = parent


@pytest.fixture(params=[(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def display_size(request: pytest.FixtureRequest, app: Any) -> Iterator[tuple[int, int]]:
    """The test runs at each display's window size (layout only: the off-screen window's
    pixels stay 800x480), and the old size is put back."""
    from tests.ui.resize import resize

    old = (int(Window.width), int(Window.height))
    try:
        resize(app, request.param)
        yield request.param
    finally:
        resize(app, old)
