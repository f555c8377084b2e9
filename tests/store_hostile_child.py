"""Store scenarios run in a child process on a small tmpfs (full disk, read-only card).

Usage: python store_hostile_child.py SCENARIO FOLDER
Prints one JSON object on stdout with what happened; the test asserts on it.
The parent runs this inside ``unshare -rm`` with FOLDER a fresh tmpfs, so the
mount (and a remount read-only) vanishes with the process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.errors import StoreError
from companion.games.base import Player
from companion.session import SessionInfo
from companion.store import SessionStore

INFO = SessionInfo("scorepad", (Player("Ana"), Player("Ben")), {"for": "croak"})


def fill(folder: Path) -> dict[str, object]:
    """Append until the disk is full: one line naming it, and nothing acknowledged is lost."""
    acked: list[int] = []
    error = ""
    with SessionStore.open(folder) as store:
        sid = store.create(INFO)
        for n in range(100_000):
            try:
                store.append(
                    sid, {"type": "points", "player": "Ana", "amount": n, "pad": "x" * 300}
                )
            except StoreError as exc:
                error = str(exc)
                break
            acked.append(n)
        # A second failure must say the same, not "cannot rollback".
        try:
            store.append(sid, {"type": "points", "player": "Ana", "amount": -1, "pad": "x" * 300})
            again = ""
        except StoreError as exc:
            again = str(exc)
    with SessionStore.open(folder) as store:
        _, events = store.load(sid)
        integrity = store.integrity()
    kept = [e["amount"] for e in events]
    # The import of a big file on the full disk: one line, and no half session.
    big = {**INFO.to_json(), "events": [{"type": "next_turn"}] * 3000}
    import_error = ""
    with SessionStore.open(folder) as store:
        before = len(store.list())
        try:
            store.import_json(big, "big.json")
        except StoreError as exc:
            import_error = str(exc)
        after = len(store.list())
    return {
        "error": error,
        "again": again,
        "acked": len(acked),
        "lost": [n for n in acked if n not in kept],
        "integrity": integrity,
        "import_error": import_error,
        "sessions_before": before,
        "sessions_after": after,
    }


def read_only(folder: Path) -> dict[str, object]:
    """A healthy store on a card remounted read-only: opened read-only, games still listed."""
    with SessionStore.open(folder) as store:
        sid = store.create(INFO)
        for n in range(5):
            store.append(sid, {"type": "points", "player": "Ana", "amount": n})
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
    with SessionStore.open(folder) as store:
        rows = store.list()
        _, events = store.load(sid)
        try:
            store.append(sid, {"type": "next_turn"})
            write_error = ""
        except StoreError as exc:
            write_error = str(exc)
        out = {
            "read_only": store.read_only,
            "problems": store.problems,
            "path": str(store.path),
            "sessions": len(rows),
            "events": len(events),
            "write_error": write_error,
        }
    cli = subprocess.run(
        [sys.executable, "-m", "companion.cli", "sessions", "--data", str(folder), "list"],
        capture_output=True,
        text=True,
    )
    out["cli"] = [cli.returncode, cli.stdout, cli.stderr]
    return out


def main() -> None:
    scenario, folder = sys.argv[1], Path(sys.argv[2])
    result = {"fill": fill, "read_only": read_only}[scenario](folder)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
