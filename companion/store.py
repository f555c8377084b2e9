"""The crash-safe session store: SQLite in the data folder.

Why it survives a power cut: WAL mode with ``synchronous=FULL`` makes each
commit durable before ``append`` returns, and every event is appended in its
own transaction, so a cut loses at most the event being written. A new file
is created in rollback-journal mode first, so its header (with our
``application_id``) is on disk before anything else, then switched to WAL.

A corrupt or foreign file is reported with its path and left untouched: the
store opens the next free name beside it (``sessions-1.sqlite``, ...). A busy
file (another process writing) is waited for up to ``BUSY_TIMEOUT_S`` and is
never called damaged: the schema is created and checked under SQLite's write
lock, so processes opening a fresh folder at once all end on the same file.
On a read-only card the store opens read-only (``store.read_only``) and says so.
"Disk full" is one line and loses nothing already stored; an import is one
transaction. The file is created 0600, a data folder made here 0700.
Back up with ``backup`` (SQLite's backup API), never by copying the files.
"""

from __future__ import annotations

import builtins
import json
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import BadFileError, CompanionError, StoreError, UnknownSessionError
from companion.games.base import JSON
from companion.session import SessionInfo, freeze_info, load_session_json, replay
from companion.storefile import (
    APPLICATION_ID,
    backup_to,
    connect,
    create_private,
    folder_lock,
    is_read_only_error,
    os_reason,
    printable,
    read_only_reason,
    rollback,
    row_players,
)
from companion.storefile import file_problem as file_problem

SCHEMA_VERSION = 1
FILENAME = "sessions.sqlite"
MAX_CANDIDATES = 100
#: How long an open or a write waits for another program (the app, a command) holding the lock.
BUSY_TIMEOUT_S = 10.0

# Migrations: version -> statements that bring the schema from version-1 to it.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            info TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0,
            summary TEXT NOT NULL DEFAULT ''
        )""",
        """CREATE TABLE events (
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            data TEXT NOT NULL,
            recorded TEXT NOT NULL,
            PRIMARY KEY (session_id, seq)
        )""",
    ),
}


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class SessionRow:
    """One line of ``sessions list``."""

    id: int
    game: str
    players: tuple[str, ...]
    created: str
    updated: str
    finished: bool
    summary: str
    events: int
    problem: str = ""  # why the session cannot be shown or resumed ("" when it is fine)


class DamagedStoreError(StoreError):
    """The file is not a usable store of ours (corrupt or foreign): open steps past it."""


class SessionStore:
    """Sessions and their append-only event logs. Safe to call from several threads.

    Opened read-only (``read_only`` is the reason, else None) when the data folder
    cannot be written: every game can still be listed and shown, writes raise
    ``StoreError`` saying so.
    """

    def __init__(
        self, path: Path, problems: Sequence[str] = (), *, read_only: str | None = None
    ) -> None:
        self.path = path
        self.problems = list(problems)
        self.read_only = read_only
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        if read_only is None:
            create_private(path)
        try:
            conn = connect(path, read_only, BUSY_TIMEOUT_S)
        except sqlite3.Error as exc:
            raise self._error(exc, "open the session store", opening=True) from None
        try:
            conn.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
            if read_only is None:
                self._prepare(conn)
            else:
                self._check(conn)
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as exc:
            rollback(conn)
            conn.close()
            raise self._error(exc, "open the session store", opening=True) from None
        except BaseException:
            rollback(conn)
            conn.close()
            raise
        self._conn = conn

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, folder: Path, filename: str = FILENAME) -> SessionStore:
        """Open the store in ``folder``, stepping past corrupt or foreign files.

        Each file passed over is named in ``store.problems`` (the app shows them);
        none of them is ever written to. A busy store (another program writing)
        is waited for, never stepped past. On a read-only card the store is
        opened read-only and ``problems`` says so.
        """
        folder = Path(folder)
        if not folder.is_dir():
            try:
                folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as exc:
                raise StoreError(
                    f"{folder}: cannot create the data folder ({os_reason(exc)})"
                ) from None
        with folder_lock(folder, BUSY_TIMEOUT_S):
            return cls._open_in(folder, filename)

    @classmethod
    def _open_in(cls, folder: Path, filename: str) -> SessionStore:
        read_only = read_only_reason(folder)
        stem, suffix = Path(filename).stem, Path(filename).suffix
        problems: list[str] = []
        for n in range(MAX_CANDIDATES):
            path = folder / (filename if n == 0 else f"{stem}-{n}{suffix}")
            problem = file_problem(path)
            if problem is None:
                if read_only is not None and not path.exists():
                    break
                try:
                    store = cls(path, problems, read_only=read_only)
                except DamagedStoreError as exc:
                    problem = str(exc)
                except StoreError as exc:
                    if read_only is not None or not is_read_only_error(exc):
                        raise
                    # The folder looked writable but the card is not (remounted read-only).
                    read_only = "read-only file system"
                    store = cls(path, problems, read_only=read_only)
                if problem is None:
                    if read_only is not None:
                        store.problems.append(
                            f"{path}: opened read-only ({read_only}): games are shown, "
                            "nothing new can be saved"
                        )
                    return store
            problems.append(f"{problem}; left untouched")
        if read_only is not None:
            raise StoreError(f"{folder}: no session store to read ({read_only})")
        raise StoreError(f"{folder}: no usable session store among {MAX_CANDIDATES} names")

    def _prepare(self, conn: sqlite3.Connection) -> None:
        """Make the file our store at the current schema, under the write lock.

        The lock is taken first and the file looked at after, so processes opening
        a fresh folder at once agree: the first creates the schema, the others find it.
        """
        conn.execute("BEGIN IMMEDIATE")
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        tables = conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        fresh = app_id == 0 and tables == 0
        if fresh:
            conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
            conn.execute("CREATE TABLE IF NOT EXISTS _created (at TEXT)")
            conn.execute("INSERT INTO _created VALUES (?)", (_now(),))
        elif app_id != APPLICATION_ID:
            raise DamagedStoreError(
                f"{self.path}: a SQLite database of another program (application_id {app_id:#x})"
            )
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: written by a newer Pond Companion (schema {version}, "
                f"this one knows {SCHEMA_VERSION})"
            )
        for target in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[target]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version={target}")
        conn.execute("COMMIT")
        if not fresh:
            self._integrity(conn)
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"{self.path}: the store is busy (could not switch to WAL)")
        conn.execute("PRAGMA synchronous=FULL")

    def _check(self, conn: sqlite3.Connection) -> None:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        if app_id != APPLICATION_ID:
            raise DamagedStoreError(
                f"{self.path}: a SQLite database of another program (application_id {app_id:#x})"
            )
        self._integrity(conn)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: schema {version} cannot be read read-only by this Pond Companion "
                f"(schema {SCHEMA_VERSION})"
            )

    def _integrity(self, conn: sqlite3.Connection) -> None:
        result = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        if result != ["ok"]:
            raise DamagedStoreError(
                f"{self.path}: damaged session store (integrity check: {'; '.join(result[:3])})"
            )

    def _error(self, exc: sqlite3.Error, what: str, opening: bool = False) -> StoreError:
        """One line for a SQLite failure; only a corrupt or foreign file is called damaged."""
        name = getattr(exc, "sqlite_errorname", "") or ""
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return StoreError(
                f"{self.path}: busy: another program is using the session store "
                f"(waited {BUSY_TIMEOUT_S:g} s); try again"
            )
        if name.startswith("SQLITE_FULL"):
            return StoreError(f"{self.path}: disk full: could not {what}; nothing stored was lost")
        if name.startswith("SQLITE_READONLY"):
            return StoreError(f"{self.path}: read-only: could not {what}")
        if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) and opening:
            return DamagedStoreError(f"{self.path}: damaged session store ({exc}); left untouched")
        return StoreError(f"{self.path}: could not {what}: {exc}")

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(f"{self.path}: the session store is closed")
        return self._conn

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> SessionStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------------

    @contextmanager
    def _writing(self, what: str) -> Iterator[sqlite3.Connection]:
        """One write transaction under the lock; a failure rolls back and is one line.

        SQLite rolls a transaction back by itself on "disk full"; the rollback here
        is then a no-op instead of a second error hiding the first.
        """
        with self._lock:
            conn = self.conn
            if self.read_only is not None:
                raise StoreError(f"{self.path}: opened read-only ({self.read_only}): cannot {what}")
            try:
                conn.execute("BEGIN IMMEDIATE")
                yield conn
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                rollback(conn)
                raise self._error(exc, what) from None
            except BaseException:
                rollback(conn)
                raise

    @contextmanager
    def _reading(self, what: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self.conn
            except sqlite3.Error as exc:
                raise self._error(exc, what) from None

    def create(self, info: SessionInfo) -> int:
        """Record a new session and return its id."""
        info = freeze_info(info)
        with self._writing("record a new session") as conn:
            return self._insert_session(conn, info)

    def _insert_session(
        self, conn: sqlite3.Connection, info: SessionInfo, finished: bool = False, summary: str = ""
    ) -> int:
        now = _now()
        cur = conn.execute(
            "INSERT INTO sessions (game, info, created, updated, finished, summary) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (info.game, json.dumps(info.to_json()), now, now, int(finished), summary),
        )
        if cur.lastrowid is None:  # pragma: no cover - SQLite always gives one
            raise StoreError(f"{self.path}: could not create a session")
        return cur.lastrowid

    def append(self, session_id: int, event: Mapping[str, Any]) -> int:
        """Append one event in its own durable transaction; return its position in the log.

        When this returns, the event is on disk.
        """
        data = json.dumps(dict(event), separators=(",", ":"))
        with self._writing(f"save an event of session {session_id}") as conn:
            row = conn.execute("SELECT id FROM sessions WHERE id = ?", (session_id,)).fetchone()
            if row is None:
                raise UnknownSessionError(f"no session with id {session_id} in {self.path}")
            seq = conn.execute(
                "SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE session_id = ?",
                (session_id,),
            ).fetchone()[0]
            now = _now()
            conn.execute(
                "INSERT INTO events (session_id, seq, data, recorded) VALUES (?, ?, ?, ?)",
                (session_id, seq, data, now),
            )
            conn.execute("UPDATE sessions SET updated = ? WHERE id = ?", (now, session_id))
        return int(seq)

    def set_finished(
        self, session_id: int, finished: bool = True, summary: str | None = None
    ) -> None:
        with self._writing(f"update session {session_id}") as conn:
            self._require(session_id)
            if summary is None:
                conn.execute(
                    "UPDATE sessions SET finished = ? WHERE id = ?", (int(finished), session_id)
                )
            else:
                conn.execute(
                    "UPDATE sessions SET finished = ?, summary = ? WHERE id = ?",
                    (int(finished), summary, session_id),
                )

    def set_summary(self, session_id: int, summary: str) -> None:
        with self._writing(f"update session {session_id}") as conn:
            self._require(session_id)
            conn.execute("UPDATE sessions SET summary = ? WHERE id = ?", (summary, session_id))

    def delete(self, session_id: int) -> None:
        with self._writing(f"delete session {session_id}") as conn:
            self._require(session_id)
            conn.execute("DELETE FROM events WHERE session_id = ?", (session_id,))
            conn.execute("DELETE FROM sessions WHERE id = ?", (session_id,))

    # -- reading ---------------------------------------------------------------------------

    def _require(self, session_id: int) -> tuple[Any, ...]:
        row = self.conn.execute(
            "SELECT id, game, info, created, updated, finished, summary FROM sessions WHERE id = ?",
            (session_id,),
        ).fetchone()
        if row is None:
            raise UnknownSessionError(f"no session with id {session_id} in {self.path}")
        return tuple(row)

    def load(self, session_id: int) -> tuple[SessionInfo, list[JSON]]:
        """The session's info and its whole event log, in order.

        A session whose stored info cannot be used (a player name that is not
        text, for example) is a ``BadFileError`` naming the session.
        """
        where = f"session {session_id}"
        with self._reading(f"read session {session_id}") as conn:
            row = self._require(session_id)
            raw = [
                data
                for (data,) in conn.execute(
                    "SELECT data FROM events WHERE session_id = ? ORDER BY seq", (session_id,)
                )
            ]
        try:
            events = [json.loads(data) for data in raw]
            stored = json.loads(row[2])
        except ValueError as exc:
            raise BadFileError(f"{where}: unreadable in {self.path}: {exc}") from None
        if not isinstance(stored, dict):
            raise BadFileError(f"{where}: unreadable in {self.path}: info is not an object")
        info, _ = load_session_json({**stored, "events": []}, where)
        return info, events

    def list(self) -> list[SessionRow]:
        """Every session, newest first.

        A session whose stored info cannot be used is still listed, with
        ``problem`` saying why and its names made printable.
        """
        with self._reading("list the sessions") as conn:
            rows = conn.execute(
                """SELECT s.id, s.game, s.info, s.created, s.updated, s.finished, s.summary,
                          (SELECT COUNT(*) FROM events e WHERE e.session_id = s.id)
                   FROM sessions s ORDER BY s.updated DESC, s.id DESC"""
            ).fetchall()
        out = []
        for sid, game, info, created, updated, finished, summary, count in rows:
            names, problem = row_players(info)
            out.append(
                SessionRow(
                    sid,
                    printable(game),
                    names,
                    created,
                    updated,
                    bool(finished),
                    printable(summary),
                    count,
                    problem,
                )
            )
        return out

    def unfinished(self) -> SessionRow | None:
        """The most recently played session that has not finished, to offer to resume.

        Sessions that cannot be read are skipped (``damaged()`` names them).
        """
        for row in self.list():
            if not row.finished and not row.problem:
                return row
        return None

    def damaged(self) -> builtins.list[SessionRow]:
        """Stored sessions that cannot be shown or resumed, each with its ``problem``."""
        return [row for row in self.list() if row.problem]

    # -- files -----------------------------------------------------------------------------

    def export_json(self, session_id: int) -> JSON:
        """The whole session as a ``session/1`` document (re-importable)."""
        info, events = self.load(session_id)
        return {**info.to_json(), "events": events}

    def import_json(self, data: Any, where: str) -> int:
        """Import a ``session/1`` document as a new session; return its id.

        The document is checked whole and replayed first, so a bad file imports
        nothing; the session and its whole log go in one transaction, so a
        failure or a kill half-way leaves no half session. A game that is over
        is stored finished, with its summary.
        """
        info, events = load_session_json(data, where)
        info = freeze_info(info)
        try:
            live = replay(info, events, where)
        except CompanionError as exc:
            raise BadFileError(f"{where}: cannot be replayed: {exc}") from None
        finished = live.over
        summary = live.game.summary(live.state) if finished else ""
        rows = [json.dumps(e.to_json(), separators=(",", ":")) for e in events]
        with self._writing(f"import {where}") as conn:
            session_id = self._insert_session(conn, info, finished, summary)
            now = _now()
            conn.executemany(
                "INSERT INTO events (session_id, seq, data, recorded) VALUES (?, ?, ?, ?)",
                ((session_id, seq, data, now) for seq, data in enumerate(rows)),
            )
        return session_id

    def backup(self, target: Path) -> None:
        """Copy the whole store to ``target`` with SQLite's backup API (safe while in use).

        Written to a temporary file beside ``target``, fsynced and renamed into
        place; a symlink at ``target`` is refused. The copy is a store of its own.
        """
        with self._reading("back up the store") as conn:
            backup_to(conn, Path(target))

    def integrity(self) -> builtins.list[str]:
        with self._reading("check the store") as conn:
            return [row[0] for row in conn.execute("PRAGMA integrity_check")]
