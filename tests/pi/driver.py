"""Drive the real app process (``pond-companion ui --demo --commands-from -``) from a test.

The app runs off-screen here exactly as on the Pi, with its real store, writer thread, demo
camera and command queue. The driver feeds button commands on the app's standard input, reads
what it reports on standard output (``ready``, ``did``, ``saved``: see ``ui.script``) and listens
on a fake ``NOTIFY_SOCKET`` for what systemd would receive (``READY=1``, ``WATCHDOG=1``).

Used by ``test_powercut.py`` (SIGKILL at random moments, ``make powercut``) and ``soak.py``
(``make soak``).
"""

from __future__ import annotations

import os
import queue
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

EXE = Path(sys.executable).with_name("pond-companion")

READY = re.compile(r"^ready session=(\w+) events=(\d+) screen=(\w*)$")
SAVED = re.compile(r"^saved session=(\d+) seq=(\d+) sha=([0-9a-f]{16})$")
DID = re.compile(r"^did (\w+) screen=(\w*) handled=(yes|no)$")

# From the home screen to a started Pond game, by the buttons alone: focus the first tile
# (next), open it (confirm), accept the players (confirm), tick every setup step (next) and
# start (next). Extra presses past the start are harmless phase changes.
START_POND = ["next", "confirm", "confirm", *["next"] * 12]

# Commands of a game in play, weighted like a table: mostly next (phases), camera scans in the
# End Phase, confirms of the award, an undo now and then and fewer redos.
PLAY_WEIGHTS = {"next": 40, "scan": 22, "confirm": 22, "undo": 11, "redo": 5}


def play_commands(rng: random.Random, count: int) -> list[str]:
    names = list(PLAY_WEIGHTS)
    return rng.choices(names, weights=[PLAY_WEIGHTS[n] for n in names], k=count)


@dataclass
class Saved:
    session: int
    seq: int
    sha: str


@dataclass
class AppRun:
    """One app process: its reports arrive on queues filled by reader threads."""

    proc: subprocess.Popen[str]
    lines: queue.Queue[str] = field(default_factory=queue.Queue)
    saved: list[Saved] = field(default_factory=list)
    did: int = 0
    sent: int = 0
    screens: set[str] = field(default_factory=set)
    stderr: list[str] = field(default_factory=list)

    def send(self, *commands: str) -> bool:
        assert self.proc.stdin is not None
        try:
            for command in commands:
                self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
            self.sent += len(commands)
        except (BrokenPipeError, OSError, ValueError):
            return False
        return True

    def wait_ready(self, timeout: float) -> tuple[int | None, int, str]:
        """The ``ready`` report: (session id or None, events in its log, screen)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
                continue
            match = READY.match(line)
            if match:
                sid = None if match.group(1) == "none" else int(match.group(1))
                return sid, int(match.group(2)), match.group(3)
        tail = "".join(self.stderr[-20:])
        raise AssertionError(f"the app did not report ready within {timeout} s:\n{tail}")

    def wait_did(self, count: int, timeout: float) -> None:
        """Wait until the app has dispatched ``count`` commands in all."""
        end = time.monotonic() + timeout
        while self.did < count and time.monotonic() < end:
            time.sleep(0.02)
        if self.did < count:
            raise AssertionError(
                f"the app dispatched {self.did} of {count} commands in {timeout} s"
            )

    def wait_saved(self, count: int, timeout: float) -> None:
        """Wait until the app has reported ``count`` saved events in this run."""
        end = time.monotonic() + timeout
        while len(self.saved) < count and time.monotonic() < end:
            time.sleep(0.02)
        if len(self.saved) < count:
            raise AssertionError(
                f"the app saved {len(self.saved)} of {count} events in {timeout} s"
            )

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def quit(self, timeout: float = 30) -> int:
        self.send("quit")
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError("the app did not stop after quit") from None


class NotifySocket:
    """A fake systemd notify socket: collects the datagrams the app sends."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "notify.sock"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(self.path))
        self.sock.settimeout(0.1)

    def messages(
        self, seconds: float, until: Callable[[list[tuple[float, str]]], bool] | None = None
    ) -> list[tuple[float, str]]:
        """Every datagram received within ``seconds``, with its arrival time; sooner once
        ``until`` holds for what was received."""
        out: list[tuple[float, str]] = []
        end = time.monotonic() + seconds
        while time.monotonic() < end and not (until is not None and until(out)):
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                continue
            out.append((time.monotonic(), data.decode()))
        return out

    def collect(self) -> list[tuple[float, str]]:
        """Start draining on a thread (as systemd would); the list fills as datagrams come."""
        got: list[tuple[float, str]] = []

        def drain() -> None:
            while self.sock.fileno() >= 0:
                try:
                    got.append((time.monotonic(), self.sock.recv(4096).decode()))
                except TimeoutError:
                    continue
                except OSError:
                    return

        threading.Thread(target=drain, daemon=True).start()
        return got

    def close(self) -> None:
        self.sock.close()


def app_env(folder: Path, **extra: str) -> dict[str, str]:
    """The environment of an app process whose config and data live in ``folder``."""
    config = folder / "config.toml"
    if not config.exists():
        config.write_text(f'[data]\nfolder = "{folder / "data"}"\n\n[camera]\nsource = "demo"\n')
    env = dict(os.environ)
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        env.pop(name, None)
    env.update(
        KIVY_HOME=str(folder / "kivy"),
        KIVY_NO_ARGS="1",
        POND_COMPANION_CONFIG=str(config),
        GPIOZERO_PIN_FACTORY="mock",
        HOME=str(folder / "home"),
        XDG_CONFIG_HOME=str(folder / "home" / ".config"),
    )
    env.update(extra)
    return env


def start_app(folder: Path, size: str = "800x480", **env: str) -> AppRun:
    """Start the real app in demo mode, reading commands from its standard input."""
    proc = subprocess.Popen(
        [str(EXE), "ui", "--demo", "--size-px", size, "--commands-from", "-"],
        env=app_env(folder, **env),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    run = AppRun(proc)

    def read_out() -> None:
        assert proc.stdout is not None
        for raw in proc.stdout:
            line = raw.strip()
            saved = SAVED.match(line)
            if saved:
                run.saved.append(Saved(int(saved.group(1)), int(saved.group(2)), saved.group(3)))
            elif did := DID.match(line):
                run.did += 1
                run.screens.add(did.group(2))
            run.lines.put(line)

    def read_err() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            run.stderr.append(line)
            del run.stderr[:-200]

    threading.Thread(target=read_out, daemon=True).start()
    threading.Thread(target=read_err, daemon=True).start()
    return run


def stored_events(data: Path, session: int) -> tuple[list[str], list[str]]:
    """The SHA of each stored event of ``session`` in order, and the store's integrity report."""
    from companion.store import SessionStore
    from ui.script import event_sha

    with SessionStore.open(data) as store:
        _info, events = store.load(session)
        return [event_sha(e) for e in events], store.integrity()


def newest_session(data: Path) -> int:
    """The id of the newest session in the store of ``data``."""
    from companion.store import SessionStore

    with SessionStore.open(data) as store:
        rows = store.list()
    assert rows, "no session in the store"
    return max(int(r.id) for r in rows)


def unfinished_session(data: Path) -> int | None:
    """The session the app resumes at start (the newest unfinished one), if any."""
    from companion.store import SessionStore

    with SessionStore.open(data) as store:
        row = store.unfinished()
    return None if row is None else int(row.id)


def scratch() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="pond-companion-app-")
