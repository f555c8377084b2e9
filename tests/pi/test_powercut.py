"""Power cuts through the real app: SIGKILL at random moments, restart, resume, nothing lost.

``make test`` runs 3 kills; ``make powercut`` runs 50 (``POWERCUT_KILLS``) and prints the
figures the README quotes.
"""

from __future__ import annotations

import contextlib
import os
import random
import statistics
import time
from pathlib import Path

import pytest

from tests.pi.driver import (
    START_POND,
    AppRun,
    newest_session,
    play_commands,
    scratch,
    start_app,
    stored_events,
    unfinished_session,
)

pytestmark = pytest.mark.slow

KILLS = int(os.environ.get("POWERCUT_KILLS", "3"))
SEED = int(os.environ.get("POWERCUT_SEED", "20261130"))


def _kill_all(runs: list[AppRun]) -> None:
    for run in runs:
        run.kill()  # idempotent: a run that already ended is only waited for


def test_powercut_every_acknowledged_event_survives_sigkill_and_the_session_resumes() -> None:
    """Unplugged at any moment: the app restarts on the same session with every event it had
    saved, and the store passes SQLite's integrity check."""
    rng = random.Random(SEED)
    acked_total = 0
    ready_s: list[float] = []
    cleanup: list[AppRun] = []
    with scratch() as tmp, contextlib.ExitStack() as stack:
        stack.callback(_kill_all, cleanup)
        folder = Path(tmp)
        data = folder / "data"
        session: int | None = None  # the unfinished game the next start must resume
        for round_no in range(KILLS + 1):
            started = time.monotonic()
            app = start_app(folder)
            cleanup.append(app)  # a failed assertion must not leave the app running
            sid, events, screen = app.wait_ready(timeout=120)
            ready_s.append(time.monotonic() - started)
            if session is None:
                # No unfinished game (the first start, or the last run's game ended when its
                # VP supply ran out): the app opens on home and the table starts a game.
                assert (sid, screen) == (None, "home"), f"round {round_no}: {sid} on {screen}"
                assert app.send(*START_POND)
                app.wait_did(len(START_POND), timeout=60)
            else:
                # The restart resumes the same game where the stored log left it.
                assert sid == session, f"round {round_no}: resumed {sid}, expected {session}"
                stored, _ = stored_events(data, session)
                assert events == len(stored)
                assert screen.startswith("pond_")
            commands = play_commands(rng, rng.randint(15, 60))
            for command in commands:
                app.send(command)
                time.sleep(rng.uniform(0.0, 0.08))
            if round_no == KILLS:
                app.wait_did(app.sent, timeout=60)
                assert app.quit() == 0
            else:
                # Once this run has saved something, the kill lands at a random moment:
                # mid-write, between writes, or with commands still queued.
                app.wait_saved(1, timeout=90)
                time.sleep(rng.uniform(0.0, 2.0))
                app.kill()
            for played in sorted({s.session for s in app.saved}):
                stored, integrity = stored_events(data, played)
                assert integrity == ["ok"]
                for s in app.saved:  # every acknowledged event is on disk, in its place
                    if s.session == played:
                        assert s.seq < len(stored), f"round {round_no}: event {s.seq} lost"
                        assert stored[s.seq] == s.sha, f"round {round_no}: {s.seq} differs"
            acked_total += len(app.saved)
            session = unfinished_session(data)
        games = newest_session(data)
        assert acked_total > KILLS  # the game really was played between the kills
        print(
            f"\npower cuts: {KILLS} SIGKILLs over {games} games, {acked_total} acknowledged "
            f"events, 0 lost, store intact after every kill; app ready after restart: median "
            f"{statistics.median(ready_s[1:] or ready_s):.2f} s, max {max(ready_s):.2f} s"
        )
