"""What the Pond screens show, worked out from the engine's state (no Kivy here).

The tracker's numbers (VP supply, each player's VP, whose turn, the phase and
what it asks), the End Phase review (control of every pond and the award), the
final standings with the tie-break sentence, and the VP-over-turns series.
Hand corrections of a pond are made here too, giving a new ``Board``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.games.pond.control import lilypad_controller, pond_controller
from companion.games.pond.events import (
    FACTIONS,
    LILYPAD_FREE,
    Board,
    NextPhase,
    PondContent,
)
from companion.games.pond.game import phase_prompt
from companion.games.pond.scoring import final_standings, winners
from companion.games.pond.setup import STARTING_VP
from companion.games.pond.state import PHASE_TITLES, PondState, end_phase_award, vp_by_turn
from ui import theme

RGBA = tuple[float, float, float, float]


def faction_colour(faction: str | None) -> RGBA:
    if faction is None:
        return theme.MUTED
    return theme.FACTION.get(faction, theme.MUTED)


@dataclass(frozen=True)
class PlayerLine:
    name: str
    faction: str
    tokens: int
    current: bool
    colour: RGBA


@dataclass(frozen=True)
class TrackerView:
    supply: int
    starting_supply: int
    fraction: float  # supply left / starting supply, for the bar
    turn: int
    player: str
    faction: str
    phase: str  # "start" | "main" | "end"
    phase_title: str
    prompt: str
    players: tuple[PlayerLine, ...]
    over: bool


def tracker_view(st: PondState) -> TrackerView:
    players = tuple(
        PlayerLine(name, st.factions[i], st.tokens[i], i == st.seat, faction_colour(st.factions[i]))
        for i, name in enumerate(st.names)
    )
    start = max(1, st.starting_supply)
    return TrackerView(
        supply=st.supply,
        starting_supply=st.starting_supply,
        fraction=max(0.0, min(1.0, st.supply / start)),
        turn=st.flow.turn,
        player=st.current_player,
        faction=st.current_faction,
        phase=st.phase,
        phase_title=PHASE_TITLES[st.phase],
        prompt=phase_prompt(st),
        players=players,
        over=st.over,
    )


def supply_shares(st: PondState) -> list[tuple[str, float]]:
    """Each faction's share of the starting VP supply: the VP its player took from it.

    Starting VP come "from the 3 extra tokens, not the VP supply" (unless the table chose to
    take them from the supply), so they are no share: what is left plus every share is
    exactly the whole supply, and the tracker's bar never runs past its end.
    """
    start = max(1, st.starting_supply)
    extra = STARTING_VP if st.extra_tokens else (0,) * len(st.names)
    return [
        (faction, max(0, st.tokens[seat] - extra[seat]) / start)
        for seat, faction in enumerate(st.factions)
    ]


# --- the End Phase review -------------------------------------------------------------------


@dataclass(frozen=True)
class PondLine:
    """One pond of the review: what is in it and who controls it and its lilypad."""

    pond_id: str
    fountain: bool
    content: PondContent
    controller: str | None
    lilypad_controller: str | None

    def pieces_text(self, factions: tuple[str, ...]) -> str:
        """In the rulebook's words, no short forms: "Wizard 2 frogs and a Long Fwooog,
        Cowboy 1 frog; lilypad: Wizard"."""
        parts = []
        for f in factions:
            frogs = self.content.frogs_of(f)
            fw = self.content.fwooogs_of(f)
            if frogs or fw:
                bits = []
                if frogs:
                    bits.append(f"{frogs} frog" + ("s" if frogs != 1 else ""))
                if fw:
                    bits.append("a Long Fwooog" if fw == 1 else f"{fw} Long Fwooogs")
                parts.append(f"{f.title()} " + " and ".join(bits))
        text = ", ".join(parts) if parts else "empty"
        if self.content.lilypad is not None:
            pad = self.content.lilypad
            text += "; lilypad: " + ("free" if pad == LILYPAD_FREE else pad.title())
        return text


def control_lines(st: PondState, board: Board) -> list[tuple[str, str]]:
    """Per faction in play: (faction, "Ana (Wizard): ponds N, NE; lilypad N") or "nothing"."""
    lines = []
    for seat, faction in enumerate(st.factions):
        ponds = [pid for pid in st.layout.pond_ids if pond_controller(board.pond(pid)) == faction]
        pads = [pid for pid in st.layout.pond_ids if lilypad_controller(board.pond(pid)) == faction]
        parts = []
        if ponds:
            parts.append(("pond " if len(ponds) == 1 else "ponds ") + ", ".join(ponds))
        if pads:
            parts.append(("lilypad " if len(pads) == 1 else "lilypads ") + ", ".join(pads))
        what = "; ".join(parts) if parts else "nothing"
        lines.append((faction, f"{st.names[seat]} ({faction.title()}): {what}"))
    return lines


def pond_lines(st: PondState, board: Board) -> list[PondLine]:
    fountain = st.layout.fountain
    return [
        PondLine(
            pid,
            pid == fountain,
            board.pond(pid),
            pond_controller(board.pond(pid)),
            lilypad_controller(board.pond(pid)),
        )
        for pid in st.layout.pond_ids
    ]


def award_with(st: PondState, board: Board | None) -> tuple[int, int]:
    """(ponds, lilypads) the current player would be awarded if ``board`` were played now."""
    if board is None:
        return end_phase_award(st)
    return end_phase_award(replace(st, board=board))


def award_text(st: PondState, ponds: int, lilypads: int) -> str:
    total = ponds + lilypads
    pond_word = "pond" if ponds == 1 else "ponds"
    pad_word = "lilypad" if lilypads == 1 else "lilypads"
    text = f"{st.current_player} controls {ponds} {pond_word} and {lilypads} {pad_word}"
    text += f": +{total} VP"
    if total >= st.supply:
        text += f" (only {st.supply} left: the game ends)"
    return text


def edit_pond(
    board: Board,
    pond_id: str,
    *,
    faction: str | None = None,
    frogs_delta: int = 0,
    toggle_fwooog: bool = False,
    lilypad: str | bool | None = False,
) -> Board:
    """A board with one pond corrected by hand.

    ``frogs_delta`` adds or removes small frogs of ``faction`` (never below 0);
    ``toggle_fwooog`` puts or takes away that faction's Long Fwooog; ``lilypad``
    sets the lilypad (None: no lilypad, "free", or a faction); False leaves it.
    """
    content = board.pond(pond_id)
    frogs = dict(content.frogs)
    fwooogs = list(content.fwooogs)
    pad = content.lilypad
    if faction is not None and frogs_delta:
        frogs[faction] = max(0, frogs.get(faction, 0) + frogs_delta)
    if faction is not None and toggle_fwooog:
        if faction in fwooogs:
            fwooogs.remove(faction)
        else:
            fwooogs.append(faction)
    if lilypad is not False:
        pad = lilypad if isinstance(lilypad, str) else None
    if pad is not None and pad != LILYPAD_FREE and frogs.get(pad, 0) == 0:
        frogs[pad] = 1  # a frog holds the lilypad, so there is at least one in the pond
    new = PondContent(
        tuple(sorted((f, n) for f, n in frogs.items() if n > 0)),
        tuple(sorted(fwooogs)),
        pad,
        content.lilypad_fwooog,
    )
    ponds = [(pid, c) for pid, c in board.ponds if pid != pond_id]
    order = [pid for pid, _ in board.ponds]
    if pond_id in order:
        ponds.insert(order.index(pond_id), (pond_id, new))
    else:
        ponds.append((pond_id, new))
    return Board(tuple(ponds))


def board_from_ponds(ponds: Mapping[str, Any]) -> Board:
    """A board event from the ``ponds`` object a scan gives (the ``board`` event's JSON)."""
    from companion.games.pond.events import board_from_json

    return board_from_json(ponds, "camera")


# --- the end of the game --------------------------------------------------------------------


@dataclass(frozen=True)
class FinalLine:
    name: str
    faction: str
    tokens: int
    card_vp: int
    total: int
    winner: bool
    colour: RGBA


def final_lines(st: PondState) -> tuple[list[FinalLine], str]:
    """Each player's tokens, card VP and total in turn order, and the winner sentence."""
    result = winners(st)
    lines = [
        FinalLine(
            s.name,
            s.faction,
            s.tokens,
            s.card_vp,
            s.total,
            s.name in result.names,
            faction_colour(s.faction),
        )
        for s in final_standings(st)
    ]
    return lines, result.sentence


def vp_series(st: PondState) -> list[list[int]]:
    """Per player, their VP tokens at the start and at the end of each turn (the chart)."""
    points = vp_by_turn(st)
    return [[p[i] for p in points] for i in range(len(st.names))]


def ended_text(st: PondState) -> str:
    if not st.over:
        return ""
    lost = f" ({st.lost_vp} VP could not be taken and are lost)" if st.lost_vp else ""
    return f"The last VP token was taken in {st.current_player}'s {PHASE_TITLES[st.phase]}{lost}."


def next_event() -> NextPhase:
    return NextPhase()


ALL_FACTIONS = FACTIONS
