"""``pond-companion sessions``: list, show, export, import, delete and back up game sessions.

Options may come before or after the action (``sessions --data X list`` and
``sessions list --data X``). Only ``import`` creates a store: reading commands
on a folder without one say so and change nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.config import load_config
from companion.errors import CompanionError, StoreError
from companion.files import atomic_write_text
from companion.jsonfile import read_json_file
from companion.session import replay
from companion.store import FILENAME, SessionStore, file_problem


def _data_option(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--data", type=Path, metavar="FOLDER", default=default, help="data folder (default: config)"
    )


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "sessions", help="list, show, export, import, delete and back up game sessions"
    )
    _data_option(p, None)
    ssub = p.add_subparsers(dest="sessions_command", metavar="ACTION", required=True)

    def action(name: str, help_text: str) -> argparse.ArgumentParser:
        a = ssub.add_parser(name, help=help_text)
        _data_option(a, argparse.SUPPRESS)  # after the action too, without undoing one before it
        return a

    action("list", "every session, newest first").set_defaults(func=cmd_list)
    show = action("show", "one session: players, state and its event log")
    show.add_argument("id", type=int)
    show.set_defaults(func=cmd_show)
    export = action("export", "the whole session as session/1 JSON")
    export.add_argument("id", type=int)
    export.add_argument("--out", type=Path, metavar="FILE", help="write here instead of stdout")
    export.set_defaults(func=cmd_export)
    imp = action("import", "import a session/1 JSON file as a new session")
    imp.add_argument("file", type=Path, metavar="FILE")
    imp.set_defaults(func=cmd_import)
    delete = action("delete", "delete a session and its log (asks first)")
    delete.add_argument("id", type=int)
    delete.add_argument("--yes", action="store_true", help="do not ask (needed without a terminal)")
    delete.set_defaults(func=cmd_delete)
    backup = action("backup", "copy the whole store to FILE (safe while the app runs)")
    backup.add_argument("file", type=Path, metavar="FILE", help="the backup file to write")
    backup.set_defaults(func=cmd_backup)


def data_folder(args: argparse.Namespace) -> Path:
    data: Path | None = getattr(args, "data", None)
    return data if data is not None else load_config(getattr(args, "config", None)).data.folder


def has_store(folder: Path) -> bool:
    """True if ``folder`` holds a store file (this never creates one)."""
    stem, suffix = Path(FILENAME).stem, Path(FILENAME).suffix
    names = [FILENAME, *(f"{stem}-{n}{suffix}" for n in range(1, 100))]
    return any((folder / n).exists() and file_problem(folder / n) is None for n in names)


def open_store(args: argparse.Namespace, create: bool = False) -> SessionStore:
    """The store of the data folder; without ``create``, a folder with none is an error."""
    folder = data_folder(args)
    if not create and not has_store(folder):
        raise StoreError(f"{folder}: no session store here yet (nothing was saved)")
    store = SessionStore.open(folder)
    for problem in store.problems:
        print(f"pond-companion: {problem}", file=sys.stderr)
    return store


def cmd_list(args: argparse.Namespace) -> int:
    folder = data_folder(args)
    if not has_store(folder):
        print(f"no sessions in {folder}")
        return 0
    with open_store(args) as store:
        rows = store.list()
        if not rows:
            print(f"no sessions in {store.path}")
            return 0
        print(f"{'id':>4}  {'game':<10} {'state':<9} {'events':>6}  {'updated':<25} players")
        for row in rows:
            state = "damaged" if row.problem else ("finished" if row.finished else "playing")
            print(
                f"{row.id:>4}  {row.game:<10} {state:<9} {row.events:>6}  {row.updated:<25} "
                f"{', '.join(row.players)}"
            )
        for row in rows:
            if row.problem:
                print(f"pond-companion: session {row.id}: {row.problem}", file=sys.stderr)
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
        atomic_write_text(args.out, text)
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    path: Path = args.file
    data = read_json_file(path, "session file")
    with open_store(args, create=True) as store:
        session_id = store.import_json(data, str(path))
        finished = next((r.finished for r in store.list() if r.id == session_id), False)
    print(f"imported {path} as session {session_id}{' (finished)' if finished else ''}")
    return 0


def _confirm(question: str) -> bool:
    sys.stdout.write(f"{question} [y/N] ")
    sys.stdout.flush()
    answer = sys.stdin.readline()
    return answer.strip().lower() in ("y", "yes")


def cmd_delete(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        row = next((r for r in store.list() if r.id == args.id), None)
        if row is None:
            store.load(args.id)  # raises UnknownSessionError naming the id and the store
        if not args.yes:
            if not sys.stdin.isatty():
                raise _NeedsYes(
                    f"sessions delete {args.id}: not deleted: no terminal to ask; "
                    "add --yes to delete without asking"
                )
            assert row is not None
            what = f"session {row.id} ({row.game}, {', '.join(row.players)}, {row.events} events)"
            if not _confirm(f"Delete {what}?"):
                print("nothing deleted")
                return 0
        store.delete(args.id)
    print(f"deleted session {args.id}")
    return 0


class _NeedsYes(CompanionError, ValueError):
    pass


def cmd_backup(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        store.backup(args.file)
        count = len(store.list())
    print(f"backed up {count} sessions from {store.path} to {args.file}")
    return 0
