"""The screens, in the order the screenshots walker visits them: (screen name, module path).

One screen = ``ui/screens/<name>.py`` + ``<name>.kv``; each module defines a
``BaseScreen`` subclass and ``demo(app)`` (puts it in a representative state).
"""

SCREENS: list[tuple[str, str]] = [
    ("home", "ui.screens.home"),
    ("setup", "ui.screens.setup"),
    ("scorepad", "ui.screens.scorepad"),
    ("settings", "ui.screens.settings"),
    ("history", "ui.screens.history"),
    # UI-B: the Pond live tracker and its End Phase, game end and final scoring;
    # Pondscape scan and score. The "warnings" banner shot is taken over the tracker.
    ("pond_tracker", "ui.screens.pond_tracker"),
    ("warnings", "ui.widgets.warnings_banner"),  # the banner over the tracker
    ("pond_end_phase", "ui.screens.pond_end_phase"),
    ("pond_game_over", "ui.screens.pond_game_over"),
    ("pond_final", "ui.screens.pond_final"),
    ("pondscape_scan", "ui.screens.pondscape_scan"),
    ("pondscape_score", "ui.screens.pondscape_score"),
    # BOG: the Bog, the Shores and the legal actions (issue 16).
    ("bog", "ui.screens.bog"),
    ("bog_cards", "ui.screens.bog_cards"),  # the owner's 18 BOG cards, one 3x3 grid each
    # Pondscape during play (issue 14): round, turn, display, jumping frog, live score.
    ("pondscape_play", "ui.screens.pondscape_play"),
    ("croak", "ui.screens.croak"),  # Croak: hands, scoring, totals to 75, the pile referee
    ("ponder", "ui.screens.ponder"),  # Ponder's Marsh, turns, combat helper and first roll
]
