"""Pond End Phase review: what the camera counted, the control of each pond, then the award.

The board is scanned in the background (``ui.pond_camera``); the annotated
picture shows what was counted (tap it: the full-resolution photo, zoomable). The map
beside it is coloured by who controls each pond, each controller's shape on it, with each
player's ponds and lilypads in words below; players tap a pond on the map to correct it
(frogs per faction, Long Fwooogs, lilypad) before confirming. Confirm (touch, or a long
press of `next`) plays the ``board`` event then ``next_phase``, which takes the
award from the VP supply. With no camera the table enters its control by hand
(a ``control`` event). Opened outside the End Phase (the tracker's Scan) it
only records the board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.graphics.transformation import Matrix
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.errors import CompanionError, EventRefusedError
from companion.games.pond.events import LILYPAD_FREE, Board, Control, NextPhase
from ui import pond_view as view
from ui import theme as style
from ui.pond_camera import (
    BoardRead,
    BoardScanner,
    camera_sentences,
    empty_board_for,
    pieces_for,
)
from ui.screens.base import BaseScreen, load_kv
from ui.screens.pond_tracker import follow
from ui.widgets.common import BigButton
from ui.widgets.modal import QuickModal

load_kv(__file__)


class ControlLine(BoxLayout):
    """One player's control in words beside their faction's mark."""

    faction = StringProperty("")
    text = StringProperty("")


class PondEditor(QuickModal):
    """Correct one pond: frogs per faction, Long Fwooogs, the lilypad."""

    heading = StringProperty("")

    def __init__(self, screen: PondEndPhaseScreen, pond_id: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.screen = screen
        self.pond_id = pond_id
        self.fill()

    def fill(self) -> None:
        st = self.screen.state()
        content = self.screen.board.pond(self.pond_id)
        where = " (the Fountain)" if self.pond_id == st.layout.fountain else ""
        self.heading = f"Pond {self.pond_id}{where}: " + view.pond_lines(st, self.screen.board)[
            st.layout.pond_ids.index(self.pond_id)
        ].pieces_text(st.factions)
        rows = self.ids.rows
        rows.clear_widgets()
        font = self.screen.app.font_body
        for faction in st.factions:
            row = BoxLayout(spacing=self.screen.app.pad)
            name = BigButton(text=faction.title(), tone=list(view.faction_colour(faction)))
            name.color = name.disabled_color = style.INK
            name.disabled = True  # a label in the faction's colour, not a control
            row.add_widget(name)
            minus = BigButton(text="-", font_size=font * 1.4)
            minus.bind(on_release=lambda _b, f=faction: self.change(f, -1))
            row.add_widget(minus)
            count = BigButton(text=f"{content.frogs_of(faction)} frogs", disabled=True)
            count.disabled_color = count.color
            row.add_widget(count)
            plus = BigButton(text="+", font_size=font * 1.4)
            plus.bind(on_release=lambda _b, f=faction: self.change(f, 1))
            row.add_widget(plus)
            has = content.fwooogs_of(faction) > 0
            fw = BigButton(text="Long Fwooog: yes" if has else "Long Fwooog: no")
            fw.focused = has
            fw.bind(on_release=lambda _b, f=faction: self.toggle_fwooog(f))
            row.add_widget(fw)
            rows.add_widget(row)
        pads = BoxLayout(spacing=self.screen.app.pad)
        for value, label in [(None, "No lilypad"), (LILYPAD_FREE, "Lilypad free")] + [
            (f, f"Pad: {f}") for f in st.factions
        ]:
            b = BigButton(text=label.replace(f"Pad: {value}", f"Pad: {str(value).title()}"))
            b.focused = content.lilypad == value
            b.bind(on_release=lambda _b, v=value: self.set_lilypad(v))
            pads.add_widget(b)
        rows.add_widget(pads)

    def change(self, faction: str, delta: int) -> None:
        self.screen.edit(self.pond_id, faction=faction, frogs_delta=delta)
        self.fill()

    def toggle_fwooog(self, faction: str) -> None:
        self.screen.edit(self.pond_id, faction=faction, toggle_fwooog=True)
        self.fill()

    def set_lilypad(self, value: str | None) -> None:
        self.screen.edit(self.pond_id, lilypad=value)
        self.fill()


class PictureView(QuickModal):
    """The annotated photo at full resolution (up to the GPU's texture limit), zoomable."""

    size_text = StringProperty("")

    def show(self, picture: Any) -> None:
        from kivy.graphics.texture import Texture

        h, w = picture.shape[:2]
        texture = Texture.create(size=(w, h), colorfmt="bgr")
        texture.blit_buffer(picture.tobytes(), colorfmt="bgr", bufferfmt="ubyte")
        texture.flip_vertical()
        self.ids.big.texture = texture
        self.size_text = f"{w} x {h} pixels"
        self.open()

    def zoom(self, factor: float) -> None:
        scatter = self.ids.scatter
        new = max(scatter.scale_min, min(scatter.scale_max, scatter.scale * factor))
        scatter.apply_transform(
            Matrix().scale(new / scatter.scale, new / scatter.scale, 1),
            anchor=scatter.to_local(*self.ids.frame.center),
        )


class PondEndPhaseScreen(BaseScreen):
    mode = StringProperty("end")  # "end": review and award; "look": only record the board
    title = StringProperty("")
    status_text = StringProperty("")
    award_text = StringProperty("")
    confirm_text = StringProperty("Confirm")
    by_hand = BooleanProperty(False)
    hand_ponds = NumericProperty(0)
    hand_lilypads = NumericProperty(0)
    have_board = BooleanProperty(False)
    edited = BooleanProperty(False)
    # A board check recording what a Reaction card did ("even if it is not your turn!").
    reaction = BooleanProperty(False)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.board: Board = Board(())
        self.scanner: BoardScanner | None = None
        self.editor: PondEditor | None = None
        self.edited_ponds: set[str] = set()
        self.last_read: BoardRead | None = None
        # Only one of the two panels is in the tree: a hidden widget would still catch touches.
        # (ids are weak references: keep the panels alive while out of the tree).
        self.hand_panel = self.ids.hand_panel.__self__
        self.review = self.ids.review.__self__
        self.board_map = self.ids.board_map.__self__
        self.ids.right.remove_widget(self.hand_panel)

    def on_by_hand(self, _inst: Any, by_hand: bool) -> None:
        right = self.ids.right
        right.clear_widgets()
        right.add_widget(self.hand_panel if by_hand else self.review)

    # --- entering and leaving
    def state(self) -> Any:
        return self.app.live.state

    def enter(self, mode: str = "end", **_: Any) -> None:
        live = self.app.live
        if live is None or live.info.game != "pond":
            return
        st = live.state
        self.mode = "end" if mode == "end" and st.phase == "end" else "look"
        self.board = st.board
        self.have_board = False
        self.edited = False
        self.edited_ponds = set()
        self.by_hand = False
        self.reaction = False
        ponds, lilypads = view.award_with(st, None)
        self.hand_ponds, self.hand_lilypads = ponds, lilypads
        self.title = f"End Phase: {st.current_player}" if self.mode == "end" else "Board check"
        self.ids.picture.texture = None
        self.last_read = None
        self.refresh()
        self.start_scan()

    def on_leave(self, *_: Any) -> None:
        self.stop_scan()

    def start_scan(self) -> None:
        self.stop_scan()
        try:
            camera = self.app.use_camera("pond")
            folder = Path(self.app.config.data.folder)
            pieces = pieces_for(folder)
            empty = empty_board_for(folder, self.state().layout, pieces)
            self.scanner = BoardScanner(
                camera,
                self.state().layout,
                self.on_read,
                self.on_error,
                pieces=pieces,
                empty=empty,
                data_folder=folder,
            )
        except (CompanionError, OSError, ValueError) as exc:
            self.on_error(str(exc))
            return
        self.status_text = "Watching the board..."
        if empty is None:  # said once, when the scan starts
            self.status_text += (
                " (a photo of the empty board, Settings > Pond map, would make the count exact)"
            )
        self.status_text += self.camera_says()
        self.scanner.start()

    def stop_scan(self) -> None:
        if self.scanner is not None:
            self.scanner.stop()
            self.scanner = None

    # --- camera results (main thread)
    def on_read(self, read: BoardRead) -> None:
        self.last_read = read
        self.ids.picture.show_frame(read.picture)
        if read.ponds is None:
            if self.have_board and read.ok:
                return  # the board read stands while the frames keep agreeing with it
            self.status_text = "Camera " + (read.reason or "waits for the frames to agree")
            return
        if self.edited:
            self.status_text = "Board read (your corrections are kept: Rescan to start over)"
            return
        try:
            self.board = view.board_from_ponds(read.ponds)
        except CompanionError as exc:
            self.status_text = f"The camera's board is unusable: {exc}"
            return
        self.have_board = True
        note = f" ({len(read.warnings)} warnings)" if read.warnings else ""
        self.status_text = (
            f"Board read{note}. Tap a pond to correct it, the picture to see it big."
            + self.camera_says()
        )
        self.refresh()

    def camera_says(self) -> str:
        """The scanning camera's notes, as sentences after the status (``camera_sentences``)."""
        if self.scanner is None:
            return ""
        return camera_sentences(self.scanner.camera, self.scanner.notes)

    def on_error(self, message: str) -> None:
        self.stop_scan()
        self.status_text = f"No camera: {message}. Enter the control by hand."
        if self.mode == "end" and not self.have_board:
            self.by_hand = True
        self.refresh()

    # --- showing
    def refresh(self) -> None:
        live = self.app.live
        if live is None or live.info.game != "pond" or self.manager is None:
            return
        st = live.state
        self.board_map.layout = st.layout
        self.board_map.board = self.board
        box = self.ids.control
        lines = view.control_lines(st, self.board)
        if [c.faction for c in box.children[::-1]] != [f for f, _ in lines]:
            box.clear_widgets()
            for faction, _ in lines:
                box.add_widget(ControlLine(faction=faction))
        for widget, (_faction, text) in zip(box.children[::-1], lines, strict=True):
            widget.text = text
        if self.by_hand:
            ponds, lilypads = int(self.hand_ponds), int(self.hand_lilypads)
        else:
            ponds, lilypads = view.award_with(st, self.board)
        if self.scanner is None or self.last_read is None:
            from ui.pond_map import map_for

            self.ids.picture.show_frame(map_for(st, self.board))
        if self.mode == "end":
            self.award_text = view.award_text(st, ponds, lilypads)
            self.confirm_text = f"Confirm +{ponds + lilypads} VP"
        else:
            self.award_text = "Record this board (no VP are taken outside the End Phase)"
            self.confirm_text = "Record board"

    # --- touches
    def enlarge(self) -> None:
        """The picture full screen: what the camera counted, big enough to check."""
        if self.last_read is not None:
            picture = (
                self.last_read.full if self.last_read.full is not None else self.last_read.picture
            )
        else:
            from ui.pond_map import draw_map

            picture = draw_map(self.state().layout, self.board, size=720)
        PictureView().show(picture)

    def open_pond(self, pond_id: str) -> None:
        """A pond tapped on the map: correct what is in it."""
        self.board_map.selected = pond_id
        self.editor = PondEditor(self, pond_id)
        self.editor.bind(on_dismiss=lambda *_: setattr(self.board_map, "selected", ""))
        self.editor.open()

    def edit(self, pond_id: str, **change: Any) -> None:
        self.board = view.edit_pond(self.board, pond_id, **change)
        self.edited = True
        self.have_board = True
        self.edited_ponds.add(pond_id)
        self.refresh()

    def toggle_hand(self) -> None:
        self.by_hand = not self.by_hand
        self.refresh()

    def change_hand(self, what: str, delta: int) -> None:
        if what == "ponds":
            self.hand_ponds = max(0, self.hand_ponds + delta)
        else:
            self.hand_lilypads = max(0, self.hand_lilypads + delta)
        self.refresh()

    def rescan(self) -> None:
        self.board = self.state().board
        self.edited = False
        self.edited_ponds = set()
        self.have_board = False
        self.refresh()
        self.start_scan()

    def confirm(self) -> None:
        """Play the board (or the typed control), then leave the End Phase with the award."""
        self.stop_scan()
        events: list[Any] = []
        if self.by_hand and self.mode == "end":
            events.append(Control(int(self.hand_ponds), int(self.hand_lilypads)))
        elif self.have_board:
            reaction = self.reaction and self.mode == "look"
            events.append(Board(self.board.ponds, reaction=True) if reaction else self.board)
        if self.mode == "end":
            events.append(NextPhase())
        try:
            for event in events:
                self.app.play(event)
                if self.app.live.over:
                    break
        except EventRefusedError as exc:
            self.app.status = str(exc)
        if self.app.live.over:
            follow(self.app)
            return
        self.app.go("pond_tracker")

    def toggle_reaction(self) -> None:
        self.reaction = not self.reaction

    def cancel(self) -> None:
        self.stop_scan()
        self.app.go("pond_tracker")

    def on_command(self, cmd: str) -> bool:
        editor = self.editor
        if editor is not None and editor.parent is not None:
            if cmd in ("next", "confirm", "undo"):
                editor.dismiss()
                return True
            return False
        if cmd == "confirm":
            self.confirm()
        elif cmd == "next":
            self.app.status = "Hold the next button to confirm the award."
        elif cmd == "scan":
            self.rescan()
        elif cmd == "undo":
            self.cancel()
        else:
            return False
        return True


def _name_of(st: Any, faction: str) -> str:
    seat = st.seat_of_faction(faction)
    return st.names[seat] if seat is not None else faction


def demo(app: Any) -> None:
    """A 4-player End Phase whose board is read from the bundled demo photos, as in play."""
    from companion.games.base import Player
    from companion.session import SessionInfo
    from ui.demo import demo_source
    from ui.pond_camera import AGREE
    from ui.widgets.warnings_banner import hide_banner

    hide_banner(app)
    factions = (("Ana", "wizard"), ("Ben", "pumpkin"), ("Cy", "banana"), ("Dee", "cowboy"))
    app.start_session(SessionInfo("pond", tuple(Player(n, {"faction": f}) for n, f in factions)))
    app.play(NextPhase())
    app.play(NextPhase())
    screen = app.go("pond_end_phase", mode="end")
    screen.stop_scan()
    camera = demo_source("pond")  # its own, so the frames start at the first photo
    scanner = BoardScanner(camera, screen.state().layout, screen.on_read, screen.on_error)
    screen.scanner = scanner  # as while scanning: the picture shown is the camera's
    for _ in range(AGREE):  # the watcher reports the board once AGREE frames agree
        screen.on_read(scanner.read_once())
    camera.close()


def _demo_once(app: Any) -> None:
    """The demo board read, unless the screen still shows it (reading it takes seconds)."""
    screen = app.screen
    if screen is None or screen.name != "pond_end_phase" or screen.last_read is None:
        demo(app)


def _editor(app: Any) -> None:
    _demo_once(app)
    screen = app.screen
    fountain = screen.state().layout.fountain
    screen.open_pond(fountain)


def _picture(app: Any) -> None:
    _demo_once(app)
    app.screen.enlarge()


def demo_states() -> list[tuple[str, Any]]:
    """Correcting a pond, and the picture seen big."""
    return [("editor", _editor), ("picture", _picture)]
