"""Reading and writing the product's files safely, whatever is on the disk.

Reading: only regular files, never more than a size cap (a FIFO, ``/dev/zero``
or a 2 GB file is refused in one line, not waited on or swallowed), text must
be UTF-8 without control characters or lone surrogates.

Writing: every output file (sheets, exports, layout, pieces, catalog, config)
goes through ``atomic_write_bytes``: a new temporary file beside the target,
fsynced, then renamed over it, so a power cut leaves the old file or the new
one, never a torn one; and a symlink at the target (one planted on a USB stick)
is refused rather than followed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from pathlib import Path

from companion.errors import BadFileError

#: The biggest file of ours that is read whole (a session of thousands of events is < 1 MB).
MAX_FILE_BYTES = 16 * 1024 * 1024


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "disk full"
    if exc.errno == errno.EROFS:
        return "read-only file system"
    return exc.strerror or str(exc)


def read_file_bytes(path: Path | str, what: str = "", max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ``BadFileError`` naming it if not.

    Opened non-blocking, so a FIFO or a device never hangs the caller.
    """
    p = Path(path)
    label = f" {what}" if what else ""
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise BadFileError(f"{p}: cannot read{label}: {_reason(exc)}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise BadFileError(f"{p}: cannot read{label}: not a regular file")
        if st.st_size > max_bytes:
            raise BadFileError(
                f"{p}: cannot read{label}: {st.st_size} bytes, more than the {max_bytes} allowed"
            )
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise BadFileError(
                    f"{p}: cannot read{label}: more than the {max_bytes} bytes allowed"
                )
        return b"".join(chunks)
    except OSError as exc:
        raise BadFileError(f"{p}: cannot read{label}: {_reason(exc)}") from None
    finally:
        os.close(fd)


_BAD_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def text_problem(text: str) -> str | None:
    """Why ``text`` is not acceptable product text (control character, lone surrogate), or None."""
    found = _BAD_TEXT.search(text)
    if found is None:
        return None
    code = ord(found.group())
    kind = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else "a control character"
    return f"{kind} U+{code:04X} at character {found.start()}"


def check_text(text: str, where: str) -> str:
    """``text`` itself, or ``BadFileError`` naming ``where`` if it holds a control character."""
    problem = text_problem(text)
    if problem is not None:
        raise BadFileError(f"{where}: text holds {problem}")
    return text


def read_text_file(path: Path | str, what: str = "", max_bytes: int = MAX_FILE_BYTES) -> str:
    """A regular UTF-8 text file (``read_file_bytes`` rules); bad UTF-8 names the byte offset.

    Newlines and tabs are allowed; other control characters are refused.
    """
    data = read_file_bytes(path, what, max_bytes)
    label = f" {what}" if what else ""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadFileError(
            f"{path}: cannot read{label}: not UTF-8 text (byte {exc.start})"
        ) from None
    for i, ch in enumerate(text):
        if ch in "\n\t\r":
            continue
        code = ord(ch)
        if code < 0x20 or code == 0x7F:
            line = text.count("\n", 0, i) + 1
            raise BadFileError(
                f"{path}: cannot read{label}: control character U+{code:04X} on line {line}"
            )
    return text.removeprefix("\ufeff")


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` all at once: temp file beside it, fsync, rename, fsync folder.

    A symlink (or anything but a regular file) at ``path`` is refused, never followed.
    Every failure is a ``BadFileError`` naming the path ("disk full", "read-only file system").
    """
    p = Path(path)
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise BadFileError(f"{p}: cannot write: {_reason(exc)}") from None
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise BadFileError(f"{p}: cannot write: it is a symbolic link (refused, not followed)")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise BadFileError(f"{p}: cannot write: not a regular file")
    folder = p.parent if str(p.parent) else Path(".")
    mode = stat.S_IMODE(st.st_mode) if st is not None else 0o644
    tmp = folder / f".{p.name}.{os.getpid()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        try:
            fd = os.open(tmp, flags | getattr(os, "O_CLOEXEC", 0), mode)
        except FileExistsError:
            os.unlink(tmp)  # our own leftover from a killed run (same pid, reused)
            fd = os.open(tmp, flags | getattr(os, "O_CLOEXEC", 0), mode)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, p)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise BadFileError(f"{p}: cannot write: {_reason(exc)}") from None
    try:
        dfd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # the file is in place; the folder's own fsync is best effort
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def atomic_write_text(path: Path | str, text: str) -> None:
    """``atomic_write_bytes`` of ``text`` in UTF-8."""
    atomic_write_bytes(path, text.encode("utf-8"))
