"""The app's systemd notify code against a fake NOTIFY_SOCKET (the sd_notify protocol)."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from tests.pi.driver import NotifySocket, scratch, start_app
from ui.service import Notifier, Watchdog, start_watchdog, watchdog_usec


class FakeClock:
    """Kivy's Clock for the watchdog: ``schedule_interval`` recorded, ticks by hand."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, float]] = []
        self.cancelled = 0

    def schedule_interval(self, fn: object, seconds: float) -> FakeClock:
        self.calls.append((fn, seconds))
        return self

    def cancel(self) -> None:
        self.cancelled += 1


def _listen(tmp_path: Path) -> tuple[socket.socket, str]:
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(1)
    return sock, str(path)


def test_notifier_not_under_systemd_is_none() -> None:
    assert Notifier.from_env({}) is None
    assert Notifier.from_env({"NOTIFY_SOCKET": "relative/path"}) is None
    assert start_watchdog(FakeClock(), lambda: "", {}) is None


def test_notifier_sends_ready_status_watchdog_stopping(tmp_path: Path) -> None:
    sock, path = _listen(tmp_path)
    with Notifier.from_env({"NOTIFY_SOCKET": path}) as n:  # type: ignore[union-attr]
        assert n.ready("Session 3 (41 events)")
        assert sock.recv(4096) == b"READY=1\nSTATUS=Session 3 (41 events)"
        assert n.watchdog() and sock.recv(4096) == b"WATCHDOG=1"
        assert n.stopping() and sock.recv(4096) == b"STOPPING=1"
    assert not n.watchdog()  # closed: nothing sent, nothing raised


def test_notifier_abstract_socket_address() -> None:
    name = f"pond-companion-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(1)
    n = Notifier.from_env({"NOTIFY_SOCKET": "@" + name})
    assert n is not None and n.ready()
    assert sock.recv(4096) == b"READY=1"


def test_notifier_missing_socket_is_logged_not_raised(tmp_path: Path) -> None:
    n = Notifier(str(tmp_path / "gone"))
    assert not n.watchdog() and not n.watchdog()
    assert n.failed == 2 and n.sent == 0


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"WATCHDOG_USEC": "30000000"}, 30_000_000),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1234"}, 30_000_000),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "999"}, None),  # meant for another
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
        ({}, None),
    ],
)
def test_watchdog_usec_only_when_meant_for_this_process(
    env: dict[str, str], expected: int | None
) -> None:
    assert watchdog_usec(env, pid=1234) == expected


def test_watchdog_ready_then_pings_a_third_of_the_period_from_the_clock(tmp_path: Path) -> None:
    sock, path = _listen(tmp_path)
    clock = FakeClock()
    dog = start_watchdog(
        clock, lambda: "Home", {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"}
    )
    assert isinstance(dog, Watchdog)
    assert sock.recv(4096) == b"READY=1\nSTATUS=Home"
    [(ping, seconds)] = clock.calls
    assert seconds == pytest.approx(10.0)
    ping(seconds)  # type: ignore[operator]
    assert sock.recv(4096) == b"WATCHDOG=1"
    dog.stop()
    dog.stop()  # idempotent
    assert clock.cancelled == 1 and sock.recv(4096) == b"STOPPING=1"


@pytest.mark.slow
def test_real_app_says_ready_then_pings_regularly() -> None:
    """The real app, started as systemd would start it (NOTIFY_SOCKET, WATCHDOG_USEC)."""
    with scratch() as tmp:
        folder = Path(tmp)
        notify = NotifySocket(folder)
        # 0.9 s WatchdogSec: a ping every 0.3 s.
        app = start_app(folder, NOTIFY_SOCKET=str(notify.path), WATCHDOG_USEC="900000")
        try:
            app.wait_ready(timeout=120)
            # Three pings come within about a second; a loaded machine (software GL on two
            # busy cores) may draw its first frames slowly, so wait for them up to 60 s.
            got = notify.messages(60.0, until=lambda got: _pings(got) >= 3)
        finally:
            app.quit()
            notify.close()
        texts = [text for _, text in got]
        assert texts[0].startswith("READY=1\nSTATUS=Home"), texts[:3]
        assert _pings(got) >= 3, texts


def _pings(got: list[tuple[float, str]]) -> int:
    return sum(text == "WATCHDOG=1" for _, text in got)
