"""Soak: drive the real app with thousands of button commands and hundreds of camera scans.

    make soak            # 3,000 button commands and 300 demo-camera scans
    python -m tests.pi.soak --commands 600 --scans 60

The app runs in demo mode off-screen (800x480), started as systemd starts it (a notify
socket, pings asked for every second). The driver plays a Pond game by the buttons (and
whatever the buttons lead to once it ends), waits for the app to take each batch, and reads
the app's resident memory, threads and open file descriptors from /proc after warm-up (once
no new screen has been opened for 300 commands) and at the end. It fails (exit 1) when
memory grew more than 10 %, threads or descriptors grew, the app died, or a watchdog ping
came later than systemd would wait; it prints the figures the README quotes.
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
WARM_BATCHES = 12
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
            # Warm-up lasts until the app has opened every screen the stream leads to (a first
            # visit builds a screen and may open the camera): the baseline is taken WARM_BATCHES
            # batches after the last new screen, and must come in the first 60 % of the run.
            warm: dict[str, float] = {}
            warm_at, seen, quiet = 0, 0, 0
            for i in range(0, len(stream), BATCH):
                batch = stream[i : i + BATCH]
                app.send(*batch)
                sent += len(batch)
                app.wait_did(sent, timeout=120)
                if len(app.screens) != seen:
                    seen, quiet, warm = len(app.screens), 0, {}
                quiet += 1
                if not warm and quiet >= WARM_BATCHES:
                    time.sleep(1.0)  # let scans and writes settle
                    warm, warm_at = proc_figures(app.proc.pid), i + len(batch)
                if i // BATCH % 20 == 0:
                    now = proc_figures(app.proc.pid)
                    print(
                        f"  after {i + len(batch)} commands: {now['rss_mb']:.1f} MB, "
                        f"{now['threads']:.0f} threads, {now['fds']:.0f} fds, "
                        f"{len(app.screens)} screens seen",
                        flush=True,
                    )
            time.sleep(1.0)
            end = proc_figures(app.proc.pid)
            alive = app.proc.poll() is None
            code = app.quit()
        finally:
            app.kill()  # idempotent; a failure above must not leave the app running
            notify.close()
        elapsed = time.monotonic() - start
    pings = [t for t, m in messages if m == "WATCHDOG=1"]
    gap = max((b - a for a, b in itertools.pairwise(pings)), default=float("inf"))
    if not warm or warm_at > 0.6 * len(stream):
        print("soak FAILED: the app was still opening new screens late in the run", file=sys.stderr)
        return 1
    growth = (end["rss_mb"] - warm["rss_mb"]) / warm["rss_mb"] * 100
    print(
        f"soak: {len(stream) - scans} button commands and {scans} camera scans in "
        f"{elapsed:.0f} s; {len(app.saved)} events saved\n"
        f"  screens opened: {', '.join(sorted(app.screens))}; warm after {warm_at} commands\n"
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
