"""The watchdog pings come from the Kivy main loop: a stalled loop stops them."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

from kivy.clock import Clock

from ui.service import start_watchdog


def _drain(sock: socket.socket) -> list[bytes]:
    out = []
    while True:
        try:
            out.append(sock.recv(4096))
        except BlockingIOError:
            return out


def _run_loop(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        Clock.tick()
        time.sleep(0.005)


def test_watchdog_pings_stop_while_the_main_loop_stalls(tmp_path: Path, app: Any) -> None:
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.setblocking(False)
    # WatchdogSec=0.3 s: a ping every 0.1 s while the loop runs.
    dog = start_watchdog(
        Clock, lambda: "Home", {"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "300000"}
    )
    assert dog is not None
    try:
        assert _drain(sock) == [b"READY=1\nSTATUS=Home"]
        _run_loop(0.8)
        assert _drain(sock).count(b"WATCHDOG=1") >= 4
        time.sleep(0.8)  # the main loop is stuck: nothing ticks the Clock
        assert _drain(sock) == []
        _run_loop(0.8)  # unstuck: the pings are back
        assert _drain(sock).count(b"WATCHDOG=1") >= 4
    finally:
        dog.stop()
        sock.close()
