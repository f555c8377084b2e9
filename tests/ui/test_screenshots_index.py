"""docs/ui.md's screenshots index cannot go stale: it names exactly the shots the walker
takes, each linked at both sizes, and docs/screenshots/ holds exactly those pictures.

Fast: the walk's shot names come from the screen modules' ``demo_states()``, nothing is
rendered. When a screen or a demo state is added, run `make screenshots` and add its row.
"""

from __future__ import annotations

from pathlib import Path

from ui.screenshots_docs import SIZES, shots_in_docs, walk_shots

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "ui.md"
FIX = "run `make screenshots` and give each shot its row in docs/ui.md, 'Screenshots'"


def test_screenshots_index_names_every_shot_of_the_walk_once() -> None:
    listed = shots_in_docs(DOCS.read_text(encoding="utf-8"))
    walked = walk_shots()
    assert len(walked) > 40
    assert sorted(set(listed)) == sorted(listed), "a shot listed twice"
    assert sorted(listed) == sorted(walked), (
        f"not in the index: {sorted(set(walked) - set(listed))}; "
        f"in the index but not walked: {sorted(set(listed) - set(walked))}; {FIX}"
    )


def test_screenshots_index_links_both_sizes_of_every_shot() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for shot in shots_in_docs(text):
        for size in SIZES:
            assert f"(screenshots/{size}/{shot}.png)" in text, f"{shot} at {size}"


def test_screenshots_folder_holds_exactly_the_shots_of_the_walk() -> None:
    walked = set(walk_shots())
    for size in SIZES:
        folder = ROOT / "docs" / "screenshots" / size
        kept = {p.stem for p in folder.glob("*.png")}
        assert kept == walked, (
            f"{size}: missing {sorted(walked - kept)}, left over {sorted(kept - walked)}; {FIX}"
        )
        assert (folder / "index.html").is_file()


def test_screenshots_shots_in_docs_reads_only_the_index_table() -> None:
    text = (
        "## Screens\n| `home` | not the index |\n\n## Screenshots\n\nSome words.\n\n"
        "| Shot | What |\n| --- | --- |\n| `home` | Home |\n| `bog-fly` | a Fly |\n\n"
        "## How it is built\n| `ponder` | not the index |\n"
    )
    assert shots_in_docs(text) == ["home", "bog-fly"]
    assert shots_in_docs("## Screens\n| `home` | x |\n") == []
