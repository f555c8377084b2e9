"""Who won a stored game, by that game's own rules (no Kivy here: History shows it).

``result_of(live)`` gives the winner(s) and, where the rules had to break a tie or the win
needs saying, a short note in the rulebook's words:

- Pond: most total VP; "In case of a tie, the player last in turn order wins."
- Pondscape: most points; a tie goes to "more cards remaining in their hand", and "if
  there's still a tie, the players share the victory". Solo: the player's frog rank.
- Ponder: the team that got its 3 frogs across first.
- BOG: outcome A (the score) or B (who could not act loses), from the engine's result.
- Croak: who reached 75 alone, or won the face-off.
- Score pad: the most points (the game's own target where it has one).

A game not over has no winner (``names`` is empty).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    names: tuple[str, ...]  # the winner(s); several only for a shared victory
    note: str = ""  # how a tie was broken, a shared victory, a solo rank


def _and(names: tuple[str, ...] | list[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def result_of(live: Any, finished: bool = True) -> Result:
    """The winner(s) of a replayed session (``LiveSession``), once it is over or finished."""
    game = live.info.game
    state = live.state
    if not (finished or live.over):
        return Result(())
    if game == "pond":
        from companion.games.pond.scoring import winners

        won = winners(state)
        if len(won.tied) > 1:
            others = tuple(n for n in won.tied if n not in won.names)
            return Result(
                won.names,
                f"tie on {won.total} VP with {_and(others)}: the tied player last in turn "
                "order wins",
            )
        return Result(won.names)
    if game == "pondscape":
        return _pondscape(live)
    if game == "ponder":
        if state.winner is None:
            return Result(())
        return Result((state.teams[state.winner].player,), "3 frogs across first")
    if game == "bog":
        result = state.result
        if result is None:
            return Result(())
        return Result((state.names[result.winner],), f"outcome {result.outcome}")
    if game == "croak":
        winner = state.now.winner
        return Result((winner,) if winner else ())
    return _scorepad(live)


def _pondscape(live: Any) -> Result:
    from companion.games.pondscape.setup import ranking
    from companion.games.pondscape.solo import achievement

    ranked = ranking(live.state)
    if not ranked.sheets:
        return Result(())
    if live.state.solo:
        sheet = ranked.sheets[0]
        return Result((sheet.name,), f"solo: {sheet.total} points, {achievement(sheet.total)}")
    best = ranked.sheets[0]
    tied = [s for s in ranked.sheets if s.total == best.total]
    if len(ranked.winners) > 1:
        return Result(ranked.winners, f"tie on {best.total} points and cards in hand: shared")
    if len(tied) > 1:
        return Result(ranked.winners, f"tie on {best.total} points: more cards left in hand")
    return Result(ranked.winners)


def _scorepad(live: Any) -> Result:
    from companion.games.guides import leaders, score_rule

    state = live.state
    scores = getattr(state, "scores", None)
    names = getattr(state, "names", None)
    if not scores or not names:
        return Result(())
    top, _sentence = leaders(score_rule(live.info), names, scores)
    if len(top) > 1:
        return Result(tuple(top), f"tie on {max(scores)}: shared")
    return Result(tuple(top))
