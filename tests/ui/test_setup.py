"""Setup guide: count, names, factions, then the checklist ticked by touch or `next`."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import find, press, render, tap, wait_for


def open_setup(app: Any, game: str) -> Any:
    home = app.screen
    tap(home.tiles[game])
    render(app, 2)
    assert app.screen.name == "setup"
    return app.screen


def test_setup_pond_three_players_checklist_values(app: Any) -> None:
    """ "For 3 players, use 112 VP." -- shown computed for the chosen count."""
    screen = open_setup(app, "pond")
    assert screen.count == 3
    for row, name in zip(screen.rows, ("Ana", "Ben", "Cy"), strict=True):
        row.ids.name.text = name
    tap(screen.ids.to_checklist)
    render(app, 2)
    assert screen.stage == "checklist"
    assert find(screen, text="112 VP")  # shown before the checklist: "For 3 players, use 112 VP"
    texts = [row.values_text for row in screen.ids.checklist.rows]
    assert "vp supply: 112" in texts
    assert "ponds: 13" in "\n".join(texts)
    assert screen.progress_text == f"0 of {len(texts)} done"


def test_setup_count_buttons_respect_limits(app: Any) -> None:
    screen = open_setup(app, "bog")
    assert (screen.count, screen.min_count, screen.max_count) == (2, 2, 2)
    assert screen.ids.fewer.disabled and screen.ids.more.disabled
    app.go("home")
    screen = open_setup(app, "croak")
    tap(screen.ids.more)
    assert screen.count == 4 and len(screen.rows) == 4
    tap(screen.ids.more)
    assert screen.count == 4
    tap(screen.ids.fewer)
    tap(screen.ids.fewer)
    assert screen.count == 2 and len(screen.rows) == 2


def test_setup_pond_factions_cycle_without_repeats(app: Any) -> None:
    screen = open_setup(app, "pond")
    assert [r.faction for r in screen.rows] == ["wizard", "pumpkin", "banana"]
    assert screen.rows[0].ids.faction.text == "Wizard"
    tap(screen.rows[0].ids.faction)
    assert screen.rows[0].faction == "cowboy"  # pumpkin and banana are taken
    assert screen.rows[0].ids.faction.text == "Cowboy"
    tap(screen.rows[0].ids.faction)
    assert screen.rows[0].faction == "wizard"


def test_setup_duplicate_names_say_which(app: Any) -> None:
    screen = open_setup(app, "croak")
    for row in screen.rows:
        row.ids.name.text = "Ana"
    tap(screen.ids.to_checklist)
    assert screen.stage == "players"
    assert screen.message == "players[1].name: 'Ana' is used twice"


def test_setup_checklist_ticked_by_next_then_starts_the_croak_screen(app: Any) -> None:
    """Croak: "draws the top 3 cards (or 5, if playing with 2 players)"; then its screen."""
    screen = open_setup(app, "croak")
    tap(screen.ids.fewer)
    assert screen.count == 2
    press(app, "confirm")  # nothing focused: on to the checklist
    assert screen.stage == "checklist"
    rows = screen.ids.checklist.rows
    assert "top 5 cards" in rows[1].text
    press(app, "next")
    press(app, "next")
    assert [r.done for r in rows][:3] == [True, True, False]
    press(app, "undo")
    assert [r.done for r in rows][:2] == [True, False]
    render(app, 2)
    tap(rows[1])  # touch ticks too
    wait_for(app, lambda: rows[1].done)
    tap(screen.ids.start)
    assert app.screen.name == "setup" and "Tick every step" in screen.message
    for _ in range(len(rows)):
        press(app, "next")
    assert screen.ids.checklist.complete
    press(app, "next")
    assert app.screen.name == "croak"
    assert app.live.info.game == "croak"
    assert app.live.info.options == {"deck": "sample", "target": 75}
    assert [p.name for p in app.live.info.players] == ["Player 1", "Player 2"]
    app.writer.flush()
    row = app.store.unfinished()
    assert row is not None and row.id == app.session_id


def test_setup_undo_on_first_step_goes_back_to_players(app: Any) -> None:
    screen = open_setup(app, "ponder")
    tap(screen.ids.to_checklist)
    assert screen.stage == "checklist"
    assert find(screen, text="28 lily pads")
    press(app, "undo")
    assert screen.stage == "players"
    press(app, "undo")
    assert app.screen.name == "home"


def test_setup_pond_uses_the_map_saved_in_settings(app: Any) -> None:
    """The layout editor's file in the data folder is the map the Pond session uses."""
    import json

    from companion.games.pond.layout import default_layout, layout_to_json

    doc = layout_to_json(default_layout(13))
    doc["name"] = "Our own board"
    path = app.data_folder() / "pond-layout-13.json"
    path.write_text(json.dumps(doc))
    try:
        screen = open_setup(app, "pond")
        assert screen.options["layout"] == str(path)
        tap(screen.ids.to_checklist)
        assert "layout 'Our own board'" in screen.ids.checklist.rows[0].text
        tap(screen.ids.back2)
        tap(screen.ids.fewer)  # 2 players: the 9-pond side, no saved map for it
        assert screen.options["layout"] == "default"
    finally:
        path.unlink()


def test_setup_a_shorter_checklist_starts_at_its_top(app: Any) -> None:
    """After the 11 Pond steps scrolled down, a new game's steps must be in sight."""
    screen = open_setup(app, "pond")
    screen.show_checklist()
    for _ in range(10):
        press(app, "next")
    render(app, 3)
    scroll = screen.ids.checklist.scroll
    assert scroll.scroll_y < 0.5  # scrolled down to the last steps
    app.go("setup", game="croak", count=2)
    screen.show_checklist()
    render(app, 3)
    first = screen.ids.checklist.rows[0]
    y = first.to_window(0, first.y)[1]
    sy = scroll.to_window(0, scroll.y)[1]
    assert sy <= y <= sy + scroll.height
