"""The crash-safe session store: SQLite in the data folder.

Why it survives a power cut: WAL mode with ``synchronous=FULL`` makes each
commit durable before ``append`` returns, and every event is appended in its
own transaction, so a cut loses at most the event being written. A new file
is created in rollback-journal mode first, so its header (with our
``application_id``) is on disk before anything else, then switched to WAL.

A corrupt or foreign file is reported with its path and left untouched: the
store opens the next free name beside it (``sessions-1.sqlite``, ...).
"""

from __future__ import annotations

import builtins
import json
import sqlite3
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import BadFileError, StoreError, UnknownSessionError
from companion.games.base import JSON
from companion.session import SessionInfo, load_session_json

APPLICATION_ID = 0x506F6E64  # "Pond"
SCHEMA_VERSION = 1
FILENAME = "sessions.sqlite"
MAX_CANDIDATES = 100
SQLITE_MAGIC = b"SQLite format 3\x00"

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


def file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be our store (foreign or corrupt), or None if it is usable."""
    if not path.exists():
        return None
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as exc:
        return f"{path}: cannot be read ({exc.strerror or exc})"
    if not header:
        return None  # an empty file is an empty database
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        return f"{path}: not a SQLite database"
    app_id = int.from_bytes(header[68:72], "big")
    if app_id != APPLICATION_ID:
        return f"{path}: a SQLite database of another program (application_id {app_id:#x})"
    return None


class SessionStore:
    """Sessions and their append-only event logs. Safe to call from several threads."""

    def __init__(self, path: Path, problems: Sequence[str] = ()) -> None:
        self.path = path
        self.problems = list(problems)
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        fresh = not path.exists() or path.stat().st_size == 0
        try:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: cannot open the session store: {exc}") from None
        try:
            if fresh:
                self._create(conn)
            else:
                self._check(conn)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            self._migrate(conn)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreError(f"{path}: damaged session store ({exc}); left untouched") from None
        except StoreError:
            conn.close()
            raise
        self._conn = conn

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, folder: Path, filename: str = FILENAME) -> SessionStore:
        """Open the store in ``folder``, stepping past corrupt or foreign files.

        Each file passed over is named in ``store.problems`` (the app shows them);
        none of them is ever written to.
        """
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                f"{folder}: cannot create the data folder ({exc.strerror or exc})"
            ) from None
        stem, suffix = Path(filename).stem, Path(filename).suffix
        problems: list[str] = []
        for n in range(MAX_CANDIDATES):
            path = folder / (filename if n == 0 else f"{stem}-{n}{suffix}")
            problem = file_problem(path)
            if problem is None:
                try:
                    return cls(path, problems)
                except StoreError as exc:
                    problem = str(exc)
            problems.append(f"{problem}; left untouched")
        raise StoreError(f"{folder}: no usable session store among {MAX_CANDIDATES} names")

    def _create(self, conn: sqlite3.Connection) -> None:
        # Rollback journal first, so the header with our application_id reaches the main file.
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE IF NOT EXISTS _created (at TEXT)")
        conn.execute("INSERT INTO _created VALUES (?)", (_now(),))
        conn.execute("COMMIT")

    def _check(self, conn: sqlite3.Connection) -> None:
        result = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        if result != ["ok"]:
            raise StoreError(f"{self.path}: integrity check failed: {'; '.join(result[:3])}")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: written by a newer Pond Companion (schema {version}, "
                f"this one knows {SCHEMA_VERSION})"
            )

    def _migrate(self, conn: sqlite3.Connection) -> None:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        for target in range(version + 1, SCHEMA_VERSION + 1):
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[target]:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version={target}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

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

    def create(self, info: SessionInfo) -> int:
        """Record a new session and return its id."""
        now = _now()
        with self._lock:
            cur = self.conn.execute(
                "INSERT INTO sessions (game, info, created, updated) VALUES (?, ?, ?, ?)",
                (info.game, json.dumps(info.to_json()), now, now),
            )
            if cur.lastrowid is None:
                raise StoreError(f"{self.path}: could not create a session")
            return cur.lastrowid

    def append(self, session_id: int, event: Mapping[str, Any]) -> int:
        """Append one event in its own durable transaction; return its position in the log.

        When this returns, the event is on disk.
        """
        data = json.dumps(dict(event), separators=(",", ":"))
        with self._lock:
            conn = self.conn
            conn.execute("BEGIN IMMEDIATE")
            try:
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
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            return int(seq)

    def set_finished(
        self, session_id: int, finished: bool = True, summary: str | None = None
    ) -> None:
        with self._lock:
            self._require(session_id)
            if summary is None:
                self.conn.execute(
                    "UPDATE sessions SET finished = ? WHERE id = ?", (int(finished), session_id)
                )
            else:
                self.conn.execute(
                    "UPDATE sessions SET finished = ?, summary = ? WHERE id = ?",
                    (int(finished), summary, session_id),
                )

    def set_summary(self, session_id: int, summary: str) -> None:
        with self._lock:
            self._require(session_id)
            self.conn.execute("UPDATE sessions SET summary = ? WHERE id = ?", (summary, session_id))

    def delete(self, session_id: int) -> None:
        with self._lock:
            self._require(session_id)
            conn = self.conn
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM events WHERE session_id = ?", (session_id,))
            conn.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
            conn.execute("COMMIT")

    # -- reading ---------------------------------------------------------------------------

    def _require(self, session_id: int) -> sqlite3.Row | tuple[Any, ...]:
        row = self.conn.execute(
            "SELECT id, game, info, created, updated, finished, summary FROM sessions WHERE id = ?",
            (session_id,),
        ).fetchone()
        if row is None:
            raise UnknownSessionError(f"no session with id {session_id} in {self.path}")
        return tuple(row)

    def load(self, session_id: int) -> tuple[SessionInfo, list[JSON]]:
        """The session's info and its whole event log, in order."""
        with self._lock:
            row = self._require(session_id)
            events = [
                json.loads(data)
                for (data,) in self.conn.execute(
                    "SELECT data FROM events WHERE session_id = ? ORDER BY seq", (session_id,)
                )
            ]
        info, _ = load_session_json({**json.loads(row[2]), "events": []}, f"session {session_id}")
        return info, events

    def list(self) -> list[SessionRow]:
        """Every session, newest first."""
        with self._lock:
            rows = self.conn.execute(
                """SELECT s.id, s.game, s.info, s.created, s.updated, s.finished, s.summary,
                          (SELECT COUNT(*) FROM events e WHERE e.session_id = s.id)
                   FROM sessions s ORDER BY s.updated DESC, s.id DESC"""
            ).fetchall()
        out = []
        for sid, game, info, created, updated, finished, summary, count in rows:
            names = tuple(p.get("name", "?") for p in json.loads(info).get("players", []))
            out.append(
                SessionRow(sid, game, names, created, updated, bool(finished), summary, count)
            )
        return out

    def unfinished(self) -> SessionRow | None:
        """The most recently played session that has not finished, to offer to resume."""
        for row in self.list():
            if not row.finished:
                return row
        return None

    # -- files -----------------------------------------------------------------------------

    def export_json(self, session_id: int) -> JSON:
        """The whole session as a ``session/1`` document (re-importable)."""
        info, events = self.load(session_id)
        return {**info.to_json(), "events": events}

    def import_json(self, data: Any, where: str) -> int:
        """Import a ``session/1`` document as a new session; return its id.

        The document is checked whole first, so a bad file imports nothing.
        """
        info, events = load_session_json(data, where)
        if not isinstance(data, dict):  # pragma: no cover - load_session_json checked it
            raise BadFileError(f"{where}: not a session")
        session_id = self.create(info)
        for event in events:
            self.append(session_id, event.to_json())
        return session_id

    def integrity(self) -> builtins.list[str]:
        with self._lock:
            return [row[0] for row in self.conn.execute("PRAGMA integrity_check")]
