"""Talking to systemd: READY=1 once the app is up, WATCHDOG=1 from the Kivy main loop.

The kiosk unit (``systemd/pond-companion.service``) is ``Type=notify`` with ``WatchdogSec=``.
systemd passes ``NOTIFY_SOCKET`` (a Unix datagram socket; a leading ``@`` is an abstract
address) and ``WATCHDOG_USEC``/``WATCHDOG_PID``. This module speaks that protocol directly
(one datagram of ``KEY=value`` lines, as ``sd_notify(3)`` does); nothing here imports Kivy.

The pings are scheduled on the main loop's clock (``start_watchdog(notifier, clock)``), never
from a thread: a frozen UI stops them, and systemd then kills and restarts the app, which
resumes the unfinished session from the store.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Mapping
from typing import Any

log = logging.getLogger(__name__)

# Pings per watchdog period: a ping every third of WatchdogSec leaves room for a slow frame.
PINGS_PER_PERIOD = 3


class Notifier:
    """A connection to the service manager's notify socket. ``close()`` is idempotent."""

    def __init__(self, address: str, watchdog_usec: int | None = None) -> None:
        if address.startswith("@"):
            address = "\0" + address[1:]  # abstract namespace
        self.address = address
        self.watchdog_usec = watchdog_usec
        self._sock: socket.socket | None = socket.socket(
            socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC
        )
        self.sent = 0
        self.failed = 0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Notifier | None:
        """The notifier systemd asks for, or None when not started by systemd."""
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if not address or not (address.startswith("/") or address.startswith("@")):
            return None
        return cls(address, watchdog_usec(env))

    def send(self, *fields: str) -> bool:
        """Send ``KEY=value`` lines as one datagram; a failure is logged, never raised."""
        if self._sock is None:
            return False
        try:
            # Never block the main loop on a busy service manager: a full queue is a failure.
            self._sock.sendto("\n".join(fields).encode(), socket.MSG_DONTWAIT, self.address)
        except OSError as exc:
            self.failed += 1
            if self.failed == 1:  # once: a missing socket must not flood the journal
                log.warning("cannot notify systemd at %s: %s", self.address.lstrip("\0"), exc)
            return False
        self.sent += 1
        return True

    def ready(self, status: str = "") -> bool:
        return self.send("READY=1", *((f"STATUS={status}",) if status else ()))

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={text}")

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")

    @property
    def ping_interval_s(self) -> float | None:
        """Seconds between pings, or None when systemd asked for no watchdog."""
        if not self.watchdog_usec:
            return None
        return self.watchdog_usec / 1e6 / PINGS_PER_PERIOD

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def __enter__(self) -> Notifier:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def watchdog_usec(env: Mapping[str, str], pid: int | None = None) -> int | None:
    """``WATCHDOG_USEC`` when it is meant for this process (``WATCHDOG_PID`` absent or ours)."""
    try:
        usec = int(env.get("WATCHDOG_USEC", "0"))
    except ValueError:
        return None
    owner = env.get("WATCHDOG_PID", "")
    if owner and owner != str(os.getpid() if pid is None else pid):
        return None
    return usec if usec > 0 else None


class Watchdog:
    """Pings from the main loop. ``clock`` is Kivy's ``Clock`` (or anything with
    ``schedule_interval(fn, seconds)`` returning an event with ``cancel()``)."""

    def __init__(self, notifier: Notifier, clock: Any) -> None:
        self.notifier = notifier
        self.clock = clock
        self._event: Any = None

    def start(self, status: str = "") -> None:
        """Say READY=1 (with a status line) and start pinging, if systemd wants pings."""
        self.notifier.ready(status)
        interval = self.notifier.ping_interval_s
        if interval is not None and self._event is None:
            self._event = self.clock.schedule_interval(self._ping, interval)

    def _ping(self, _dt: float) -> None:
        self.notifier.watchdog()

    def stop(self) -> None:
        """Say STOPPING=1 and stop pinging. Idempotent."""
        if self._event is not None:
            self._event.cancel()
            self._event = None
            self.notifier.stopping()
        self.notifier.close()


def start_watchdog(
    clock: Any, status: Callable[[], str], environ: Mapping[str, str] | None = None
) -> Watchdog | None:
    """READY=1 and main-loop pings when started by systemd; None otherwise."""
    notifier = Notifier.from_env(environ)
    if notifier is None:
        return None
    dog = Watchdog(notifier, clock)
    dog.start(status())
    return dog
