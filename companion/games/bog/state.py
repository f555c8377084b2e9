"""BOG's state and how each event changes it (the unchecked, pure path).

Hidden hands: the app knows a card in hand only once it is entered (in the
options, drawn from a Draw Area card it knows, or played/scored). ``hands`` holds
the known cards of each hand and ``hand_counts`` how many cards each hand holds,
so ``hand_counts[s] - len(hands[s])`` cards of seat ``s`` are unknown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.base import Player
from companion.games.bog.cards import CardSet
from companion.games.bog.events import Advance, BogEvent, CannotAct, Complete, Play, Score
from companion.games.bog.setup import (
    DECK_AFTER_SETUP,
    FLY_PADS,
    hand_size,
    parse_options,
)
from companion.turns import TurnFlow

PHASES = ("action",)  # BOG's turn is one Action
KINDS = ("captures", "routes", "formations", "flies")
ROUTE_POINTS = 2  # "Place the card in front of you facedown, with the '2' at the top"


@dataclass(frozen=True)
class Frog:
    """A Frog card on the Bog: its card, its owner's seat and the Route stop it is on (0-3)."""

    card: str
    seat: int
    stop: int


@dataclass(frozen=True)
class Points:
    """One player's score by kind (points, not cards)."""

    captures: int = 0
    routes: int = 0
    formations: int = 0
    flies: int = 0

    @property
    def total(self) -> int:
        return self.captures + self.routes + self.formations + self.flies

    def add(self, kind: str, amount: int) -> Points:
        return replace(self, **{kind: getattr(self, kind) + amount})

    def to_json(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in KINDS} | {"total": self.total}


@dataclass(frozen=True)
class Result:
    """How the game ended: ``outcome`` "A" or "B", who could not act, the winner, and why."""

    outcome: str
    stuck: int
    winner: int
    sentence: str


@dataclass(frozen=True)
class BogState:
    """Everything the table needs to know, folded from the events in effect.

    ``frogs`` and ``flies`` are indexed by Bog pad - 1. ``draw_area`` holds the face-up
    cards (None: a card not entered); ``deck`` counts the face-down deck; ``scored``
    lists the cards in each scoring area (captures, Routes and Formations).
    """

    names: tuple[str, str]
    cards: CardSet
    flow: TurnFlow
    frogs: tuple[Frog | None, ...]
    flies: tuple[bool, ...]
    shores: tuple[tuple[str, ...], tuple[str, ...]]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    hand_counts: tuple[int, int]
    draw_area: tuple[str | None, ...]
    deck: int
    points: tuple[Points, Points]
    scored: tuple[tuple[str, ...], tuple[str, ...]]
    result: Result | None = None

    @property
    def to_move(self) -> int:
        return self.flow.seat

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's total, in seat order (what History shows)."""
        return (self.points[0].total, self.points[1].total)

    def seat_of(self, name: str) -> int | None:
        return self.names.index(name) if name in self.names else None

    def unknown_in_hand(self, seat: int) -> int:
        return self.hand_counts[seat] - len(self.hands[seat])

    def frog_pad(self, card: str) -> int | None:
        """The Bog pad the card's Frog is on, or None."""
        for i, frog in enumerate(self.frogs):
            if frog is not None and frog.card == card:
                return i + 1
        return None

    def located(self) -> set[str]:
        """Every card whose place the app knows (Bog, Shores, known hands, Draw Area, scored)."""
        found = {f.card for f in self.frogs if f is not None}
        for seat in (0, 1):
            found.update(self.shores[seat], self.hands[seat], self.scored[seat])
        found.update(c for c in self.draw_area if c is not None)
        return found

    def unplaced(self) -> list[str]:
        """The cards the app cannot place: in the deck or an unknown part of a hand."""
        seen = self.located()
        return [c for c in self.cards.ids if c not in seen]

    def possible_hand(self, seat: int) -> list[str]:
        """The cards that may be in the seat's hand: its known ones, and any unplaced one."""
        known = list(dict.fromkeys(self.hands[seat]))
        if self.unknown_in_hand(seat) > 0:
            known += [c for c in self.unplaced() if c not in known]
        return known

    def free_pads(self) -> list[int]:
        """The unoccupied pads: no Frog and no Fly."""
        return [i + 1 for i in range(9) if self.frogs[i] is None and not self.flies[i]]

    def formation_matches(self, card: str, seat: int) -> int:
        """How many of the card's Formation pads (as ``seat`` sees it) hold a Frog, anyone's."""
        pads = self.cards[card].formation_on_bog(seat)
        return sum(1 for p in pads if self.frogs[p - 1] is not None)


def initial_state(players: Sequence[Player], options: Mapping[str, Any]) -> BogState:
    opts = parse_options(players, options)
    return BogState(
        names=(players[0].name, players[1].name),
        cards=opts.cards,
        flow=TurnFlow(PHASES, 2, seat=opts.start),
        frogs=(None,) * 9,
        flies=tuple(pad in FLY_PADS for pad in range(1, 10)),
        shores=((), ()),
        hands=opts.hands,
        hand_counts=(hand_size(0, opts.start), hand_size(1, opts.start)),
        draw_area=opts.draw_area,
        deck=DECK_AFTER_SETUP,
        points=(Points(), Points()),
        scored=((), ()),
    )


def _set(pair: tuple[Any, Any], seat: int, value: Any) -> Any:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _drop(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    if card not in cards:
        return cards
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _take_from_hand(st: BogState, seat: int, card: str) -> BogState:
    counts = _set(st.hand_counts, seat, max(0, st.hand_counts[seat] - 1))
    return replace(st, hands=_set(st.hands, seat, _drop(st.hands[seat], card)), hand_counts=counts)


def _score(st: BogState, seat: int, kind: str, amount: int, card: str | None) -> BogState:
    points = _set(st.points, seat, st.points[seat].add(kind, amount))
    scored = st.scored if card is None else _set(st.scored, seat, (*st.scored[seat], card))
    return replace(st, points=points, scored=scored)


def landing_stop(st: BogState, seat: int, card: str, to: int, stop: int) -> int:
    """The Route stop a Frog reaches at pad ``to``: the next stop, or a later one it matches."""
    route = st.cards[card].route_on_bog(seat)
    for i in range(stop, len(route)):
        if route[i] == to:
            return i
    return min(stop, len(route) - 1)


def _advance(st: BogState, seat: int, ev: Advance) -> BogState:
    if ev.card in st.shores[seat]:
        st = replace(st, shores=_set(st.shores, seat, _drop(st.shores[seat], ev.card)))
        stop = landing_stop(st, seat, ev.card, ev.to, 0)
    else:
        pad = st.frog_pad(ev.card)
        if pad is None:
            return st
        old = st.frogs[pad - 1]
        assert old is not None
        frogs = list(st.frogs)
        frogs[pad - 1] = None
        st = replace(st, frogs=tuple(frogs))
        stop = landing_stop(st, seat, ev.card, ev.to, old.stop + 1)
    there = st.frogs[ev.to - 1]
    if there is not None:
        # An opposing Frog is captured (1 point); your own goes to the opponent (1 point).
        taker = seat if there.seat != seat else 1 - seat
        st = _score(st, taker, "captures", 1, there.card)
    frogs = list(st.frogs)
    frogs[ev.to - 1] = Frog(ev.card, seat, stop)
    st = replace(st, frogs=tuple(frogs))
    if st.flies[ev.to - 1]:
        st = _fly(st, seat, ev)
    return st


def _fly(st: BogState, seat: int, ev: Advance) -> BogState:
    flies = list(st.flies)
    flies[ev.to - 1] = False
    st = replace(st, flies=tuple(flies))
    if not st.draw_area:
        # "If there are no more Draw Area cards, instead put the Fly in your scoring area."
        return _score(st, seat, "flies", 1, None)
    if not st.free_pads() or ev.fly_to is None:
        # Rare case: "If a Fly cannot be placed ... instead put it in your scoring area."
        st = _score(st, seat, "flies", 1, None)
    else:
        flies[ev.fly_to - 1] = True
        st = replace(st, flies=tuple(flies))
    slot = ev.draw if ev.draw is not None and ev.draw < len(st.draw_area) else 0
    drawn = st.draw_area[slot]
    area = list(st.draw_area)
    deck = st.deck
    if deck > 0:
        area[slot] = ev.refill
        deck -= 1
    else:
        del area[slot]
    hands = st.hands if drawn is None else _set(st.hands, seat, (*st.hands[seat], drawn))
    counts = _set(st.hand_counts, seat, st.hand_counts[seat] + 1)
    return replace(st, draw_area=tuple(area), deck=deck, hands=hands, hand_counts=counts)


def _complete(st: BogState, seat: int, card: str) -> BogState:
    pad = st.frog_pad(card)
    if pad is None:  # from the Shore: flagged by the checker, scored as the table says
        st = replace(st, shores=_set(st.shores, seat, _drop(st.shores[seat], card)))
    else:
        frogs = list(st.frogs)
        frogs[pad - 1] = None
        st = replace(st, frogs=tuple(frogs))
    return _score(st, seat, "routes", ROUTE_POINTS, card)


def outcome(st: BogState, stuck: int) -> Result:
    """The end when ``stuck`` cannot perform an Action: outcome A or B, with its sentence."""
    names, other = st.names, 1 - stuck
    if st.draw_area:
        n = len(st.draw_area)
        return Result(
            "B",
            stuck,
            other,
            f"Outcome B: {n} card{'s' if n != 1 else ''} remain{'s' if n == 1 else ''} in the "
            f"Draw Area, so {names[stuck]}, who cannot perform an Action, loses: "
            f"{names[other]} wins, whatever the points.",
        )
    a, b = st.points[stuck].total, st.points[other].total
    text = (
        f"Outcome A: the Draw Area is exhausted, so score: {names[stuck]} {a}, {names[other]} {b}. "
    )
    if a > b:
        return Result("A", stuck, stuck, text + f"{names[stuck]} wins with the most points!")
    if b > a:
        return Result("A", stuck, other, text + f"{names[other]} wins with the most points!")
    return Result(
        "A",
        stuck,
        other,
        text + f"Tied: {names[stuck]} could not perform an Action and loses; {names[other]} wins!",
    )


def apply(st: BogState, ev: BogEvent) -> BogState:
    """The state after ``ev``, unchecked (``rules.refusal`` has already let it through)."""
    seat = st.seat_of(ev.player)
    if seat is None or st.over:
        return st
    if isinstance(ev, CannotAct):
        return replace(st, result=outcome(st, seat))
    if isinstance(ev, Play):
        st = _take_from_hand(st, seat, ev.card)
        st = replace(st, shores=_set(st.shores, seat, (*st.shores[seat], ev.card)))
    elif isinstance(ev, Advance):
        st = _advance(st, seat, ev)
    elif isinstance(ev, Complete):
        st = _complete(st, seat, ev.card)
    elif isinstance(ev, Score):
        matched = st.formation_matches(ev.card, seat)
        st = _score(_take_from_hand(st, seat, ev.card), seat, "formations", matched, ev.card)
    # The other player takes the next turn.
    return replace(st, flow=replace(st.flow, seat=1 - seat, turn=st.flow.turn + 1))
