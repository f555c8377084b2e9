"""The screenshots walker behind ``pond-companion ui --demo --screenshots DIR``.

Builds the app in demo mode on a temporary store seeded with demo sessions,
walks ``ui.screens.SCREENS`` in order, calls each module's ``demo(app)``,
renders and writes ``DIR/<screen>.png``. A screen whose demo fails is reported
on stderr and the exit code is 1; otherwise 0.
"""

from __future__ import annotations

import importlib
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

FRAMES = 4  # frames rendered before each picture: layout settles in 2-3


def seed_demo_store(store: Any) -> None:
    """Finished demo games for History, and one unfinished Croak pad to Resume."""
    from companion.session import replay
    from ui.demo import demo_scorepad_sessions

    for info, events, finished in demo_scorepad_sessions():
        sid = store.create(info)
        for event in events:
            store.append(sid, event)
        live = replay(info, events)
        summary = live.game.summary(live.state)
        if finished:
            store.set_finished(sid, True, summary)
        else:
            store.set_summary(sid, summary)


def render(frames: int = FRAMES) -> None:
    """Let layout and text settle (clock ticks), then draw once; the PNG comes from an FBO."""
    from kivy.base import EventLoop
    from kivy.clock import Clock

    for _ in range(frames):
        Clock.tick()
    EventLoop.idle()


def build_demo_app(folder: Path) -> Any:
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from companion.config import parse_config
    from companion.store import SessionStore
    from ui.app import PondCompanionApp

    config = parse_config(
        {
            "data": {"folder": str(folder)},
            "camera": {"source": "demo"},
            "gpio": {"backend": "keyboard"},
        },
        "default",
    )
    store = SessionStore.open(folder)
    seed_demo_store(store)
    app = PondCompanionApp(config=config, store=store, demo=True, resume_on_start=False)
    EventLoop.ensure_window()
    root = app.build()
    app.root = root
    app.built = True
    Window.add_widget(root)
    app.start_screen()
    render()
    return app


def take_screenshots(config: Any, out_dir: Path) -> int:
    from ui.screens import SCREENS

    out_dir.mkdir(parents=True, exist_ok=True)
    failed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="pond-companion-demo-") as tmp:
        app = build_demo_app(Path(tmp))
        try:
            for name, module_path in SCREENS:
                started = time.perf_counter()
                try:
                    module = importlib.import_module(module_path)
                    module.demo(app)
                    render()
                    app.root.export_to_png(str(out_dir / f"{name}.png"))
                except Exception:
                    failed.append(name)
                    print(f"screenshot {name}: failed", file=sys.stderr)
                    traceback.print_exc()
                took = time.perf_counter() - started
                print(f"{out_dir / (name + '.png')} ({took:.2f} s)", file=sys.stderr)
        finally:
            app.writer.flush()
            app.on_stop()
            app.store.close()
    if failed:
        print(f"screenshots failed for: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0
