"""Ponder as a session: setup and first player, the reshuffle, the end, whole games."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from ponder_builders import c, card, players, position

from companion.errors import BadFileError, EventRefusedError
from companion.games import get_game
from companion.games.ponder import Move, Reveal, Roll, Stay, legal_actions
from companion.games.ponder.checker import check
from companion.games.ponder.demo import play_game
from companion.games.ponder.events import parse_event
from companion.games.ponder.state import apply
from companion.session import LiveSession, SessionInfo, Step, replay


def session(*colours: str, **options: object) -> LiveSession:
    return LiveSession(SessionInfo("ponder", tuple(players(*colours)), dict(options)))


def test_ponder_is_registered_with_its_limits() -> None:
    game = get_game("ponder")
    assert (game.min_players, game.max_players) == (2, 4)


def test_ponder_first_player_ties_roll_again() -> None:
    """ "The player who gets the most frogs "seated" goes first. In case of a tie, roll again
    until only one player remains." """
    live = session("orange", "blue", "yellow")
    for colour in ("orange", "blue", "yellow"):
        live.play(Reveal(colour, card("straight")))
    live.play(Roll("orange", 2))
    live.play(Roll("blue", 2))
    live.play(Roll("yellow", 1))
    assert live.state.rolling == (0, 1) and not live.state.started
    with pytest.raises(EventRefusedError, match="yellow does not roll again"):
        live.play(Roll("yellow", 3))
    live.play(Roll("orange", 0))
    live.play(Roll("blue", 1))
    assert live.state.started and live.state.team.colour == "blue"
    assert live.state.phase == "throw"


def test_ponder_play_before_the_setup_is_refused() -> None:
    live = session("orange", "blue")
    with pytest.raises(EventRefusedError, match="has not started"):
        live.play(Stay())


def test_ponder_two_teams_sit_next_to_each_other() -> None:
    """ "If playing with two players, use colours that sit next to each other on the table" """
    with pytest.raises(BadFileError, match=r"players\[1\].colour.*orange and yellow sit opposite"):
        session("orange", "yellow")
    assert session("blue", "yellow").state.colours == ("blue", "yellow")


def test_ponder_reshuffle_when_no_face_down_cards_are_left() -> None:
    """ "When you have no more face-down cards, shuffle your face-up pile, place it face down
    again, and continue playing." (counted only when the owner enters the deck: option deck)"""
    live = session("orange", "blue", deck={"straight": 1, "diagonal": 1})
    live.play(Reveal("orange", card("straight")))  # orange's first card: 1 left face down
    live.play(Reveal("blue", card("diagonal")))
    live.play(Roll("orange", 3))
    live.play(Roll("blue", 0))
    orange = live.state.teams[0]
    assert orange.face_down() == 1 and dict(orange.deck or ()) == {
        "straight": 0,
        "diagonal": 1,
        "any": 0,
        "one-step": 0,
        "fly-meal": 0,
        "punch": 0,
    }
    # Only the diagonal card is left face down: a straight one cannot be turned over.
    st = replace(live.state, flow=replace(live.state.flow, phase_index=2))
    offered = {a.card.kind for a in legal_actions(st) if isinstance(a, Reveal)}
    assert offered == {"diagonal"}
    assert [v.message for v in check(st, Reveal("orange", card("straight")))] == [
        "no Straight line card is left face down in orange's deck"
    ]
    after = apply(st, Reveal("orange", card("diagonal")))  # the last face-down card
    assert after.teams[0].face_down() == 0 and after.teams[0].reshuffles == 0
    # Orange's next turn: the used-up deck is shuffled again before the card is turned over.
    again = replace(after, flow=replace(after.flow, seat=0, phase_index=2))
    assert {a.card.kind for a in legal_actions(again) if isinstance(a, Reveal)} >= {
        "straight",
        "diagonal",
    }
    reshuffled = apply(again, Reveal("orange", card("straight")))
    assert reshuffled.teams[0].reshuffles == 1 and reshuffled.teams[0].face_down() == 1
    assert dict(reshuffled.teams[0].deck or ())["diagonal"] == 1


def test_ponder_third_frog_across_wins_at_once_and_only_undo_is_taken() -> None:
    """ "The first player to get their 3 frogs across the Marsh to the opposite bank wins the
    game!" """
    live = session("orange", "blue")
    for colour in ("orange", "blue"):
        live.play(Reveal(colour, card("straight")))
    live.play(Roll("orange", 3))
    live.play(Roll("blue", 0))
    st = position(pads="D6 D7", frogs={"orange": "D6"}, arrived={"orange": "C7 E7"}, phase="move")
    live.active.append(Step(-1, Stay(), st))  # the table three frogs later
    assert live.play(Move(c("D6"), c("D7"), arrive=True)) == []
    assert live.over and "Ana (orange) wins with 3 frogs across" in live.game.summary(live.state)
    with pytest.raises(EventRefusedError, match="the game is over: orange has 3 frogs across"):
        live.play(Reveal("orange", card("any")))
    from companion.session import UndoEvent

    live.play(UndoEvent())
    assert not live.over


@pytest.mark.parametrize(("teams", "seed"), [(2, 3), (4, 11)])
def test_ponder_full_game_to_a_win_through_the_checked_path(teams: int, seed: int) -> None:
    """A whole seeded game of 2 and of 4 teams, played event by event through the session's
    checked path: no violation, exactly one winner with 3 frogs across, and the stored log
    replays to the same position."""
    game = play_game(teams, random.Random(seed))
    assert not game.stuck
    live = LiveSession(SessionInfo("ponder", tuple(game.players), {"board": "default"}))
    for event in game.events:
        assert live.play(event) == [], event
    st = live.state
    assert st.over and sum(len(t.arrived) == 3 for t in st.teams) == 1
    assert [len(t.arrived) for t in st.teams].count(3) == 1
    data = json.loads(json.dumps(live.to_json()))
    again = replay(live.info, data["events"])
    assert again.state == st and again.violations == []


def test_ponder_events_round_trip_exactly() -> None:
    seen: set[str] = set()
    game = play_game(4, random.Random(5))
    for event in game.events:
        data = json.loads(json.dumps(event.to_json()))
        assert parse_event(data, "e") == event
        assert parse_event(data, "e").to_json() == data
        seen.add(event.type)
    assert seen >= {"reveal", "roll", "throw", "move"}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "move", "from": "3D", "to": "D4"}, "field 'from' must be a space name"),
        ({"type": "move", "from": "D3"}, "field 'to' is missing"),
        ({"type": "roll", "team": "blue", "seated": 4}, "field 'seated' must be 0 to 3"),
        ({"type": "reveal", "team": "blue", "card": "jump"}, "field 'card' must be one of"),
        ({"type": "reveal", "team": "blue", "card": "punch"}, "field 'movement'"),
        (
            {"type": "combat", "attacker": "D4", "defender": "E5", "landing": "head"},
            "field 'landing' must be one of back, side, sitting, nose, stomach",
        ),
        ({"type": "throw", "from": "D3", "to": "D4", "x": 1}, "unknown field 'x'"),
        ({"type": "hop"}, "unknown Ponder event 'hop'"),
    ],
)
def test_ponder_bad_events_name_the_field(data: dict[str, object], message: str) -> None:
    with pytest.raises(BadFileError, match=message):
        parse_event(data, "game.json: events[3]")


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (Move(c("Z9"), c("D4")), "from Z9 is not on the board"),
        (Move(c("A1"), c("A2")), "no orange frog is on A1"),
        (Move(c("D3"), c("D5")), "a frog is already on D5"),
        (Reveal("blue", card("any")), "it is orange's turn, not blue's"),
        (Reveal("green", card("any")), "no team plays green"),
        (Roll("orange", 1), "the first player is already decided"),
    ],
)
def test_ponder_impossible_typed_moves_are_refused(event: object, message: str) -> None:
    live = session("orange", "blue")
    table = position(pads="D3 D4 D5", frogs={"orange": "D3", "blue": "D5"}, phase="move")
    live.active.append(Step(-1, Stay(), table))  # the table as it stands
    with pytest.raises(EventRefusedError, match=message):
        live.play(event)
    assert len(live.log) == 0
