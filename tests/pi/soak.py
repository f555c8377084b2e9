"""Soak: drive the real app with thousands of button commands and hundreds of camera scans.

    make soak            # 3,000 button commands and 300 demo-camera scans
    python -m tests.pi.soak --commands 600 --scans 60

The app runs in demo mode off-screen (800x480), started as systemd starts it (a notify
socket, pings asked for every second). The driver plays a Pond game by the buttons (and
whatever the buttons lead to once it ends), waits for the app to take each batch, and reads
the app's resident memory, threads and open file descriptors from /proc after warm-up (the
first tenth) and at the end. It fails (exit 1) when memory grew more than 10 %, threads or
descriptors grew, the app died, or a watchdog ping came later than systemd would wait; it
prints the figures the README quotes.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
from pathlib import Path

from tests.pi.driver import START_POND, NotifySocket, play_commands, scratch, start_app

BATCH = 25
UNIT = Path(__file__).resolve().parents[2] / "systemd" / "pond-companion.service"
UNIT_WATCHDOG_S = float(
    next(
        ln.split("=", 1)[1] for ln in UNIT.read_text().splitlines() if ln.startswith("WatchdogSec=")
    )
)


def proc_figures(pid: int) -> dict[str, float]:
    with open(f"/proc/{pid}/status") as f:
        rss_kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return {
        "rss_mb": rss_kb / 1024,
        "threads": len(os.listdir(f"/proc/{pid}/task")),
        "fds": len(os.listdir(f"/proc/{pid}/fd")),
    }


def soak(commands: int, scans: int, seed: int) -> int:
    rng = random.Random(seed)
    # The stream: `commands` button presses that are not scans, and `scans` scans, mixed.
    stream = [c for c in play_commands(rng, commands * 2) if c != "scan"][:commands]
    for _ in range(scans):
        stream.insert(rng.randrange(len(stream) + 1), "scan")
    warm_at = len(stream) // 10
    with scratch() as tmp:
        folder = Path(tmp)
        notify = NotifySocket(folder)
        messages = notify.collect()
        # A ping a second (WATCHDOG_USEC of 3 s), so a stall of the main loop shows in the gaps;
        # the gaps are judged against the unit's own WatchdogSec.
        app = start_app(folder, NOTIFY_SOCKET=str(notify.path), WATCHDOG_USEC="3000000")
        start = time.monotonic()
        try:
            app.wait_ready(timeout=120)
            app.send(*START_POND)
            sent = len(START_POND)
            app.wait_did(sent, timeout=120)
            warm: dict[str, float] = {}
            for i in range(0, len(stream), BATCH):
                batch = stream[i : i + BATCH]
                app.send(*batch)
                sent += len(batch)
                app.wait_did(sent, timeout=120)
                if not warm and i + BATCH >= warm_at:
                    time.sleep(1.0)  # let scans and writes of the warm-up settle
                    warm = proc_figures(app.proc.pid)
            time.sleep(1.0)
            end = proc_figures(app.proc.pid)
            alive = app.proc.poll() is None
            code = app.quit()
        finally:
            notify.close()
        elapsed = time.monotonic() - start
    pings = [t for t, m in messages if m == "WATCHDOG=1"]
    gap = max((b - a for a, b in itertools.pairwise(pings)), default=float("inf"))
    growth = (end["rss_mb"] - warm["rss_mb"]) / warm["rss_mb"] * 100
    print(
        f"soak: {len(stream) - scans} button commands and {scans} camera scans in "
        f"{elapsed:.0f} s; {len(app.saved)} events saved\n"
        f"  memory after warm-up {warm['rss_mb']:.1f} MB, at the end {end['rss_mb']:.1f} MB "
        f"({growth:+.1f} %)\n"
        f"  threads {warm['threads']:.0f} -> {end['threads']:.0f}, "
        f"file descriptors {warm['fds']:.0f} -> {end['fds']:.0f}\n"
        f"  watchdog pings: {len(pings)}, longest gap {gap:.1f} s "
        f"(the unit's WatchdogSec: {UNIT_WATCHDOG_S:.0f} s)\n"
        f"  app alive to the end: {alive}, exit code {code}"
    )
    failures = []
    if growth > 10:
        failures.append(f"memory grew {growth:.1f} % (limit 10 %)")
    if end["threads"] > warm["threads"]:
        failures.append("threads grew")
    if end["fds"] > warm["fds"]:
        failures.append("file descriptors grew")
    if not alive or code != 0:
        failures.append("the app died")
    if not messages or not messages[0][1].startswith("READY=1") or gap >= UNIT_WATCHDOG_S:
        failures.append("the watchdog would have fired (READY missing or a ping gap too long)")
    for failure in failures:
        print(f"soak FAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=3000)
    parser.add_argument("--scans", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()
    return soak(args.commands, args.scans, args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
