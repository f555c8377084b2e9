"""``pond-companion sessions``: list, show, export, import and delete stored game sessions."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.config import load_config
from companion.jsonfile import read_json_file
from companion.session import replay
from companion.store import SessionStore


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("sessions", help="list, show, export, import and delete game sessions")
    p.add_argument("--data", type=Path, metavar="FOLDER", help="data folder (default: config)")
    ssub = p.add_subparsers(dest="sessions_command", metavar="ACTION", required=True)
    ls = ssub.add_parser("list", help="every session, newest first")
    ls.set_defaults(func=cmd_list)
    show = ssub.add_parser("show", help="one session: players, state and its event log")
    show.add_argument("id", type=int)
    show.set_defaults(func=cmd_show)
    export = ssub.add_parser("export", help="the whole session as session/1 JSON")
    export.add_argument("id", type=int)
    export.add_argument("--json", action="store_true", help="JSON (the only format; accepted)")
    export.add_argument("--out", type=Path, help="write to this file instead of stdout")
    export.set_defaults(func=cmd_export)
    imp = ssub.add_parser("import", help="import a session/1 JSON file as a new session")
    imp.add_argument("file", type=Path)
    imp.set_defaults(func=cmd_import)
    delete = ssub.add_parser("delete", help="delete a session and its log")
    delete.add_argument("id", type=int)
    delete.set_defaults(func=cmd_delete)


def open_store(args: argparse.Namespace) -> SessionStore:
    folder = args.data if args.data is not None else load_config(args.config).data.folder
    store = SessionStore.open(folder)
    for problem in store.problems:
        print(f"pond-companion: {problem}", file=sys.stderr)
    return store


def cmd_list(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        rows = store.list()
        if not rows:
            print(f"no sessions in {store.path}")
            return 0
        print(f"{'id':>4}  {'game':<10} {'state':<9} {'events':>6}  {'updated':<25} players")
        for row in rows:
            state = "finished" if row.finished else "playing"
            print(
                f"{row.id:>4}  {row.game:<10} {state:<9} {row.events:>6}  {row.updated:<25} "
                f"{', '.join(row.players)}"
            )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        info, events = store.load(args.id)
    live = replay(info, events, where=f"session {args.id}")
    print(f"session {args.id}: {live.game.title}")
    print("players: " + ", ".join(p.name for p in info.players))
    if info.options:
        print("options: " + json.dumps(dict(info.options), sort_keys=True))
    print(f"now: {live.game.summary(live.state)}{' (game over)' if live.over else ''}")
    print(f"events ({len(events)}):")
    for i, event in enumerate(events):
        print(f"  {i:>4}  {json.dumps(event, separators=(',', ':'))}")
    for v in live.effective_violations():
        where = f" [{v.where}]" if v.where else ""
        print(f"  warning at event {v.event_index}: {v.rule}{where}: {v.message}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        data = store.export_json(args.id)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    path: Path = args.file
    data = read_json_file(path)
    with open_store(args) as store:
        session_id = store.import_json(data, str(path))
    print(f"imported {path} as session {session_id}")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        store.delete(args.id)
    print(f"deleted session {args.id}")
    return 0
