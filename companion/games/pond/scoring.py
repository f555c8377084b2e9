"""Final score and winner.

Rulebook, Ending the Game: "Count up your total VP by adding your VP tokens and
the VP printed on all of your Frog cards ... The player with the most total VP
wins! In case of a tie, the player last in turn order wins."
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.pond.state import PondState


@dataclass(frozen=True)
class Standing:
    """One player's final count: VP tokens plus the VP printed on their cards."""

    seat: int
    name: str
    faction: str
    tokens: int
    card_vp: int

    @property
    def total(self) -> int:
        return self.tokens + self.card_vp


@dataclass(frozen=True)
class Winners:
    """Who wins, and a sentence saying why (naming the tie-break when it was needed).

    ``names`` holds the winner (the tie-break always leaves one); ``tied`` the
    players who shared the highest total, in turn order (one name if no tie).
    """

    names: tuple[str, ...]
    tied: tuple[str, ...]
    total: int
    sentence: str


def final_standings(state: PondState) -> list[Standing]:
    """Each player's tokens, card VP and total, in turn order."""
    return [
        Standing(seat, name, state.factions[seat], state.tokens[seat], state.card_vp[seat])
        for seat, name in enumerate(state.names)
    ]


def _and(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def winners(state: PondState) -> Winners:
    """The winner by total VP; a tie goes to the tied player latest in turn order."""
    standings = final_standings(state)
    best = max(s.total for s in standings)
    tied = tuple(s.name for s in standings if s.total == best)  # in turn order
    winner = tied[-1]
    verb = "wins" if state.over else "would win now"
    if len(tied) == 1:
        sentence = f"{winner} {verb} with {best} VP."
    else:
        sentence = (
            f"{_and(tied)} tie on {best} VP; {winner} {verb} as the tied player last in turn order."
        )
    return Winners((winner,), tied, best, sentence)
