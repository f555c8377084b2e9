"""``pond-companion ui``: start the touchscreen app, or write one screenshot per screen.

    pond-companion ui [--demo] [--screenshots DIR] [--size WxH] [--fullscreen]

Light at import (no kivy): Kivy is configured (window size, no argv parsing)
before it is first imported, inside the handler.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
from pathlib import Path
from typing import Any

from companion.errors import ConfigError

SIZE = re.compile(r"^(\d{3,5})x(\d{3,5})$")


def parse_size(text: str) -> tuple[int, int]:
    match = SIZE.match(text.strip().lower())
    if not match:
        raise argparse.ArgumentTypeError(f"--size-px {text!r}: expected WxH, e.g. 800x480")
    return int(match.group(1)), int(match.group(2))


def register(sub: Any) -> None:
    p = sub.add_parser(
        "ui",
        help="start the touchscreen app (demo mode by itself with no Pi camera and no GPIO)",
        description="Start the touchscreen app. With no Pi camera and no GPIO buttons it starts "
        "in demo mode by itself: the bundled sample frames are the camera and keyboard keys "
        "are the buttons (Space = next, S = scan, U or Backspace = undo; hold Space = confirm, "
        "hold U = redo).",
    )
    p.add_argument("--demo", action="store_true", help="demo mode even on a Pi")
    p.add_argument(
        "--screenshots",
        type=Path,
        metavar="DIR",
        help="walk every screen with demo data, write DIR/<screen>.png, then exit",
    )
    p.add_argument(
        "--size-px",
        "--size",  # the old spelling stays an alias: every size flag names its unit
        dest="size",
        type=parse_size,
        metavar="WxH",
        help="window size in pixels (default: the config's)",
    )
    p.add_argument("--fullscreen", action="store_true", help="fill the screen (kiosk)")
    p.add_argument(
        "--commands-from",
        metavar="FILE",
        help="read button commands (next, confirm, scan, undo, redo, quit), one per line, "
        "from FILE (a file, a FIFO, or - for standard input), and report each saved event on "
        "standard output: for scripted tests and soak runs",
    )
    p.set_defaults(func=run)


class _OneLine(logging.Filter):
    """Kivy logs a traceback for each optional provider it cannot load (mtdev, xclip...):
    keep one line per message, and in quiet mode only Kivy's critical ones."""

    def __init__(self, quiet: bool) -> None:
        super().__init__()
        self.kivy_level = logging.CRITICAL if quiet else logging.WARNING

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("kivy") and record.levelno < self.kivy_level:
            return False
        record.msg = str(record.getMessage()).splitlines()[0] if record.getMessage() else ""
        record.args = None
        record.exc_info = None
        record.exc_text = None
        return True


def configure_logging(quiet: bool) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_OneLine(quiet))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)


def configure_kivy(size: tuple[int, int], fullscreen: bool, maxfps: int = 60) -> None:
    """Settings Kivy reads when it is first imported: must run before any kivy import."""
    os.environ["KIVY_NO_ARGS"] = "1"
    os.environ["KIVY_LOG_MODE"] = "PYTHON"  # through `logging`, one line per message
    from kivy.config import Config as KivyConfig

    KivyConfig.set("graphics", "width", str(size[0]))
    KivyConfig.set("graphics", "height", str(size[1]))
    KivyConfig.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    KivyConfig.set("graphics", "resizable", "1")
    KivyConfig.set("graphics", "maxfps", str(maxfps))  # 0: never sleep (screenshots)
    KivyConfig.set("kivy", "exit_on_escape", "0")
    KivyConfig.set("input", "mouse", "mouse,disable_multitouch")
    if on_raspberry_pi():
        # A touchscreen with no keyboard: dock Kivy's on-screen keyboard for typing names.
        KivyConfig.set("kivy", "keyboard_mode", "systemanddock")


def on_raspberry_pi(model_file: Path = Path("/proc/device-tree/model")) -> bool:
    try:
        return "Raspberry Pi" in model_file.read_text(errors="replace")
    except OSError:
        return False


def run(args: argparse.Namespace) -> int:
    from companion.config import load_config

    config = load_config(getattr(args, "config", None))
    size = args.size or tuple(config.display.size)
    # Screenshots and scripted runs (--commands-from: the power-cut driver) are the headless
    # ways; anything else with no display would be a window nobody sees.
    if args.screenshots is None and getattr(args, "commands_from", None) is None:
        reason = no_display_reason()
        if reason is not None:
            # One line, before Kivy starts, not a window nobody sees.
            print(
                f"pond-companion ui: {reason}; without a screen use "
                "`pond-companion ui --demo --screenshots DIR`",
                file=sys.stderr,
            )
            return 2
    configure_logging(quiet=args.screenshots is not None)
    shots = args.screenshots is not None
    configure_kivy(size, bool(args.fullscreen or config.display.fullscreen), 0 if shots else 60)
    if args.screenshots is not None:
        from ui.screenshots import take_screenshots

        return take_screenshots(config, args.screenshots)
    return run_app(config, demo=bool(args.demo), commands_from=args.commands_from)


def no_display_reason(environ: Any = None, drm: Path = Path("/dev/dri")) -> str | None:
    """Why a window cannot be seen here, or None: no X or Wayland display and no DRM/KMS
    device (the Pi's console path). Kivy would then run with a window nobody sees."""
    env = os.environ if environ is None else environ
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    if env.get("SDL_VIDEODRIVER") in ("kmsdrm", "rpi"):
        return None
    try:
        if any(p.name.startswith("card") for p in drm.iterdir()):
            return None
    except OSError:
        pass
    return "no display: set DISPLAY (X) or WAYLAND_DISPLAY, or run on the Pi's screen"


def run_app(config: Any, demo: bool, commands_from: str | None = None) -> int:
    from companion.store import SessionStore
    from ui.app import PondCompanionApp

    folder = Path(config.data.folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"data.folder = {str(folder)!r}: cannot create it: {exc}") from None
    store = SessionStore.open(folder)
    for problem in store.problems:
        print(f"pond-companion ui: {problem}", file=sys.stderr)
    script = None
    if commands_from is not None:
        from ui.script import CommandScript

        script = CommandScript(commands_from)
    app = PondCompanionApp(config=config, store=store, demo=True if demo else None, script=script)
    if store.problems:
        app.status = store.problems[0]
    try:
        app.run()
    finally:
        store.close()
    return 0
