"""The fast slice of the hostile-input fuzzer (`make fuzz` runs 1,000 or more inputs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

FUZZ = Path(__file__).with_name("fuzz_hostile.py")


def test_fuzz_slice_every_format_and_command_exits_0_or_2_in_one_line() -> None:
    """36 mutated inputs (3 of each file kind) through every command that reads them."""
    out = subprocess.run(
        [sys.executable, str(FUZZ), "--count", "36", "--seed", "12"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    summary = out.stdout.strip().splitlines()[-1]
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert summary.startswith("fuzz: 36 inputs (session 3, layout 3, pieces 3, catalog 3")
    assert "tracebacks 0, hangs 0, over 2 GB 0, bad exit or stderr 0" in summary


def test_fuzz_mutations_are_reproducible_and_hostile(tmp_path: Path) -> None:
    sys.path.insert(0, str(FUZZ.parent))
    try:
        import fuzz_hostile
    finally:
        sys.path.remove(str(FUZZ.parent))
    one = [(c.kind, c.argv[0], c.note) for c in fuzz_hostile.make_cases(40, 5, tmp_path / "a")]
    two = [(c.kind, c.argv[0], c.note) for c in fuzz_hostile.make_cases(40, 5, tmp_path / "b")]
    assert one == two
    kinds = {kind for kind, _, _ in one}
    assert kinds == {*fuzz_hostile.PAGES, "config", "image"}
    assert {"bog-log", "croak-deck", "ponder-board", "session", "layout"} <= kinds
