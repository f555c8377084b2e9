"""Benchmark: replay a 4-player Pond game of 2,000 events from its session file.

Target (issue 4): under 0.5 s on the Pi-class development machine. The game is
played by the demo bots (a board after every change, damage, undo/redo), with
the VP supply chosen so that the game ends near event 2,000. Prints the numbers.

    .venv/bin/python benchmarks/bench_pond_replay.py
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.pond.demo import demo_game_json
from companion.session import read_session_file, replay

TARGET_S = 0.5
RUNS = 7


def main() -> None:
    game = demo_game_json(4, seed=2026, events=2000)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(json.dumps(game))
        # Same work as `pond-companion replay FILE`: read, parse, replay with the checker.
        times, cpu = [], []
        for _ in range(RUNS):
            start, start_cpu = time.perf_counter(), time.process_time()
            info, events = read_session_file(path)
            live = replay(info, events, str(path))
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        size = path.stat().st_size
    st = live.state
    kinds: dict[str, int] = {}
    for e in game["events"]:
        kinds[e["type"]] = kinds.get(e["type"], 0) + 1
    print(
        f"Pond replay: 4 players, {len(events)} events ({size / 1024:.0f} KiB), "
        f"vp_supply {st.starting_supply}, game over {st.over}, {st.flow.turn} turns"
    )
    print("  events by type: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"  violations: {len(live.effective_violations())}")
    print(
        f"  replay (read + parse + check + fold), {RUNS} runs: "
        f"median {statistics.median(times) * 1000:.0f} ms wall "
        f"(best {min(times) * 1000:.0f}, worst {max(times) * 1000:.0f}), "
        f"median {statistics.median(cpu) * 1000:.0f} ms CPU; "
        f"target < {TARGET_S * 1000:.0f} ms: "
        f"{'OK' if statistics.median(times) < TARGET_S else 'TOO SLOW'}"
    )
    print(f"  machine load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
