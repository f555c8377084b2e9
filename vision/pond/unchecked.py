"""A lone frog that neither stack check could judge: say so, never pass it silently.

A frog on a frog is told by how far the lone frog reaches along its lean
(``vision.pond.reach``) or by how far its shadow runs (``vision.pond.shadow``). Each check
walks lines past the frog and drops every line that runs into another piece, its shadow, a
lilypad or glare. A frog crowded by its neighbours can lose too many lines to both checks:
then nothing in the photo says whether it stands alone or on another frog, and its pond's
count may be one frog short with no warning. So can a frog whose run the reach check saw
shorter than the frog itself (``vision.pond.reach.SHORT_LEANS``), and a frog whose lean
runs along its shadow: a stack's shadow would not reach far enough beyond the base found
for it (``vision.pond.shadow._tells``).

So a lone frog (``vision.pond.reach.lone_frogs``) seen at a lean of at least
``vision.pond.reach.MIN_LEAN_MM`` (where the reach check is meant to judge it) that neither
check judged names its pond: it could not be checked for a frog under it. A pond another
doubt already names (or a piece's own doubt, or glare) is not named again; a note that only
says where a piece stands does not count. The count is not changed.

Frogs seen more steeply (a shorter lean) are left to the shadow check alone, as the reach
check leaves them; naming those too is untried. The measured trade-off (wrong ponds named,
right ponds named) is in ``docs/pond-camera.md``.
"""

from __future__ import annotations

from collections.abc import Collection

from vision.pond.counted import Counted
from vision.pond.reach import leans_enough, lone_frogs


def unchecked_doubts(
    counted: Counted, judged: Collection[int], named: Collection[str] = ()
) -> list[tuple[str, str]]:
    """(pond, warning) for each lone frog at a lean of at least ``MIN_LEAN_MM`` that is not in
    ``judged`` (indices into ``counted.found`` that a stack check judged), in a pond not in
    ``named`` (the ponds other doubts name); one warning a pond."""
    found = counted.found
    out: list[tuple[str, str]] = []
    for i in lone_frogs(found):
        p = found[i]
        pond = str(p.pond)
        if i in judged or pond in named or any(q == pond for q, _ in out):
            continue
        if not leans_enough(counted, i):
            continue
        out.append(
            (
                pond,
                f"pond {pond}: the {p.faction} frog at ({p.x_mm:.0f}, {p.y_mm:.0f}) mm could "
                "not be checked for a frog under it (its sides and its shadow are hidden): "
                "look",
            )
        )
    return out
