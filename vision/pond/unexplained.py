"""Which patches of colour the count does not explain: the bars, and the warnings naming ponds.

``vision.pond.explain`` measures each patch against the pieces counted in it (``Explained``);
this module says which differences are too large to be the photo's noise, and words the
warning for the player. The count is never changed here: the area alone does not say which
piece is missing or extra.
"""

from __future__ import annotations

from vision.pond.explain import Explained
from vision.pond.found import Hidden

#: A patch holding one counted piece with this much more colour (in frog areas) than the
#: piece explains is flagged (a frog on it?); one holding several pieces, with ``MANY_EXCESS``.
ONE_EXCESS = 0.3
MANY_EXCESS = 0.4
#: A patch with this much less colour than its pieces explain is flagged (an overcount?):
#: one piece, or several (nearer pieces of other colours hide more of a group).
ONE_DEFICIT = 0.5
MANY_DEFICIT = 1.0
#: A patch of anything changed (pieces of every colour with their shaded sides and
#: highlights) this much larger than its counted pieces explain, in frog areas (one piece,
#: or several), is flagged: a frog on a frog, whatever its colour, makes the group reach
#: one more lean away from the camera.
ONE_TALLER = 0.2
MANY_TALLER = 0.25
#: Seen at a small lean, a frog on a frog adds less than ``MANY_TALLER`` (one lean across a
#: frog's width, ``Explained.one_more``): a group is then flagged when it covers this share
#: of that much more, but never for less than ``TALLER_FLOOR`` (the outline's own noise).
TALLER_SHARE = 0.8
TALLER_FLOOR = 0.18
#: A patch of anything changed holding one counted Long Fwooog whose outline has a notch
#: deeper than this (mm) is flagged: frogs side by side (a stack among them fills out the
#: area) read as a Long Fwooog.
NOTCH_MM = 3.5
#: A patch of anything changed holding several counted pieces with this much less than they
#: explain (in frog areas) is flagged: an overcount. (Nearer pieces hide farther ones'
#: colour, not their changed pixels, so this is tighter than ``MANY_DEFICIT``.) A Long
#: Fwooog read as three frogs, or three frogs pressed in a row read as a Long Fwooog and a
#: frog, fall about 0.65 short at 25 degrees.
MANY_SHORT = 0.6
#: A patch of anything changed one piece wide (a row) holding a counted Long Fwooog (and only
#: pieces of its faction) whose longest stretch between necks is under this share of a Long
#: Fwooog's length is flagged: frogs in a row (a neck every frog's length, about 0.4 of a
#: Long Fwooog's) read as a Long Fwooog. A Long Fwooog end to end with a frog, seen at a
#: slant to the row's axis, measured 0.84.
ROW_ROOM = 0.6
#: A patch of a faction's colour holding more than its counted pieces explain, whose
#: largest part outside their outlines (``Explained.under``) is at least this large (frog
#: areas; the side check's own bar, ``blobs.HIDDEN_SIDE``) and lies under a piece of
#: another faction, is flagged: the side of a frog hidden under that piece, joined to a
#: frog of its own colour beside it.
UNDER_SIDE = 0.15


def doubts(explained: list[Explained]) -> list[tuple[str, str]]:
    """(pond, warning) for each patch of colour the count does not explain."""
    out = []
    for e in explained:
        if e.pond is None:
            continue
        if not e.faction:
            if e.notch_mm > NOTCH_MM:
                out.append(
                    (
                        e.pond,
                        f"pond {e.pond}: the Long Fwooog at ({e.x_mm:.0f}, {e.y_mm:.0f}) mm has "
                        f"a notch {e.notch_mm:.1f} mm deep that no Long Fwooog has: frogs side "
                        "by side?",
                    )
                )
            if e.room is not None and e.room < ROW_ROOM:
                out.append(
                    (
                        e.pond,
                        f"pond {e.pond}: a Long Fwooog is counted in the row of pieces at "
                        f"({e.x_mm:.0f}, {e.y_mm:.0f}) mm, but no part of the row between its "
                        f"necks is as long as one ({e.room:.1f} of one at most): frogs in a row?",
                    )
                )
            if e.pieces > 1 and -e.excess > MANY_SHORT:
                out.append(
                    (
                        e.pond,
                        f"pond {e.pond}: the {e.pieces} pieces at ({e.x_mm:.0f}, {e.y_mm:.0f}) mm "
                        f"cover less of the board than they should ({-e.excess:.1f} of a frog's "
                        "area less): fewer pieces?",
                    )
                )
            if covers_more(e):
                out.append((e.pond, covers_words(e)))
            continue
        _, text = colour_doubt(e)
        if text is not None:
            out.append((e.pond, text))
    return out


def covers_more(e: Explained) -> bool:
    """A patch of anything changed holding pieces that covers more of the board than they
    should (``ONE_TALLER``, ``MANY_TALLER``): a frog on a frog?"""
    return not e.faction and e.pieces > 0 and e.excess > _taller(e)


def covers_words(e: Explained) -> str:
    """The warning naming the pond of a patch that ``covers_more``."""
    return (
        f"pond {e.pond}: the {_pieces(e.pieces)} at ({e.x_mm:.0f}, {e.y_mm:.0f})"
        f" mm {'covers' if e.pieces == 1 else 'cover'} more of the board than "
        f"{_pieces(e.pieces, 'one', 'they')} should ({e.excess:.1f} of a frog's "
        "area more): a frog on a frog?"
    )


def hidden_colours(explained: list[Explained]) -> list[tuple[Hidden, str]]:
    """Each patch of a faction's colour that says a frog of that faction may be hidden (none
    counted in it, more colour than its pieces explain, or a part beside them under another
    faction's piece): where, and the warning ``doubts`` words for it."""
    out = []
    for e in explained:
        if e.pond is None or not e.faction:
            continue
        kind, text = colour_doubt(e)
        if text is None or kind == "less":
            continue
        if kind == "beside" and e.under is not None:
            cue = Hidden(e.pond, e.faction, e.under.x_mm, e.under.y_mm, e.under.area)
        else:
            cue = Hidden(e.pond, e.faction, e.x_mm, e.y_mm, e.excess)
        out.append((cue, text))
    return out


def colour_doubt(e: Explained) -> tuple[str, str | None]:
    """A patch of a faction's colour: which bar it passes ("none", "more", "beside", "less"
    or "") and the warning naming its pond (None when it passes none)."""
    where = f"pond {e.pond}: {e.faction} colour at ({e.x_mm:.0f}, {e.y_mm:.0f}) mm"
    if e.pieces == 0:
        return "none", (
            f"{where} ({e.seen:.1f} of a frog's area) belongs to no counted piece: "
            "a frog hidden under another? (not counted)"
        )
    if e.excess > (ONE_EXCESS if e.pieces == 1 else MANY_EXCESS):
        return "more", (
            f"{where}: more than the {_pieces(e.pieces)} counted there {_explain(e.pieces)} "
            f"({e.excess:.1f} of a frog's area): a frog on a frog, a hidden piece, "
            "or something of its colour that is not a piece (a token?)"
        )
    if e.under is not None and e.excess > 0 and e.under.area >= UNDER_SIDE:
        return "beside", (
            f"pond {e.pond}: {e.faction} colour at ({e.under.x_mm:.0f}, "
            f"{e.under.y_mm:.0f}) mm beside the {_pieces(e.pieces)} counted there, "
            f"under a {e.under.under} piece ({e.under.area:.2f} of a frog's area): "
            "a frog hidden under it? (not counted)"
        )
    if -e.excess > (ONE_DEFICIT if e.pieces == 1 else MANY_DEFICIT):
        return "less", (
            f"{where}: less than the {_pieces(e.pieces)} counted there {_explain(e.pieces)} "
            f"({-e.excess:.1f} of a frog's area short): fewer pieces?"
        )
    return "", None


def _taller(e: Explained) -> float:
    """How much more colour (frog areas) than its pieces explain flags a patch of anything
    changed: ``ONE_TALLER`` for one piece; for several, ``MANY_TALLER``, or less where a frog
    on a frog adds less (``TALLER_SHARE``)."""
    if e.pieces == 1:
        return ONE_TALLER
    return min(MANY_TALLER, max(TALLER_FLOOR, TALLER_SHARE * e.one_more))


def _pieces(n: int, one: str = "piece", many: str = "") -> str:
    return one if n == 1 else (many or f"{n} pieces")


def _explain(n: int) -> str:
    return "explains" if n == 1 else "explain"
