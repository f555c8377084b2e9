"""#12 defect 1: one stored session the app cannot show must never stop it starting."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from companion.games.base import Player
from companion.games.guides import session_info
from tests.ui.conftest import render


def test_app_starts_naming_a_session_it_cannot_show_and_offers_the_others(app: Any) -> None:
    """A player name "\\ud800" (valid JSON, let in by an old import) crashed Kivy at boot."""
    good = app.store.create(session_info("croak", [Player("Ana"), Player("Ben")], {}))
    app.store.append(good, {"type": "start"})
    bad = app.store.create(session_info("croak", [Player("Cy"), Player("Di")], {}))
    app.store.append(bad, {"type": "start"})  # the newest
    stored = app.store.export_json(bad)
    info = {k: v for k, v in stored.items() if k != "events"}
    info["players"] = [{"name": "\ud800"}, {"name": "Di"}]
    conn = sqlite3.connect(app.store.path)
    conn.execute("UPDATE sessions SET info = ? WHERE id = ?", (json.dumps(info), bad))
    conn.commit()
    conn.close()
    app.resume_on_start = True
    try:
        app.start_screen()
        render(app, 3)  # Kivy raised on the first frame before
        assert app.session_id == good
        assert app.status.startswith(f"Session {bad} cannot be shown: players[0].name")
        app.go("home")
        render(app, 3)
    finally:
        app.resume_on_start = False
        app.store.delete(bad)
        app.store.set_finished(good, True, "done")
