"""Benchmark: Ponder legal-move generation for mid-game positions.

Target (issue 15): every legal action of a mid-game position in under 5 ms on this
machine. The positions are the "Throw a lily pad" and "Move a frog" positions of turns 10
to 30 of seeded 4-team games played by the demo bots (frogs spread over the Marsh, the
most throws to list: every recoverable pad times every empty space). Prints the numbers.

    .venv/bin/python benchmarks/bench_ponder_moves.py
"""

from __future__ import annotations

import os
import random
import statistics
import time

from companion.games.ponder.demo import play_game
from companion.games.ponder.rules import legal_actions
from companion.games.ponder.state import PonderState

TARGET_MS = 5.0
REPEAT = 20


def mid_game_positions() -> list[PonderState]:
    found: list[PonderState] = []

    def keep(st: PonderState, actions: object, event: object) -> None:
        if st.started and 10 <= st.flow.turn <= 30 and st.flow.phase in ("throw", "move"):
            found.append(st)

    for seed in range(8):
        play_game(4, random.Random(seed), on_step=keep)
    return found


def main() -> None:
    positions = mid_game_positions()
    per_position: list[float] = []
    counts: list[int] = []
    for st in positions:
        start = time.perf_counter()
        for _ in range(REPEAT):
            actions = legal_actions(st)
        per_position.append((time.perf_counter() - start) / REPEAT * 1000)
        counts.append(len(actions))
    worst = max(per_position)
    load = os.getloadavg()[0]
    print(
        f"Ponder legal-move generation, {len(positions)} mid-game positions (4 teams, turns 10-30)"
    )
    print(f"  actions per position: median {statistics.median(counts):.0f}, max {max(counts)}")
    print(
        f"  time per position: median {statistics.median(per_position):.3f} ms, "
        f"95th {sorted(per_position)[int(len(per_position) * 0.95)]:.3f} ms, worst {worst:.3f} ms"
    )
    print(f"  target < {TARGET_MS} ms: {'met' if worst < TARGET_MS else 'NOT met'}")
    print(f"  machine load (1 min) while measuring: {load:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
