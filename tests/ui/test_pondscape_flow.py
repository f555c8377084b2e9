"""Pondscape scan and score driven through the real screens.

The camera is a files source over synthetic table photos with a known pond
(``tests.vision.synth``), so the scanned pond is checked card by card.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.games.base import Player
from companion.games.pondscape.scoring import score_player
from companion.games.pondscape.tableau import FrogCard, WaterCard
from companion.session import SessionInfo
from tests.ui.conftest import find, press, render, tap, wait_for
from tests.vision.synth import make_scene


@pytest.fixture(scope="module")
def pond_frames(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    folder = tmp_path_factory.mktemp("pondscape-frames")
    answer = None
    for i, rot in enumerate((4.0, 9.0, -6.0)):
        frame, answer = make_scene(7, size=(1920, 1080), tilt_deg=12, rotation_deg=rot, tag_mm=22)
        cv2.imwrite(str(folder / f"frame-{i}.png"), frame)
    return folder, answer


@pytest.fixture
def synthetic_camera(app: Any, pond_frames: tuple[Path, Any]) -> Iterator[Any]:
    from vision.frames import FilesSource

    folder, answer = pond_frames
    saved = app.camera_factory
    app.close_camera()
    app.camera_factory = lambda kind: FilesSource(folder, loop=True)
    yield answer
    app.close_camera()
    app.camera_factory = saved


def start_pondscape(app: Any, names: tuple[str, ...] = ("Ana", "Ben")) -> Any:
    solo = len(names) == 1
    info = SessionInfo("pondscape", tuple(Player(n) for n in names), {"solo": solo})
    app.start_session(info)
    render(app, 2)
    assert app.screen.name == "pondscape_play"  # a game opens on the play screen
    app.go("pondscape_score", player=names[0])
    render(app, 1)
    return app.screen


def scan_current(app: Any) -> Any:
    press(app, "scan")
    assert app.screen.name == "pondscape_scan"
    scan = app.screen
    wait_for(app, lambda: app.screen.name == "pondscape_score", timeout=20)
    return scan


def test_pondscape_scan_reads_the_pond_and_scores_it(app: Any, synthetic_camera: Any) -> None:
    """ "add up your points and record them in the scoring sheet one by one" """
    screen = start_pondscape(app)
    assert screen.headline == "Ana: not scanned yet"
    scan = scan_current(app)
    # While scanning the preview kept running beside the voting, with the overlay:
    # every tag outlined (15 pond cards, 5 food cards) and the grid's 5 + 6 lines.
    assert scan.ids.preview.frames_shown >= 1
    kinds = [kind for _corners, kind in scan.last_step.tags]
    assert kinds.count("pond") == 15 and kinds.count("food") == 5
    assert len(scan.last_step.grid) == 11
    assert len(scan.ids.overlay.canvas.children) > 2 * (20 + 11)  # colours and lines drawn
    assert scan.votes == scan.needed == app.config.camera.vote_frames
    pond = app.live.state.ponds[0]
    assert pond is not None and pond.name == "Ana"
    seen = {
        (r, c): (str(card.id), "B" if isinstance(card, WaterCard) else "F")
        for r, c, card in pond.cards()
    }
    assert seen == synthetic_camera.cells()
    assert pond.food_row == ("spider", "dragonfly", "butterfly", "fly", "snail")
    sheet = score_player(pond)
    assert app.screen.headline == f"Ana: {sheet.total} points"
    rows = {r.label.strip(): r.points for r in app.screen.ids.sheet.children}
    assert rows["Total"] == str(sheet.total)
    assert rows["Water cards"] == str(sheet.water)
    assert rows["Habitats"] == str(sheet.habitats)
    # The 3x5 picture shows each card where it lies.
    cell = next(c for c in app.screen.cells if (c.row, c.column) == (0, 0))
    assert not cell.empty


def test_pondscape_correct_a_cell_and_tucked_counts(
    app: Any, pond_frames: tuple[Path, Any]
) -> None:
    """Tap a cell to correct it by hand; +/- for the cards tucked under a food card."""
    from ui.pondscape_session import record_pond
    from vision.catalog import SAMPLE_CATALOG, load_catalog
    from vision.frames import read_image
    from vision.pondscape_scan import scan_frames

    screen = start_pondscape(app, ("Ana",))
    # The pond as the scan reads it (the scan screen itself is tested above).
    frame = read_image(sorted(pond_frames[0].iterdir())[0])
    scanned = scan_frames([frame], load_catalog(SAMPLE_CATALOG), player="Ana").player
    assert scanned is not None
    record_pond(app, screen.local, scanned)
    screen.show_player("Ana")
    render(app, 1)
    before = app.live.state.ponds[0]
    cell = next(c for c in screen.cells if (c.row, c.column) == (1, 2))
    tap(cell)
    editor = screen.editor
    assert editor.heading == "Ana: row 2, column 3"
    tap(find(editor.ids.frogs, text="tomato"))
    render(app, 1)
    after = app.live.state.ponds[0]
    card = after.cell(1, 2)
    assert isinstance(card, FrogCard) and card.species == "tomato"
    assert card.food == before.cell(1, 2).food and card.id == before.cell(1, 2).id
    assert screen.headline == f"Ana: {score_player(after).total} points"
    assert cell.title == "Tomato"
    # Food: select the dragonfly card, tuck two more under it.
    tap(find(screen.ids.food_row, text="dragonfly"))
    tap(screen.ids.tucked_plus)
    tap(screen.ids.tucked_plus)
    now = app.live.state.ponds[0]
    assert now.tucked.get("dragonfly", 0) == after.tucked.get("dragonfly", 0) + 2
    assert screen.tucked_text == f"{now.tucked['dragonfly']} tucked under dragonfly"
    tap(screen.ids.hand_plus)
    assert app.live.state.ponds[0].hand == now.hand + 1
    assert screen.hand_text == f"Hand: {now.hand + 1}"
    # Undo, by the button, takes the corrections back one at a time.
    for _ in range(3):
        press(app, "undo")
    assert app.live.state.ponds[0] == after
    press(app, "undo")
    assert app.live.state.ponds[0] == before
    assert screen.headline == f"Ana: {score_player(before).total} points"
    # Solo: the achievement table.
    assert screen.ranking_text.startswith("Solo rank: ")


def test_pondscape_by_hand_then_ranking(app: Any) -> None:
    """ "In case of a tie, the player with more cards remaining in their hand wins." """
    screen = start_pondscape(app)
    press(app, "scan")
    scan = app.screen
    tap(scan.ids.hand_button)  # no camera needed: an empty pond to fill by touch
    render(app, 1)
    assert app.screen is screen and screen.current == "Ana"
    assert screen.headline == "Ana: 0 points"
    # Ben by hand too (the `next` button goes to the next player to scan).
    press(app, "next")
    assert app.screen.name == "pondscape_scan" and app.screen.player == "Ben"
    tap(app.screen.ids.hand_button)
    render(app, 1)
    cell = next(c for c in screen.cells if (c.row, c.column) == (0, 0))
    tap(cell)
    tap(find(screen.editor.ids.waters, text="Water 4"))
    assert screen.headline == "Ben: 4 points"
    assert "1. Ben 4  2. Ana 0" in screen.ranking_text
    assert "Ben wins with 4 points." in screen.ranking_text
    screen.show_player("Ana")
    tap(next(c for c in screen.cells if (c.row, c.column) == (2, 4)))
    tap(find(screen.editor.ids.waters, text="Water 4"))
    tap(screen.ids.hand_plus)
    assert "Ana wins: tied on 4 points with Ben, and has more cards left in hand (1)." in (
        screen.ranking_text
    )


def test_pondscape_scan_without_a_camera_says_so(app: Any) -> None:
    from companion.errors import HardwareError

    def no_camera(kind: str) -> Any:
        raise HardwareError("camera opencv:0: cannot open the video device")

    saved = app.camera_factory
    app.close_camera()
    app.camera_factory = no_camera
    try:
        start_pondscape(app, ("Ana",))
        press(app, "scan")
        scan = app.screen
        assert scan.name == "pondscape_scan"
        assert scan.status_text == (
            "No camera picture: camera opencv:0: cannot open the video device. "
            "Enter the pond by hand."
        )
        press(app, "undo")
        assert app.screen.name == "pondscape_score"
    finally:
        app.camera_factory = saved
