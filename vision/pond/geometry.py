"""Board geometry read from the Pond engine's layout (``companion.games.pond.layout``).

The one place that knows the shape of a ``Layout`` object, so the rest of
``vision.pond`` works in plain tuples: board millimetres, origin at the board's
top-left corner, x to the right, y down.
"""

from __future__ import annotations

from typing import Any


def _get(obj: Any, name: str) -> Any:
    return obj[name] if isinstance(obj, dict) else getattr(obj, name)


def board_size_mm(layout: Any) -> tuple[float, float]:
    w, h = _get(layout, "size_mm")
    return float(w), float(h)


def marker_size_mm(layout: Any) -> float:
    return float(_get(_get(layout, "markers"), "size_mm"))


def marker_centres_mm(layout: Any) -> dict[int, tuple[float, float]]:
    """Marker id -> centre in board mm."""
    centres = _get(_get(layout, "markers"), "centres_mm")
    return {int(k): (float(v[0]), float(v[1])) for k, v in centres.items()}


def pond_polygons(layout: Any) -> dict[str, list[tuple[float, float]]]:
    """Pond id -> outline in board mm, in the layout's order."""
    return {
        str(pid): [(float(x), float(y)) for x, y in _get(p, "polygon_mm")]
        for pid, p in _get(layout, "ponds").items()
    }


def fountain_ids(layout: Any) -> list[str]:
    return [str(pid) for pid, p in _get(layout, "ponds").items() if _get(p, "fountain")]
