"""Hostile input and storage (#12): the speeds its fixes must keep.

- `sessions import` of a 2,016-event session (one transaction; was 9.4 s with one fsync an event);
- `read_image` of the bundled 2304x1296 demo photos (header check + silenced cv2.imread) beside
  a bare `cv2.imread` of the same files, and the refusal of a 20000x20000 PNG header;
- the wild-symbol optimiser on hostile ponds of 15 wild cards (was 24 s for 15 `??` cards).

Prints its numbers; not a test. Run: .venv/bin/python benchmarks/bench_hostile.py
"""

from __future__ import annotations

import os
import random
import statistics
import struct
import tempfile
import time
import zlib
from pathlib import Path

import cv2

from companion.games.base import Player
from companion.games.pondscape.scoring import score_player
from companion.games.pondscape.tableau import FrogCard, PlayerPond, Solo
from companion.session import SessionInfo
from companion.store import SessionStore
from vision.frames import demo_folder, read_image

FOOD_ROW = ("spider", "dragonfly", "butterfly", "fly", "snail")


def bench_import() -> None:
    info = SessionInfo("scorepad", (Player("Ana"), Player("Ben")), {"for": "croak"})
    events = [{"type": "points", "player": "Ana", "amount": n % 7} for n in range(2016)]
    doc = {**info.to_json(), "events": events}
    times = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as folder, SessionStore.open(Path(folder)) as store:
            start = time.perf_counter()
            store.import_json(doc, "bench.json")
            times.append(time.perf_counter() - start)
    print(f"sessions import, 2,016 events: median {statistics.median(times) * 1000:.0f} ms")


def bench_images() -> None:
    photos = sorted(demo_folder("pond").glob("*.jpg"))
    ours, bare = [], []
    for _ in range(3):
        for p in photos:
            start = time.perf_counter()
            read_image(p)
            ours.append(time.perf_counter() - start)
            start = time.perf_counter()
            cv2.imread(str(p))
            bare.append(time.perf_counter() - start)
    shape = read_image(photos[0]).shape
    print(
        f"read_image {shape[1]}x{shape[0]} JPEG: median {statistics.median(ours) * 1000:.1f} ms "
        f"(bare cv2.imread {statistics.median(bare) * 1000:.1f} ms)"
    )
    with tempfile.TemporaryDirectory() as folder:
        bomb = Path(folder) / "bomb.png"
        ihdr = struct.pack(">IIBBBBB", 20000, 20000, 8, 2, 0, 0, 0)
        crc = struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
        bomb.write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + crc)
        start = time.perf_counter()
        try:
            read_image(bomb)
        except Exception as exc:  # the refusal is what is timed
            said = str(exc).split(": ", 1)[1]
        took = (time.perf_counter() - start) * 1000
        print(f"20000x20000 PNG header refused in {took:.2f} ms: {said}")


def bench_wild() -> None:
    rng = random.Random(20261130)
    worst, times = 0.0, []
    for _ in range(60):
        cells = []
        for _ in range(15):
            if rng.random() < 0.35:
                cells.append(FrogCard("desert-rain", (), Solo("adjacent-food-kinds", 2)))
            else:
                species = rng.choice(["desert-rain", "ornate-horned"])
                cells.append(FrogCard(species, (), None, rng.choice([1, 2, 2])))
        pond = tuple(tuple(cells[r * 5 : (r + 1) * 5]) for r in range(3))
        tucked = {t: rng.randint(0, 5) for t in FOOD_ROW}
        player = PlayerPond("X", FOOD_ROW, tucked, 1, pond)  # type: ignore[arg-type]
        start = time.perf_counter()
        score_player(player)
        times.append(time.perf_counter() - start)
        worst = max(worst, times[-1])
    all_wild = tuple(
        tuple(FrogCard("desert-rain", (), None, 2) for _ in range(5)) for _ in range(3)
    )
    start = time.perf_counter()
    score_player(PlayerPond("X", FOOD_ROW, {t: 1 for t in FOOD_ROW}, 1, all_wild))  # type: ignore[arg-type]
    fifteen = time.perf_counter() - start
    print(
        f"wild optimiser, 60 random ponds of 15 wild and food-kinds cards: median "
        f"{statistics.median(times) * 1000:.0f} ms, worst {worst * 1000:.0f} ms; "
        f"15 ?? cards: {fifteen * 1000:.0f} ms"
    )


if __name__ == "__main__":
    print(f"load average {os.getloadavg()[0]:.1f}")
    bench_import()
    bench_images()
    bench_wild()
