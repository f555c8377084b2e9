"""Reading the product's JSON files, with errors that name the file and the place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.errors import BadFileError


def read_json_file(path: Path | str, what: str = "") -> Any:
    """Parse a JSON file; an unreadable file or bad JSON is a ``BadFileError`` naming it.

    ``what`` names the kind of file in the message ("layout": "cannot read layout: ...").
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        label = f" {what}" if what else ""
        raise BadFileError(f"{path}: cannot read{label}: {reason}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadFileError(
            f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
