"""The session store's file on disk: is it ours, can it be written, who may read it.

Kept apart from ``companion.store`` (the sessions and their logs) so each stays small.
None of these functions ever blocks on a FIFO or writes to a file that is not ours.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from companion.errors import StoreError
from companion.files import text_problem

APPLICATION_ID = 0x506F6E64  # "Pond"
SQLITE_MAGIC = b"SQLite format 3\x00"


def file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be our store (foreign, corrupt, not a file), or None if it is usable.

    Never blocks: a FIFO or a device named like the store is refused, not opened.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{path}: cannot be read ({exc.strerror or exc})"
    if not stat.S_ISREG(st.st_mode):
        return f"{path}: not a regular file"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        try:
            header = os.read(fd, 100)
        finally:
            os.close(fd)
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


def read_only_reason(folder: Path) -> str | None:
    """Why nothing can be written in ``folder`` (a read-only card), or None if it is writable."""
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "read-only file system"
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return "no permission to write in the data folder"
    return None


def uri(path: Path, **params: str) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"{path.resolve().as_uri()}?{query}"


def printable(text: Any) -> str:
    """Text safe to print and show: control characters and lone surrogates escaped."""
    value = str(text)
    if text_problem(value) is None:
        return value
    return value.encode("unicode_escape", "backslashreplace").decode("ascii")


def row_players(info: str) -> tuple[tuple[str, ...], str]:
    try:
        data = json.loads(info)
        players = data.get("players", [])
        raw = [p.get("name", "?") for p in players]
    except (ValueError, AttributeError, TypeError):
        return (), "its players cannot be read"
    problem = ""
    for i, name in enumerate(raw):
        bad = text_problem(name) if isinstance(name, str) else "not text"
        if bad and not problem:
            problem = f"players[{i}].name holds {bad}"
    return tuple(printable(n) for n in raw), problem


def create_private(path: Path) -> None:
    """Create the store file 0600 if it is missing; tighten an existing one of ours to 0600."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        try:
            st = os.stat(path)
            if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077 and st.st_uid == os.getuid():
                os.chmod(path, 0o600)
        except OSError:
            pass
        return
    except OSError as exc:
        raise StoreError(f"{path}: cannot create the session store ({os_reason(exc)})") from None
    os.close(fd)


def rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        # SQLite may have rolled back already (disk full): the first error is the one to tell.
        with suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


def os_reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "disk full"
    if exc.errno == errno.EROFS:
        return "read-only file system"
    return exc.strerror or str(exc)


def is_read_only_error(exc: StoreError) -> bool:
    return ": read-only" in str(exc) or "readonly" in str(exc)


def connect(path: Path, read_only: str | None, timeout: float) -> sqlite3.Connection:
    """A connection to ``path``: read-write, or read-only when ``read_only`` gives a reason."""

    def open_(target: str | Path, as_uri: bool = False) -> sqlite3.Connection:
        return sqlite3.connect(
            target, timeout=timeout, isolation_level=None, check_same_thread=False, uri=as_uri
        )

    if read_only is None:
        return open_(path)
    try:
        conn = open_(uri(path, mode="ro"), as_uri=True)
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        # A WAL store on a read-only card whose -shm cannot be made: with no -wal
        # beside it, everything is in the main file and it can be read as it is.
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise
        return open_(uri(path, mode="ro", immutable="1"), as_uri=True)


def backup_to(source: sqlite3.Connection, target: Path) -> None:
    """Copy the database of ``source`` to ``target`` with SQLite's backup API.

    Written to a temporary file beside ``target``, fsynced, made 0600 and renamed
    into place; a symlink at ``target`` is refused. SQLite errors propagate.
    """
    if target.is_symlink():
        raise StoreError(f"{target}: cannot write: it is a symbolic link (refused)")
    if target.exists() and not target.is_file():
        raise StoreError(f"{target}: cannot write: not a regular file")
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        for extra in (tmp, tmp.with_name(tmp.name + "-journal")):
            extra.unlink(missing_ok=True)
        dest = sqlite3.connect(tmp)
        try:
            source.backup(dest)
            dest.execute("PRAGMA journal_mode=DELETE")
        finally:
            dest.close()
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise StoreError(f"{target}: cannot write the backup: {os_reason(exc)}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


LOCK_NAME = ".sessions.lock"


@contextmanager
def folder_lock(folder: Path, timeout: float) -> Iterator[None]:
    """Hold an exclusive lock on the data folder while a store is chosen and set up.

    Processes opening a fresh folder at once then look at the store file one
    after the other, after the first has written it whole: nobody reads a
    half-written header and steps past a healthy store. Where the lock file
    cannot be made (a read-only card) nobody can be creating a store: no lock.
    """
    try:
        fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    except OSError:
        yield
        return
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise StoreError(
                        f"{folder}: busy: another program is opening the session store "
                        f"(waited {timeout:g} s); try again"
                    ) from None
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing releases the lock
