"""`pond-companion buttons test` on the mock pin factory."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.exc import BadPinFactory
from gpiozero.pins.mock import MockFactory

from companion.cli import main
from hardware import PanelSettings
from hardware.commands import run_buttons_test


def _lines(text: str) -> list[str]:
    """Output lines with the elapsed-time column taken off."""
    return [re.sub(r"^\s*\d+\.\d\d s  ", "", line) for line in text.splitlines()]


def test_buttons_test_prints_presses_holds_and_steps(factory: MockFactory) -> None:
    settings = PanelSettings(bounce_ms=5, hold_s=0.5)
    out = io.StringIO()

    def wiring_person() -> None:
        # Start pressing only once the check is listening, so a loaded machine cannot
        # make the first press arrive before the panel is open.
        deadline = time.monotonic() + 5
        while "Press, hold" not in out.getvalue() and time.monotonic() < deadline:
            time.sleep(0.005)
        factory.pin(17).drive_low()  # a short press of next
        time.sleep(0.03)
        factory.pin(17).drive_high()
        time.sleep(0.03)
        factory.pin(22).drive_low()  # a long press of undo
        time.sleep(0.7)
        factory.pin(22).drive_high()

    person = threading.Thread(target=wiring_person)
    person.start()
    code = run_buttons_test(settings, seconds=1.6, out=out, pin_factory=factory, step_s=0.05)
    person.join()
    assert code == 0
    lines = _lines(out.getvalue())
    assert lines[:3] == [
        "buttons test: next = BCM 17 (header pin 11), scan = BCM 27 (header pin 13), "
        "undo = BCM 22 (header pin 15); pull-up, a press connects to ground; "
        "bounce 5 ms, hold 0.5 s",
        "LED red/green/blue = BCM 5/6/13; buzzer BCM 12",
        "Press, hold and release each button; stops after 1.6 s (Ctrl-C sooner).",
    ]
    presses = [line for line in lines if line.startswith(("next ", "undo ", "scan "))]
    assert presses == [
        "next press (BCM 17)",
        "next release (BCM 17)  -> next",
        "undo press (BCM 22)",
        "undo hold (BCM 22)  -> redo",
        "undo release (BCM 22)",
    ]
    steps = [line for line in lines if line.startswith(("LED ", "buzzer "))][1:]
    cycle = [
        "LED idle: blue",
        "LED start: cyan",
        "LED main: green",
        "LED end: yellow",
        "LED scanning: white",
        "LED warning: red, blinking",
        "LED game_over: magenta",
        "buzzer supply_empty: 3 x 0.12 s",
        "buzzer warning: 1 x 0.4 s",
    ]
    # One step every 50 ms for 1.6 s: the whole cycle at least once, then again in order.
    assert len(steps) >= len(cycle)
    assert steps == (cycle * 4)[: len(steps)]
    assert lines[-2:] == [
        "seen: next 1, scan 0, undo 1",
        "no press seen on scan: check BCM 27 (header pin 13) and its ground wire",
    ]
    # The panel was closed: every pin is free again.
    assert not any(factory._reservations.values())


@pytest.fixture
def config_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("POND_COMPANION_CONFIG", raising=False)
    path = tmp_path / "config.toml"
    path.write_text("[gpio]\nbackend = 'keyboard'\nhold_s = 0.2\nbuzzer = false\n", "utf-8")
    return path


@pytest.fixture
def mock_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """gpiozero finds its pin factory from $GPIOZERO_PIN_FACTORY, as on the command line."""
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    monkeypatch.setattr(Device, "pin_factory", None)
    yield
    if Device.pin_factory is not None:
        Device.pin_factory.reset()


def test_buttons_test_cli_on_mock_factory(
    config_file: Path, mock_env: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command tests the pins even when the app is set to the keyboard backend."""
    code = main(["--config", str(config_file), "buttons", "test", "--seconds", "0.15"])
    out = _lines(capsys.readouterr().out)
    assert code == 0
    assert out[0].endswith("bounce 50 ms, hold 0.2 s")
    assert out[1] == "LED red/green/blue = BCM 5/6/13; buzzer not fitted"
    assert out[3] == "LED idle: blue"


def test_buttons_test_cli_without_gpio(
    config_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)

    def fail() -> object:
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(fail))
    code = main(["--config", str(config_file), "buttons", "test", "--seconds", "0.1"])
    captured = capsys.readouterr()
    assert code == 2  # the README's "cannot do that here", not a crash (was 1)
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "pond-companion: buttons test: no GPIO here (Unable to load any default pin factory!); "
        "nothing to test (in the app the keyboard stands in: Space = next (hold: confirm), "
        "S = scan, U or Backspace = undo (hold: redo))",
    ]


def test_buttons_test_without_gpio_prints_one_line_in_a_real_process(tmp_path: Path) -> None:
    """#13 defect 13: the message came twice (the panel's fallback log too) with exit 1."""
    env = {k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"}
    env["HOME"] = str(tmp_path)
    out = subprocess.run(
        [sys.executable, "-m", "companion.cli", "buttons", "test", "--seconds", "0.1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.splitlines()) == 1 and "no GPIO here" in out.stderr


def test_buttons_cli_needs_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["buttons"]) == 2
    assert "test" in capsys.readouterr().err


@pytest.mark.parametrize("seconds", ["0", "-3", "soon"])
def test_buttons_test_cli_bad_seconds(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["buttons", "test", "--seconds", seconds])
    assert info.value.code == 2
    assert "--seconds" in capsys.readouterr().err


def test_buttons_register_is_light() -> None:
    """The CLI loads every command's register(); that must not import gpiozero."""
    code = "import sys, hardware.commands; print('gpiozero' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=30
    )
    assert result.stdout.strip() == "False"
