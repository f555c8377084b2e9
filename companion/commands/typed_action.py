"""A session's legal actions (``ponder moves``, ``bog actions``) and one action typed into a
stored session (``ponder play``, ``bog play``): checked, then stored.

Shared by the games whose command line lists and takes typed actions. The action is played on
the session's checked path: a refused one is one line naming the session and the action, and
nothing is stored; the rules checker's flags are printed as warnings, since the table decides.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.errors import BadFileError


def list_legal_actions(
    path: Path,
    game: str,
    as_json: bool,
    legal_actions: Callable[[Any], Sequence[Any]],
    position: Callable[[Any], str] | None = None,
) -> int:
    """Replay session file ``path`` of ``game`` and print every legal action now: one JSON
    list with ``as_json``, else the summary, ``position(state)`` when given, and one action
    a line."""
    from companion.session import read_session_file, replay

    info, events = read_session_file(path)
    if info.game != game:
        raise BadFileError(f"{path}: field 'game' is {info.game!r}, not {game!r}")
    live = replay(info, events, str(path))
    actions = [a.to_json() for a in legal_actions(live.state)]
    if as_json:
        print(json.dumps(actions))
        return 0
    print(live.game.summary(live.state))
    if position is not None:
        print(position(live.state))
    print(f"{len(actions)} legal actions:")
    for action in actions:
        print("  " + json.dumps(action, separators=(",", ":")))
    return 0


def play_typed_action(
    args: argparse.Namespace,
    game: str,
    title: str,
    action_data: Callable[[Any], dict[str, Any]],
) -> int:
    """Play ``action_data(state)`` (the typed action's JSON) into session ``args.id``."""
    from companion.commands.sessions_cmd import open_store
    from companion.errors import EventRefusedError
    from companion.session import parse_event, replay

    with open_store(args) as store:
        info, events = store.load(args.id)
        if info.game != game:
            raise BadFileError(f"session {args.id} is {info.game!r}, not a {title} session")
        live = replay(info, events, where=f"session {args.id}")
        event = parse_event(live.game, action_data(live.state), "action")
        try:
            flags = live.play(event)
        except EventRefusedError as exc:
            raise EventRefusedError(f"session {args.id}: {' '.join(args.action)}: {exc}") from None
        store.append(args.id, event.to_json())
        summary = live.game.summary(live.state)
        store.set_finished(args.id, live.over, summary)
    print(f"session {args.id}: {json.dumps(event.to_json(), separators=(',', ':'))}")
    for v in flags:
        where = f" [{v.where}]" if v.where else ""
        print(f"warning: {v.rule}{where}: {v.message}", file=sys.stderr)
    print(summary)
    return 0
