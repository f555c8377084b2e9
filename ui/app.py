"""The Kivy app: services, app state as Kivy properties, screen switching, commands.

Services are injected for tests (``PondCompanionApp(config=..., store=...,
panel=..., camera_factory=..., demo=True)``); ``ui.commands`` builds the real
ones. Screens are created lazily on first visit so start-up stays fast.
"""

from __future__ import annotations

import importlib
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.errors import CompanionError
from companion.games.base import Event, Violation
from companion.session import LiveSession, SessionInfo, replay
from ui.bridge import StoreWriter
from ui.screens import SCREENS

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
COMMAND_POLL_S = 0.05

# Which screen plays a session of each game; any other game uses the score pad.
GAME_SCREENS = {"pond": "pond_tracker", "pondscape": "pondscape_play"}


def screen_for(info: SessionInfo) -> str:
    """The screen that plays a session: the game's own, else the score pad."""
    name = GAME_SCREENS.get(info.game)
    if name is None and any(n == info.game for n, _ in SCREENS):
        name = info.game
    return name or "scorepad"


def session_title(info: SessionInfo) -> str:
    """The game's name for people: "Croak" for a Croak score pad."""
    from companion.games import BOXED_GAMES

    key = str(info.options.get("for", info.game)) if info.game == "scorepad" else info.game
    return dict(BOXED_GAMES).get(key, key.title())


class AppRoot(FloatLayout):
    """The screen manager with the overlays (demo badge, warnings banner) above it."""


class PondCompanionApp(App):
    title = "Pond Companion"
    use_kivy_settings = False

    demo = BooleanProperty(False)
    live = ObjectProperty(None, allownone=True)
    session_id = ObjectProperty(None, allownone=True)
    # Bumped after every event played, undone or loaded: screens bind to it to refresh.
    revision = NumericProperty(0)
    status = StringProperty("")
    # The type scale and sizes in pixels, computed from millimetres on the configured display
    # (``ui.theme.sizes``: the window fills a screen ``[display] diagonal_in`` across).
    mm = NumericProperty(5.25)
    font_body = NumericProperty(23)
    font_small = NumericProperty(19)
    font_large = NumericProperty(34)
    font_huge = NumericProperty(88)
    touch = NumericProperty(63)
    touch_min = NumericProperty(47)
    pad = NumericProperty(8)
    # The warnings banner's height while it shows: the screens are shortened by it.
    banner_height = NumericProperty(0)
    # The docked on-screen keyboard's height while it shows: the screens sit above it.
    keyboard_height = NumericProperty(0)

    def __init__(
        self,
        *,
        config: Any = None,
        store: Any = None,
        panel: Any = None,
        camera_factory: Callable[[str], Any] | None = None,
        demo: bool | None = None,
        resume_on_start: bool = True,
        script: Any = None,
        **kwargs: Any,
    ) -> None:
        self._status_clear: Any = None
        super().__init__(**kwargs)
        if config is None:
            from companion.config import load_config

            config = load_config()
        self.config = config  # companion.config.Config, not Kivy's ConfigParser
        self._store = store
        if panel is None:
            from ui.demo import open_panel

            panel = open_panel(config)
        self.panel = panel
        if demo is None:
            from ui.demo import detect_demo

            demo = detect_demo(config, panel)
        self.demo = bool(demo)
        if camera_factory is None:
            from ui.demo import default_camera_factory

            camera_factory = default_camera_factory(self)
        self.camera_factory = camera_factory
        self._camera: Any = None
        self._camera_kind = ""
        self.resume_on_start = resume_on_start
        self.writer = StoreWriter()
        self.sm: ScreenManager | None = None
        self.banner: Any = None
        self.last_violations: list[Violation] = []
        self._poll: Any = None
        self._screen_modules: dict[str, str] = dict(SCREENS)
        self.history: list[str] = []
        # ui.script.CommandScript when started with --commands-from; None otherwise.
        self.script = script
        self.watchdog: Any = None  # ui.service.Watchdog when started by systemd

    STATUS_SECONDS = 10.0

    def on_status(self, _app: Any, text: str) -> None:
        """A status line (a write that failed, a session that could not be resumed) is shown
        over the bottom of the screen for a while, then cleared."""
        if self._status_clear is not None:
            self._status_clear.cancel()
            self._status_clear = None
        if text:
            self._status_clear = Clock.schedule_once(self._clear_status, self.STATUS_SECONDS)

    def _clear_status(self, *_: Any) -> None:
        self._status_clear = None
        self.status = ""

    # --- Kivy's own config: this app keeps its settings in companion.config instead.
    def load_config(self) -> Any:
        return self.config

    def open_settings(self, *largs: Any) -> bool:
        return False

    # --- services
    @property
    def store(self) -> Any:
        if self._store is None:
            from companion.store import SessionStore

            self._store = SessionStore.open(self.config.data.folder)
        return self._store

    @store.setter
    def store(self, value: Any) -> None:
        self._store = value

    @property
    def camera(self) -> Any:
        """The open frame source (opened lazily with the Pondscape demo frames by default)."""
        if self._camera is None:
            self.use_camera("pondscape")
        return self._camera

    def use_camera(self, kind: str) -> Any:
        """Open the camera for ``kind`` ("pond" or "pondscape"); the demo frames differ."""
        if self._camera is not None and (self._camera_kind == kind or not self.demo):
            return self._camera
        self.close_camera()
        self._camera = self.camera_factory(kind)
        self._camera_kind = kind
        return self._camera

    def close_camera(self) -> None:
        if self._camera is not None:
            try:
                self._camera.close()
            finally:
                self._camera = None
                self._camera_kind = ""

    # --- building
    def _update_sizes(self, _win: Any, size: tuple[int, int]) -> None:
        from ui.theme import sizes

        diagonal = getattr(getattr(self.config, "display", None), "diagonal_in", 7.0)
        for name, value in sizes(size, diagonal).items():
            setattr(self, name, value)

    def build(self) -> AppRoot:
        import ui.widgets  # noqa: F401  (registers the named styles' classes for theme.kv)

        Builder.load_file(str(HERE / "theme.kv"))
        self._update_sizes(Window, Window.size)
        Window.bind(size=self._update_sizes)
        Window.bind(on_key_down=self._on_key_down, on_key_up=self._on_key_up)
        root = AppRoot()
        self.sm = root.ids.sm
        self.sm.transition = NoTransition()
        self._attach_banner(root)
        from ui.keyboard import KeyboardDock

        self.keyboard_dock = KeyboardDock(self)
        self._poll = Clock.schedule_interval(self.drain_commands, COMMAND_POLL_S)
        return root

    def _attach_banner(self, root: AppRoot) -> None:
        try:
            module = importlib.import_module("ui.widgets.warnings_banner")
        except ImportError:
            return  # UI-B's banner has not landed: warnings are kept in last_violations only
        cls = getattr(module, "WarningsBanner", None)
        if cls is not None:
            self.banner = cls()
            root.add_widget(self.banner)

    def on_start(self) -> None:
        self.start_screen()
        Clock.schedule_once(self._started, 0)  # after the first frame is drawn

    def _started(self, *_: Any) -> None:
        """Tell systemd the app is up (and start the main-loop watchdog pings)."""
        from ui.service import start_watchdog

        self.watchdog = start_watchdog(Clock, self._service_status)
        if self.script is not None:
            events = len(self.live.log) if self.live is not None else 0
            self.script.ready(self.session_id, events, self.sm.current if self.sm else "")

    def _service_status(self) -> str:
        if self.live is not None and self.session_id is not None:
            return f"Session {self.session_id} ({len(self.live.log)} events)"
        return "Home"

    def start_screen(self) -> None:
        """Open on the unfinished session after a power cut, else on the home screen."""
        if self.resume_on_start:
            latest = self.latest_unfinished()
            if latest is not None:
                try:
                    self.resume(latest)
                    return
                except Exception as exc:  # a damaged session must never stop the app starting
                    log.exception("cannot resume session %s", latest)
                    self.status = f"Could not resume session {latest}: {exc}"
        self.go("home")

    def latest_unfinished(self) -> int | None:
        try:
            row = self.store.unfinished()
            damaged: list[Any] = getattr(self.store, "damaged", list)()
        except CompanionError as exc:
            self.status = str(exc)
            return None
        if damaged:  # named, and skipped: the other sessions are still offered
            self.status = f"Session {damaged[0].id} cannot be shown: {damaged[0].problem}"
        return None if row is None else int(row.id)

    def on_stop(self) -> None:
        if self._poll is not None:
            self._poll.cancel()
        if self.watchdog is not None:
            self.watchdog.stop()
        self.writer.close()
        self.close_camera()
        from ui.bridge import shutdown_pool

        shutdown_pool()
        close = getattr(self.panel, "close", None)
        if close is not None:
            close()

    # --- screens
    def get_screen(self, name: str) -> Any:
        assert self.sm is not None, "build() first"
        if not self.sm.has_screen(name):
            module_path = self._screen_modules.get(name)
            if module_path is None:
                raise KeyError(f"no screen named {name!r}")
            module = importlib.import_module(module_path)
            cls = screen_class(module)
            self.sm.add_widget(cls(name=name))
        return self.sm.get_screen(name)

    @property
    def screen(self) -> Any:
        return self.sm.current_screen if self.sm is not None else None

    def go(self, screen_name: str, **kwargs: Any) -> Any:
        """Switch to ``screen_name`` and call its ``enter(**kwargs)``."""
        screen = self.get_screen(screen_name)
        assert self.sm is not None
        if self.sm.current != screen_name:
            self.history.append(self.sm.current)
            del self.history[:-20]
        self.sm.current = screen_name
        if screen_name == "home":
            self.show_status("idle")
        screen.enter(**kwargs)
        return screen

    def show_status(self, state: str) -> None:
        """The panel's status light for a named state ("idle", "main", ...), if fitted."""
        show = getattr(self.panel, "show", None)
        if show is not None:
            try:
                show(state)
            except Exception as exc:  # a missing LED must not stop the game
                log.warning("status light %s: %s", state, exc)

    def back(self) -> None:
        """Go to the previous screen (home when there is none)."""
        target = self.history.pop() if self.history else "home"
        if not target or target == self.sm.current:  # type: ignore[union-attr]
            target = "home"
        self.go(target)

    # --- commands: buttons and keys
    def drain_commands(self, *_: Any) -> None:
        queues = [getattr(self.panel, "commands", None)]
        if self.script is not None:
            queues.append(self.script.commands)
        for commands in queues:
            while commands is not None:
                try:
                    cmd = str(getattr((item := commands.get_nowait()), "value", item))
                except Exception:  # queue.Empty
                    break
                if cmd == "quit":  # only a command script sends it
                    self.stop()
                    return
                handled = self.dispatch_command(cmd)
                if commands is not queues[0]:
                    self.script.did(cmd, self.sm.current if self.sm else "", handled)

    def dispatch_command(self, cmd: str) -> bool:
        screen = self.screen
        return bool(screen is not None and screen.on_command(cmd))

    def _key_name(self, key: int, codepoint: str | None) -> str:
        from kivy.core.window import Keyboard

        return str(Keyboard.keycode_to_string(Window._system_keyboard, key) or codepoint or "")

    def _on_key_down(self, _win: Any, key: int, _scancode: int, codepoint: Any, _mods: Any) -> bool:
        if key == 27:  # Escape goes home instead of closing the app
            self.go("home")
            return True
        if self._typing():
            return False
        return bool(self.panel.key_down(self._key_name(key, codepoint)))

    def _on_key_up(self, _win: Any, key: int, _scancode: int, *_: Any) -> bool:
        if self._typing():
            return False
        return bool(self.panel.key_up(self._key_name(key, None)))

    def _typing(self) -> bool:
        """True while a text input has the focus: keys are letters then, not buttons."""
        from kivy.uix.textinput import TextInput

        focused = getattr(Window, "focused_widget", None)
        if isinstance(focused, TextInput):
            return True
        screen = self.screen
        return bool(screen is not None and getattr(screen, "typing", False))

    # --- sessions
    def start_session(self, info: SessionInfo) -> None:
        """Create the session in the store, make it live and open its game screen."""
        live = LiveSession(info)
        self.session_id = self.store.create(info)
        self.live = live
        self.revision += 1
        self.go(screen_for(info))

    def resume(self, session_id: int) -> None:
        """Load a stored session, replay its log and open its game screen where it was."""
        info, events = self.store.load(session_id)
        self.live = replay(info, [_as_mapping(e) for e in events], where=f"session {session_id}")
        self.session_id = session_id
        self.revision += 1
        self.go(screen_for(info))

    def play(self, event: Event) -> list[Violation]:
        """Checked play on the live session; the store write goes to the writer thread.

        Violations are recorded by the session, returned and shown in the banner.
        """
        if self.live is None:
            raise CompanionError("no game is being played")
        violations: list[Violation] = self.live.play(event)
        sid = self.session_id
        data = event.to_json()
        script = self.script
        self.writer.submit(
            self.store.append,
            sid,
            data,
            on_error=self._write_failed,
            on_done=None if script is None else (lambda seq: script.saved(sid, seq, data)),
        )
        # The summary line keeps the Resume tile and `sessions list` current.
        summary = self.live.game.summary(self.live.state)
        if self.live.over:
            self.writer.submit(self.store.set_finished, sid, True, summary)
        else:
            self.writer.submit(self.store.set_summary, sid, summary)
        self.revision += 1
        if violations:
            self.show_warnings(violations)
            self.buzz("warning")
        return violations

    def finish_session(self) -> None:
        """Mark the live session finished (score pads end when the table says so)."""
        if self.live is None:
            return
        summary = self.live.game.summary(self.live.state)
        self.writer.submit(self.store.set_finished, self.session_id, True, summary)

    def _write_failed(self, exc: BaseException) -> None:
        self.status = f"Could not save the last event: {exc}"

    def show_warnings(self, violations: list[Violation]) -> None:
        self.last_violations = list(violations)
        if self.banner is not None and violations:
            self.banner.show(violations)

    def buzz(self, kind: str) -> None:
        alert = getattr(self.panel, "alert", None)
        if alert is not None:
            try:
                alert(kind)
            except Exception as exc:  # a buzzer fault must not stop the game
                log.warning("alert %s failed: %s", kind, exc)

    def data_folder(self) -> Path:
        folder = Path(self.config.data.folder)
        folder.mkdir(parents=True, exist_ok=True)
        return folder


def screen_class(module: Any) -> type:
    """The screen class a screen module defines (a BaseScreen subclass declared there)."""
    from ui.screens.base import BaseScreen

    for value in vars(module).values():
        if (
            isinstance(value, type)
            and issubclass(value, BaseScreen)
            and value.__module__ == module.__name__
        ):
            return value
    raise KeyError(f"{module.__name__} defines no screen class")


def _as_mapping(event: Any) -> Any:
    return json.loads(event) if isinstance(event, str | bytes) else event


def running_app() -> PondCompanionApp:
    app = App.get_running_app()
    assert isinstance(app, PondCompanionApp)
    return app
