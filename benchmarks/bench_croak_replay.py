"""Benchmark: Croak replays and the pile referee.

Croak's state re-reads every hand after each event (so a corrected past hand moves the
totals and the end of the match): the cost of an event grows with the hands played. This
measures (1) replaying typical 3-player matches to 75 from their session files, (2) a
very long match (4 players, target 1,000, about 100 hands with corrections and undos), as
`pond-companion replay FILE` does it (read, parse, check, fold), and (3) the pile referee
on a 13-card SWAMP pile. Matches are played by the seeded bots of
``companion.games.croak.demo``. Prints the numbers.

    .venv/bin/python benchmarks/bench_croak_replay.py
"""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.croak import check_swamp, read_deck_file
from companion.games.croak.demo import NAMES, play_match
from companion.session import read_session_file, replay

RUNS = 7
SCREEN_BUDGET_S = 0.1  # one event on the screen should feel instant


def timed_replay(doc: dict[str, object]) -> tuple[float, int, object, float]:
    """Median wall time, events, the replayed session, median CPU time."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.json"
        path.write_text(json.dumps(doc))
        times, cpu = [], []
        for _ in range(RUNS):
            start, start_cpu = time.perf_counter(), time.process_time()
            info, events = read_session_file(path)
            live = replay(info, events, str(path))
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    return statistics.median(times), len(events), live, statistics.median(cpu)


def main() -> None:
    typical = [play_match(random.Random(s), NAMES[:3]).to_json() for s in range(20)]
    results = [timed_replay(doc) for doc in typical]
    medians = sorted(r[0] for r in results)
    events = [r[1] for r in results]
    hands = [len(r[2].state.hands) for r in results]  # type: ignore[attr-defined]
    print(
        f"Croak replay, 20 typical 3-player matches to 75: {min(hands)}-{max(hands)} hands, "
        f"{min(events)}-{max(events)} events; median per match "
        f"{statistics.median(medians) * 1000:.1f} ms (worst {medians[-1] * 1000:.1f} ms)"
    )
    long = play_match(
        random.Random(2026), NAMES[:4], {"target": 1000}, corrections=0.2, undos=0.1, max_hands=400
    )
    t, n, live, cpu = timed_replay(long.to_json())
    st = live.state  # type: ignore[attr-defined]
    per_event = t / n
    print(
        f"Croak replay, a long 4-player match to 1,000: {len(st.hands)} hands, {n} events, "
        f"over {st.over}: median {t * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU "
        f"({per_event * 1e6:.0f} us per event; "
        f"budget per screen event {SCREEN_BUDGET_S * 1000:.0f} ms: "
        f"{'OK' if per_event < SCREEN_BUDGET_S else 'TOO SLOW'})"
    )
    deck = read_deck_file("sample")
    pile = deck.cards_named([f"G{i}" for i in range(13)])
    reps = 20000
    start = time.perf_counter()
    for _ in range(reps):
        check_swamp(pile)
    each = (time.perf_counter() - start) / reps
    print(f"Pile referee: a 13-card SWAMP pile checked in {each * 1e6:.1f} us")
    print(f"  machine load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
