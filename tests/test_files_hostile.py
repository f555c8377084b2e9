"""The shared readers and the atomic writer against hostile files (#12 defects 3, 4, 11)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import load_config
from companion.errors import BadFileError, ConfigError
from companion.files import atomic_write_bytes, atomic_write_text, read_text_file
from companion.jsonfile import read_json_file


def _json(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "f.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested more than"),  # RecursionError before
        ("[" * 40 + "]" * 40, "nested more than"),
        ("9" * 5000, "digits"),  # ValueError (int max str digits) before
        ('{"a": Infinity}', "Infinity is not a number"),
        ('{"a": NaN}', "NaN is not a number"),
        ('{"a": 1e999}', "too large"),
        ('{"name": "\\ud800"}', "field name: text holds a lone surrogate U+D800"),
        ('{"name": "bell\\u0007"}', "control character U+0007"),
        ('{"\\ud800": 1}', "lone surrogate"),
        (b'{"name": "\xff"}', "not UTF-8"),
        ("{", "not valid JSON"),
    ],
)
def test_read_json_file_hostile_text_is_one_bad_file_error(
    tmp_path: Path, text: str | bytes, words: str
) -> None:
    path = _json(tmp_path, text)
    with pytest.raises(BadFileError) as info:
        read_json_file(path)
    message = str(info.value)
    assert str(path) in message and words in message and "\n" not in message


def test_read_json_file_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    with pytest.raises(BadFileError, match="not a regular file"):
        read_json_file("/dev/zero")  # MemoryError before
    with pytest.raises(BadFileError, match="not a regular file"):
        read_json_file(tmp_path)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code = f"from companion.jsonfile import read_json_file; read_json_file({str(fifo)!r})"
    out = subprocess.run(  # a FIFO hung forever before
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30
    )
    assert "not a regular file" in out.stderr


def test_read_json_file_caps_the_size(tmp_path: Path) -> None:
    path = _json(tmp_path, "[" + "1," * 100 + "1]")
    assert len(read_json_file(path)) == 101
    with pytest.raises(BadFileError, match="more than the 100 allowed"):
        read_json_file(path, max_bytes=100)


def test_read_json_file_keeps_good_text(tmp_path: Path) -> None:
    path = _json(tmp_path, '\ufeff{"name": "Zoë 🐸", "n": [1, 2.5, -3]}')
    assert read_json_file(path) == {"name": "Zoë 🐸", "n": [1, 2.5, -3]}


def test_read_text_file_names_the_line_of_a_control_character(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("ok\nbad \x1b[2J\n")
    with pytest.raises(BadFileError, match="control character U\\+001B on line 2"):
        read_text_file(path)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'[camera]\nsource = "\xff"\n', "not UTF-8"),
        (b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n", "not valid TOML"),
        (b"[camera]\nvote_frames = " + b"9" * 5000 + b"\n", "not valid TOML"),
        (b"[camera]\nvote_frames = " + b"9" * 4000 + b"\n", "a huge number"),
        (b'[data]\nfolder = "~nosuchuser/x"\n', "data.folder = '~nosuchuser/x'"),
        (b'[data]\nfolder = "a\\u0000b"\n', "control character"),
    ],
)
def test_config_loader_hostile_file_is_one_config_error(
    tmp_path: Path, content: bytes, words: str
) -> None:
    """#12 defect 4: each of these printed a traceback and stopped the app at boot."""
    path = tmp_path / "config.toml"
    path.write_bytes(content)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert str(path) in message and words in message and "\n" not in message
    assert len(message) < 400


def test_config_loader_refuses_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "config.toml"
    os.mkfifo(fifo)
    with pytest.raises(ConfigError, match="not a regular file"):
        load_config(fifo)


def test_atomic_write_replaces_whole_keeps_mode_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old")
    target.chmod(0o640)
    atomic_write_text(target, "new")
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_atomic_write_refuses_a_symlink_and_a_folder(tmp_path: Path) -> None:
    """#12 defect 11: an export followed a symlink planted on a USB stick."""
    victim = tmp_path / "store"
    victim.write_bytes(b"precious")
    link = tmp_path / "markers.pdf"
    link.symlink_to(victim)
    with pytest.raises(BadFileError, match="symbolic link"):
        atomic_write_bytes(link, b"%PDF")
    assert victim.read_bytes() == b"precious"
    with pytest.raises(BadFileError, match="not a regular file"):
        atomic_write_bytes(tmp_path, b"x")
    with pytest.raises(BadFileError, match="cannot write"):
        atomic_write_bytes(tmp_path / "missing" / "x.pdf", b"x")


def test_ponder_player_colour_that_is_not_text_is_one_line(tmp_path: Path) -> None:
    """Found by `make fuzz`: a Ponder player's "colour" given as a list raised TypeError."""
    import json

    from companion.session import read_session_file

    path = tmp_path / "ponder.json"
    players = [{"name": "Ana", "colour": ["red"]}, {"name": "Ben"}]
    path.write_text(json.dumps({"format": "session/1", "game": "ponder", "players": players}))
    with pytest.raises(BadFileError, match=r"players\[0\]\.colour must be a team colour"):
        read_session_file(path)
