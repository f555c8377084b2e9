"""Benchmark: BOG's legal actions for every position of 300 seeded games.

Target (issue 16): under 2 ms for any position. The positions are every state of 300
games played through the legal actions only (200 with the hands entered, 100 with
hidden hands, where every card that may be in hand is offered). Each position is
timed 5 times and its best time kept (what the code costs, not what the other jobs on
the machine cost); the figure is the slowest position. Prints the numbers.

    .venv/bin/python benchmarks/bench_bog_legal.py
"""

from __future__ import annotations

import os
import statistics
import time

from companion.games.bog import legal_actions
from companion.games.bog.demo import play_random_game

TARGET_MS = 2.0
GAMES = 300
REPEATS = 5


def main() -> None:
    positions = []
    for seed in range(GAMES):
        _, _, states = play_random_game(seed, known=seed % 3 != 2)
        positions += states
    best: list[float] = []
    counts: list[int] = []
    for st in positions:
        times = []
        for _ in range(REPEATS):
            start = time.perf_counter()
            actions = legal_actions(st)
            times.append(time.perf_counter() - start)
        best.append(min(times) * 1000)
        counts.append(len(actions))
    best.sort()
    worst = best[-1]
    load = os.getloadavg()[0]
    print(f"positions: {len(positions)} from {GAMES} games (1 in 3 with hidden hands)")
    print(f"actions offered: median {statistics.median(counts):.0f}, most {max(counts)}")
    print(
        f"legal_actions: median {statistics.median(best):.3f} ms, "
        f"99th percentile {best[int(len(best) * 0.99)]:.3f} ms, slowest position {worst:.3f} ms "
        f"(best of {REPEATS} runs each)"
    )
    print(
        f"target: under {TARGET_MS} ms for any position: {'met' if worst < TARGET_MS else 'MISSED'}"
    )
    print(f"load average while measuring: {load:.1f} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
