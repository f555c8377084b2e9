"""The kiosk unit and its installer, checked as far as a machine without a running systemd
and without a Pi allows: `systemd-analyze verify` and `security --offline=true`, shellcheck,
the installer's --dry-run plan, and its idempotence on a staging root."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "pond-companion.service"
INSTALL = ROOT / "systemd" / "install.sh"
MAX_EXPOSURE = 3.0


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:  # the Makefile installs these: a missing one is a broken set-up
        pytest.fail(f"{name} is not installed (make sysdeps installs it)")
    return path


def _unit_settings() -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            settings.setdefault(key, []).append(value)
    return settings


def test_unit_verify_prints_nothing() -> None:
    out = subprocess.run(
        [_tool("systemd-analyze"), "verify", str(UNIT)], capture_output=True, text=True
    )
    assert out.returncode == 0
    assert out.stderr == "" and out.stdout == "", out.stderr + out.stdout


def test_unit_security_exposure_at_most_3() -> None:
    out = subprocess.run(
        [_tool("systemd-analyze"), "security", "--offline=true", "--no-pager", str(UNIT)],
        capture_output=True,
        text=True,
    )
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", out.stdout)
    assert match, out.stdout[-2000:] + out.stderr
    assert float(match.group(1)) <= MAX_EXPOSURE


def test_unit_is_a_notify_service_with_watchdog_restart_state_and_no_network() -> None:
    s = _unit_settings()
    assert s["Type"] == ["notify"] and s["NotifyAccess"] == ["all"]
    assert int(s["WatchdogSec"][0]) > 0 and s["Restart"] == ["on-failure"]
    assert s["StateDirectory"] == ["pond-companion"]
    assert s["StandardOutput"] == ["journal"] and s["StandardError"] == ["journal"]
    assert s["User"] == ["pond-companion"]
    assert set(s["SupplementaryGroups"][0].split()) == {"video", "gpio", "input", "render"}
    for key in ("NoNewPrivileges", "ProtectHome", "PrivateTmp"):
        assert s[key] == ["yes"], key
    assert s["ProtectSystem"] == ["strict"] and s["IPAddressDeny"] == ["any"]
    assert "AF_INET" not in s["RestrictAddressFamilies"][0]
    assert s["DevicePolicy"] == ["closed"]
    devices = {v.split()[0] for v in s["DeviceAllow"]}
    assert {"char-drm", "char-input", "char-video4linux", "char-gpiochip"} <= devices
    assert s["ExecStart"][0].startswith("/usr/bin/cage ")
    assert "pond-companion ui --fullscreen" in s["ExecStart"][0]


def test_install_script_is_shellcheck_clean() -> None:
    out = subprocess.run([_tool("shellcheck"), str(INSTALL)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout


def _install(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(INSTALL), *args], capture_output=True, text=True, timeout=120
    )


def test_install_dry_run_prints_the_plan_and_changes_nothing() -> None:
    before = Path("/etc/systemd/system/pond-companion.service").exists()
    out = _install("--dry-run")
    assert out.returncode == 0, out.stderr
    plan = out.stdout
    for step in range(1, 8):
        assert f"step {step}:" in plan
    assert "--system-site-packages" in plan and "/opt/pond-companion/venv" in plan
    assert "/opt/pond-companion/src[pi]" in plan
    assert "/etc/pond-companion/config.toml" in plan
    assert "/etc/systemd/system/pond-companion.service" in plan
    assert "systemctl enable pond-companion.service" in plan.replace("'", "")
    if not Path("/proc/device-tree/model").exists():  # not a Pi: its packages are planned
        assert re.search(r"would: install .*python3-picamera2.*python3-lgpio", plan)
    assert plan.rstrip().endswith("nothing done")
    assert Path("/etc/systemd/system/pond-companion.service").exists() == before
    assert not Path("/opt/pond-companion/src").exists() or before


def test_install_twice_changes_nothing_the_second_time_and_uninstall_keeps_games(
    tmp_path: Path,
) -> None:
    root = tmp_path / "root"
    first = _install("--root", str(root))
    assert first.returncode == 0, first.stderr
    assert "change: install /etc/systemd/system/pond-companion.service" in first.stdout
    assert (root / "etc/systemd/system/pond-companion.service").read_bytes() == UNIT.read_bytes()
    assert (root / "opt/pond-companion/src/pyproject.toml").exists()
    config = root / "etc/pond-companion/config.toml"
    assert 'folder = "/var/lib/pond-companion"' in config.read_text()
    second = _install("--root", str(root))
    assert second.returncode == 0 and "  change: " not in second.stdout
    assert second.stdout.rstrip().endswith("is installed and up to date")
    # An owner's own config is never overwritten.
    config.write_text("# mine\n")
    assert "  change: " not in _install("--root", str(root)).stdout
    assert config.read_text() == "# mine\n"
    games = root / "var/lib/pond-companion/sessions.sqlite"
    games.parent.mkdir(parents=True)
    games.write_bytes(b"saved games")
    gone = _install("--root", str(root), "--uninstall")
    assert gone.returncode == 0, gone.stderr
    assert not (root / "opt/pond-companion").exists()
    assert not (root / "etc/pond-companion").exists()
    assert not (root / "etc/systemd/system/pond-companion.service").exists()
    assert games.read_bytes() == b"saved games"
    assert "  change: " not in _install("--root", str(root), "--uninstall").stdout


def test_install_bad_option_exits_2_with_one_line() -> None:
    out = _install("--frobnicate")
    assert out.returncode == 2
    assert out.stderr.strip() == "install.sh: unknown option '--frobnicate' (see --help)"
