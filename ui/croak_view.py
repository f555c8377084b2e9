"""What the Croak screen shows, worked out without Kivy: texts, bars, the pile referee's card grid.

The screen (``ui/screens/croak.py``) only copies these into its widgets, so the wording
and the numbers can be tested without a window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.croak import Card, CroakState, Deck, check_pile
from companion.games.croak.events import POND_PILE, Count
from companion.games.croak.match import AFTER_END, FACE_OFF, leaders, names_text


@dataclass(frozen=True)
class TotalLine:
    """One player in the table of totals: the bar races to the target."""

    seat: int
    name: str
    total: int
    to_go: int  # points still needed (0 once reached)
    leading: bool
    in_face_off: bool

    won: bool = False

    @property
    def bar_text(self) -> str:
        return f"{self.to_go} to go" if self.to_go else "reached"

    @property
    def tag(self) -> str:
        """ "wins", "leads", "face-off" or nothing, beside the name."""
        if self.won:
            return "wins"
        if self.in_face_off:
            return "face-off"
        return "leads" if self.leading else ""


def total_lines(st: CroakState) -> list[TotalLine]:
    now = st.now
    top = set(leaders(st)) if max(now.totals) > 0 or now.winner else set()
    return [
        TotalLine(
            seat,
            name,
            total,
            max(0, st.target - total),
            name in top,
            name in now.face_off,
            name == now.winner,
        )
        for seat, (name, total) in enumerate(zip(st.names, now.totals, strict=True))
    ]


def headline(st: CroakState) -> str:
    """The line under the title: who wins, the face-off due, or who leads."""
    now = st.now
    if now.winner is not None:
        how = now.how[len(now.winner) + 1 :]
        return f"{now.winner} wins! {how[:1].upper()}{how[1:]}."
    if now.face_off:
        return (
            f"Face-off: {names_text(now.face_off)} reached {st.target} in the same hand. "
            "Only they play the next hand; its score decides."
        )
    top = leaders(st)
    best = st.total_of(top[0])
    who = names_text(top)
    return f"{who} {'lead' if len(top) > 1 else 'leads'} with {best}. First to {st.target} wins."


def hand_title(st: CroakState) -> str:
    hand = st.open_hand
    number = hand.number if hand else len(st.hands) + 1
    players = hand.players if hand else st.now.next_players
    if st.over and hand is None:
        return "Croak · match over"
    if len(players) < len(st.names):
        return f"Croak · hand {number}: face-off"
    return f"Croak · hand {number}"


def hand_lines(st: CroakState) -> list[tuple[int, str, str]]:
    """(hand number, title, detail) for every scored hand, newest first."""
    kinds = {r.number: r.kind for r in st.now.results}
    out = []
    for hand in reversed(st.scored_hands):
        kind = kinds.get(hand.number)
        tag = (
            " · face-off" if kind == FACE_OFF else (" · after the end" if kind == AFTER_END else "")
        )
        croak = f"CROAK: {names_text(hand.callers)}" if hand.callers else "nobody called CROAK"
        detail = ", ".join(
            f"{c.player} {c.points:+d} ({c.returned} back, {c.pond_left} in POND)"
            for c in hand.counts
        )
        out.append((hand.number, f"Hand {hand.number}{tag} · {croak}", detail))
    return out


def clock_text(seconds: float) -> str:
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def bounded(returned: int, pond_left: int, deck_size: int) -> tuple[int, int]:
    """Counts kept possible: POND left 0 to 10, returned 0 to what the deck still has."""
    left = max(0, min(POND_PILE, pond_left))
    return max(0, min(deck_size - left, returned)), left


def score_line(count: Count) -> tuple[str, str]:
    """("12 - 2 x 3", "+6"): the sum as typed, and the hand's score."""
    return f"{count.returned} - 2 x {count.pond_left}", f"{count.points:+d}"


def card_grid(deck: Deck) -> list[list[Card]]:
    """The deck's cards by suit (one row each, in file order), each row by number."""
    rows: dict[str, list[Card]] = {}
    for card in deck.cards:
        rows.setdefault(card.suit, []).append(card)
    return [sorted(row, key=lambda c: c.number) for row in rows.values()]


def referee_text(kind: str, pile: Sequence[Card]) -> tuple[bool, str]:
    """(legal, the sentence) for the pile being built on the screen."""
    name = "SWAMP" if kind == "swamp" else "LILYPAD"
    if not pile:
        return True, f"Touch the cards of the {name} pile, bottom card first."
    verdict = check_pile(kind, pile)
    if verdict.legal:
        return True, f"Legal {name} pile ({len(pile)} cards)."
    return False, f"Not legal: {verdict.reason}."
