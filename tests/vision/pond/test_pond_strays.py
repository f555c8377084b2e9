"""Things on the map that are not pieces: the game's own dice and VP tokens.

Scenes of the realistic generator with ``strays=3`` (``pond_scene3d.STRAY_KINDS``: a white
die, a black die, a gold token, in three ponds; their sizes and colours are our guesses),
counted against the empty-board photo.
"""

from __future__ import annotations

import re
from typing import Any

from conftest import count_scene3d, scene3d


def _named(count: Any, pid: str) -> list[str]:
    """The warnings naming pond ``pid`` as a word ("pond N" does not name pond NE)."""
    return [w for w in count.warnings if re.search(rf"\bpond {pid}\b", w)]


def test_a_white_die_in_a_pond_is_named_as_such_not_as_glare(layout13: Any, tall: Any) -> None:
    """Seed 30000 at 20 degrees: the white die lies in pond E. It hides the art under it, so
    it is "something white", not a lamp's glare; pond E's pieces are counted right. Before:
    "glare near pond E: move the lamp" (so on 7 of 7 boards with a white die at 20°)."""
    scene, count = count_scene3d(layout13, tall, 30000, tilt=20.0, strays=3)
    assert count.ok
    assert scene.stray_ponds == ["E", "IS", "F"]  # the white die, the black die, the token
    assert count.ponds["E"] == scene.answer["E"]
    words = _named(count, "E")
    assert any(w.startswith("something white lies in pond E (a die?") for w in words), words
    assert not any("glare" in w for w in count.warnings), count.warnings
    assert "E" in count.flagged


def test_a_round_token_read_as_two_frogs_is_flagged(layout13: Any, tall: Any) -> None:
    """Seed 30007 straight down: a gold token 20 mm across lies in pond SW, beside a banana
    frog. Its area is 1.6 frogs' and it has no neck, so the counter reads 2 banana frogs;
    but 2 frogs side by side are 28 mm long and its base is 19: it is flagged, naming pond
    SW. Before, pond SW was counted 3 banana frogs (1 is right) and no warning named it."""
    scene, count = count_scene3d(layout13, tall, 30007, tilt=0.0, strays=3)
    assert count.ok
    assert scene.stray_ponds[2] == "SW"  # the token
    assert scene.answer["SW"]["frogs"]["banana"] == 1
    words = _named(count, "SW")
    assert any("its base is too short for 2 frogs" in w for w in words), words
    assert "SW" in count.flagged


def test_strays_leave_the_answer_alone(layout13: Any, tall: Any) -> None:
    """The generator's strays are not pieces: the same seed with and without them has the
    same answer and the same pieces."""
    with_strays = scene3d.make_scene3d(layout13, tall, 30001, tilt=20.0, strays=3)
    without = scene3d.make_scene3d(layout13, tall, 30001, tilt=20.0)
    assert with_strays.answer == without.answer
    assert with_strays.pieces == without.pieces
    assert len(with_strays.stray_ponds) == 3 and without.stray_ponds == []


def test_a_token_read_as_one_frog_is_named_as_maybe_a_token(layout13: Any, tall: Any) -> None:
    """Seed 30001 at 20 degrees: the gold token lies in pond NW, beside a wizard frog, and is
    read as one banana frog. Its colour is more than one frog explains; the warning naming
    pond NW says it may be something of that colour that is not a piece. Before, it offered
    only "a frog on a frog, or a hidden piece?": a player would look for a second frog."""
    scene, count = count_scene3d(layout13, tall, 30001, tilt=20.0, strays=3)
    assert count.ok
    assert scene.stray_ponds[2] == "NW"  # the token
    assert scene.answer["NW"]["frogs"] == {"wizard": 1}
    words = _named(count, "NW")
    assert any("banana colour" in w and "not a piece (a token?)" in w for w in words), words
    assert "NW" in count.flagged
