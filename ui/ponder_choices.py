"""What the Ponder screen offers now: the legal choices of a position, one step at a time.

Pure Python (no Kivy), so it is tested on its own. A turn's action is often two touches
(a lily pad, then where it goes; a frog, then where it lands; a frog to fight, then how it
landed, then where the loser goes): ``choices(state, selection)`` lists what may be touched
next, each ``Choice`` either completing an event (``event``) or narrowing the selection
(``select``). Every event offered comes from ``companion.games.ponder.legal_actions``, so the
screen can only ever play a legal action. ``scan`` steps through the list, ``next`` takes the
highlighted one; touch takes any.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.ponder import (
    CARD_TITLES,
    MOVEMENTS,
    Card,
    Combat,
    Move,
    Paddle,
    Pass,
    Reveal,
    Roll,
    Stay,
    Throw,
    cell_name,
    legal_actions,
)
from companion.games.ponder.board import Cell
from companion.games.ponder.state import PonderState

Selection = tuple[Any, ...]  # () nothing chosen; ("from", cell | None); ("fight", cell); ...
# The five ways a thrown frog lands (the screen draws each one beside its word).
LANDING_TITLES = {
    "back": "Back",
    "side": "Side",
    "sitting": "Sitting",
    "nose": "Nose",
    "stomach": "Stomach",
}


@dataclass(frozen=True)
class Choice:
    """One thing to touch: a space of the Marsh (``cell``) or a button (``cell`` None)."""

    key: str
    label: str
    cell: Cell | None = None
    event: Any = None  # the event this choice plays
    select: Selection | None = None  # else the selection it leads to
    kind: str = "button"  # "pad", "space", "frog", "bank", "card", "landing", "button"


def _card_choices(st: PonderState, colour: str, actions: list[Any]) -> list[Choice]:
    reveals = [a for a in actions if isinstance(a, Reveal) and a.team == colour]
    found: list[Choice] = []
    punch = False
    for r in reveals:
        if r.card.kind == "punch":
            punch = True
            continue
        found.append(Choice(f"card:{r.card.kind}", r.card.title, event=r, kind="card"))
    if punch:
        found.append(Choice("card:punch", "Punch...", select=("punch", colour), kind="card"))
    return found


def prompt(st: PonderState, sel: Selection) -> str:
    """One sentence: what the screen asks now."""
    if st.over:
        team = st.teams[st.winner or 0]
        return f"{team.player} ({team.colour}) has 3 frogs across and wins!"
    if not st.started:
        missing = [t for t in st.teams if t.card is None]
        if missing:
            return f"{missing[0].player} ({missing[0].colour}): which first card is face up?"
        rolled = {s for s, _ in st.rolls}
        seat = next(s for s in st.rolling if s not in rolled)
        again = " again" if st.roll_round > 1 else ""
        return (
            f"Who goes first? {st.teams[seat].player} ({st.teams[seat].colour}) rolls 3 frogs"
            f"{again}: how many landed sitting?"
        )
    team = st.team
    who = f"{team.player} ({team.colour})"
    if sel[:1] == ("from",):
        where = "the bank" if sel[1] is None else cell_name(sel[1])
        return f"{who}: where does the frog on {where} go?"
    if sel[:1] == ("pad",):
        return f"{who}: throw the lily pad from {cell_name(sel[1])} onto an empty space."
    if sel[:1] == ("fight",):
        return f"Combat! The frog on {cell_name(sel[1])} is thrown like a die: how did it land?"
    if sel[:1] == ("push",):
        loser = "the attacker" if sel[2] == "sitting" else "the defender"
        return f"Where is {loser} pushed back? (a free lily pad next to {cell_name(sel[1])})"
    if sel[:1] == ("punch",):
        return f"{who}: which movement does the Punch card show?"
    if sel[:1] == ("card",):
        return f"{who}: {sel[1].title}. Press Next to end the turn."
    phase = st.flow.phase
    card = team.card.title if team.card else "?"
    if phase == "throw":
        return f"{who}, card {card}: recover a lily pad next to a frog, then throw it."
    if phase == "move":
        return f"{who}, card {card}: move one frog."
    if st.moved_to is not None and any(isinstance(a, Combat) for a in legal_actions(st)):
        return f"{who}: fight a frog next to yours, or turn over your next card."
    return f"{who}: turn over your next movement card."


def choices(st: PonderState, sel: Selection = ()) -> list[Choice]:
    """Everything that may be touched now, in the order ``scan`` visits it."""
    if st.over:
        return []
    actions = legal_actions(st)
    if not st.started:
        return _setup_choices(st, sel, actions)
    colour = st.team.colour
    if sel[:1] == ("card",):
        return [Choice("end-turn", "Next: end the turn", event=Reveal(colour, sel[1]))]
    if sel[:1] == ("punch",):
        return [
            Choice(
                f"punch:{m}",
                f"Punch ({CARD_TITLES[m]})",
                select=("card", Card("punch", m)),
                kind="card",
            )
            for m in MOVEMENTS
            if Reveal(colour, Card("punch", m)) in actions
        ]
    if sel[:1] == ("pad",):
        return [
            Choice(f"to:{cell_name(a.target)}", cell_name(a.target), a.target, a, kind="space")
            for a in actions
            if isinstance(a, Throw) and a.source == sel[1]
        ]
    if sel[:1] == ("from",):
        return _destinations(actions, sel[1])
    if sel[:1] == ("fight",):
        return _landings(st, actions, sel[1])
    if sel[:1] == ("push",):
        return [
            Choice(f"push:{cell_name(a.push)}", cell_name(a.push), a.push, a, kind="space")
            for a in actions
            if isinstance(a, Combat)
            and a.defender == sel[1]
            and a.landing == sel[2]
            and a.push is not None
        ]
    found: list[Choice] = []
    pads = sorted({a.source for a in actions if isinstance(a, Throw)})
    found += [
        Choice(f"pad:{cell_name(c)}", cell_name(c), c, select=("pad", c), kind="pad") for c in pads
    ]
    sources = {a.source for a in actions if isinstance(a, Move | Paddle)}
    if None in sources:
        found.append(
            Choice("bank", f"Frog on the {colour} bank", None, select=("from", None), kind="bank")
        )
    found += [
        Choice(f"frog:{cell_name(c)}", cell_name(c), c, select=("from", c), kind="frog")
        for c in sorted(s for s in sources if s is not None)
    ]
    fights = sorted({a.defender for a in actions if isinstance(a, Combat)})
    found += [
        Choice(
            f"fight:{cell_name(c)}", f"Fight {cell_name(c)}", c, select=("fight", c), kind="frog"
        )
        for c in fights
    ]
    if Pass() in actions:
        found.append(Choice("pass", "Pass (no pad in reach)", event=Pass()))
    if Stay() in actions:
        card = st.team.card
        label = "No move (Fly Meal)" if card and card.kind == "fly-meal" else "No move possible"
        found.append(Choice("stay", label, event=Stay()))
    if st.flow.phase == "reveal":  # before that, "No move" leads there
        found += _card_choices(st, colour, actions)
    return found


def _destinations(actions: list[Any], source: Cell | None) -> list[Choice]:
    found: list[Choice] = []
    for a in actions:
        if isinstance(a, Paddle) and a.source == source:
            found.append(
                Choice(
                    f"paddle:{cell_name(a.target)}",
                    f"Paddle to {cell_name(a.target)}",
                    a.target,
                    a,
                    kind="space",
                )
            )
        elif isinstance(a, Move) and a.source == source:
            name = cell_name(a.target)
            if a.arrive:
                found.append(
                    Choice(
                        f"arrive:{name}",
                        f"Finish line from {name}",
                        event=a,
                        kind="arrive",
                    )
                )
            else:
                found.append(Choice(f"to:{name}", name, a.target, a, kind="pad"))
    return found


def _landings(st: PonderState, actions: list[Any], defender: Cell) -> list[Choice]:
    found: list[Choice] = []
    for landing, title in LANDING_TITLES.items():
        fights = [
            a
            for a in actions
            if isinstance(a, Combat) and a.defender == defender and a.landing == landing
        ]
        if not fights:
            continue
        if len(fights) == 1:
            found.append(Choice(f"landing:{landing}", title, event=fights[0], kind="landing"))
        else:
            found.append(
                Choice(
                    f"landing:{landing}", title, select=("push", defender, landing), kind="landing"
                )
            )
    return found


def _setup_choices(st: PonderState, sel: Selection, actions: list[Any]) -> list[Choice]:
    missing = [t for t in st.teams if t.card is None]
    if missing:
        colour = missing[0].colour
        if sel[:1] == ("punch",):
            return [
                Choice(
                    f"punch:{m}",
                    f"Punch ({CARD_TITLES[m]})",
                    event=Reveal(colour, Card("punch", m)),
                    kind="card",
                )
                for m in MOVEMENTS
                if Reveal(colour, Card("punch", m)) in actions
            ]
        return _card_choices(st, colour, actions)
    rolls = [a for a in actions if isinstance(a, Roll)]
    if not rolls:
        return []
    colour = rolls[0].team
    return [
        Choice(f"roll:{a.seated}", f"{a.seated} sitting", event=a)
        for a in rolls
        if a.team == colour
    ]
