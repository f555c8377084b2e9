"""Small helpers that play Croak hands the way the table enters them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import Player, Violation
from companion.games.croak import Count, Croak, Score, Start
from companion.games.croak.match import CroakState
from companion.session import LiveSession, SessionInfo


def new_match(names: Sequence[str] = ("Ana", "Ben", "Cy"), **options: Any) -> LiveSession:
    return LiveSession(SessionInfo("croak", tuple(Player(n) for n in names), options))


def counts(figures: Mapping[str, tuple[int, int]]) -> tuple[Count, ...]:
    """``{"Ana": (returned, pond_left)}`` as counts."""
    return tuple(Count(n, r, p) for n, (r, p) in figures.items())


def play_hand(
    live: LiveSession, caller: str, figures: Mapping[str, tuple[int, int]]
) -> list[Violation]:
    """Start, CROAK by ``caller``, score: the violations of the whole hand."""
    found = live.play(Start())
    found += live.play(Croak(caller))
    found += live.play(Score(counts(figures)))
    return found


def points(live: LiveSession, **scores: int) -> None:
    """A hand in which each named player scores exactly ``scores[name]`` points.

    The first player with a positive score calls CROAK (0 left in their POND pile); a
    negative score is entered as POND cards left.
    """
    st: CroakState = live.state
    figures: dict[str, tuple[int, int]] = {}
    caller = None
    for name in st.now.next_players:
        p = scores.get(name, 0)
        if p >= 0:
            figures[name] = (p, 0)
            caller = caller or name
        else:  # -2 per card left: odd negatives return one card
            left = (-p + 1) // 2
            figures[name] = (2 * left + p, left)
    assert caller is not None, "someone must call CROAK"
    assert play_hand(live, caller, figures) == []


def totals(live: LiveSession) -> dict[str, int]:
    st: CroakState = live.state
    return dict(zip(st.names, st.now.totals, strict=True))
