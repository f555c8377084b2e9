"""BOG's legal actions for the player to move, the rules checker, and what is refused.

Three answers, from the strongest:
- ``refusal``: the event makes no sense in this state (a card that is elsewhere, a
  Fly sent to an occupied pad...): it is not taken at all.
- ``check``: what the table may have got wrong; never raises, the event is applied.
- ``legal_actions``: every action the player to move may take. With hidden hands the
  app offers each card that *may* be in the hand; ``cannot_act`` is offered only when
  no action is certain (a Formation from an unknown card is possible, not certain).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import Violation
from companion.games.bog.events import Advance, BogEvent, CannotAct, Complete, Play, Score
from companion.games.bog.state import BogState, Frog

SHORE_MAX = 2  # "You may have a maximum of 2 Frogs in your Shore."
FINAL_STOP = 3

RULES = {
    "turn": "it is the other player's turn",
    "shore-full": "a third Frog on your Shore",
    "next-stop": "that pad is not this Frog's next stop",
    "own-frog": "landed on your own Frog although another move was possible",
    "final-stop": "that Frog is on its final stop: complete its Route instead",
    "no-formation": "that card's Formation is not on the bog",
    "not-final": "that Frog is not on its final stop",
    "can-act": "the player can still perform an Action",
}


@dataclass(frozen=True)
class Hop:
    """One Frog's possible hop: from (None: the Shore) to a pad, and what is there."""

    card: str
    origin: int | None
    to: int
    lands_on: str  # "pad", "opponent", "own", "fly"


def hops(st: BogState, seat: int) -> list[Hop]:
    """Every ADVANCE the seat's Frogs can make (the Shore's to their start pad, the Bog's on)."""
    found: list[Hop] = []
    starts = [(card, None, 0) for card in st.shores[seat]]
    on_bog = [
        (f.card, i + 1, f.stop + 1)
        for i, f in enumerate(st.frogs)
        if f is not None and f.seat == seat and f.stop < FINAL_STOP
    ]
    for card, origin, stop in starts + on_bog:
        to = st.cards[card].route_on_bog(seat)[stop]
        there = st.frogs[to - 1]
        if there is not None:
            kind = "own" if there.seat == seat else "opponent"
        else:
            kind = "fly" if st.flies[to - 1] else "pad"
        found.append(Hop(card, origin, to, kind))
    return found


def _fly_choices(st: BogState, hop: Hop) -> tuple[list[int], int]:
    """(the pads the Fly may go to, Draw Area slots) for a hop onto a Fly."""
    if not st.draw_area:
        return [], 0
    free = [p for p in st.free_pads() if p != hop.to]
    if hop.origin is not None:
        free = sorted([*free, hop.origin])
    return free, len(st.draw_area)


def _advances(st: BogState, seat: int, hop: Hop) -> list[Advance]:
    player = st.names[seat]
    if hop.lands_on != "fly":
        return [Advance(player, hop.card, hop.to)]
    pads, slots = _fly_choices(st, hop)
    if slots == 0:
        return [Advance(player, hop.card, hop.to)]
    if not pads:  # the rare case: the Fly is scored, a card is still drawn
        return [Advance(player, hop.card, hop.to, None, s) for s in range(slots)]
    return [Advance(player, hop.card, hop.to, p, s) for p in pads for s in range(slots)]


def _can_play(st: BogState, seat: int) -> bool:
    return len(st.shores[seat]) < SHORE_MAX and st.hand_counts[seat] > 0


def other_moves(st: BogState, seat: int, hop_list: list[Hop] | None = None) -> bool:
    """True when the seat has a Move Action (PLAY or ADVANCE) that does not land on its own Frog."""
    if _can_play(st, seat):
        return True
    return any(h.lands_on != "own" for h in (hop_list if hop_list is not None else hops(st, seat)))


def legal_actions(st: BogState) -> list[BogEvent]:
    """Every action the player to move may take now (none once the game is over)."""
    if st.over:
        return []
    seat = st.to_move
    player = st.names[seat]
    actions: list[BogEvent] = []
    certain = False
    if _can_play(st, seat):
        actions += [Play(player, c) for c in st.possible_hand(seat)]
        certain = True
    hop_list = hops(st, seat)
    forced = not other_moves(st, seat, hop_list)
    for hop in hop_list:
        if hop.lands_on != "own" or forced:
            actions += _advances(st, seat, hop)
            certain = True
    for frog in st.frogs:
        if frog is not None and frog.seat == seat and frog.stop == FINAL_STOP:
            actions.append(Complete(player, frog.card))
            certain = True
    if st.hand_counts[seat] > 0:
        for card in st.possible_hand(seat):
            if st.formation_matches(card, seat) > 0:
                actions.append(Score(player, card))
                certain = certain or card in st.hands[seat]
    if not certain:
        actions.append(CannotAct(player))
    return actions


def certain_action(st: BogState, seat: int) -> str | None:
    """An action the seat certainly has (in words), or None."""
    if _can_play(st, seat):
        return "PLAY a Frog from hand"
    hop_list = hops(st, seat)
    forced = not other_moves(st, seat, hop_list)
    for hop in hop_list:
        if hop.lands_on != "own" or forced:
            return f"ADVANCE Frog {hop.card} to pad {hop.to}"
    for frog in st.frogs:
        if frog is not None and frog.seat == seat and frog.stop == FINAL_STOP:
            return f"COMPLETE the Route of Frog {frog.card}"
    for card in st.hands[seat]:
        if st.formation_matches(card, seat) > 0:
            return f"SCORE the Formation of card {card}"
    return None


def _own_frog(st: BogState, seat: int, card: str) -> tuple[int | None, Frog | None]:
    """(pad, Frog) of the seat's Frog ``card`` on the Bog; (None, None) when on the Shore."""
    pad = st.frog_pad(card)
    if pad is None:
        return None, None
    return pad, st.frogs[pad - 1]


def refusal(st: BogState, ev: BogEvent) -> str | None:
    """Why ``ev`` cannot be taken at all now, or None."""
    if st.result is not None:
        return f"the game is over: {st.result.sentence}"
    seat = st.seat_of(ev.player)
    if seat is None:
        return f"no player named {ev.player!r} (players: {', '.join(st.names)})"
    if isinstance(ev, CannotAct):
        return None
    if ev.card not in st.cards:
        return f"there is no card {ev.card!r} in {st.cards.source} cards"
    name = ev.player
    if isinstance(ev, Play | Score):
        if st.hand_counts[seat] == 0:
            return f"{name} has no cards in hand"
        if ev.card not in st.possible_hand(seat):
            return f"card {ev.card} is not in {name}'s hand ({_where(st, ev.card)})"
        return None
    pad, frog = _own_frog(st, seat, ev.card)
    on_shore = ev.card in st.shores[seat]
    if not on_shore and (frog is None or frog.seat != seat):
        return f"card {ev.card} is not one of {name}'s Frogs in play ({_where(st, ev.card)})"
    if isinstance(ev, Complete):
        return None
    assert isinstance(ev, Advance)
    return _fly_refusal(st, ev, pad)


def _fly_refusal(st: BogState, ev: Advance, origin: int | None) -> str | None:
    if not st.flies[ev.to - 1] or ev.to == origin:
        if ev.fly_to is not None or ev.draw is not None or ev.refill is not None:
            return f"there is no Fly on pad {ev.to}: leave out fly_to, draw and refill"
        return None
    if not st.draw_area:
        if ev.fly_to is not None or ev.draw is not None or ev.refill is not None:
            return "the Draw Area is empty: the Fly is scored (leave out fly_to, draw and refill)"
        return None
    free = [p for p in st.free_pads() if p != ev.to]
    if origin is not None:
        free.append(origin)
    if ev.fly_to is None and free:
        return f"say where the Fly on pad {ev.to} goes (free pads: {_pads(free)})"
    if ev.fly_to is not None and ev.fly_to not in free:
        if not free:
            return "no pad is free: the Fly is scored (leave out fly_to)"
        return f"pad {ev.fly_to} is not free: the Fly goes to an unoccupied pad ({_pads(free)})"
    if ev.draw is None or ev.draw >= len(st.draw_area):
        return f"say which Draw Area card is drawn (draw: 0 to {len(st.draw_area) - 1})"
    if ev.refill is not None:
        if st.deck == 0:
            return "the deck is empty: nothing refills the Draw Area (leave out refill)"
        if ev.refill not in st.cards:
            return f"there is no card {ev.refill!r} in {st.cards.source} cards"
        if ev.refill not in st.unplaced():
            return f"card {ev.refill} cannot come from the deck ({_where(st, ev.refill)})"
    return None


def _pads(pads: list[int]) -> str:
    return ", ".join(str(p) for p in sorted(pads))


def _where(st: BogState, card: str) -> str:
    pad = st.frog_pad(card)
    if pad is not None:
        frog = st.frogs[pad - 1]
        assert frog is not None
        return f"it is {st.names[frog.seat]}'s Frog on pad {pad}"
    for seat in (0, 1):
        if card in st.shores[seat]:
            return f"it is on {st.names[seat]}'s Shore"
        if card in st.hands[seat]:
            return f"it is in {st.names[seat]}'s hand"
        if card in st.scored[seat]:
            return f"it is in {st.names[seat]}'s scoring area"
    if card in st.draw_area:
        return "it is in the Draw Area"
    return "it is not known to be there"


def check(st: BogState, ev: BogEvent) -> list[Violation]:
    """What the table may have got wrong with ``ev``. Never raises."""
    try:
        return _check(st, ev)
    except (KeyError, IndexError, ValueError) as exc:  # a refused event asked anyway
        return [Violation("refused", f"cannot check this event: {exc}")]


def _check(st: BogState, ev: BogEvent) -> list[Violation]:
    found: list[Violation] = []
    seat = st.seat_of(ev.player)
    if seat is None or st.over:
        return found
    if seat != st.to_move:
        found.append(Violation("turn", f"it is {st.names[st.to_move]}'s turn", ev.player))
    if isinstance(ev, CannotAct):
        can = certain_action(st, seat)
        if can is not None:
            found.append(
                Violation("can-act", f"{ev.player} can still perform an Action: {can}", ev.player)
            )
        return found
    if isinstance(ev, Play):
        if len(st.shores[seat]) >= SHORE_MAX:
            found.append(
                Violation(
                    "shore-full",
                    f"a third Frog on your Shore: {ev.player} may have a maximum of 2 Frogs there",
                    f"card {ev.card}",
                )
            )
    elif isinstance(ev, Score):
        if st.formation_matches(ev.card, seat) == 0:
            found.append(
                Violation(
                    "no-formation",
                    f"that card's Formation is not on the bog: no Frog on pads "
                    f"{_pads(list(st.cards[ev.card].formation_on_bog(seat)))}",
                    f"card {ev.card}",
                )
            )
    elif isinstance(ev, Complete):
        _, frog = _own_frog(st, seat, ev.card)
        if frog is None or frog.stop != FINAL_STOP:
            where = "on the Shore" if frog is None else f"on stop {frog.stop + 1} of 4"
            found.append(
                Violation(
                    "not-final",
                    f"that Frog is not on its final stop (it is {where})",
                    f"card {ev.card}",
                )
            )
    elif isinstance(ev, Advance):
        found += _check_advance(st, seat, ev)
    return found


def _check_advance(st: BogState, seat: int, ev: Advance) -> list[Violation]:
    found: list[Violation] = []
    route = st.cards[ev.card].route_on_bog(seat)
    _, frog = _own_frog(st, seat, ev.card)
    where = f"card {ev.card}"
    if frog is not None and frog.stop >= FINAL_STOP:
        return [Violation("final-stop", RULES["final-stop"], where)]
    expected = route[0 if frog is None else frog.stop + 1]
    if ev.to != expected:
        found.append(
            Violation(
                "next-stop",
                f"that pad is not this Frog's next stop: pad {ev.to}, the Route goes to "
                f"pad {expected}",
                where,
            )
        )
        return found
    there = st.frogs[ev.to - 1]
    if there is not None and there.seat == seat and other_moves(st, seat):
        found.append(
            Violation(
                "own-frog",
                "landed on your own Frog although another move was possible "
                f"(Frog {there.card} on pad {ev.to})",
                where,
            )
        )
    return found
