"""Hostile storage (#12): a full disk, a read-only card, concurrent opens, a FIFO, a kill
mid-import, a player name that is not text, and the file modes of the store."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import BadFileError, StoreError
from companion.games.base import Player
from companion.session import SessionInfo
from companion.store import SessionStore

INFO = SessionInfo("scorepad", (Player("Ana"), Player("Ben")), {"for": "croak"})
CHILD = Path(__file__).with_name("store_hostile_child.py")


def _can_mount_tmpfs() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt 2>/dev/null"],
        capture_output=True,
    )
    return probe.returncode == 0


needs_tmpfs = pytest.mark.skipif(
    not _can_mount_tmpfs(), reason="needs unshare -rm and tmpfs mounts (user namespaces)"
)


def _in_tmpfs(tmp_path: Path, scenario: str, size: str) -> dict[str, object]:
    folder = tmp_path / "card"
    folder.mkdir()
    script = f'mount -t tmpfs -o size={size} tmpfs "$1" && exec "$2" "$3" "$4" "$1"'
    out = subprocess.run(
        ["unshare", "-rm", "sh", "-c", script, "sh", str(folder), sys.executable, str(CHILD),
         scenario],
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    result: dict[str, object] = json.loads(out.stdout)
    return result


@needs_tmpfs
def test_store_full_disk_is_one_line_and_loses_nothing(tmp_path: Path) -> None:
    """#12 defect 6: the rollback failed and hid "disk is full"; import printed 22 lines."""
    r = _in_tmpfs(tmp_path, "fill", "256k")
    print(r)
    assert isinstance(r["acked"], int) and r["acked"] > 10
    assert "disk full" in str(r["error"]) and "\n" not in str(r["error"])
    assert "disk full" in str(r["again"])
    assert r["lost"] == []
    assert r["integrity"] == ["ok"]
    assert "disk full" in str(r["import_error"])
    assert r["sessions_after"] == r["sessions_before"]  # no half-imported session


@needs_tmpfs
def test_store_read_only_card_opens_read_only_and_shows_the_games(tmp_path: Path) -> None:
    """#12 defect 9: the healthy store was called damaged on a card remounted read-only."""
    r = _in_tmpfs(tmp_path, "read_only", "1m")
    assert r["read_only"] == "read-only file system"
    assert str(r["path"]).endswith("/sessions.sqlite")
    assert r["sessions"] == 1 and r["events"] == 5
    assert "read-only" in str(r["write_error"])
    problems = r["problems"]
    assert isinstance(problems, list) and len(problems) == 1
    assert "opened read-only" in problems[0] and "damaged" not in problems[0]
    code, out, err = r["cli"]  # type: ignore[misc]
    assert code == 0 and "scorepad" in out and "Traceback" not in err


_OPENER = textwrap.dedent(
    """
    import sys, time
    from companion.store import SessionStore
    start = float(sys.argv[2])
    while time.time() < start:
        time.sleep(0.001)
    with SessionStore.open(__import__("pathlib").Path(sys.argv[1])) as store:
        sid = store.create(__import__("companion.session", fromlist=["x"]).SessionInfo(
            "scorepad", (__import__("companion.games.base", fromlist=["x"]).Player("A"),)))
        print(store.path.name, len(store.problems), sid)
        for problem in store.problems:
            print(problem, file=sys.stderr)
    """
)


def test_store_concurrent_opens_of_a_fresh_folder_agree(tmp_path: Path) -> None:
    """#12 defect 8: 8 processes opening a fresh folder at once split across -1 and -2
    (7 rounds of 8 before; here 2 rounds, `make fuzz` runs more)."""
    for round_ in range(2):
        folder = tmp_path / f"fresh-{round_}"
        start = time.time() + 1.5
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", _OPENER, str(folder), str(start)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(8)
        ]
        results = [p.communicate(timeout=60) for p in procs]
        for p, (out, err) in zip(procs, results, strict=True):
            assert p.returncode == 0, err
            name, problems, _ = out.split()
            assert (name, problems) == ("sessions.sqlite", "0"), (out, err)
        assert sorted(p.name for p in folder.glob("sessions*.sqlite")) == ["sessions.sqlite"]
        with SessionStore.open(folder) as store:
            assert store.problems == [] and len(store.list()) == 8


def test_store_busy_is_waited_for_never_called_damaged(data_dir: Path) -> None:
    """The app writing and a `sessions` command opening at once: the command waits."""
    with SessionStore.open(data_dir) as store:
        store.create(INFO)
    holder = sqlite3.connect(
        data_dir / "sessions.sqlite", isolation_level=None, check_same_thread=False
    )
    holder.execute("BEGIN EXCLUSIVE")
    released = threading.Timer(1.0, lambda: holder.execute("COMMIT"))
    released.start()
    try:
        with SessionStore.open(data_dir) as store:
            assert store.problems == []
            assert store.path.name == "sessions.sqlite"
            assert len(store.list()) == 1
    finally:
        released.join()
        holder.close()
    assert not (data_dir / "sessions-1.sqlite").exists()


def test_store_busy_too_long_is_one_line_not_damaged(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("companion.store.BUSY_TIMEOUT_S", 0.2)
    with SessionStore.open(data_dir) as store:
        store.create(INFO)
    holder = sqlite3.connect(
        data_dir / "sessions.sqlite", isolation_level=None, check_same_thread=False
    )
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="busy: another program") as info:
            SessionStore.open(data_dir)
        assert "damaged" not in str(info.value)
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert not (data_dir / "sessions-1.sqlite").exists()


def test_store_fifo_named_like_the_store_is_stepped_past(data_dir: Path) -> None:
    """#12 defect 13: a FIFO named sessions.sqlite hung the store."""
    os.mkfifo(data_dir / "sessions.sqlite")
    code = textwrap.dedent(
        f"""
        from pathlib import Path
        from companion.store import SessionStore
        with SessionStore.open(Path({str(data_dir)!r})) as store:
            print(store.path.name, "|", store.problems[0])
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    name, problem = out.stdout.strip().split(" | ")
    assert name == "sessions-1.sqlite" and "not a regular file" in problem


def test_store_file_is_0600_and_new_data_folder_0700(tmp_path: Path) -> None:
    """#12 defect 13: the store was created 0644."""
    folder = tmp_path / "new" / "data"
    with SessionStore.open(folder) as store:
        store.create(INFO)
        assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def _store_with_name(data_dir: Path, name: str) -> int:
    """A session whose stored player name is not text (as an old version let in)."""
    with SessionStore.open(data_dir) as store:
        good = store.create(INFO)
        bad = store.create(INFO)
        store.append(bad, {"type": "next_turn"})
    info = json.dumps({**INFO.to_json(), "players": [{"name": name}, {"name": "Ben"}]})
    conn = sqlite3.connect(data_dir / "sessions.sqlite")
    conn.execute("UPDATE sessions SET info = ? WHERE id = ?", (info, bad))
    conn.commit()
    conn.close()
    return good


def test_store_lone_surrogate_session_is_named_and_the_others_offered(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#12 defect 1: a name "\\ud800" made `sessions list` crash and the app fail to start."""
    good = _store_with_name(data_dir, "\ud800")
    with SessionStore.open(data_dir) as store:
        row = store.unfinished()
        assert row is not None and row.id == good  # the damaged, newer one is skipped
        damaged = store.damaged()
        assert [d.id for d in damaged] == [good + 1]
        assert "lone surrogate U+D800" in damaged[0].problem
        with pytest.raises(BadFileError, match=r"session 2: players\[0\]\.name"):
            store.load(good + 1)
    code = main(["sessions", "--data", str(data_dir), "list"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "damaged" in out and "\\ud800" in out
    out.encode("utf-8")  # printable: no lone surrogate reaches stdout
    assert err.count("\n") == 1 and "session 2" in err


def test_sessions_import_refuses_a_name_that_is_not_text(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("\\ud800", "Ana\\u0007", "x\\u001b[2J"):
        file = data_dir / "s.json"
        players = '[{"name": "' + name + '"}]'
        file.write_text('{"format": "session/1", "game": "scorepad", "players": ' + players + "}")
        code = main(["sessions", "--data", str(data_dir), "import", str(file)])
        err = capsys.readouterr().err
        assert code == 2 and str(file) in err and "players[0].name" in err
        assert err.count("\n") == 1


_IMPORTER = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from companion.store import SessionStore
    with SessionStore.open(Path(sys.argv[1])) as store:
        data = json.loads(Path(sys.argv[2]).read_text())
        print("start", flush=True)
        store.import_json(data, sys.argv[2])
        print("done", flush=True)
    """
)


def test_store_import_is_one_transaction_even_when_killed(data_dir: Path) -> None:
    """#12 defect 7: a kill mid-import left 1,842 of 2,240 events as a "playing" session."""
    events = [{"type": "points", "player": "Ana", "amount": n} for n in range(20_000)]
    file = data_dir / "big.json"
    file.write_text(json.dumps({**INFO.to_json(), "events": events}))
    with SessionStore.open(data_dir):
        pass
    rng = random.Random(12)
    for _ in range(5):
        proc = subprocess.Popen(
            [sys.executable, "-c", _IMPORTER, str(data_dir), str(file)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline() == "start\n"
        time.sleep(rng.uniform(0.0, 0.4))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    with SessionStore.open(data_dir) as store:
        assert store.problems == [] and store.integrity() == ["ok"]
        for row in store.list():
            assert row.events == len(events), "a half-imported session"


def test_store_import_of_a_finished_game_is_listed_finished(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#13 defect 13: an imported finished game was listed as `playing`."""
    from companion.session import replay

    text = (Path(__file__).parents[1] / "docs" / "formats" / "pond-log.md").read_text()
    example = text.split("## Full example game", 1)[1]
    doc = json.loads(example.split("```json\n", 1)[1].split("```", 1)[0])
    with SessionStore.open(data_dir) as store:
        sid = store.import_json(doc, "example-game.json")
        info, stored = store.load(sid)
        assert replay(info, stored).over  # the documented game is played to its end
        row = store.list()[0]
        assert row.finished and row.summary
        assert store.unfinished() is None
    main(["sessions", "--data", str(data_dir), "list"])
    out = capsys.readouterr().out
    assert "finished" in out and "playing" not in out


def test_store_backup_copies_every_session_and_refuses_symlinks(tmp_path: Path) -> None:
    """#12 defect 13: back up with SQLite's backup API, never by copying the files."""
    data = tmp_path / "data"
    with SessionStore.open(data) as store:
        sid = store.create(INFO)
        for n in range(50):
            store.append(sid, {"type": "points", "player": "Ana", "amount": n})
        target = tmp_path / "usb" / "backup.sqlite"
        target.parent.mkdir()
        store.backup(target)
        planted = tmp_path / "usb" / "planted.sqlite"
        victim = tmp_path / "victim"
        victim.write_text("keep me")
        planted.symlink_to(victim)
        with pytest.raises(StoreError, match="symbolic link"):
            store.backup(planted)
    assert victim.read_text() == "keep me"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    restored = tmp_path / "restored"
    restored.mkdir()
    shutil.copy(target, restored / "sessions.sqlite")
    with SessionStore.open(restored) as again:
        assert again.problems == []
        _, events = again.load(sid)
        assert [e["amount"] for e in events] == list(range(50))
