"""The screenshots walker behind ``pond-companion ui --demo --screenshots DIR``.

Builds the app in demo mode on a temporary store seeded with demo sessions and walks
``ui.screens.SCREENS`` in order. For each screen module it calls ``demo(app)`` (shot as
``DIR/<screen>.png``) and then each ``(state, function)`` of its optional ``demo_states()``
(shot as ``DIR/<screen>-<state>.png``): the whole Window is captured, popups and overlays
included. Every shot is run through the layout check (``ui.layout_check``); the problems go
to ``DIR/layout.json`` and, with the pictures, to ``DIR/index.html``. A state whose demo
fails is reported on stderr and the exit code is 1; otherwise 0 (layout problems are
reported, the tests assert there are none).
"""

from __future__ import annotations

import importlib
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
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


def demo_states(module: Any) -> list[tuple[str, Callable[[Any], Any]]]:
    """A screen module's shots: ``demo`` as "", then its ``demo_states()``."""
    states: list[tuple[str, Callable[[Any], Any]]] = [("", module.demo)]
    extra = getattr(module, "demo_states", None)
    if extra is not None:
        states.extend(extra())
    return states


def tidy(app: Any) -> None:
    """Close what a state left open: popups, the banner, the on-screen keyboard."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    for child in list(Window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
    focused = getattr(Window, "focused_widget", None)
    if focused is not None and getattr(focused, "focus", False):
        focused.focus = False
    from ui.keyboard import docked_keyboard, restore_keyboard_mode

    if docked_keyboard() is not None:
        Window.release_all_keyboards()
    restore_keyboard_mode()
    from ui.widgets.warnings_banner import hide_banner

    hide_banner(app)


def shoot(path: Path) -> Any:
    """Write what the Window shows to ``path`` (PNG); returns the RGB pixels."""
    import cv2

    from ui.layout_check import window_pixels

    image = window_pixels()
    cv2.imwrite(str(path), cv2.cvtColor(image, cv2.COLOR_RGB2BGR))
    return image


def take_screenshots(config: Any, out_dir: Path) -> int:
    from ui.layout_check import check_window
    from ui.screens import SCREENS

    out_dir.mkdir(parents=True, exist_ok=True)
    failed: list[str] = []
    shots: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="pond-companion-demo-") as tmp:
        app = build_demo_app(Path(tmp))
        try:
            for name, module_path in SCREENS:
                try:
                    states = demo_states(importlib.import_module(module_path))
                except Exception:
                    failed.append(name)
                    print(f"screenshot {name}: failed", file=sys.stderr)
                    traceback.print_exc()
                    continue
                for state, function in states:
                    shot = f"{name}-{state}" if state else name
                    started = time.perf_counter()
                    try:
                        tidy(app)
                        function(app)
                        render()
                        image = shoot(out_dir / f"{shot}.png")
                        problems = [str(p) for p in check_window(app.mm, image)]
                        shots.append({"shot": shot, "screen": name, "problems": problems})
                    except Exception:
                        failed.append(shot)
                        print(f"screenshot {shot}: failed", file=sys.stderr)
                        traceback.print_exc()
                    took = time.perf_counter() - started
                    print(f"{out_dir / (shot + '.png')} ({took:.2f} s)", file=sys.stderr)
        finally:
            tidy(app)
            app.writer.flush()
            app.on_stop()
            app.store.close()
    write_index(out_dir, shots, failed)
    if failed:
        print(f"screenshots failed for: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def write_index(out_dir: Path, shots: list[dict[str, Any]], failed: list[str]) -> None:
    """``layout.json`` (the layout check's findings) and ``index.html`` (pictures + findings)."""
    import html
    import json

    from kivy.core.window import Window

    size = f"{Window.width}x{Window.height}"
    (out_dir / "layout.json").write_text(
        json.dumps({"size": size, "shots": shots, "failed": failed}, indent=1) + "\n",
        encoding="utf-8",
    )
    total = sum(len(s["problems"]) for s in shots)
    parts = [
        "<!doctype html><meta charset='utf-8'>",
        f"<title>Pond Companion screens at {size}</title>",
        "<style>body{font-family:sans-serif;background:#0E1916;color:#F2F5EE;margin:1em}"
        "figure{display:inline-block;margin:0 1em 1.5em 0;vertical-align:top}"
        "img{max-width:640px;border:1px solid #2A463E}figcaption{max-width:640px}"
        "li{color:#F2A33A}a{color:#5DA9E9}</style>",
        f"<h1>Pond Companion: every screen and state at {size}</h1>",
        f"<p>{len(shots)} shots, {total} layout problems"
        + (f", failed: {html.escape(', '.join(failed))}" if failed else "")
        + ". Made by <code>pond-companion ui --demo --screenshots DIR</code>.</p>",
    ]
    for shot in shots:
        name = html.escape(shot["shot"])
        items = "".join(f"<li>{html.escape(p)}</li>" for p in shot["problems"])
        parts.append(
            f"<figure id='{name}'><a href='{name}.png'><img src='{name}.png' alt='{name}'></a>"
            f"<figcaption><b>{name}</b>{'<ul>' + items + '</ul>' if items else ' ok'}"
            "</figcaption></figure>"
        )
    (out_dir / "index.html").write_text("\n".join(parts) + "\n", encoding="utf-8")
