"""The one direction of imports.

companion imports none of the others; vision and hardware never import ui.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "companion": {"vision", "hardware", "ui", "kivy", "cv2", "gpiozero", "picamera2", "numpy"},
    "vision": {"ui", "kivy", "hardware", "gpiozero"},
    "hardware": {"ui", "kivy", "vision", "cv2"},
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", "") == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            roots.add(node.args[0].value.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_import_direction_holds(package: str) -> None:
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        wrong = imported_roots(path) & FORBIDDEN[package]
        if wrong:
            bad.append(f"{path.relative_to(ROOT)} imports {', '.join(sorted(wrong))}")
    assert bad == []


def test_import_direction_picamera2_only_in_its_module() -> None:
    users = [
        path.relative_to(ROOT).as_posix()
        for package in ("companion", "vision", "hardware", "ui")
        for path in (ROOT / package).rglob("*.py")
        if "picamera2" in imported_roots(path)
    ]
    assert users in ([], ["vision/picamera_source.py"])
