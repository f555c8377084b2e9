"""The screenshots kept in the repository (docs/screenshots/<size>/, indexed in docs/ui.md).

``make screenshots`` walks every screen and state at 800x480 and 1280x720
(``pond-companion ui --demo --screenshots``), then runs this module on the folder: each PNG
is reduced to a palette of 128 colours (the screens are flat colours and text; a walk's
shots go from about 15 MB to about 2.5 MB, so regenerating them does not bloat the history).

``shots_in_docs(text)`` reads the shot names listed in docs/ui.md's "Screenshots" section;
``tests/ui/test_screenshots_index.py`` checks they are exactly the walk's shots.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

#: The heading of the index in docs/ui.md; the section runs to the next "## " heading.
SECTION = "## Screenshots"
SIZES = ("800x480", "1280x720")
ROW = re.compile(r"^\|\s*`([a-z0-9_-]+)`\s*\|", re.MULTILINE)


def shots_in_docs(text: str) -> list[str]:
    """The shot names in the first column of the index's table, in order."""
    start = text.find("\n" + SECTION + "\n")
    if start < 0:
        return []
    end = text.find("\n## ", start + 1)
    section = text[start : end if end >= 0 else len(text)]
    return ROW.findall(section)


def walk_shots() -> list[str]:
    """The names of the shots the walker takes, in its order (no rendering: it only reads
    each screen module's ``demo`` and ``demo_states()``)."""
    import importlib

    from ui.screens import SCREENS
    from ui.screenshots import demo_states

    shots = []
    for name, module_path in SCREENS:
        for state, _function in demo_states(importlib.import_module(module_path)):
            shots.append(f"{name}-{state}" if state else name)
    return shots


def shrink(folder: Path, colours: int = 128) -> tuple[int, int]:
    """Every PNG under ``folder`` to a ``colours`` palette; returns (bytes before, after)."""
    from PIL import Image

    before = after = 0
    for path in sorted(folder.rglob("*.png")):
        before += path.stat().st_size
        with Image.open(path) as image:
            small = image.convert("RGB").quantize(
                colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
            )
        small.save(path, optimize=True)
        after += path.stat().st_size
    return before, after


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python -m ui.screenshots_docs FOLDER (a folder of screenshots)")
        return 2
    before, after = shrink(Path(argv[0]))
    print(f"{argv[0]}: {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
