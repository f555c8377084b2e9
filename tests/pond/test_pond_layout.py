"""The pond-layout/1 map file: loading, validation with named errors, adjacency."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import BadFileError
from companion.games.pond import default_layout, layout_to_json, load_layout, read_layout_file
from companion.games.pond.layout import (
    point_in_polygon,
    polygons_overlap,
    segments_intersect,
)


def test_default_layout_13_has_fountain_in_centre_and_four_start_ponds() -> None:
    layout = default_layout(13)
    assert len(layout.ponds) == 13
    assert layout.fountain == "F"
    assert layout.ponds["F"].centroid_mm == pytest.approx((300.0, 300.0), abs=1.0)
    assert layout.start_ponds == {0: "N", 1: "E", 2: "S", 3: "W"}
    assert layout.pond_at(300, 300) == "F"
    assert layout.pond_at(5, 5) is None


def test_default_layout_9_has_two_start_ponds() -> None:
    layout = default_layout(9)
    assert len(layout.ponds) == 9
    assert layout.fountain == "F"
    assert layout.start_ponds == {0: "N", 1: "S"}


def test_default_layout_other_count_is_refused() -> None:
    with pytest.raises(BadFileError, match="no default layout with 7 ponds"):
        default_layout(7)


def test_layout_adjacent_and_neighbours_follow_rivers() -> None:
    layout = default_layout(13)
    assert layout.adjacent("N", "IN") and layout.adjacent("IN", "N")
    assert not layout.adjacent("N", "F")
    assert layout.neighbours("F") == frozenset({"IN", "IE", "IS", "IW"})
    assert layout.neighbours("N") == frozenset({"IN", "NW", "NE"})
    assert layout.neighbours("nowhere") == frozenset()


def test_layout_markers_are_outside_ponds_near_corners() -> None:
    for count in (9, 13):
        layout = default_layout(count)
        assert layout.markers.dictionary == "DICT_4X4_50"
        assert set(layout.markers.centres_mm) == {0, 1, 2, 3}
        for x, y in layout.markers.centres_mm.values():
            assert layout.pond_at(x, y) is None
            assert min(x, 600 - x) < 60 and min(y, 600 - y) < 60


def test_layout_json_round_trip_is_exact(layout13_json: dict[str, Any]) -> None:
    layout = load_layout(layout13_json, "t")
    assert layout_to_json(layout) == layout13_json
    assert load_layout(layout_to_json(layout), "again") == layout


def test_read_layout_file_reads_a_file(tmp_path: Path, layout9_json: dict[str, Any]) -> None:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(layout9_json))
    assert read_layout_file(path) == default_layout(9)


def test_read_layout_file_missing_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(BadFileError, match=r"nope\.json: cannot read layout"):
        read_layout_file(tmp_path / "nope.json")


def test_read_layout_file_bad_json_names_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": \n')
    with pytest.raises(BadFileError, match=r"bad\.json: not valid JSON \(line 2"):
        read_layout_file(path)


def _expect(data: dict[str, Any], pattern: str) -> None:
    with pytest.raises(BadFileError, match=pattern):
        load_layout(data, "my-board.json")


def test_layout_wrong_format_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["format"] = "pond-layout/0"
    _expect(layout13_json, r"my-board\.json: field 'format' must be 'pond-layout/1'")


def test_layout_needs_exactly_one_fountain(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["N"]["fountain"] = True
    layout13_json["ponds"]["N"]["start_seat"] = None
    _expect(layout13_json, r"my-board\.json: exactly one pond must be the Fountain, found 'F', 'N'")
    layout13_json["ponds"]["N"]["fountain"] = False
    layout13_json["ponds"]["F"]["fountain"] = False
    _expect(layout13_json, "exactly one pond must be the Fountain, found none")


def test_layout_river_to_unknown_pond_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["rivers"].append(["N", "Q"])
    _expect(layout13_json, r"my-board\.json: field 'rivers\[24\]' names unknown pond 'Q'")


def test_layout_river_to_itself_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["rivers"].append(["N", "N"])
    _expect(layout13_json, r"field 'rivers\[24\]' joins pond 'N' to itself")


def test_layout_river_twice_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["rivers"].append(["IN", "N"])
    _expect(layout13_json, r"field 'rivers\[24\]' joins 'IN' and 'N', which are already joined")


def test_layout_river_not_a_pair_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["rivers"].append(["N"])
    _expect(layout13_json, r"field 'rivers\[24\]' must be a pair of pond ids")


def test_layout_polygon_needs_three_points(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["NW"]["polygon_mm"] = [[100, 100], [150, 150]]
    _expect(layout13_json, r"pond 'NW': field 'polygon_mm' must be a list of at least 3 points")


def test_layout_polygon_outside_board_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["NW"]["polygon_mm"][2] = [-5, 150]
    _expect(
        layout13_json, r"pond 'NW': field 'polygon_mm\[2\]' \[-5.0, 150.0\] is outside the board"
    )


def test_layout_polygon_point_not_a_number_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["NW"]["polygon_mm"][1] = [100, "x"]
    _expect(layout13_json, r"pond 'NW': field 'polygon_mm\[1\]'\[1\] must be a number")


def test_layout_polygon_in_a_line_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["NW"]["polygon_mm"] = [[100, 100], [150, 150], [200, 200]]
    _expect(layout13_json, r"pond 'NW': field 'polygon_mm' has no area")


def test_layout_polygon_crossing_itself_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["NW"]["polygon_mm"] = [[110, 110], [190, 190], [190, 110], [110, 190]]
    _expect(layout13_json, r"pond 'NW': field 'polygon_mm' crosses itself")


def test_layout_overlapping_ponds_are_refused(layout13_json: dict[str, Any]) -> None:
    # NW grows east until it runs into IN
    layout13_json["ponds"]["NW"]["polygon_mm"] = [[110, 110], [280, 110], [280, 190], [110, 190]]
    _expect(
        layout13_json, r"my-board\.json: pond 'N' overlaps pond 'NW'|pond 'IN' overlaps pond 'NW'"
    )


def test_layout_pond_inside_another_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["tiny"] = {
        "polygon_mm": [[295, 295], [305, 295], [300, 305]],
        "fountain": False,
        "start_seat": None,
    }
    _expect(layout13_json, r"pond 'F' overlaps pond 'tiny'")


def test_layout_start_seats_must_be_unique(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["E"]["start_seat"] = 0
    _expect(
        layout13_json, r"pond 'E': field 'start_seat' 0 is already the starting pond of pond 'N'"
    )


def test_layout_start_seat_out_of_range_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["E"]["start_seat"] = 4
    _expect(layout13_json, r"pond 'E': field 'start_seat' must be null or a seat 0 to 3")


def test_layout_fountain_cannot_be_a_start_pond(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["F"]["start_seat"] = 2
    layout13_json["ponds"]["S"]["start_seat"] = None
    _expect(layout13_json, r"pond 'F': the Fountain cannot be a starting pond")


def test_layout_marker_keys_must_be_0_to_3(layout13_json: dict[str, Any]) -> None:
    del layout13_json["markers"]["centres_mm"]["3"]
    _expect(layout13_json, r"field 'markers.centres_mm' must have exactly the keys")


def test_layout_marker_inside_a_pond_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["markers"]["centres_mm"]["2"] = [300, 300]
    _expect(layout13_json, r"field 'markers.centres_mm.2' lies inside pond 'F'")


def test_layout_marker_dictionary_must_be_aruco(layout13_json: dict[str, Any]) -> None:
    layout13_json["markers"]["dictionary"] = "qr"
    _expect(layout13_json, r"field 'markers.dictionary' must name an ArUco dictionary")


def test_layout_unknown_pond_field_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["E"]["colour"] = "blue"
    _expect(layout13_json, r"pond 'E': unknown field 'colour'")


def test_geometry_segments_touching_and_apart() -> None:
    assert segments_intersect((0, 0), (10, 10), (0, 10), (10, 0))
    assert segments_intersect((0, 0), (10, 0), (10, 0), (20, 5))  # touch at an end
    assert segments_intersect((0, 0), (10, 0), (5, 0), (20, 0))  # collinear overlap
    assert not segments_intersect((0, 0), (10, 0), (11, 0), (20, 0))
    assert not segments_intersect((0, 0), (10, 10), (1, 0), (11, 10))


def test_geometry_point_in_polygon_and_overlap() -> None:
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    assert point_in_polygon((5, 5), square)
    assert point_in_polygon((10, 5), square)  # on an edge
    assert not point_in_polygon((15, 5), square)
    far = ((20.0, 20.0), (30.0, 20.0), (30.0, 30.0))
    inner = ((2.0, 2.0), (4.0, 2.0), (3.0, 4.0))
    assert not polygons_overlap(square, far)
    assert polygons_overlap(square, inner)


def test_layout_fractional_millimetres_round_trip(layout13_json: dict[str, Any]) -> None:
    layout13_json["ponds"]["NW"]["polygon_mm"][0] = [203.5, 171.25]
    layout = load_layout(layout13_json, "t")
    assert layout.ponds["NW"].polygon_mm[0] == (203.5, 171.25)
    assert layout_to_json(layout) == layout13_json


def test_layout_marker_outside_the_board_is_refused(layout13_json: dict[str, Any]) -> None:
    layout13_json["markers"]["centres_mm"]["1"] = [610, 30]
    _expect(layout13_json, r"field 'markers.centres_mm.1' \[610.0, 30.0\] is outside the board")
