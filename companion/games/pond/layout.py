"""The Pond map layout (``pond-layout/1``): ponds, the Fountain, starting ponds and rivers.

One layout describes one side of the map board in board millimetres (origin at
the board's top-left corner, x to the right, y down). The camera uses the pond
polygons and the ArUco marker centres to count pieces; the rules engine uses
the pond ids, the Fountain, the starting pond of each seat and the rivers.
Everything here is pure Python so both can share it.

The format is documented in ``docs/formats/pond-layout.md``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.files import check_text
from companion.jsonfile import read_json_file

LAYOUT_FORMAT = "pond-layout/1"
MARKER_IDS = (0, 1, 2, 3)
MAX_SEATS = 4

# The physical world's bounds, so a hostile file cannot make the camera allocate
# gigabytes or loop for minutes (a layout scaled by 100 grew `scan pond` to 23 GB).
#: A board side, in mm: the Pond map is 600 mm; a table is at most this big.
BOARD_MM = (100.0, 1500.0)
#: A corner marker's side, in mm (the markers sheet prints 15 to 90 mm).
MARKER_MM = (10.0, 150.0)
#: Ponds on one side of the board (the box has 9 and 13).
MAX_PONDS = 30
#: Corners of one pond's outline (each outline is checked against every other).
MAX_POINTS = 120
#: The smallest pond, in mm^2: a 5 x 5 mm patch (a frog is 16 x 14 mm).
MIN_POND_AREA_MM2 = 25.0
#: The longest pond id and layout name, in characters.
MAX_ID_CHARS = 24
MAX_NAME_CHARS = 200

Point = tuple[float, float]


@dataclass(frozen=True)
class PondShape:
    """One pond: its id, outline in board millimetres, and role on the map."""

    id: str
    polygon_mm: tuple[Point, ...]
    fountain: bool = False
    start_seat: int | None = None

    def contains(self, x: float, y: float) -> bool:
        """True if the point lies inside the outline (ray casting; edges count as inside)."""
        return point_in_polygon((x, y), self.polygon_mm)

    @property
    def centroid_mm(self) -> Point:
        """The centre of area of the outline (where to write the pond's totals)."""
        return polygon_centroid(self.polygon_mm)


@dataclass(frozen=True)
class MarkerSpec:
    """The four ArUco markers laid at the board's corners (ids 0 to 3)."""

    dictionary: str
    size_mm: float
    centres_mm: Mapping[int, Point]


@dataclass(frozen=True, eq=False)
class Layout:
    """One side of the map board. Build it with ``load_layout`` so it is validated."""

    name: str
    size_mm: Point
    markers: MarkerSpec
    ponds: Mapping[str, PondShape]
    rivers: tuple[tuple[str, str], ...]
    _adjacency: Mapping[str, frozenset[str]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        adjacency: dict[str, set[str]] = {pond_id: set() for pond_id in self.ponds}
        for a, b in self.rivers:
            adjacency.setdefault(a, set()).add(b)
            adjacency.setdefault(b, set()).add(a)
        frozen = {k: frozenset(v) for k, v in adjacency.items()}
        object.__setattr__(self, "_adjacency", frozen)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return layout_to_json(self) == layout_to_json(other)

    __hash__ = object.__hash__  # identity: a layout is shared, never used as a key by value

    @property
    def pond_ids(self) -> tuple[str, ...]:
        return tuple(self.ponds)

    @property
    def fountain(self) -> str:
        """The id of the Fountain (the central pond; exactly one per layout)."""
        return next(p.id for p in self.ponds.values() if p.fountain)

    @property
    def start_ponds(self) -> dict[int, str]:
        """Seat index (0 = first player) -> id of that seat's starting pond."""
        return {p.start_seat: p.id for p in self.ponds.values() if p.start_seat is not None}

    def start_pond(self, seat: int) -> str | None:
        return self.start_ponds.get(seat)

    def adjacent(self, a: str, b: str) -> bool:
        """True if a river joins ponds ``a`` and ``b``."""
        return b in self._adjacency.get(a, frozenset())

    def neighbours(self, pond_id: str) -> frozenset[str]:
        """The ponds a river joins to ``pond_id`` (empty for an unknown id)."""
        return self._adjacency.get(pond_id, frozenset())

    def pond_at(self, x: float, y: float) -> str | None:
        """The id of the pond containing the point, or None (between ponds or off the map)."""
        for pond in self.ponds.values():
            if pond.contains(x, y):
                return pond.id
        return None


# --- geometry (pure Python; small polygons, so O(n*m) is fine) -------------------------


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True if the closed segments p1-p2 and q1-q2 share any point (touching counts)."""
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (d1 == 0 and _on_segment(q1, q2, p1))
        or (d2 == 0 and _on_segment(q1, q2, p2))
        or (d3 == 0 and _on_segment(p1, p2, q1))
        or (d4 == 0 and _on_segment(p1, p2, q2))
    )


def point_in_polygon(p: Point, polygon: tuple[Point, ...]) -> bool:
    """Ray casting; a point on an edge counts as inside."""
    n = len(polygon)
    inside = False
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        if _orient(a, b, p) == 0 and _on_segment(a, b, p):
            return True
        if (a[1] > p[1]) != (b[1] > p[1]):
            x_cross = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if p[0] < x_cross:
                inside = not inside
    return inside


def polygon_area(polygon: tuple[Point, ...]) -> float:
    """Signed shoelace area (positive when the points turn clockwise on a y-down board)."""
    n = len(polygon)
    return (
        sum(
            polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1]
            for i in range(n)
        )
        / 2.0
    )


def polygon_centroid(polygon: tuple[Point, ...]) -> Point:
    area = polygon_area(polygon)
    if area == 0:
        xs = [p[0] for p in polygon]
        ys = [p[1] for p in polygon]
        return (sum(xs) / len(xs), sum(ys) / len(ys))
    n = len(polygon)
    cx = cy = 0.0
    for i in range(n):
        (x0, y0), (x1, y1) = polygon[i], polygon[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return (cx / (6 * area), cy / (6 * area))


def _edges(polygon: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    return [(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]


def polygon_is_simple(polygon: tuple[Point, ...]) -> bool:
    """True if no two non-neighbouring edges meet (the outline does not cross itself)."""
    edges = _edges(polygon)
    n = len(edges)
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue  # neighbouring edges share a corner by construction
            if segments_intersect(*edges[i], *edges[j]):
                return False
    return True


def _edge_meets_box(edge: tuple[Point, Point], box: tuple[float, float, float, float]) -> bool:
    (x0, y0), (x1, y1) = edge
    return not (
        max(x0, x1) < box[0] or min(x0, x1) > box[2] or max(y0, y1) < box[1] or min(y0, y1) > box[3]
    )


def polygons_overlap(a: tuple[Point, ...], b: tuple[Point, ...]) -> bool:
    """True if the outlines cross or touch, or one lies inside the other."""
    ax = [p[0] for p in a]
    ay = [p[1] for p in a]
    bx = [p[0] for p in b]
    by = [p[1] for p in b]
    if max(ax) < min(bx) or max(bx) < min(ax) or max(ay) < min(by) or max(by) < min(ay):
        return False  # bounding boxes apart: the common case, answered cheaply
    # Only edges that reach into the other outline's box can cross it.
    box_a = (min(ax), min(ay), max(ax), max(ay))
    box_b = (min(bx), min(by), max(bx), max(by))
    near_a = [e for e in _edges(a) if _edge_meets_box(e, box_b)]
    near_b = [f for f in _edges(b) if _edge_meets_box(f, box_a)]
    for e in near_a:
        for f in near_b:
            if segments_intersect(*e, *f):
                return True
    return point_in_polygon(a[0], b) or point_in_polygon(b[0], a)


# --- loading and validation ------------------------------------------------------------


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadFileError(f"{where} must be a number, found {_short(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number) or abs(number) > 1e6:
        raise BadFileError(f"{where} must be a number of millimetres, found {_short(value)}")
    return number


def _short(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return "a huge number"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _within(value: float, bounds: tuple[float, float], where: str) -> float:
    lo, hi = bounds
    if not lo <= value <= hi:
        raise BadFileError(f"{where} must be {lo:g} to {hi:g} mm, found {value:g}")
    return value


def _point(value: Any, where: str) -> Point:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise BadFileError(f"{where} must be a pair [x, y] in millimetres, found {value!r}")
    return (_number(value[0], f"{where}[0]"), _number(value[1], f"{where}[1]"))


def _inside_board(p: Point, size: Point) -> bool:
    return 0 <= p[0] <= size[0] and 0 <= p[1] <= size[1]


def _load_markers(data: Any, where: str, size: Point) -> MarkerSpec:
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: field 'markers' must be an object")
    dictionary = data.get("dictionary")
    if not isinstance(dictionary, str) or not dictionary.startswith("DICT_"):
        raise BadFileError(
            f"{where}: field 'markers.dictionary' must name an ArUco dictionary "
            f"such as 'DICT_4X4_50', found {dictionary!r}"
        )
    marker_size = _number(data.get("size_mm"), f"{where}: field 'markers.size_mm'")
    _within(marker_size, MARKER_MM, f"{where}: field 'markers.size_mm'")
    centres = data.get("centres_mm")
    if not isinstance(centres, dict):
        raise BadFileError(f"{where}: field 'markers.centres_mm' must be an object with keys 0-3")
    expected = {str(i) for i in MARKER_IDS}
    if set(centres) != expected:
        raise BadFileError(
            f"{where}: field 'markers.centres_mm' must have exactly the keys "
            f"'0', '1', '2', '3', found {sorted(centres)}"
        )
    points: dict[int, Point] = {}
    for key in sorted(centres):
        field_name = f"{where}: field 'markers.centres_mm.{key}'"
        point = _point(centres[key], field_name)
        if not _inside_board(point, size):
            raise BadFileError(f"{field_name} {list(point)} is outside the board {list(size)}")
        points[int(key)] = point
    return MarkerSpec(dictionary, marker_size, points)


def _load_pond(pond_id: str, data: Any, where: str, size: Point) -> PondShape:
    at = f"{where}: pond {pond_id!r}"
    if not isinstance(data, dict):
        raise BadFileError(f"{at} must be an object with 'polygon_mm', 'fountain', 'start_seat'")
    unknown = sorted(set(data) - {"polygon_mm", "fountain", "start_seat"})
    if unknown:
        raise BadFileError(f"{at}: unknown field {unknown[0]!r}")
    raw_polygon = data.get("polygon_mm")
    if not isinstance(raw_polygon, list) or len(raw_polygon) < 3:
        raise BadFileError(f"{at}: field 'polygon_mm' must be a list of at least 3 points")
    if len(raw_polygon) > MAX_POINTS:
        raise BadFileError(
            f"{at}: field 'polygon_mm' has {len(raw_polygon)} points (at most {MAX_POINTS})"
        )
    polygon = tuple(_point(p, f"{at}: field 'polygon_mm[{i}]'") for i, p in enumerate(raw_polygon))
    for i, p in enumerate(polygon):
        if not _inside_board(p, size):
            raise BadFileError(
                f"{at}: field 'polygon_mm[{i}]' {list(p)} is outside the board {list(size)}"
            )
    if not polygon_is_simple(polygon):
        raise BadFileError(f"{at}: field 'polygon_mm' crosses itself")
    if polygon_area(polygon) == 0:
        raise BadFileError(f"{at}: field 'polygon_mm' has no area (its points are in a line)")
    if abs(polygon_area(polygon)) < MIN_POND_AREA_MM2:
        raise BadFileError(
            f"{at}: field 'polygon_mm' encloses {abs(polygon_area(polygon)):g} mm^2 "
            f"(a pond is at least {MIN_POND_AREA_MM2:g})"
        )
    fountain = data.get("fountain", False)
    if not isinstance(fountain, bool):
        raise BadFileError(f"{at}: field 'fountain' must be true or false")
    seat = data.get("start_seat")
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_SEATS
    ):
        raise BadFileError(
            f"{at}: field 'start_seat' must be null or a seat 0 to 3, found {seat!r}"
        )
    if fountain and seat is not None:
        raise BadFileError(f"{at}: the Fountain cannot be a starting pond ('start_seat' {seat})")
    return PondShape(pond_id, polygon, fountain, seat)


def load_layout(data: Any, where: str) -> Layout:
    """Validate a parsed ``pond-layout/1`` document; every error names ``where`` and the field."""
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: a layout must be a JSON object")
    if data.get("format") != LAYOUT_FORMAT:
        raise BadFileError(
            f"{where}: field 'format' must be {LAYOUT_FORMAT!r}, found {data.get('format')!r}"
        )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadFileError(f"{where}: field 'name' must be a non-empty string")
    if len(name) > MAX_NAME_CHARS:
        raise BadFileError(f"{where}: field 'name' is longer than {MAX_NAME_CHARS} characters")
    check_text(name, f"{where}: field 'name'")
    size = _point(data.get("size_mm"), f"{where}: field 'size_mm'")
    for i, side in enumerate(size):
        _within(side, BOARD_MM, f"{where}: field 'size_mm[{i}]'")
    markers = _load_markers(data.get("markers"), where, size)

    raw_ponds = data.get("ponds")
    if not isinstance(raw_ponds, dict) or not raw_ponds:
        raise BadFileError(f"{where}: field 'ponds' must be a non-empty object of pond id -> pond")
    if len(raw_ponds) > MAX_PONDS:
        raise BadFileError(
            f"{where}: field 'ponds' has {len(raw_ponds)} ponds (at most {MAX_PONDS})"
        )
    ponds: dict[str, PondShape] = {}
    for pond_id, raw in raw_ponds.items():
        if not pond_id.strip():
            raise BadFileError(f"{where}: field 'ponds' has an empty pond id")
        if len(pond_id) > MAX_ID_CHARS:
            raise BadFileError(
                f"{where}: pond id {pond_id[:MAX_ID_CHARS]!r}... is longer than "
                f"{MAX_ID_CHARS} characters"
            )
        check_text(pond_id, f"{where}: field 'ponds': pond id")
        ponds[pond_id] = _load_pond(pond_id, raw, where, size)

    fountains = [p.id for p in ponds.values() if p.fountain]
    if len(fountains) != 1:
        found = ", ".join(repr(f) for f in fountains) or "none"
        raise BadFileError(f"{where}: exactly one pond must be the Fountain, found {found}")
    seats: dict[int, str] = {}
    for pond in ponds.values():
        if pond.start_seat is None:
            continue
        if pond.start_seat in seats:
            raise BadFileError(
                f"{where}: pond {pond.id!r}: field 'start_seat' {pond.start_seat} is already "
                f"the starting pond of pond {seats[pond.start_seat]!r}"
            )
        seats[pond.start_seat] = pond.id

    shapes = list(ponds.values())
    for i, a in enumerate(shapes):
        for b in shapes[i + 1 :]:
            if polygons_overlap(a.polygon_mm, b.polygon_mm):
                raise BadFileError(f"{where}: pond {a.id!r} overlaps pond {b.id!r}")
    for marker_id, centre in markers.centres_mm.items():
        inside = next((p.id for p in shapes if p.contains(*centre)), None)
        if inside is not None:
            raise BadFileError(
                f"{where}: field 'markers.centres_mm.{marker_id}' lies inside pond {inside!r}"
            )

    raw_rivers = data.get("rivers")
    if not isinstance(raw_rivers, list):
        raise BadFileError(f"{where}: field 'rivers' must be a list of [pond id, pond id] pairs")
    rivers: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for i, river in enumerate(raw_rivers):
        at = f"{where}: field 'rivers[{i}]'"
        if (
            not isinstance(river, list)
            or len(river) != 2
            or not all(isinstance(r, str) for r in river)
        ):
            raise BadFileError(f"{at} must be a pair of pond ids, found {river!r}")
        a, b = river
        for end in (a, b):
            if end not in ponds:
                raise BadFileError(f"{at} names unknown pond {end!r}")
        if a == b:
            raise BadFileError(f"{at} joins pond {a!r} to itself")
        key = frozenset((a, b))
        if key in seen:
            raise BadFileError(f"{at} joins {a!r} and {b!r}, which are already joined")
        seen.add(key)
        rivers.append((a, b))
    return Layout(name, size, markers, ponds, tuple(rivers))


def read_layout_file(path: Path | str) -> Layout:
    """Read and validate a layout file; every problem is a ``BadFileError`` naming the file."""
    return load_layout(read_json_file(path, "layout"), str(path))


def _num_json(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def layout_to_json(layout: Layout) -> dict[str, Any]:
    """The ``pond-layout/1`` document for a layout (``load_layout`` reads it back equal)."""
    return {
        "format": LAYOUT_FORMAT,
        "name": layout.name,
        "size_mm": [_num_json(v) for v in layout.size_mm],
        "markers": {
            "dictionary": layout.markers.dictionary,
            "size_mm": _num_json(layout.markers.size_mm),
            "centres_mm": {
                str(k): [_num_json(v) for v in layout.markers.centres_mm[k]]
                for k in sorted(layout.markers.centres_mm)
            },
        },
        "ponds": {
            p.id: {
                "polygon_mm": [[_num_json(x), _num_json(y)] for x, y in p.polygon_mm],
                "fountain": p.fountain,
                "start_seat": p.start_seat,
            }
            for p in layout.ponds.values()
        },
        "rivers": [[a, b] for a, b in layout.rivers],
    }


DEFAULT_LAYOUT_FILES = {9: "layout-9.json", 13: "layout-13.json"}


@cache
def default_layout(pond_count: int) -> Layout:
    """This product's drawing of one side of the map board: 9 ponds (2 players) or 13 (3-4)."""
    name = DEFAULT_LAYOUT_FILES.get(pond_count)
    if name is None:
        raise BadFileError(f"layout: there is no default layout with {pond_count} ponds (9 or 13)")
    resource = resources.files("companion.games.pond").joinpath("data").joinpath(name)
    data = json.loads(resource.read_text(encoding="utf-8"))
    return load_layout(data, f"companion/games/pond/data/{name}")
