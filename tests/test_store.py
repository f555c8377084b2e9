from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.errors import BadFileError, UnknownSessionError
from companion.games.base import Player
from companion.session import SessionInfo, replay
from companion.store import APPLICATION_ID, SessionStore

INFO = SessionInfo("scorepad", (Player("Ana"), Player("Ben")), {"for": "croak"})


def test_store_create_append_load_in_order(data_dir: Path) -> None:
    with SessionStore.open(data_dir) as store:
        sid = store.create(INFO)
        for n in range(5):
            assert store.append(sid, {"type": "points", "player": "Ana", "amount": n}) == n
        info, events = store.load(sid)
    assert info == INFO
    assert [e["amount"] for e in events] == [0, 1, 2, 3, 4]


def test_store_uses_wal_full_sync_and_schema_version(data_dir: Path) -> None:
    with SessionStore.open(data_dir) as store:
        assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert store.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert store.integrity() == ["ok"]


def test_store_reopen_offers_last_unfinished_session(data_dir: Path) -> None:
    with SessionStore.open(data_dir) as store:
        first = store.create(INFO)
        second = store.create(INFO)
        store.append(first, {"type": "next_turn"})
        store.set_finished(first, summary="Ana won")
    with SessionStore.open(data_dir) as store:
        row = store.unfinished()
        assert row is not None and row.id == second
        assert row.players == ("Ana", "Ben")
        store.set_finished(second)
        assert store.unfinished() is None
        assert [r.summary for r in store.list() if r.id == first] == ["Ana won"]


def test_store_export_import_round_trip(data_dir: Path) -> None:
    with SessionStore.open(data_dir) as store:
        sid = store.create(INFO)
        store.append(sid, {"type": "points", "player": "Ben", "amount": 4})
        store.append(sid, {"type": "undo"})
        exported = store.export_json(sid)
        again = store.import_json(json.loads(json.dumps(exported)), "export.json")
        assert store.export_json(again) == exported
        info, events = store.load(again)
        assert replay(info, events).state.scores == (0, 0)


def test_store_import_of_bad_file_imports_nothing(data_dir: Path) -> None:
    with SessionStore.open(data_dir) as store:
        bad = {
            "format": "session/1",
            "game": "scorepad",
            "players": [{"name": "A"}],
            "events": [{"type": "next_turn"}, {"type": "points"}],
        }
        with pytest.raises(BadFileError, match=r"x.json: events\[1\]"):
            store.import_json(bad, "x.json")
        assert store.list() == []


def test_store_delete_and_unknown_ids(data_dir: Path) -> None:
    with SessionStore.open(data_dir) as store:
        sid = store.create(INFO)
        store.delete(sid)
        with pytest.raises(UnknownSessionError, match=f"no session with id {sid}"):
            store.load(sid)
        with pytest.raises(UnknownSessionError):
            store.append(sid, {"type": "next_turn"})


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"this is a text file, not a database\n" * 10, "not a SQLite database"),
        (None, "another program"),
        ("ours-damaged", "damaged"),
    ],
)
def test_store_foreign_or_corrupt_file_is_left_untouched(
    data_dir: Path, content: bytes | str | None, reason: str
) -> None:
    path = data_dir / "sessions.sqlite"
    if content == "ours-damaged":
        with SessionStore.open(data_dir) as store:
            sid = store.create(INFO)
            for n in range(300):
                store.append(
                    sid, {"type": "points", "player": "Ana", "amount": n, "pad": "x" * 200}
                )
        raw = bytearray(path.read_bytes())
        raw[4096 * 2 : 4096 * 6] = b"\xa5" * (4096 * 4)  # scribble over pages 3 to 6
        path.write_bytes(bytes(raw))
        for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            extra.unlink(missing_ok=True)
    elif content is None:
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.commit()
        conn.close()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    before = path.read_bytes()
    with SessionStore.open(data_dir) as store:
        assert store.path == data_dir / "sessions-1.sqlite"
        assert len(store.problems) == 1
        assert str(path) in store.problems[0] and reason in store.problems[0]
        store.create(INFO)
    assert path.read_bytes() == before
    with SessionStore.open(data_dir) as again:  # the next start finds the new store again
        assert again.path == data_dir / "sessions-1.sqlite"
        assert len(again.list()) == 1


def test_store_survives_sigkill_at_random_moments(data_dir: Path) -> None:
    """A power cut loses at most the event being written and never corrupts the store."""
    rng = random.Random(20261130)
    with SessionStore.open(data_dir) as store:
        sid = store.create(INFO)
    writer = Path(__file__).with_name("store_writer.py")
    acked: dict[int, int] = {}  # seq -> amount
    kills = 0
    n = 0
    while len(acked) < 200 or kills < 12:
        proc = subprocess.Popen(
            [sys.executable, str(writer), str(data_dir), str(sid), str(n), "100000"],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        deadline = time.monotonic() + rng.uniform(0.0, 0.03)
        # Wait for the first ack so every round appends, then kill at a random moment.
        line = proc.stdout.readline()
        while time.monotonic() < deadline:
            time.sleep(0.001)
        proc.send_signal(signal.SIGKILL)
        out = line + proc.stdout.read()
        proc.wait()
        kills += 1
        for row in out.splitlines():
            _, seq, amount = row.split()
            acked[int(seq)] = int(amount)
        with SessionStore.open(data_dir) as store:
            assert store.problems == []
            assert store.integrity() == ["ok"]
            _, events = store.load(sid)
        stored = {i: e["amount"] for i, e in enumerate(events)}
        for seq, amount in acked.items():
            assert stored.get(seq) == amount, f"acknowledged event {seq} lost after kill {kills}"
        n = max(e["amount"] for e in events) + 1 if events else n
    assert len(acked) >= 200
