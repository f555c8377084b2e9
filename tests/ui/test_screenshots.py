"""The walk: `pond-companion ui --demo --screenshots DIR` at 800x480 and 1280x720.

Every screen in ``ui.screens.SCREENS`` and every state its module declares
(``demo`` and ``demo_states()``) is shot and run through the layout check
(``ui.layout_check``); screens added later are walked with no change here. There is no
list of exceptions: every shot of every screen must pass. One Window
per process, so each size is its own process (both at once: the machine has two cores).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from ui.screens import SCREENS
from ui.screenshots import demo_states

SIZES = ((800, 480), (1280, 720))


def expected_shots() -> list[str]:
    shots = []
    for name, module_path in SCREENS:
        for state, _function in demo_states(importlib.import_module(module_path)):
            shots.append(f"{name}-{state}" if state else name)
    return shots


@pytest.fixture(scope="module")
def walks(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[int, int], Path]:
    tmp = tmp_path_factory.mktemp("walk")
    env = dict(os.environ)
    env["KIVY_NO_ARGS"] = "1"
    env.pop("POND_COMPANION_CONFIG", None)  # no config file named for these runs
    runs = []
    for w, h in SIZES:
        out = tmp / f"{w}x{h}"
        home = tmp / f"kivy-{w}"
        home.mkdir()
        cmd = [sys.executable, "-m", "companion.cli", "ui", "--demo"]
        cmd += ["--screenshots", str(out), "--size", f"{w}x{h}"]
        proc = subprocess.Popen(
            cmd,
            env={**env, "KIVY_HOME": str(home)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        runs.append(((w, h), out, proc))
    done = {}
    for size, out, proc in runs:
        _stdout, stderr = proc.communicate(timeout=400)
        assert proc.returncode == 0, stderr[-3000:]
        done[size] = out
    return done


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_screenshots_every_screen_and_state_is_shot_and_indexed(
    walks: dict[tuple[int, int], Path], size: tuple[int, int]
) -> None:
    out = walks[size]
    w, h = size
    index = (out / "index.html").read_text(encoding="utf-8")
    report = json.loads((out / "layout.json").read_text(encoding="utf-8"))
    assert report["size"] == f"{w}x{h}" and report["failed"] == []
    shots = expected_shots()
    assert [s["shot"] for s in report["shots"]] == shots
    for shot in shots:
        path = out / f"{shot}.png"
        image = cv2.imread(str(path))
        assert image is not None and image.shape == (h, w, 3), f"{path}"
        assert f"src='{shot}.png'" in index


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_screenshots_layout_check_passes_on_every_screen_and_state(
    walks: dict[tuple[int, int], Path], size: tuple[int, int]
) -> None:
    """Text fits, no touchables overlap, touchables >= 9 mm, text >= 3.5 mm and 4.5:1,
    nothing outside the window, palette colours, factions in their own colours."""
    report = json.loads((walks[size] / "layout.json").read_text(encoding="utf-8"))
    bad = {s["shot"]: s["problems"] for s in report["shots"] if s["problems"]}
    assert bad == {}, "\n".join(f"{k}: {p}" for k, ps in bad.items() for p in ps)
