"""A writer process for the power-cut test: appends events and acknowledges each on stdout.

Usage: python store_writer.py FOLDER SESSION_ID START COUNT
An ``ack N`` line is printed (and flushed) only after ``append`` returned, i.e. once
event N is durable. The parent kills this process with SIGKILL at random moments.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.store import SessionStore


def main() -> None:
    folder, session_id, start, count = (
        Path(sys.argv[1]),
        int(sys.argv[2]),
        int(sys.argv[3]),
        int(sys.argv[4]),
    )
    store = SessionStore.open(folder)
    for n in range(start, start + count):
        seq = store.append(
            session_id, {"type": "points", "player": "Ana", "amount": n, "pad": "x" * (n % 97)}
        )
        print(f"ack {seq} {n}", flush=True)


if __name__ == "__main__":
    main()
