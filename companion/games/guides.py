"""Setup guides for all five boxed games, and how each is played in a session.

All five have rules engines and screens: their setup checklist is the engine's
``GAME.setup_steps``. An engine whose screen has not landed yet goes in ``SCREEN_PENDING``:
its table keeps a score pad (``companion.games.scorepad`` with options ``{"for": NAME}``)
until then; Croak matches stored on the pad before still resume there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import BadFileError, UnknownGameError
from companion.files import check_text
from companion.games import BOXED_GAMES, game_names, get_game
from companion.games.base import JSON, Player, SetupStep
from companion.session import SessionInfo

SCOREPAD = "scorepad"
# Engines whose own screen has not landed yet: their table keeps the score pad meanwhile.
SCREEN_PENDING: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ScoreRule:
    """How the score pad keeps a game without an engine.

    ``unit`` names what is counted ("points", "frogs across"), ``target`` the
    score that ends the game (None: the game ends otherwise), ``rounds`` says
    whether scores are entered round by round, ``negative`` whether a
    round can score below zero, and ``how`` is the rulebook's sentence.
    """

    unit: str
    target: int | None
    rounds: bool
    negative: bool
    how: str


@dataclass(frozen=True)
class Guide:
    name: str
    title: str
    min_players: int
    max_players: int
    score: ScoreRule | None  # None: the game has its own engine and screen


StepsFn = Callable[[Sequence[Player], Mapping[str, Any]], list[SetupStep]]


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


GUIDES: dict[str, Guide] = {
    "pond": Guide("pond", "Pond", 2, 4, None),
    "pondscape": Guide("pondscape", "Pondscape", 1, 4, None),
    "ponder": Guide("ponder", "Ponder", 2, 4, None),
    "bog": Guide("bog", "BOG", 2, 2, None),
    "croak": Guide(
        "croak",
        "Croak",
        2,
        4,
        ScoreRule(
            "points",
            75,
            True,
            True,
            "The first player to accumulate 75 points wins the game. If more than one player "
            "reaches or surpasses 75 points during the same hand, these players face off in a "
            "round to determine the winner.",
        ),
    ),
}

# Croak has its own engine and screen; its guide keeps its ScoreRule for the Croak matches
# stored as score pads before, which still resume on the pad.
_OWN_STEPS: dict[str, StepsFn] = {}


def guide(game_name: str) -> Guide:
    """The guide for one of the five boxed games; ``UnknownGameError`` names the known ones."""
    found = GUIDES.get(game_name)
    if found is None:
        known = ", ".join(name for name, _ in BOXED_GAMES)
        raise UnknownGameError(f"setup: unknown game {game_name!r} (known: {known})")
    return found


def has_engine(game_name: str) -> bool:
    """True when the game has its own rules engine in the registry."""
    return game_name in game_names() and game_name != SCOREPAD and game_name not in SCREEN_PENDING


def player_limits(game_name: str) -> tuple[int, int]:
    """(fewest, most) players; from the engine when there is one."""
    if has_engine(game_name):
        game = get_game(game_name)
        return int(game.min_players), int(game.max_players)
    g = guide(game_name)
    return g.min_players, g.max_players


def check_players(game_name: str, players: Sequence[Player]) -> None:
    """``BadFileError`` when the player count or names do not suit the game."""
    lo, hi = player_limits(game_name)
    title = guide(game_name).title
    if not lo <= len(players) <= hi:
        allowed = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise BadFileError(f"players: {title} takes {allowed} players, found {len(players)}")
    seen: set[str] = set()
    for i, player in enumerate(players):
        if not player.name.strip():
            raise BadFileError(f"players[{i}].name: every player needs a name")
        check_text(player.name, f"players[{i}].name")
        if player.name in seen:
            raise BadFileError(f"players[{i}].name: {player.name!r} is used twice")
        seen.add(player.name)


def default_options(game_name: str, player_count: int) -> JSON:
    """The options a new session of this game starts with."""
    if has_engine(game_name):
        return dict(get_game(game_name).default_options(player_count))
    guide(game_name)
    return {}


def setup_steps(
    game_name: str, players: Sequence[Player], options: Mapping[str, Any]
) -> list[SetupStep]:
    """The rulebook's setup as a checklist for these players and options."""
    check_players(game_name, players)
    if has_engine(game_name):
        game = get_game(game_name)
        merged = {**game.default_options(len(players)), **dict(options)}
        game.validate_setup(players, merged)
        return list(game.setup_steps(players, merged))
    return _OWN_STEPS[game_name](players, options)


def session_info(
    game_name: str, players: Sequence[Player], options: Mapping[str, Any]
) -> SessionInfo:
    """The session to start once the setup is done: the engine's, else a score pad for it."""
    check_players(game_name, players)
    if has_engine(game_name):
        game = get_game(game_name)
        merged = {**game.default_options(len(players)), **dict(options)}
        game.validate_setup(players, merged)
        return SessionInfo(game_name, tuple(players), merged)
    rule = score_rule_for(game_name)
    pad = {"for": game_name, "rounds": rule.rounds, "negative": rule.negative}
    return SessionInfo(SCOREPAD, tuple(players), {**dict(options), **pad})


def played_game(info: SessionInfo) -> str:
    """Which boxed game a session is ("croak" for a Croak score pad)."""
    if info.game == SCOREPAD:
        return str(info.options.get("for", SCOREPAD))
    return info.game


def score_rule(info: SessionInfo) -> ScoreRule:
    """How the score pad keeps this session (plain points for a bare score pad)."""
    return score_rule_for(played_game(info))


def score_rule_for(game_name: str) -> ScoreRule:
    """How the score pad keeps ``game_name`` (plain points for a bare score pad)."""
    g = GUIDES.get(game_name)
    if g is not None and g.score is not None:
        return g.score
    return ScoreRule("points", None, False, True, "The player with the most points wins.")


def leaders(rule: ScoreRule, names: Sequence[str], scores: Sequence[int]) -> tuple[list[str], str]:
    """Who wins or leads now, and a sentence for the screen.

    With a target (Croak 75) the game is won by reaching it;
    several players at or past it in the same round face off. Without one
    (a bare score pad) the most points lead.
    """
    if not names:
        return [], ""
    if rule.target is not None:
        reached = [n for n, s in zip(names, scores, strict=True) if s >= rule.target]
        if len(reached) == 1:
            return reached, f"{reached[0]} wins with {rule.target} {rule.unit} or more!"
        if reached:
            return reached, f"{_names(reached)} reached {rule.target}: they face off in a round."
    best = max(scores)
    top = [n for n, s in zip(names, scores, strict=True) if s == best]
    if rule.target is not None:
        return top, f"First to {rule.target} {rule.unit}."
    if len(top) == 1:
        return top, f"{top[0]} leads with {best} {rule.unit}."
    return top, f"{_names(top)} tie on {best} {rule.unit}."
