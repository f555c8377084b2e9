"""The foundation's commands: config show, sessions list/show/export/import/delete, and --help."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.base import Player
from companion.session import SessionInfo
from companion.store import SessionStore


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_config_show_names_origin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[camera]\nsource = "demo"\n')
    code, out, _ = run(capsys, "--config", str(path), "config", "show")
    assert code == 0
    assert f'source = "demo"  # from {path}' in out
    assert "vote_frames = 5  # from default" in out
    code, out, _ = run(capsys, "--config", str(path), "config", "show", "--json")
    assert json.loads(out)["settings"]["camera.source"] == {"value": "demo", "from": str(path)}


def test_cli_bad_config_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[camera]\nfps = 30\n")
    code, out, err = run(capsys, "--config", str(path), "config", "show")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(path) in err and "camera.fps" in err
    assert "Traceback" not in err


def test_cli_sessions_list_show_export_import_delete(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with SessionStore.open(data_dir) as store:
        sid = store.create(SessionInfo("scorepad", (Player("Ana"), Player("Ben"))))
        store.append(sid, {"type": "points", "player": "Ana", "amount": 7})
    code, out, _ = run(capsys, "sessions", "--data", str(data_dir), "list")
    assert code == 0 and "scorepad" in out and "Ana, Ben" in out
    code, out, _ = run(capsys, "sessions", "--data", str(data_dir), "show", str(sid))
    assert code == 0 and '{"type":"points","player":"Ana","amount":7}' in out
    code, out, _ = run(capsys, "sessions", "--data", str(data_dir), "export", str(sid))
    exported = json.loads(out)
    assert exported["format"] == "session/1" and len(exported["events"]) == 1
    file = data_dir / "export.json"
    file.write_text(out)
    code, out, _ = run(capsys, "sessions", "--data", str(data_dir), "import", str(file))
    assert code == 0 and "as session 2" in out
    code, out, _ = run(capsys, "sessions", "--data", str(data_dir), "delete", str(sid), "--yes")
    assert code == 0
    code, _, err = run(capsys, "sessions", "--data", str(data_dir), "show", str(sid))
    assert code == 2 and f"no session with id {sid}" in err


def test_cli_sessions_import_bad_file_names_it(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = data_dir / "broken.json"
    file.write_text('{"format": "session/1", "game": "scorepad", "players": []}')
    code, _, err = run(capsys, "sessions", "--data", str(data_dir), "import", str(file))
    assert code == 2 and str(file) in err and "players" in err and "Traceback" not in err


def test_cli_every_subcommand_has_help() -> None:
    """The console script is installed, and each subcommand answers --help."""
    exe = Path(sys.executable).with_name("pond-companion")
    listing = subprocess.run(
        [str(exe), "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert "unavailable" not in listing
    for name in (
        "config",
        "sessions",
        "score",
        "replay",
        "catalog",
        "tags",
        "markers",
        "scan",
        "calibrate",
        "buttons",
        "ui",
    ):
        result = subprocess.run([str(exe), name, "--help"], capture_output=True, text=True)
        assert result.returncode == 0, f"{name}: {result.stderr}"
        assert "usage: pond-companion " + name in result.stdout
