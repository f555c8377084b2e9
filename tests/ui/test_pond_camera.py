"""The End Phase review reading the board through the camera (synthetic board photos)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.games.base import Player
from companion.games.pond.control import control_of
from companion.games.pond.events import NextPhase, board_from_json
from companion.session import SessionInfo
from tests.ui.conftest import press, render, tap, wait_for


@pytest.fixture(scope="module")
def board_photo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    from companion.games.pond.layout import default_layout
    from tests.vision.pond.synth import make_scene
    from vision.pond.pieces import read_pieces_file

    scene = make_scene(
        default_layout(13), read_pieces_file(), 1, size=(1920, 1080), n_pieces=30, tilt=10
    )
    folder = tmp_path_factory.mktemp("pond-frames")
    cv2.imwrite(str(folder / "board.png"), scene.image)
    return folder, scene.answer


@pytest.fixture
def board_camera(app: Any, board_photo: tuple[Path, dict[str, Any]]) -> Iterator[Any]:
    from vision.frames import FilesSource

    folder, _answer = board_photo
    saved = app.camera_factory
    app.close_camera()
    app.camera_factory = lambda kind: FilesSource(folder, loop=True)
    yield folder
    app.close_camera()
    app.camera_factory = saved


def test_pond_end_phase_reads_the_board_and_awards_control(app: Any, board_camera: Any) -> None:
    """ "Gain 1 VP for each Pond you control ... Gain 1 VP for each Lilypad you control." """
    players = tuple(
        Player(n, {"faction": f})
        for n, f in (("Ana", "wizard"), ("Ben", "pumpkin"), ("Cy", "banana"), ("Dee", "cowboy"))
    )
    app.start_session(SessionInfo("pond", players, {}))
    render(app, 1)
    press(app, "next")
    press(app, "next")
    review = app.screen
    assert review.name == "pond_end_phase" and review.scanner is not None
    wait_for(app, lambda: review.have_board, timeout=15)
    # The frames agreed: the board the counter gives for the photo is on the tiles and
    # in the award (the counter's own accuracy is tested with the vision code).
    from vision.frames import read_image
    from vision.pond.count import count_board
    from vision.pond.pieces import read_pieces_file

    frame = read_image(board_camera / "board.png")
    counted = count_board(frame, app.live.state.layout, read_pieces_file())
    expected = board_from_json(counted.ponds)
    assert review.board == expected
    ponds, pads = control_of(expected, app.live.state.layout.pond_ids).count("wizard")
    assert review.ids.confirm_button.text == f"Confirm +{ponds + pads} VP"
    assert review.ids.picture.texture is not None  # the camera's picture is shown
    tokens = app.live.state.tokens
    press(app, "confirm")
    render(app, 1)
    assert app.screen.name == "pond_tracker"
    assert app.live.log[-2] == expected and app.live.log[-1] == NextPhase()
    assert app.live.state.tokens[0] == tokens[0] + ponds + pads
    assert app.live.state.current_player == "Ben"


def test_pond_camera_end_phases_until_the_supply_runs_out(app: Any, board_camera: Any) -> None:
    """ "POND ends IMMEDIATELY when the last VP token is taken." -- End Phases scored from
    the camera's board, turn after turn, until the award empties the supply."""
    players = tuple(
        Player(n, {"faction": f})
        for n, f in (("Ana", "wizard"), ("Ben", "pumpkin"), ("Cy", "banana"), ("Dee", "cowboy"))
    )
    app.start_session(SessionInfo("pond", players, {}))
    render(app, 1)
    tracker = app.screen
    press(app, "next")
    tap(tracker.ids.vp_button)
    tracker.dialog.amount = 100  # most of the 105 VP for 4 players, so the game is short
    tap(tracker.dialog.ids.give)
    awards = []
    while not app.live.over:
        assert len(awards) < 8
        while app.live.state.phase != "end":
            press(app, "next")
        review = app.screen
        assert review.name == "pond_end_phase"
        wait_for(app, lambda r=review: r.have_board, timeout=15)
        before = app.live.state.supply
        who = app.live.state.current_player
        press(app, "confirm")
        render(app, 1)
        awards.append((who, before - app.live.state.supply))
    assert app.screen.name == "pond_game_over"
    assert app.live.state.supply == 0
    assert sum(app.live.state.tokens) - app.live.state.extra_tokens == 105
    assert [who for who, _ in awards] == ["Ana", "Ben", "Cy", "Dee", "Ana", "Ben", "Cy", "Dee"][
        : len(awards)
    ]


def _two_player_end_phase(app: Any) -> Any:
    """A new two-player Pond game taken to its first End Phase review (the 9-pond side)."""
    players = tuple(Player(n, {"faction": f}) for n, f in (("Ana", "wizard"), ("Ben", "pumpkin")))
    app.start_session(SessionInfo("pond", players, {}))
    render(app, 1)
    press(app, "next")
    press(app, "next")
    review = app.screen
    assert review.name == "pond_end_phase"
    return review


def test_pond_end_phase_says_when_the_camera_keeps_its_own_tone_curve(
    app: Any, board_photo: tuple[Path, dict[str, Any]]
) -> None:
    """A Pi camera whose tuning file could not be read keeps its own tone curve, which the
    count's colours do not expect (``vision.picamera_source``): the scan says so when it
    starts and with the board it reads, not only in the log."""
    from vision.frames import FilesSource
    from vision.picamera_source import OWN_CURVE_NOTE

    folder, _answer = board_photo
    camera = FilesSource(folder, loop=True)
    camera.notes.append(OWN_CURVE_NOTE)
    saved = app.camera_factory
    app.close_camera()
    app.camera_factory = lambda kind: camera
    try:
        review = _two_player_end_phase(app)
        said = "The camera keeps its own tone curve (its tuning file could not be read"
        assert review.status_text.startswith("Watching the board") and said in review.status_text
        wait_for(app, lambda: review.have_board, timeout=15)
        assert review.status_text.startswith("Board read") and said in review.status_text
    finally:
        app.close_camera()
        app.camera_factory = saved


def test_pond_end_phase_holds_the_empty_boards_white_balance_or_says_why_not(
    app: Any, board_photo: tuple[Path, dict[str, Any]]
) -> None:
    """A camera with a white balance (the Pi camera) holds the one kept with the empty-board
    photo for the game's frames; a kept file that cannot be read is said with the board."""
    from ui.pond_camera import WHITE_BALANCE_FILE
    from vision.frames import FilesSource
    from vision.white_balance import WhiteBalance, write_white_balance_file

    folder, _answer = board_photo

    class Balanced(FilesSource):
        def __init__(self) -> None:
            super().__init__(folder, loop=True)
            self.asked: list[WhiteBalance | None] = []

        def white_balance(self) -> WhiteBalance | None:
            return None

        def hold_white_balance(self, wb: WhiteBalance | None) -> bool:
            self.asked.append(wb)
            return True

    kept = app.data_folder() / WHITE_BALANCE_FILE.format(n=9)  # two players: the 9-pond side
    saved = app.camera_factory
    cameras: list[Balanced] = []
    app.close_camera()
    app.camera_factory = lambda kind: cameras.append(Balanced()) or cameras[-1]
    try:
        write_white_balance_file(kept, WhiteBalance(1.7, 1.5, 3300))
        review = _two_player_end_phase(app)
        wait_for(app, lambda: review.have_board, timeout=15)
        assert cameras[-1].asked == [WhiteBalance(1.7, 1.5, 3300)]
        assert "white balance" not in review.status_text
        kept.write_text('{"format": "camera-white-balance/1"}')
        review.have_board = False
        review.start_scan()
        wait_for(app, lambda: review.have_board, timeout=15)
        assert cameras[-1].asked[-1] is None
        said = "The empty-board photo's white balance is not used ("
        assert review.status_text.startswith("Board read") and said in review.status_text
        assert "colour_gains: expected [red, blue]" in review.status_text
    finally:
        kept.unlink(missing_ok=True)
        app.close_camera()
        app.camera_factory = saved
