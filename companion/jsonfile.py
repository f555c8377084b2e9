"""Reading the product's JSON files, with errors that name the file and the place.

Every way a file can be hostile ends in one ``BadFileError`` line: not a regular
file (a FIFO, ``/dev/zero``), too big, not UTF-8, not JSON, nested too deeply,
a number too long or not finite (``Infinity``, ``1e999``), or text holding a
control character or a lone surrogate (``"\\ud800"`` is valid JSON but cannot
be printed or shown).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.files import MAX_FILE_BYTES, read_file_bytes, text_problem

#: Deepest nesting of arrays and objects any of our formats needs (a layout is 5 deep).
MAX_DEPTH = 32
#: Longest number literal accepted (a 64-bit integer has 20 digits).
MAX_NUMBER_CHARS = 40


class _Refused(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {len(text)} digits (at most {MAX_NUMBER_CHARS})")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARS})")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {text} is too large")
    return value


def _parse_constant(text: str) -> Any:
    raise _Refused(f"{text} is not a number this product accepts")


def _path(parts: tuple[str | int, ...]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or "the document"


def check_tree(data: Any, where: str) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and text with control characters or surrogates.

    Iterative, so a hostile document cannot overflow the stack here either.
    """
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, at = stack.pop()
        if len(at) > MAX_DEPTH:
            raise BadFileError(f"{where}: nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, str):
            problem = text_problem(value)
            if problem is not None:
                raise BadFileError(f"{where}: field {_path(at)}: text holds {problem}")
        elif isinstance(value, dict):
            for key, item in value.items():
                problem = text_problem(key)
                if problem is not None:
                    raise BadFileError(f"{where}: key {key!a} in {_path(at)} holds {problem}")
                stack.append((item, (*at, key)))
        elif isinstance(value, list):
            stack.extend((item, (*at, i)) for i, item in enumerate(value))


def parse_json_text(text: str, where: str) -> Any:
    """Parse JSON text under this module's rules; every failure is a ``BadFileError``."""
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except _Refused as exc:
        raise BadFileError(f"{where}: not accepted: {exc}") from None
    except json.JSONDecodeError as exc:
        raise BadFileError(
            f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except RecursionError:
        raise BadFileError(f"{where}: nested more than {MAX_DEPTH} levels deep") from None
    except (ValueError, MemoryError) as exc:
        raise BadFileError(f"{where}: not accepted: {type(exc).__name__}") from None
    check_tree(data, where)
    return data


def read_json_file(path: Path | str, what: str = "", max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Parse a JSON file; an unreadable file or bad JSON is a ``BadFileError`` naming it.

    ``what`` names the kind of file in the message ("layout": "cannot read layout: ...").
    """
    raw = read_file_bytes(path, what, max_bytes)
    label = f" {what}" if what else ""
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise BadFileError(
            f"{path}: cannot read{label}: not UTF-8 text (byte {exc.start})"
        ) from None
    return parse_json_text(text, str(path))
