"""What the Pond screens show, and the hand corrections of a pond (no Kivy needed)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import Player
from companion.games.pond.events import FACTIONS, Board, Damage, NextPhase
from companion.session import LiveSession, SessionInfo
from ui import pond_view as view


def live() -> LiveSession:
    players = tuple(
        Player(n, {"faction": f})
        for n, f in (("Ana", "wizard"), ("Ben", "pumpkin"), ("Cy", "banana"))
    )
    return LiveSession(SessionInfo("pond", players, {}))


def test_pond_tracker_view_counts_and_prompt() -> None:
    """ "For 3 players, use 112 VP." and the Start Phase asks for the deploy."""
    session = live()
    v = view.tracker_view(session.state)
    assert (v.supply, v.starting_supply, v.fraction) == (112, 112, 1.0)
    assert (v.turn, v.player, v.phase_title) == (1, "Ana", "Start Phase")
    assert v.prompt.startswith("Deploy 1 frog")
    assert [(p.name, p.tokens, p.current) for p in v.players] == [
        ("Ana", 0, True),
        ("Ben", 1, False),
        ("Cy", 2, False),
    ]
    session.play(NextPhase())
    session.play(Damage("Ana", "Cy", 28))
    v = view.tracker_view(session.state)
    assert v.supply == 84 and v.fraction == 0.75


def test_pond_award_text_warns_when_the_supply_runs_out() -> None:
    st = live().state
    assert view.award_text(st, 2, 1) == "Ana controls 2 ponds and 1 lilypad: +3 VP"
    assert view.award_text(st, 1, 0) == "Ana controls 1 pond and 0 lilypads: +1 VP"
    assert view.award_text(st, 100, 12).endswith("(only 112 left: the game ends)")


def test_pond_edit_pond_frogs_fwooogs_lilypad() -> None:
    board = Board(())
    board = view.edit_pond(board, "N", faction="wizard", frogs_delta=2)
    board = view.edit_pond(board, "N", faction="pumpkin", toggle_fwooog=True)
    assert board.pond("N").frogs == (("wizard", 2),) and board.pond("N").fwooogs == ("pumpkin",)
    board = view.edit_pond(board, "N", faction="wizard", frogs_delta=-5)
    assert board.pond("N").frogs == ()
    # A frog holds a lilypad: giving it to banana puts a banana frog there.
    board = view.edit_pond(board, "N", lilypad="banana")
    assert board.pond("N").lilypad == "banana" and board.pond("N").frogs_of("banana") == 1
    board = view.edit_pond(board, "N", lilypad=None)
    assert board.pond("N").lilypad is None


# The test machine is shared and often busy: slow input generation is not a failure here.
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["N", "S", "F"]),
            st.sampled_from(FACTIONS),
            st.integers(-3, 3),
            st.booleans(),
            st.sampled_from([False, None, "free", *FACTIONS]),
        ),
        max_size=12,
    )
)
def test_pond_edit_pond_never_goes_negative(edits: list[tuple]) -> None:  # type: ignore[type-arg]
    board = Board(())
    for pond, faction, delta, toggle, pad in edits:
        board = view.edit_pond(
            board, pond, faction=faction, frogs_delta=delta, toggle_fwooog=toggle, lilypad=pad
        )
    for _pid, content in board.ponds:
        assert all(n > 0 for _f, n in content.frogs)
        assert len(set(content.fwooogs)) == len(content.fwooogs)
        if content.lilypad not in (None, "free"):
            assert content.frogs_of(content.lilypad) >= 1


def test_pond_final_lines_and_series() -> None:
    """ "In case of a tie, the player last in turn order wins." """
    session = live()
    session.play(NextPhase())
    session.play(Damage("Ana", "Ben", 2))  # Ana 2, Ben 1, Cy 2
    lines, sentence = view.final_lines(session.state)
    assert [(x.name, x.total) for x in lines] == [("Ana", 2), ("Ben", 1), ("Cy", 2)]
    assert [x.winner for x in lines] == [False, False, True]
    assert "Cy" in sentence and "last in turn order" in sentence
    assert view.vp_series(session.state) == [[0, 2], [1, 1], [2, 2]]
