"""The Pondscape rules checker: what the table may have got wrong. It flags, never blocks.

Every rule has a stable id (the keys of ``RULES``) and quotes the rulebook.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import Violation
from companion.games.pondscape.events import (
    CroakerFlip,
    Draw,
    Jump,
    Place,
    PondEvent,
    Refill,
    Take,
    Tuck,
)
from companion.games.pondscape.solo import SoloCard
from companion.games.pondscape.state import CROAKER, PondscapeState
from companion.games.pondscape.tableau import COLUMNS, ROWS

RULES = {
    "not-your-turn": "Players take turns starting from the first player and continuing clockwise.",
    "two-takes": "Choose one frog or habitat card from the display and take it into your hand.",
    "slot-empty": "Immediately refill the card display.",
    "display-not-refilled": "Immediately refill the card display.",
    "slot-full": "Refill the slot a card was taken from.",
    "two-cards": "Then play one card from your hand.",
    "cell-taken": "Once you place a card, you cannot move it for the rest of the game.",
    "outside-pond": "Each player will have a pond of 15 cards (3 rows of 5 cards).",
    "tuck-not-spanned": "You may then tuck up one card from your hand under each of your two "
    "food cards that the jumping frog is currently spanning.",
    "tuck-twice": "Tuck up one card under each of your two food cards that the jumping frog "
    "is currently spanning.",
    "tuck-without-jump": "You may tuck cards when you resolve the jumping frog action (or a "
    "desert rain frog's special tucking effect).",
    "special-tuck-limit": "You can tuck any 1, or 2 cards from your hand.",
    "not-croakers-turn": "On Croaker's turn, flip the top card of its deck.",
    "croaker-card": "Croaker's card must come from its deck of 6 solo cards.",
    # pond events (a scanned or corrected pond)
    "too-many-cards": "One card is placed each turn.",
    "card-twice": "Each card is in one place only.",
    "food-row-order": "These cards have a strict order.",
}


def _flag(rule: str, message: str, where: str | None = None) -> Violation:
    return Violation(rule, message, where)


def _turn(state: PondscapeState, player: str) -> list[Violation]:
    if state.seat_name == player:
        return []
    return [
        _flag(
            "not-your-turn",
            f"{player} played during {state.seat_name}'s turn (round {state.round}); "
            "players take turns clockwise.",
            player,
        )
    ]


def _refilled(state: PondscapeState, what: str) -> list[Violation]:
    empty = [i for i, full in enumerate(state.display) if not full]
    if not empty:
        return []
    return [
        _flag(
            "display-not-refilled",
            f'Display slot {empty[0]} is still empty when {what}: "Immediately refill the '
            'card display."',
            f"slot {empty[0]}",
        )
    ]


def check_play(state: PondscapeState, event: Any) -> list[Violation]:
    """What the checker says about a play event (``take`` ... ``croaker``)."""
    found: list[Violation] = []
    turn = state.this_turn
    if isinstance(event, Take):
        found += _turn(state, event.player)
        if turn.took is not None:
            found.append(
                _flag(
                    "two-takes",
                    f"{event.player} takes a second card from the display this turn; choose "
                    "one card from the display.",
                    event.player,
                )
            )
        if not state.display[event.slot]:
            found.append(
                _flag(
                    "slot-empty",
                    f"Display slot {event.slot} is empty: it was not refilled.",
                    f"slot {event.slot}",
                )
            )
        else:
            found += _refilled(state, f"{event.player} takes a card")
    elif isinstance(event, Place):
        found += _turn(state, event.player)
        found += _refilled(state, f"{event.player} plays a card")
        cell = f"{event.player}: pond[{event.row}][{event.column}]"
        if turn.placed:
            found.append(
                _flag(
                    "two-cards",
                    f"{event.player} plays a second card this turn; play one card from your "
                    "hand each turn.",
                    cell,
                )
            )
        if not (0 <= event.row < ROWS and 0 <= event.column < COLUMNS):
            found.append(
                _flag(
                    "outside-pond",
                    f"Row {event.row + 1}, column {event.column + 1} is outside "
                    f"{event.player}'s pond of 3 rows of 5 cards; the card was not placed.",
                    cell,
                )
            )
        elif state.pond_of(event.player).cell(event.row, event.column) is not None:
            found.append(
                _flag(
                    "cell-taken",
                    f"Row {event.row + 1}, column {event.column + 1} of {event.player}'s pond "
                    "already holds a card; once placed, a card cannot move (the first card "
                    "stays).",
                    cell,
                )
            )
    elif isinstance(event, Jump | Draw):
        found += _turn(state, event.player)
        if isinstance(event, Draw):
            found += _refilled(state, f"{event.player} draws")
    elif isinstance(event, Tuck):
        found += _turn(state, event.player)
        found += _check_tuck(state, event)
    elif isinstance(event, CroakerFlip):
        found += _check_croaker(state, event)
    elif isinstance(event, Refill) and state.display[event.slot]:
        found.append(
            _flag(
                "slot-full",
                f"Display slot {event.slot} already holds a card; refill the slot a card was "
                "taken from.",
                f"slot {event.slot}",
            )
        )
    return found


def _check_tuck(state: PondscapeState, event: Tuck) -> list[Violation]:
    turn = state.this_turn
    where = f"{event.player}: {event.food}"
    if event.food not in state.pond_of(event.player).food_row:
        return [
            _flag(
                "tuck-not-spanned",
                f"{event.player} has no {event.food} food card to tuck under.",
                where,
            )
        ]
    if event.special:
        if turn.special_tucks >= 2:
            return [
                _flag(
                    "special-tuck-limit",
                    f"{event.player} tucks a third card by the special tucking effect; you can "
                    "tuck any 1, or 2 cards from your hand.",
                    where,
                )
            ]
        return []
    if not turn.jumps:
        return [
            _flag(
                "tuck-without-jump",
                f"{event.player} tucks under {event.food} with no jumping frog action this "
                "turn (mark a desert rain frog's special tucking effect as special).",
                where,
            )
        ]
    spanned = state.spanned()
    if event.food not in spanned:
        return [
            _flag(
                "tuck-not-spanned",
                f"The jumping frog spans {spanned[0]} and {spanned[1]}, not {event.food}: "
                "tuck under the two food cards it is spanning.",
                where,
            )
        ]
    if event.food in turn.tucked:
        return [
            _flag(
                "tuck-twice",
                f"{event.player} already tucked a card under {event.food} for this jump; "
                "tuck up one card under each of the two food cards.",
                where,
            )
        ]
    return []


def _check_croaker(state: PondscapeState, event: CroakerFlip) -> list[Violation]:
    found: list[Violation] = []
    if not state.croakers_turn:
        found.append(
            _flag(
                "not-croakers-turn",
                f"Croaker's card was flipped during {state.seat_name}'s turn.",
                CROAKER,
            )
        )
    elif state.this_turn.flipped:
        found.append(_flag("not-croakers-turn", "Croaker flips one card per turn.", CROAKER))
    if SoloCard(event.move, event.take) not in state.croaker_deck:
        found.append(
            _flag(
                "croaker-card",
                f"No card 'move {event.move}, take slot {event.take}' is left in Croaker's deck.",
                CROAKER,
            )
        )
    if not state.display[event.take]:
        found.append(
            _flag(
                "slot-empty",
                f"Display slot {event.take} is empty: it was not refilled.",
                f"slot {event.take}",
            )
        )
    return found


def check_pond(state: PondscapeState, event: PondEvent) -> list[Violation]:
    """A scanned or corrected pond: more cards than turns, a card twice, another food order."""
    if event.player not in state.names:
        return []
    found: list[Violation] = []
    me = state.names.index(event.player)
    pond = event.pond
    placed = len(pond.cards())
    if sum(state.turns):  # the turn tracker is in use
        allowed = state.turns[me] + (1 if state.flow.seat == me else 0)
        if placed > allowed:
            found.append(
                _flag(
                    "too-many-cards",
                    f"{event.player}'s pond shows {placed} cards but {event.player} has taken "
                    f"only {state.turns[me]} turns (one card is placed each turn)",
                    event.player,
                )
            )
    ids: dict[Any, str] = {}
    for i, other in enumerate(state.ponds):
        if other is not None and i != me:
            for r, c, card in other.cards():
                if card.id is not None:
                    ids[card.id] = f"{other.name}'s pond at ({r},{c})"
    for r, c, card in pond.cards():
        if card.id is None:
            continue
        if card.id in ids:
            found.append(
                _flag(
                    "card-twice",
                    f"card {card.id} is at ({r},{c}) in {event.player}'s pond "
                    f"and in {ids[card.id]}",
                    f"{event.player}: pond[{r}][{c}]",
                )
            )
        ids[card.id] = f"{event.player}'s pond at ({r},{c})"
    for i, other in enumerate(state.ponds):
        if other is not None and i != me and other.food_row != pond.food_row:
            found.append(
                _flag(
                    "food-row-order",
                    f"{event.player}'s food cards are in the order "
                    f"{', '.join(pond.food_row)} but "
                    f"{other.name}'s are {', '.join(other.food_row)}: the food cards have a "
                    "strict order",
                    f"{event.player}: food_row",
                )
            )
            break
    return found


def check(state: PondscapeState, event: Any) -> list[Violation]:
    """What the rules checker says about ``event`` in ``state``. Never raises."""
    if isinstance(event, PondEvent):
        return check_pond(state, event)
    return check_play(state, event)
