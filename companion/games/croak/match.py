"""Croak's match: the hands played, and what they add up to.

The state keeps the hands as entered (who played each, who called CROAK, the
counts). Everything else (running totals, the face-off, the winner and how) is
``standing(...)``, a pure function of those hands, worked out again after every
event: so a corrected past hand moves the totals and the end of the match.

"The first player to accumulate 75 points wins the game. If more then one
player reaches or surpasses 75 points during the same hand, these players face
off in a round to determine the winner." This product's reading: the face-off
hand is played by those players only; its own score decides (the highest wins;
a tie at the top is another face-off among the tied); face-off scores are not
added to the running totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.games.croak.events import Correct, Count, Croak, Score, Start

TARGET = 75

HAND = "hand"
FACE_OFF = "face-off"
AFTER_END = "after the end"


@dataclass(frozen=True)
class Hand:
    """A hand as entered: its players (everyone, or a face-off's), callers and counts."""

    number: int  # from 1
    players: tuple[str, ...]
    callers: tuple[str, ...] = ()
    counts: tuple[Count, ...] = ()
    scored: bool = False

    def count_of(self, name: str) -> Count | None:
        for c in self.counts:
            if c.player == name:
                return c
        return None


@dataclass(frozen=True)
class HandResult:
    """What one hand meant for the match once every hand before it is known."""

    number: int
    kind: str  # HAND, FACE_OFF or AFTER_END
    players: tuple[str, ...]  # who counted in it
    points: tuple[tuple[str, int], ...]  # (player, the hand's score)
    totals: tuple[int, ...]  # running totals after it, one per seat


@dataclass(frozen=True)
class Standing:
    """Totals per seat, the face-off due (its players), the winner and how, and notes on
    hands that a correction re-read (a face-off that is now an ordinary hand...)."""

    totals: tuple[int, ...]
    next_players: tuple[str, ...]  # who plays the next hand
    face_off: tuple[str, ...]  # the face-off due, () when none
    face_offs: int  # face-off hands played so far
    winner: str | None
    how: str
    results: tuple[HandResult, ...]
    notes: tuple[str, ...]


def names_text(names: Sequence[str]) -> str:
    """``Ana, Ben and Cy``."""
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


_ORDINAL = ("first", "second", "third", "fourth", "fifth")


def _ordinal(n: int) -> str:
    return _ORDINAL[n - 1] if 1 <= n <= len(_ORDINAL) else f"{n}th"


def standing(names: Sequence[str], hands: Sequence[Hand], target: int = TARGET) -> Standing:
    """Replay the scored hands over the rulebook's end of the match."""
    totals = dict.fromkeys(names, 0)
    face_off: tuple[str, ...] = ()
    face_offs = 0
    winner: str | None = None
    how = ""
    results: list[HandResult] = []
    notes: list[str] = []
    for hand in hands:
        if not hand.scored:
            continue
        if winner is not None:
            notes.append(f"hand {hand.number} was played after the match ended; it does not count")
            results.append(
                HandResult(hand.number, AFTER_END, hand.players, (), tuple(totals.values()))
            )
            continue
        expected = face_off or tuple(names)
        if set(hand.players) != set(expected):
            was = (
                f"a face-off of {names_text(hand.players)}"
                if hand.players != tuple(names)
                else ("a hand for everyone")
            )
            now = f"a face-off of {names_text(expected)}" if face_off else "a hand for everyone"
            notes.append(f"hand {hand.number} was entered as {was}; it now counts as {now}")
        points: list[tuple[str, int]] = []
        for name in expected:
            count = hand.count_of(name)
            if count is None:
                notes.append(f"hand {hand.number}: no count for {name}; taken as 0")
            points.append((name, count.points if count else 0))
        if not face_off:
            for name, p in points:
                totals[name] += p
            reached = [n for n in names if totals[n] >= target]
            if len(reached) == 1:
                winner = reached[0]
                how = (
                    f"{winner} reached {target} alone in hand {hand.number}, with "
                    f"{totals[winner]} points"
                )
            elif reached:
                face_off = tuple(reached)
            results.append(HandResult(hand.number, HAND, expected, tuple(points), _t(totals)))
            continue
        face_offs += 1
        best = max(p for _, p in points)
        top = tuple(n for n, p in points if p == best)
        scores = ", ".join(f"{n} {p}" for n, p in points)
        if len(top) == 1:
            winner = top[0]
            how = (
                f"{winner} won the {_ordinal(face_offs)} face-off (hand {hand.number}: "
                f"{scores}) after {names_text(face_off)} reached {target} in the same hand"
            )
        else:
            face_off = top
        results.append(HandResult(hand.number, FACE_OFF, expected, tuple(points), _t(totals)))
    return Standing(
        totals=_t(totals),
        next_players=() if winner else (face_off or tuple(names)),
        face_off=() if winner else face_off,
        face_offs=face_offs,
        winner=winner,
        how=how,
        results=tuple(results),
        notes=tuple(notes),
    )


def _t(totals: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(totals.values())


@dataclass(frozen=True)
class CroakState:
    """The players (seat order), their decks, the deck size, the hands and their standing."""

    names: tuple[str, ...]
    decks: tuple[str, ...]
    deck_size: int
    target: int = TARGET
    hands: tuple[Hand, ...] = ()
    standing: Standing | None = None

    @property
    def now(self) -> Standing:
        if self.standing is None:
            return standing(self.names, self.hands, self.target)
        return self.standing

    @property
    def open_hand(self) -> Hand | None:
        """The hand being played or counted, if any."""
        if self.hands and not self.hands[-1].scored:
            return self.hands[-1]
        return None

    @property
    def scored_hands(self) -> tuple[Hand, ...]:
        return tuple(h for h in self.hands if h.scored)

    @property
    def over(self) -> bool:
        return self.now.winner is not None

    @property
    def phase(self) -> str:
        """``"over"``, ``"between"`` hands, ``"playing"`` (no CROAK yet) or ``"counting"``."""
        if self.open_hand is not None:
            return "counting" if self.open_hand.callers else "playing"
        return "over" if self.over else "between"

    @property
    def scores(self) -> tuple[int, ...]:
        """The running totals in seat order (what History charts)."""
        return self.now.totals

    def total_of(self, name: str) -> int:
        return self.now.totals[self.names.index(name)]


def initial_state(
    names: Sequence[str], decks: Sequence[str], deck_size: int, target: int = TARGET
) -> CroakState:
    st = CroakState(tuple(names), tuple(decks), deck_size, target)
    return replace(st, standing=standing(st.names, (), target))


def _merged(counts: Sequence[Count], new: Sequence[Count]) -> tuple[Count, ...]:
    """``counts`` with each player in ``new`` replaced (or added at the end)."""
    by_name = {c.player: c for c in new}
    out = [by_name.pop(c.player, c) for c in counts]
    return (*out, *by_name.values())


def apply(st: CroakState, event: object) -> CroakState:
    """The unchecked path: the state after ``event`` (anything unknown changes nothing)."""
    hands = list(st.hands)
    if isinstance(event, Start):
        if st.open_hand is not None:
            return st
        hands.append(Hand(len(hands) + 1, st.now.next_players or st.names))
    elif isinstance(event, Croak):
        hand = st.open_hand
        if hand is None:
            return st
        hands[-1] = replace(hand, callers=(*hand.callers, event.player))
    elif isinstance(event, Score):
        hand = st.open_hand
        if hand is None:
            return st
        hands[-1] = replace(hand, counts=_merged(hand.counts, event.counts), scored=True)
    elif isinstance(event, Correct):
        if not 1 <= event.hand <= len(hands) or not hands[event.hand - 1].scored:
            return st
        old = hands[event.hand - 1]
        callers = (event.caller,) if event.caller is not None else old.callers
        hands[event.hand - 1] = replace(
            old, counts=_merged(old.counts, event.counts), callers=callers
        )
    else:
        return st
    new = tuple(hands)
    return replace(st, hands=new, standing=standing(st.names, new, st.target))


def leaders(st: CroakState) -> tuple[str, ...]:
    """The players with the highest total (the winner once there is one)."""
    now = st.now
    if now.winner is not None:
        return (now.winner,)
    best = max(now.totals)
    return tuple(n for n, t in zip(st.names, now.totals, strict=True) if t == best)
