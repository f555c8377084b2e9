"""Pond (2025): the live rules engine (setup, turn phases, VP supply, control, checker, score).

The camera and the touchscreen build on this public API; the names are stable.

Game object
    ``GAME``: follows ``companion.games.base.Game``; the registry finds it as "pond".

Events (frozen dataclasses; ``to_json()`` and ``parse_event(data, where)`` round-trip exactly)
    ``NextPhase()``; ``Board(ponds)`` with ``ponds`` a tuple of (pond id, ``PondContent``)
    (build one from the camera's JSON with ``board_from_json(ponds)``);
    ``Control(ponds, lilypads)``; ``Damage(by, to, amount)``; ``Vp(player, amount, reason)``;
    ``CardVp(player, amount)``. ``Board``, ``Damage`` and ``Vp`` take ``reaction=True`` when a
    Reaction card caused them (not flagged as out of turn or phase).
    ``undo``/``redo`` belong to ``companion.session``.

State (``PondState``, frozen)
    ``supply`` (VP supply left), ``starting_supply``, ``tokens`` (each player's VP tokens),
    ``card_vp``, ``flow`` (``TurnFlow``: ``seat``, ``phase``, ``turn``), ``board`` (the last
    board seen), ``over`` and ``ended_by`` (position of the ending event among the events in
    effect; ``ended_at_event(session)`` gives its log index), ``lost_vp``, ``vp_history``;
    ``vp_by_turn(state)`` gives the points of the VP chart.

Functions
    ``phase_prompt(state) -> str``: what the current phase asks ("Deploy 2 frogs: you have
    Long Fwooogs in 2 ponds (N, IN).").
    ``control_of(board, pond_ids=None) -> BoardControl``: the controller of each pond and
    lilypad (``.ponds``, ``.lilypads``, ``.count(faction)``).
    ``end_phase_award(state) -> (ponds, lilypads)`` for the current player (a ``Control``
    typed in this turn overrides the board).
    ``final_standings(state) -> list[Standing]`` (tokens, card VP, total per player) and
    ``winners(state) -> Winners`` (the winner, who tied, and a sentence on the tie-break).
    ``setup_steps(players, options)``: the setup checklist. Layouts: ``load_layout``,
    ``read_layout_file``, ``layout_to_json``, ``default_layout(9 | 13)``.

Demo
    ``companion.games.pond.demo``: bots that play whole legal games (``demo_game_json``),
    for demo screens, the docs' example game, property tests and the replay benchmark.

Options
    ``vp_supply`` (default 120/112/105 for 2/3/4 players; larger allowed),
    ``starting_vp_from_supply`` (default false: the starting VP of the 2nd, 3rd and 4th
    player are the box's 3 extra tokens, not taken from the supply), ``twelve_frog_seat``
    (3 players: the seat whose starting pond lies between the other two; by default read
    from the layout's drawing), ``layout`` ("default" or a ``pond-layout/1`` file path).
"""

from __future__ import annotations

from typing import Any

from companion.games.pond.checker import REMINDERS, RULES
from companion.games.pond.control import BoardControl, control_of
from companion.games.pond.events import (
    FACTIONS,
    Board,
    CardVp,
    Control,
    Damage,
    NextPhase,
    PondContent,
    Vp,
    board_from_json,
    parse_event,
)
from companion.games.pond.game import GAME, Pond, phase_prompt
from companion.games.pond.layout import (
    Layout,
    PondShape,
    default_layout,
    layout_to_json,
    load_layout,
    read_layout_file,
)
from companion.games.pond.scoring import Standing, Winners, final_standings, winners
from companion.games.pond.setup import DEFAULT_VP_SUPPLY, parse_options, setup_steps
from companion.games.pond.state import PHASE_TITLES, PondState, end_phase_award, vp_by_turn


def ended_at_event(session: Any) -> int | None:
    """The log index of the event that took the last VP token, for a ``LiveSession``."""
    st = session.state
    if not isinstance(st, PondState) or st.ended_by is None:
        return None
    return int(session.active[st.ended_by].index)


__all__ = [
    "DEFAULT_VP_SUPPLY",
    "FACTIONS",
    "GAME",
    "PHASE_TITLES",
    "REMINDERS",
    "RULES",
    "Board",
    "BoardControl",
    "CardVp",
    "Control",
    "Damage",
    "Layout",
    "NextPhase",
    "Pond",
    "PondContent",
    "PondShape",
    "PondState",
    "Standing",
    "Vp",
    "Winners",
    "board_from_json",
    "control_of",
    "default_layout",
    "end_phase_award",
    "ended_at_event",
    "final_standings",
    "layout_to_json",
    "load_layout",
    "parse_event",
    "parse_options",
    "phase_prompt",
    "read_layout_file",
    "setup_steps",
    "vp_by_turn",
    "winners",
]
