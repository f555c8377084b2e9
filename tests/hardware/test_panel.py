"""The GPIO panel on gpiozero's MockFactory: the issue's rules of behaviour."""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from gpiozero import DigitalInputDevice
from gpiozero.pins.mock import MockFactory, MockPin

from hardware import ButtonEvent, Command, Edge, Panel, PanelSettings, open_panel
from hardware.status import STATE_LOOKS, Beep

if TYPE_CHECKING:
    from conftest import Driver, FakeClock

Drain = Callable[[Panel], list[Command]]
NEXT, SCAN, UNDO = 17, 27, 22


def test_panel_bounce_counts_once(
    panel: Panel, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    """Presses closer together than the bounce time count once."""
    for _ in range(3):  # chatter within a few microseconds, then let go
        drive.press(NEXT)
        drive.release(NEXT)
    clock.advance(0.06)
    panel.poll()
    assert drain(panel) == [Command.NEXT]
    for _ in range(3):
        drive.press(SCAN)
        clock.advance(0.01)
        drive.release(SCAN)
    clock.advance(0.1)
    panel.poll()
    assert drain(panel) == [Command.SCAN]


def test_panel_presses_apart_count_twice(
    panel: Panel, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    for _ in range(2):
        drive.press(UNDO)
        clock.advance(0.2)
        drive.release(UNDO)
        clock.advance(0.2)
    panel.poll()
    assert drain(panel) == [Command.UNDO, Command.UNDO]


def test_panel_next_acts_on_release_scan_on_press(
    panel: Panel, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    drive.press(NEXT)
    clock.advance(0.3)
    panel.poll()
    assert drain(panel) == []
    drive.release(NEXT)
    assert drain(panel) == [Command.NEXT]
    clock.advance(0.3)
    drive.press(SCAN)
    assert drain(panel) == [Command.SCAN]
    clock.advance(3.0)
    panel.poll()  # a held scan is still one scan
    drive.release(SCAN)
    assert drain(panel) == []


def test_panel_held_next_sends_one_confirm(
    panel: Panel, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    """A held next sends one confirm, not a stream of next; releasing sends nothing more."""
    drive.press(NEXT)
    for _ in range(300):  # three seconds of polling while held
        clock.advance(0.01)
        panel.poll()
    assert drain(panel) == [Command.CONFIRM]
    drive.release(NEXT)
    clock.advance(0.2)
    panel.poll()
    assert drain(panel) == []


def test_panel_held_undo_sends_redo(
    panel: Panel, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    drive.press(UNDO)
    clock.advance(1.49)
    panel.poll()
    assert drain(panel) == []
    clock.advance(0.01)
    panel.poll()
    assert drain(panel) == [Command.REDO]
    drive.release(UNDO)
    assert drain(panel) == []


def test_panel_hold_noticed_on_release_without_poll(
    panel: Panel, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    """A late ticker never turns a long press into a short one."""
    drive.press(NEXT)
    clock.advance(2.0)
    drive.release(NEXT)
    assert drain(panel) == [Command.CONFIRM]


def test_panel_chord_first_wins(
    panel: Panel,
    drive: Driver,
    clock: FakeClock,
    drain: Drain,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Two buttons pressed together do not both act: the first wins, the chord is logged."""
    caplog.set_level(logging.INFO, logger="hardware")
    drive.press(NEXT)
    clock.advance(0.1)
    drive.press(UNDO)
    clock.advance(0.1)
    drive.release(UNDO)
    clock.advance(0.1)
    drive.release(NEXT)
    assert drain(panel) == [Command.NEXT]
    chords = [r.getMessage() for r in caplog.records if "chord" in r.getMessage()]
    assert chords == [
        "chord: undo (BCM 22) pressed while next (BCM 17) is down; the first wins, undo is ignored"
    ]


def test_panel_chorded_button_ignored_until_let_go(
    panel: Panel, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    drive.press(SCAN)
    clock.advance(0.1)
    drive.press(UNDO)  # chorded with scan
    clock.advance(0.1)
    drive.release(SCAN)
    clock.advance(2.0)
    panel.poll()  # undo is held long past hold_s, but it was part of a chord
    drive.release(UNDO)
    assert drain(panel) == [Command.SCAN]
    clock.advance(0.2)
    drive.press(UNDO)  # a fresh press acts again
    clock.advance(0.1)
    drive.release(UNDO)
    assert drain(panel) == [Command.UNDO]


def test_panel_chord_of_hold_keeps_the_first_hold(
    panel: Panel, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    drive.press(NEXT)
    clock.advance(0.5)
    drive.press(SCAN)
    clock.advance(1.2)
    panel.poll()
    drive.release(SCAN)
    drive.release(NEXT)
    assert drain(panel) == [Command.CONFIRM]


def test_panel_pull_down_wiring(
    factory: MockFactory, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    settings = PanelSettings(pull_up=False)
    with open_panel(settings, pin_factory=factory, time_source=clock, autopoll=False) as panel:
        drive.pull_up = False  # buttons wired to 3V3: a press drives the pin high
        drive.press(NEXT)
        clock.advance(0.1)
        drive.release(NEXT)
        assert drain(panel) == [Command.NEXT]


class HeldDownPin(MockPin):
    """A pin whose button is held: setting the pull-up does not raise the level."""

    def _set_pull(self, value: str) -> None:
        self._pull = value


def test_panel_button_down_at_startup_is_ignored(
    factory: MockFactory, clock: FakeClock, drain: Drain, caplog: pytest.LogCaptureFixture
) -> None:
    """A stuck (or miswired) button acts on nothing, and the log says which one."""
    factory.pin(SCAN, pin_class=HeldDownPin)  # held down before the panel opens
    with open_panel(
        PanelSettings(), pin_factory=factory, time_source=clock, autopoll=False
    ) as panel:
        clock.advance(3.0)
        panel.poll()
        factory.pin(SCAN).drive_high()
        assert drain(panel) == []
        assert any("scan button (BCM 27, header pin 13)" in r.getMessage() for r in caplog.records)
        clock.advance(0.2)
        factory.pin(SCAN).drive_low()
        assert drain(panel) == [Command.SCAN]


def test_panel_close_releases_every_pin_and_twice(
    settings: PanelSettings, factory: MockFactory
) -> None:
    """Closing the panel releases every pin, and can be called twice."""
    panel = open_panel(settings, pin_factory=factory)
    used = [17, 27, 22, 5, 6, 13, 12]
    assert all(factory._reservations[factory.pin(p).info] for p in used)
    panel.show("main")
    panel.close()
    panel.close()
    assert panel.closed
    assert not any(factory._reservations.values())
    assert all(factory.pin(p).function == "input" for p in used)
    # Released for real: the same pins open again on the same factory.
    again = [DigitalInputDevice(p, pin_factory=factory) for p in used]
    for dev in again:
        dev.close()
    with open_panel(settings, pin_factory=factory) as second:
        assert not second.is_keyboard


def test_panel_close_stops_commands(
    panel: Panel, drive: Driver, clock: FakeClock, drain: Drain
) -> None:
    panel.close()
    assert panel.key_down("s") is True  # still a panel key, but nothing happens
    assert drain(panel) == []


def test_panel_real_clock_hold(factory: MockFactory) -> None:
    """With the ticker thread and a short hold time: one confirm, then nothing."""
    settings = PanelSettings(bounce_ms=5, hold_s=0.05)
    with open_panel(settings, pin_factory=factory) as panel:
        factory.pin(NEXT).drive_low()
        assert panel.commands.get(timeout=2.0) == Command.CONFIRM
        time.sleep(0.1)
        factory.pin(NEXT).drive_high()
        factory.pin(SCAN).drive_low()  # a later press comes through in order
        assert panel.commands.get(timeout=2.0) == Command.SCAN
        factory.pin(SCAN).drive_high()
        with pytest.raises(queue.Empty):
            panel.commands.get(timeout=0.1)


def test_panel_real_clock_settles_short_tap(factory: MockFactory) -> None:
    """A tap shorter than the bounce time is still one next (the ticker settles it)."""
    settings = PanelSettings(bounce_ms=20, hold_s=1.0)
    with open_panel(settings, pin_factory=factory) as panel:
        factory.pin(NEXT).drive_low()
        factory.pin(NEXT).drive_high()
        assert panel.commands.get(timeout=2.0) == Command.NEXT


def test_panel_listener_sees_edges(
    settings: PanelSettings, factory: MockFactory, clock: FakeClock
) -> None:
    seen: list[ButtonEvent] = []
    with open_panel(
        settings, pin_factory=factory, time_source=clock, autopoll=False, listener=seen.append
    ) as panel:
        factory.pin(NEXT).drive_low()
        clock.advance(1.5)
        panel.poll()
        factory.pin(UNDO).drive_low()
        clock.advance(0.1)
        factory.pin(UNDO).drive_high()
        factory.pin(NEXT).drive_high()
    start = 1000.0
    assert [(e.button, e.edge, e.source, e.at - start, e.command) for e in seen] == [
        ("next", Edge.PRESS, "BCM 17", 0.0, None),
        ("next", Edge.HOLD, "BCM 17", 1.5, Command.CONFIRM),
        ("undo", Edge.PRESS, "BCM 22", 1.5, None),
        ("undo", Edge.RELEASE, "BCM 22", pytest.approx(1.6), None),
        ("next", Edge.RELEASE, "BCM 17", pytest.approx(1.6), None),
    ]
    assert seen[2].ignored == "pressed while next (BCM 17) is down"
    assert seen[3].ignored == "part of a chord"


def test_panel_listener_error_does_not_break_buttons(
    settings: PanelSettings, factory: MockFactory, clock: FakeClock, drain: Drain
) -> None:
    def broken(event: ButtonEvent) -> None:
        raise RuntimeError("display gone")

    with open_panel(
        settings, pin_factory=factory, time_source=clock, autopoll=False, listener=broken
    ) as panel:
        factory.pin(SCAN).drive_low()
        assert drain(panel) == [Command.SCAN]


LED = (5, 6, 13)


@pytest.mark.parametrize(
    ("state", "rgb"),
    [
        ("idle", (0, 0, 1)),
        ("start", (0, 1, 1)),
        ("main", (0, 1, 0)),
        ("end", (1, 1, 0)),
        ("scanning", (1, 1, 1)),
        ("game_over", (1, 0, 1)),
    ],
)
def test_panel_show_sets_led_colour(
    panel: Panel, factory: MockFactory, state: str, rgb: tuple[int, int, int]
) -> None:
    panel.show(state)
    assert tuple(int(factory.pin(p).state) for p in LED) == rgb
    assert panel.state == state


def test_panel_warning_blinks_red(panel: Panel, factory: MockFactory) -> None:
    panel.show("warning")
    red = factory.pin(5)
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline and [s.state for s in red.states].count(True) < 2:
        time.sleep(0.02)
    states = [s.state for s in red.states]
    assert states[:4] == [False, True, False, True]
    assert not factory.pin(6).state and not factory.pin(13).state
    panel.show("main")  # a steady colour stops the blink
    assert tuple(int(factory.pin(p).state) for p in LED) == (0, 1, 0)


def test_panel_show_unknown_state_names_it(panel: Panel) -> None:
    with pytest.raises(ValueError, match="unknown panel state 'purple'"):
        panel.show("purple")


def test_panel_every_state_has_a_distinct_colour() -> None:
    assert len({look.rgb for look in STATE_LOOKS.values()}) == len(STATE_LOOKS)


def _wait_states(pin: object, n: int) -> list[bool]:
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline and len(pin.states) < n:  # type: ignore[attr-defined]
        time.sleep(0.01)
    time.sleep(0.02)
    return [s.state for s in pin.states]  # type: ignore[attr-defined]


def test_panel_alert_supply_empty_beeps_three_times(panel: Panel, factory: MockFactory) -> None:
    panel.alert("supply_empty")
    states = _wait_states(factory.pin(12), 7)
    assert states == [False, True, False, True, False, True, False]


def test_panel_alert_warning_beeps(
    panel: Panel, factory: MockFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hardware import status

    monkeypatch.setitem(status.ALERTS, "warning", Beep(0.01, 0.01, 1))
    panel.alert("warning")
    assert _wait_states(factory.pin(12), 3) == [False, True, False]
    with pytest.raises(ValueError, match="unknown alert 'fire'"):
        panel.alert("fire")


def test_panel_led_and_buzzer_optional(factory: MockFactory, clock: FakeClock) -> None:
    settings = PanelSettings(led=False, buzzer=False, led_pins=(0, 1, 2), buzzer_pin=14)
    with open_panel(settings, pin_factory=factory, time_source=clock, autopoll=False) as panel:
        panel.show("end")
        panel.alert("warning")
        assert panel.state == "end"
        reserved = {info.name for info, refs in factory._reservations.items() if refs}
        assert reserved == {"GPIO17", "GPIO27", "GPIO22"}


def test_panel_keys_work_beside_gpio(panel: Panel, clock: FakeClock, drain: Drain) -> None:
    assert not panel.is_keyboard
    assert panel.key_down("spacebar")
    clock.advance(0.1)
    assert panel.key_up("spacebar")
    assert drain(panel) == [Command.NEXT]


@pytest.mark.parametrize(("revision", "model"), [("c03111", "4B"), ("d04170", "5B")])
def test_panel_default_pins_on_pi4_and_pi5(revision: str, model: str, drain: Drain) -> None:
    factory = MockFactory(revision=revision)
    assert factory.board_info.model == model
    with open_panel(PanelSettings(), pin_factory=factory, autopoll=False) as panel:
        factory.pin(SCAN).drive_low()
        panel.show("end")
        assert drain(panel) == [Command.SCAN]
        assert tuple(int(factory.pin(p).state) for p in LED) == (1, 1, 0)
