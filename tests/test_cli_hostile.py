"""The command line's conventions (#13 defect 13, #12 item 13): options after the action,
one spelling per flag, no store made by reading, confirmation before deleting."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import build_parser, main
from companion.games.base import Player
from companion.session import SessionInfo
from companion.store import SessionStore

INFO = SessionInfo("scorepad", (Player("Ana"), Player("Ben")), {"for": "croak"})


def _store(folder: Path) -> int:
    with SessionStore.open(folder) as store:
        sid = store.create(INFO)
        store.append(sid, {"type": "points", "player": "Ana", "amount": 7})
    return sid


def _options(parser: argparse.ArgumentParser, path: str = "") -> list[tuple[str, argparse.Action]]:
    out = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                out.extend(_options(child, f"{path} {name}".strip()))
        elif action.option_strings:
            out.append((path, action))
    return out


def test_cli_every_out_flag_is_out_file_and_every_size_flag_names_its_unit() -> None:
    """One convention: `--out FILE`; sizes say their unit (`--size-mm MM`, `--size-px WxH`)."""
    outs = sizes = 0
    for where, action in _options(build_parser()):
        names = action.option_strings
        if "--out" in names:
            outs += 1
            assert action.metavar == "FILE", f"{where} --out shows {action.metavar}"
        if any(n.startswith("--size") for n in names):
            sizes += 1
            primary = names[0]
            assert primary in ("--size-mm", "--size-px"), f"{where}: {primary} has no unit"
            assert action.metavar == ("MM" if primary == "--size-mm" else "WxH")
    assert outs >= 4 and sizes >= 3


def test_cli_ui_keeps_the_old_size_spelling() -> None:
    parser = build_parser()
    assert parser.parse_args(["ui", "--size", "800x480"]).size == (800, 480)
    assert parser.parse_args(["ui", "--size-px", "1280x720"]).size == (1280, 720)


def test_cli_sessions_data_after_the_action(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sessions list --data X` failed: --data had to come before the action."""
    sid = _store(data_dir)
    assert main(["sessions", "list", "--data", str(data_dir)]) == 0
    assert "Ana, Ben" in capsys.readouterr().out
    assert main(["sessions", "show", str(sid), "--data", str(data_dir)]) == 0
    assert main(["sessions", "--data", str(data_dir), "show", str(sid)]) == 0


def test_cli_config_after_the_subcommand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#12 item 13: `--config` worked only before the subcommand."""
    data = tmp_path / "kept"
    _store(data)
    config = tmp_path / "c.toml"
    config.write_text(f'[data]\nfolder = "{data}"\n')
    assert main(["sessions", "list", "--config", str(config)]) == 0
    assert "Ana, Ben" in capsys.readouterr().out
    assert main(["config", "show", "--config", str(config), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["settings"]["data.folder"]["from"] == str(config)
    # Given before, and not after: the one before still counts.
    assert main(["--config", str(config), "sessions", "list"]) == 0
    assert "Ana, Ben" in capsys.readouterr().out


def test_cli_sessions_list_creates_no_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "nothing-here"
    assert main(["sessions", "list", "--data", str(folder)]) == 0
    assert "no sessions" in capsys.readouterr().out
    assert not folder.exists()
    folder.mkdir()
    assert main(["sessions", "list", "--data", str(folder)]) == 0
    assert list(folder.iterdir()) == []
    assert main(["sessions", "show", "1", "--data", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "no session store here yet" in err and err.count("\n") == 1
    assert list(folder.iterdir()) == []


def test_cli_sessions_delete_asks_and_refuses_without_a_terminal(
    data_dir: Path, tmp_path: Path
) -> None:
    sid = _store(data_dir)
    base = [sys.executable, "-m", "companion.cli", "sessions", "--data", str(data_dir)]
    refused = subprocess.run(
        [*base, "delete", str(sid)], stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    assert refused.returncode == 2
    assert "--yes" in refused.stderr and refused.stderr.count("\n") == 1
    with SessionStore.open(data_dir) as store:
        assert [r.id for r in store.list()] == [sid]
    done = subprocess.run(
        [*base, "delete", str(sid), "--yes"], stdin=subprocess.DEVNULL, capture_output=True,
        text=True,
    )  # fmt: skip
    assert done.returncode == 0 and f"deleted session {sid}" in done.stdout
    with SessionStore.open(data_dir) as store:
        assert store.list() == []


def test_cli_sessions_delete_on_a_terminal_asks_first(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    sid = _store(data_dir)

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Tty("n\n"))
    assert main(["sessions", "delete", str(sid), "--data", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert f"Delete session {sid} (scorepad, Ana, Ben, 1 events)? [y/N]" in out
    assert "nothing deleted" in out
    monkeypatch.setattr(sys, "stdin", Tty("y\n"))
    assert main(["sessions", "delete", str(sid), "--data", str(data_dir)]) == 0
    assert f"deleted session {sid}" in capsys.readouterr().out


def test_cli_sessions_export_has_no_no_op_flag(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sid = _store(data_dir)
    with pytest.raises(SystemExit) as info:
        main(["sessions", "export", str(sid), "--json", "--data", str(data_dir)])
    assert info.value.code == 2
    capsys.readouterr()
    out = tmp_path / "s.json"
    assert main(["sessions", "export", str(sid), "--out", str(out), "--data", str(data_dir)]) == 0
    assert json.loads(out.read_text())["format"] == "session/1"


def test_cli_sessions_export_refuses_a_planted_symlink(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#12 defect 11: exporting to a USB stick followed a symlink planted on it."""
    sid = _store(data_dir)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    link = tmp_path / "export.json"
    link.symlink_to(victim)
    code = main(["sessions", "export", str(sid), "--out", str(link), "--data", str(data_dir)])
    err = capsys.readouterr().err
    assert code == 2 and "symbolic link" in err and err.count("\n") == 1
    assert victim.read_text() == "keep me"


def test_cli_sessions_backup_command(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sid = _store(data_dir)
    target = tmp_path / "backup.sqlite"
    assert main(["sessions", "backup", str(target), "--data", str(data_dir)]) == 0
    assert "backed up 1 sessions" in capsys.readouterr().out
    copy = tmp_path / "restored"
    copy.mkdir()
    (copy / "sessions.sqlite").write_bytes(target.read_bytes())
    assert main(["sessions", "show", str(sid), "--data", str(copy)]) == 0
