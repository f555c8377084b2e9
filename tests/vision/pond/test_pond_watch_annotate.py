"""BoardWatcher (consecutive frames must agree) and the annotated picture."""

from __future__ import annotations

from typing import Any

import numpy as np
import pond_synth as synth
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.pond import BoardWatcher, annotate_board, count_board
from vision.pond.count import BoardCount


def _board(n: int) -> BoardCount:
    return BoardCount(
        ok=True, ponds={"F": {"frogs": {"wizard": n}, "fwooogs": [], "lilypad": None}}
    )


def _waiting(reason: str) -> BoardCount:
    return BoardCount(ok=False, reason=reason)


def test_watcher_reports_when_frames_agree() -> None:
    """A board is only reported when several consecutive frames agree."""
    w = BoardWatcher(frames_needed=3)
    assert w.add(_board(1)) is None
    assert w.add(_board(1)) is None
    assert w.status == "waits: 1 more frame must agree"
    got = w.add(_board(1))
    assert got is not None and got.ponds["F"]["frogs"] == {"wizard": 1}
    assert w.add(_board(1)) is None  # the same board is reported once
    assert w.stable is got


def test_watcher_disagreement_restarts_the_run() -> None:
    w = BoardWatcher(frames_needed=2)
    assert w.add(_board(1)) is None
    assert w.add(_board(2)) is None
    got = w.add(_board(2))
    assert got is not None and got.ponds["F"]["frogs"] == {"wizard": 2}


def test_watcher_unusable_frame_breaks_the_run() -> None:
    """A frame with a hand over the map, or a marker hidden, is never part of a board."""
    w = BoardWatcher(frames_needed=2)
    w.add(_board(1))
    assert w.add(_waiting("something covers the map near pond F (a hand or an arm?)")) is None
    assert w.status.startswith("waits: something covers the map")
    assert w.add(_board(1)) is None
    assert w.add(_board(1)) is not None


def test_watcher_needs_at_least_one_frame() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        BoardWatcher(frames_needed=0)


def test_annotate_draws_counts_without_touching_the_frame(
    pond_scene: Any, layout13: Any, pieces: Any
) -> None:
    scene = pond_scene(1)
    before = scene.image.copy()
    count = count_board(scene.image, layout13, pieces)
    out = annotate_board(scene.image, count)
    assert np.array_equal(scene.image, before)
    assert out.shape == scene.image.shape and out.dtype == np.uint8
    changed = np.any(out != scene.image, axis=2)
    # Marks on every counted piece: the pixels at each piece's centre changed.
    for p in count.pieces:
        ((x, y),) = synth_point(count, p.x_mm, p.y_mm)
        assert changed[max(0, y - 12) : y + 12, max(0, x - 12) : x + 12].any()


def synth_point(count: BoardCount, x: float, y: float) -> list[tuple[int, int]]:
    from vision.markers import apply_homography

    assert count.pose is not None
    ((u, v),) = apply_homography(count.pose.mm_to_image, [(x, y)])
    return [(round(u), round(v))]


def test_annotate_says_why_it_waits(pond_scene: Any, layout13: Any, pieces: Any) -> None:
    scene = pond_scene(40, size=(2304, 1296), quality=synth.DEGRADED, hand=True)
    count = count_board(scene.image, layout13, pieces)
    out = annotate_board(scene.image, count)
    top = out[:20].reshape(-1, 3).astype(int)
    # The red banner (BGR 40, 40, 230 blended over the photo) across the top.
    assert np.median(top[:, 2]) > 150 and np.median(top[:, 0]) < 100


def test_annotate_an_empty_frame_gives_it_back(layout13: Any, pieces: Any) -> None:
    empty = np.zeros((0, 0, 3), np.uint8)
    out = annotate_board(empty, count_board(empty, layout13, pieces))
    assert out.shape == (0, 0, 3)


def test_demo_frames_count_to_their_answers(layout13: Any, pieces: Any) -> None:
    """The bundled demo camera frames: each counts to its known answer, the hand frame
    waits, and a watcher over the looped files reports the two boards of the story."""
    import json

    from vision.frames import FilesSource, demo_folder

    folder = demo_folder("pond")
    answers = json.loads((folder / "answer.json").read_text(encoding="utf-8"))["ponds"]
    watcher = BoardWatcher(frames_needed=3)
    reported = []
    with FilesSource(folder, loop=False) as source:
        for name in sorted(answers):
            frame = source.read()
            assert frame is not None
            count = count_board(frame, layout13, pieces)
            assert (count.ponds if count.ok else None) == answers[name], name
            board = watcher.add(count)
            if board is not None:
                reported.append(board.ponds)
    assert reported == [answers["board-1a.jpg"], answers["board-3a.jpg"]]


@settings(max_examples=200, deadline=None)
@given(
    frames=st.lists(st.one_of(st.none(), st.integers(0, 2)), max_size=30),
    needed=st.integers(1, 4),
)
def test_watcher_only_reports_agreeing_runs(frames: list[int | None], needed: int) -> None:
    """Whatever the frames, a board comes out only after ``needed`` usable frames in a row
    agreeing on it, never twice in a row the same, and never from an unusable frame."""
    w = BoardWatcher(frames_needed=needed)
    seen: list[BoardCount] = []
    last_reported: str | None = None
    for i, f in enumerate(frames):
        count = _waiting("marker 1 hidden or out of view") if f is None else _board(f)
        seen.append(count)
        got = w.add(count)
        if got is None:
            continue
        run = seen[-needed:]
        assert len(run) == needed and all(c.ok and c.key() == got.key() for c in run), i
        assert got.key() != last_reported
        last_reported = got.key()
