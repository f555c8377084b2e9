"""Scripted button presses: ``pond-companion ui --commands-from FILE``.

For power-cut tests, soak runs and demos: each line of FILE (a regular file, a FIFO, or ``-``
for standard input) is one button command (``next``, ``confirm``, ``scan``, ``undo``,
``redo``), drained by the app on its main thread exactly like the GPIO panel's queue.
``quit`` stops the app; blank lines and ``#`` comments are skipped; any other line is named on
stderr and skipped. While a script runs, the app also reports on standard output, one line
each (flushed), so the script's driver knows what is safe on disk:

    ready session=<id or none> events=<n> screen=<name>
    did <command> screen=<the screen after it> handled=<yes|no>
    saved session=<id> seq=<n> sha=<first 16 hex digits of the event JSON's SHA-256>

A ``saved`` line is written after the store's durable ``append`` has returned.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import queue
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

COMMANDS = frozenset({"next", "confirm", "scan", "undo", "redo", "quit"})


def event_sha(event: Mapping[str, Any]) -> str:
    """The hash the ``saved`` line carries: of the event as the store writes it."""
    data = json.dumps(dict(event), separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()[:16]


class CommandScript:
    """Reads commands from ``path`` on a thread into ``commands``; reports on ``out``."""

    def __init__(self, path: str | Path, out: IO[str] | None = None) -> None:
        self.path = str(path)
        self.out = out if out is not None else sys.stdout
        self.commands: queue.Queue[str] = queue.Queue()
        self.done = threading.Event()
        self._thread = threading.Thread(target=self._read, name="command-script", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            stream = sys.stdin if self.path == "-" else open(self.path, encoding="utf-8")  # noqa: SIM115
            with stream:
                for number, raw in enumerate(stream, 1):
                    line = raw.split("#", 1)[0].strip().lower()
                    if not line:
                        continue
                    if line not in COMMANDS:
                        print(
                            f"pond-companion ui: {self.path}, line {number}: unknown command "
                            f"{line!r} (known: {', '.join(sorted(COMMANDS))})",
                            file=sys.stderr,
                        )
                        continue
                    self.commands.put(line)
        except (OSError, UnicodeDecodeError) as exc:
            print(f"pond-companion ui: {self.path}: cannot read commands: {exc}", file=sys.stderr)
        finally:
            self.done.set()

    def report(self, line: str) -> None:
        with contextlib.suppress(OSError, ValueError):  # the driver went away: play goes on
            print(line, file=self.out, flush=True)

    def ready(self, session_id: int | None, events: int, screen: str) -> None:
        sid = "none" if session_id is None else str(session_id)
        self.report(f"ready session={sid} events={events} screen={screen}")

    def did(self, command: str, screen: str, handled: bool) -> None:
        self.report(f"did {command} screen={screen} handled={'yes' if handled else 'no'}")

    def saved(self, session_id: int, seq: int, event: Mapping[str, Any]) -> None:
        self.report(f"saved session={session_id} seq={seq} sha={event_sha(event)}")
