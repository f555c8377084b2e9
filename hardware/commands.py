"""``pond-companion buttons test``: a live check for the person wiring the panel.

It prints each press, release and hold as it happens (and the command each
would send), and meanwhile steps the status LED through its colours and
sounds each buzzer alert in turn. At the end it names any button that never
registered, with its BCM and header pin. Importing this module stays light:
gpiozero loads inside the handler.
"""

from __future__ import annotations

import argparse
import queue
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TextIO

from hardware.settings import PanelSettings


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seconds {text!r} is not a number") from None
    if not 0 < value <= 24 * 3600:
        raise argparse.ArgumentTypeError(f"--seconds {text}: use more than 0, up to 86400")
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("buttons", help="the GPIO button panel, status LED and buzzer")
    actions = parser.add_subparsers(dest="buttons_action", metavar="ACTION")
    test = actions.add_parser(
        "test",
        help="live check: print each press, release and hold; blink the LED colours "
        "and sound the buzzer in turn",
    )
    test.add_argument(
        "--seconds", type=_seconds, default=30.0, metavar="N", help="how long (default 30)"
    )
    test.set_defaults(func=_test)

    def usage(args: argparse.Namespace) -> int:
        parser.print_help(sys.stderr)
        return 2

    parser.set_defaults(func=usage)


def _test(args: argparse.Namespace) -> int:
    from companion.config import load_config

    config = load_config(args.config)
    where = str(config.path) if config.path is not None else "defaults"
    settings = PanelSettings.from_config(config.gpio, where=where)
    # The wiring check is about the pins, whatever backend the app is set to use.
    return run_buttons_test(replace(settings, backend="auto"), seconds=args.seconds)


def run_buttons_test(
    settings: PanelSettings,
    *,
    seconds: float,
    out: TextIO | None = None,
    pin_factory: Any | None = None,
    step_s: float = 0.6,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Run the live check; 0 when it ran. No GPIO to test is a ``HardwareError`` (exit 2)."""
    from companion.errors import HardwareError
    from hardware.backend import load_pin_factory, open_panel
    from hardware.panel import BUTTONS, KEY_HELP, ButtonEvent
    from hardware.pins import PHYSICAL
    from hardware.status import ALERTS, STATE_LOOKS

    stream = sys.stdout if out is None else out

    def say(text: str) -> None:
        print(text, file=stream, flush=True)

    if pin_factory is None:
        pin_factory, reason = load_pin_factory()
        if pin_factory is None:
            # One line, exit 2 (the README's "cannot do it here"), and no second line from
            # the panel's own keyboard fallback.
            raise HardwareError(
                f"buttons test: no GPIO here ({reason}); nothing to test "
                f"(in the app the keyboard stands in: {KEY_HELP})"
            )
    events: queue.Queue[ButtonEvent] = queue.Queue()
    with open_panel(settings, pin_factory=pin_factory, listener=events.put) as panel:
        pins = settings.button_pins()
        wiring = (
            "pull-up, a press connects to ground"
            if settings.pull_up
            else "pull-down, a press connects to 3V3"
        )
        say(
            "buttons test: "
            + ", ".join(f"{b} = BCM {p} (header pin {PHYSICAL[p]})" for b, p in pins.items())
            + f"; {wiring}"
            + f"; bounce {settings.bounce_ms} ms, hold {settings.hold_s:g} s"
        )
        say(
            "LED "
            + (
                "red/green/blue = BCM " + "/".join(str(p) for p in settings.led_pins)
                if settings.led
                else "not fitted"
            )
            + "; buzzer "
            + (f"BCM {settings.buzzer_pin}" if settings.buzzer else "not fitted")
        )
        say(f"Press, hold and release each button; stops after {seconds:g} s (Ctrl-C sooner).")
        steps: list[tuple[str, str]] = [("led", s) for s in STATE_LOOKS]
        steps += [("buzzer", k) for k in ALERTS]
        seen: dict[str, int] = dict.fromkeys(BUTTONS, 0)
        start = clock()
        next_step, step = start, 0
        while (now := clock()) - start < seconds:
            if now >= next_step:
                what, name = steps[step % len(steps)]
                if what == "led":
                    look = panel.show(name)
                    fitted = "" if settings.led else " (no LED fitted)"
                    blink = ", blinking" if look.blink else ""
                    say(f"{now - start:7.2f} s  LED {name}: {look.name}{blink}{fitted}")
                else:
                    panel.alert(name)
                    beep = ALERTS[name]
                    fitted = "" if settings.buzzer else " (no buzzer fitted)"
                    say(f"{now - start:7.2f} s  buzzer {name}: {beep.n} x {beep.on_s:g} s{fitted}")
                step += 1
                next_step += step_s
            try:
                event = events.get(timeout=max(0.0, min(0.05, next_step - clock())))
            except queue.Empty:
                continue
            if event.edge == "press":
                seen[event.button] += 1
            sent = f"  -> {event.command}" if event.command else ""
            ignored = f"  (ignored: {event.ignored})" if event.ignored else ""
            say(
                f"{event.at - start:7.2f} s  {event.button} {event.edge} "
                f"({event.source}){sent}{ignored}"
            )
            while not panel.commands.empty():
                panel.commands.get_nowait()  # nobody acts on them here
        panel.show("idle")
    missing = [b for b, n in seen.items() if n == 0]
    say("seen: " + ", ".join(f"{b} {n}" for b, n in seen.items()))
    for b in missing:
        p = pins[b]
        say(f"no press seen on {b}: check BCM {p} (header pin {PHYSICAL[p]}) and its ground wire")
    return 0
