"""`pond-companion ui --demo --screenshots DIR` at 800x480 and 1280x720 (one Window per process)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np

from ui.screens import SCREENS

SIZES = ((800, 480), (1280, 720))


def test_screenshots_every_screen_at_both_sizes(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["KIVY_NO_ARGS"] = "1"
    env.pop("POND_COMPANION_CONFIG", None)  # no config file named for these runs
    runs = []
    for w, h in SIZES:  # both at once: the machine has two cores
        out = tmp_path / f"{w}x{h}"
        home = tmp_path / f"kivy-{w}"
        home.mkdir()
        cmd = [
            sys.executable,
            "-m",
            "companion.cli",
            "ui",
            "--demo",
            "--screenshots",
            str(out),
            "--size",
            f"{w}x{h}",
        ]
        proc = subprocess.Popen(
            cmd,
            env={**env, "KIVY_HOME": str(home)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        runs.append(((w, h), out, proc))
    for (w, h), out, proc in runs:
        _stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr[-2000:]
        for name, _module in SCREENS:
            path = out / f"{name}.png"
            assert path.is_file(), f"{path} missing"
            image = cv2.imread(str(path))
            assert image is not None and image.shape == (h, w, 3), f"{path}: {image.shape}"
            colours = len(np.unique(image.reshape(-1, 3)[::7], axis=0))
            assert colours > 20 and float(image.std()) > 10, f"{path} looks blank"
