"""Seeded random play: 1,000 whole BOG games through the legal actions only."""

from __future__ import annotations

import json

import pytest
from bog_builders import PLAYERS, play_random_game

from companion.games.bog import GAME, check, refusal
from companion.session import LiveSession, SessionInfo

GAMES = 1000


def _kind(seed: int) -> tuple[bool, bool]:
    """(hands known, random card set): 6 in 10 sample cards known, 2 random cards, 2 hidden."""
    return (seed % 10 < 8, seed % 10 in (6, 7))


@pytest.mark.parametrize("block", range(10))
def test_random_play_every_game_ends_by_outcome_a_or_b(block: int) -> None:
    outcomes = set()
    for seed in range(block * GAMES // 10, (block + 1) * GAMES // 10):
        known, random_set = _kind(seed)
        options, events, states = play_random_game(seed, known=known, random_card_set=random_set)
        assert len(events) < 200, f"seed {seed}: the game does not end"
        for before, ev, after in zip(states[:-1], events, states[1:], strict=True):
            # Nothing the generator offers is refused or flagged by the checker.
            assert refusal(before, ev) is None, (seed, ev)
            assert check(before, ev) == [], (seed, ev)
            # Every card is in one place: placed, in the deck, or unknown (a hand, the Draw Area).
            placed = [f.card for f in after.frogs if f is not None]
            for seat in (0, 1):
                placed += [*after.shores[seat], *after.hands[seat], *after.scored[seat]]
            placed += [c for c in after.draw_area if c is not None]
            unknown = after.unknown_in_hand(0) + after.unknown_in_hand(1)
            unknown += after.draw_area.count(None)
            assert len(placed) == len(set(placed)), (seed, ev)
            assert len(placed) + after.deck + unknown == 18, (seed, ev)
            # Scores only grow.
            for seat in (0, 1):
                for kind in ("captures", "routes", "formations", "flies"):
                    assert getattr(after.points[seat], kind) >= getattr(before.points[seat], kind)
        end, last = states[-1], states[-2]
        assert end.result is not None and events[-1].type == "cannot_act"
        stuck = end.result.stuck
        assert end.names[stuck] == events[-1].player and last.to_move == stuck
        # The winner follows outcome A or B.
        if last.draw_area:
            assert (end.result.outcome, end.result.winner) == ("B", 1 - stuck)
        else:
            mine, theirs = end.points[stuck].total, end.points[1 - stuck].total
            assert end.result.outcome == "A"
            assert end.result.winner == (stuck if mine > theirs else 1 - stuck)
        outcomes.add(end.result.outcome)
        if seed % 25 == 0:  # the stored log replays to the same end
            live = LiveSession(SessionInfo("bog", PLAYERS, options), GAME)
            for ev in events:
                live.replay_one(GAME.parse_event(json.loads(json.dumps(ev.to_json())), "log"))
            assert live.state == end and live.effective_violations() == []
            assert GAME.is_over(live.state)
    assert outcomes == {"A", "B"}
