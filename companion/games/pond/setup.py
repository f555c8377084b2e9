"""Pond setup: players and factions, the options, and the setup checklist.

Seat ``i`` (0 = the first player, then clockwise) starts in the pond whose
layout ``start_seat`` is ``i``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON, Player, SetupStep
from companion.games.pond.events import FACTIONS
from companion.games.pond.layout import (
    Layout,
    default_layout,
    layout_to_json,
    load_layout,
    read_layout_file,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 4
DEFAULT_VP_SUPPLY = {2: 120, 3: 112, 4: 105}
STARTING_VP = (0, 1, 2, 3)  # by seat: "2nd player gets 1 VP, 3rd gets 2 VP, and 4th gets 3 VP"
FROG_PIECES = 10
FROG_PIECES_MORE = 12  # everyone in a 2-player game; the middle seat in a 3-player game
LONG_FWOOOGS = 4
OPTION_KEYS = ("vp_supply", "starting_vp_from_supply", "twelve_frog_seat", "layout")


#: The biggest VP supply accepted (the box has 100 tokens; house rules may add some).
MAX_VP_SUPPLY = 1000


@dataclass(frozen=True)
class PondOptions:
    """The options of one session, checked, with the layout loaded."""

    vp_supply: int
    starting_vp_from_supply: bool
    twelve_frog_seat: int | None
    layout: Layout
    layout_source: str  # "default" or the path given


def factions_of(players: Sequence[Player]) -> tuple[str, ...]:
    """Each player's faction, checked: 2 to 4 players, one known faction each, no repeats."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise BadFileError(f"players: Pond takes 2 to 4 players, found {len(players)}")
    factions: list[str] = []
    for i, player in enumerate(players):
        faction = player.attrs.get("faction")
        if faction not in FACTIONS:
            raise BadFileError(
                f"players[{i}].faction: {player.name} needs a faction "
                f"({', '.join(FACTIONS)}), found {faction!r}"
            )
        if faction in factions:
            raise BadFileError(f"players[{i}].faction: {faction!r} is already taken")
        factions.append(str(faction))
    return tuple(factions)


def default_pond_count(player_count: int) -> int:
    """ "For 2 player games, use the side with 9 ponds. For 3-4 player games, ... 13 ponds.\""""
    return 9 if player_count == 2 else 13


def middle_seat(layout: Layout, seats: int = 3) -> int | None:
    """The seat whose starting pond lies between the other two (3 players), from the drawing.

    The three starting ponds are placed by angle around the board's centre; the
    widest gap between neighbours lies opposite the middle one.
    """
    ponds = layout.start_ponds
    if seats != 3 or any(s not in ponds for s in range(3)):
        return None
    cx, cy = layout.size_mm[0] / 2, layout.size_mm[1] / 2
    angles = []
    for seat in range(3):
        x, y = layout.ponds[ponds[seat]].centroid_mm
        angles.append((math.atan2(y - cy, x - cx) % (2 * math.pi), seat))
    angles.sort()
    gaps = [
        ((angles[(i + 1) % 3][0] - angles[i][0]) % (2 * math.pi), i) for i in range(3)
    ]  # gap i runs from angles[i] to angles[i+1]
    _, widest = max(gaps)
    return angles[(widest + 2) % 3][1]  # the one seat not at either end of the widest gap


def load_options_layout(value: Any, player_count: int, where: str) -> tuple[Layout, str]:
    """The session's layout: "default", the layout itself (a ``pond-layout/1`` object,
    how sessions store it), or the path of a layout file (read now; older sessions)."""
    if value is None or value == "default":
        return default_layout(default_pond_count(player_count)), "default"
    if isinstance(value, dict):
        return load_layout(value, f"{where}.layout"), "stored"
    if not isinstance(value, str) or not value:
        raise BadFileError(
            f"{where}.layout must be 'default' or a layout file path (or a pond-layout/1 "
            "object, as sessions store it)"
        )
    return read_layout_file(Path(value)), value


def freeze_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with a layout file path replaced by the layout itself.

    A session keeps its map: moving it to another folder, or editing the file
    after, changes nothing in a game already played (#12 defect 10).
    """
    out = dict(options)
    value = out.get("layout")
    if isinstance(value, str) and value != "default":
        out["layout"] = layout_to_json(read_layout_file(Path(value)))
    return out


def parse_options(
    players: Sequence[Player], options: Mapping[str, Any], where: str = "options"
) -> PondOptions:
    """Check the options for these players; errors name the option."""
    count = len(players)
    unknown = sorted(set(options) - set(OPTION_KEYS))
    if unknown:
        raise BadFileError(
            f"{where}: unknown option {unknown[0]!r} (known: {', '.join(OPTION_KEYS)})"
        )
    default_supply = DEFAULT_VP_SUPPLY[count]
    supply = options.get("vp_supply", default_supply)
    if (
        isinstance(supply, bool)
        or not isinstance(supply, int)
        or not default_supply <= supply <= MAX_VP_SUPPLY
    ):
        raise BadFileError(
            f"{where}.vp_supply must be a whole number of at least {default_supply} "
            f"for {count} players (at most {MAX_VP_SUPPLY})"
        )
    from_supply = options.get("starting_vp_from_supply", False)
    if not isinstance(from_supply, bool):
        raise BadFileError(f"{where}.starting_vp_from_supply must be true or false")
    layout, source = load_options_layout(options.get("layout", "default"), count, where)
    for seat in range(count):
        if layout.start_pond(seat) is None:
            raise BadFileError(
                f"{where}.layout: layout {layout.name!r} has no starting pond for seat {seat} "
                f"({players[seat].name})"
            )
    twelve = options.get("twelve_frog_seat")
    if count == 3:
        if twelve is None:
            twelve = middle_seat(layout)
        if isinstance(twelve, bool) or not isinstance(twelve, int) or not 0 <= twelve < 3:
            raise BadFileError(
                f"{where}.twelve_frog_seat must be the seat (0, 1 or 2) whose starting pond "
                f"lies between the other two, found {twelve!r}"
            )
    elif twelve is not None:
        raise BadFileError(f"{where}.twelve_frog_seat is only for 3-player games; leave it out")
    return PondOptions(supply, from_supply, twelve, layout, source)


def frog_pieces(player_count: int, twelve_frog_seat: int | None) -> tuple[int, ...]:
    """Frog pieces per seat: 10; 12 for everyone with 2 players; 12 for the middle seat with 3."""
    if player_count == 2:
        return (FROG_PIECES_MORE,) * 2
    return tuple(
        FROG_PIECES_MORE if seat == twelve_frog_seat else FROG_PIECES
        for seat in range(player_count)
    )


def default_options(player_count: int) -> JSON:
    count = min(max(player_count, MIN_PLAYERS), MAX_PLAYERS)
    options: JSON = {
        "vp_supply": DEFAULT_VP_SUPPLY[count],
        "starting_vp_from_supply": False,
        "layout": "default",
    }
    if count == 3:
        options["twelve_frog_seat"] = middle_seat(default_layout(13))
    return options


def _names(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def setup_steps(players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
    """The rulebook's setup as a checklist, worded for these players and options."""
    factions = factions_of(players)
    opts = parse_options(players, options)
    layout = opts.layout
    count = len(players)
    names = [p.name for p in players]
    side = f"{len(layout.ponds)}-pond side"
    steps = [
        SetupStep(
            "map-side",
            f"Place the map board in the centre of the table, {side} up "
            f"({'2 players' if count == 2 else '3-4 players'}; layout {layout.name!r}).",
            {"ponds": len(layout.ponds), "layout": layout.name},
        ),
    ]
    start_vp = {names[s]: STARTING_VP[s] for s in range(1, count)}
    extra = sum(start_vp.values())
    if opts.starting_vp_from_supply:
        supply_text = (
            f"Place {opts.vp_supply} VP worth of tokens as the VP supply; the starting VP "
            f"({extra}) come out of it, leaving {opts.vp_supply - extra}."
        )
    else:
        supply_text = f"Place {opts.vp_supply} VP worth of tokens as the VP supply."
    steps += [
        SetupStep("vp-supply", supply_text, {"vp_supply": opts.vp_supply}),
        SetupStep(
            "lilypads",
            f"Place the Lilypads near the board, then 1 Lilypad in the Fountain "
            f"(pond {layout.fountain}).",
            {"fountain": layout.fountain},
        ),
        SetupStep("dice", "Place the 3 combat dice near the board.", {"dice": 3}),
        SetupStep(
            "shop",
            "Set up the shop: the 'Frog with 2 Knives' cards in one stack and the "
            "'Frog with a BIG Net' cards in another; shuffle the Hero Frog cards and deal 3 face "
            "up; shuffle all other Frog cards into the Shop Deck and deal 5 face up.",
            {"hero_frogs": 3, "shop_cards": 5},
        ),
        SetupStep(
            "first-player",
            f"{names[0]} goes first (the player who most recently saw a frog); play passes "
            f"clockwise: {_names(names)}.",
            {"first": names[0]},
        ),
        SetupStep(
            "starting-vp",
            "Give starting VP: "
            + ", ".join(f"{n} {v}" for n, v in start_vp.items())
            + (
                " (from the VP supply)."
                if opts.starting_vp_from_supply
                else " (from the 3 extra tokens, not the VP supply)."
            ),
            dict(start_vp),
        ),
        SetupStep(
            "factions",
            "Each player takes their faction board and 4 Long Fwooogs: "
            + ", ".join(f"{n} {f}" for n, f in zip(names, factions, strict=True))
            + ".",
            {n: f for n, f in zip(names, factions, strict=True)},
        ),
    ]
    pieces = frog_pieces(count, opts.twelve_frog_seat)
    if count == 2:
        why = " (12 each in a 2-player game)"
    elif count == 3 and opts.twelve_frog_seat is not None:
        why = f" ({names[opts.twelve_frog_seat]}'s starting pond lies between the other two, so 12)"
    else:
        why = ""
    steps += [
        SetupStep(
            "frogs",
            "Frog pieces: "
            + ", ".join(f"{n} {k}" for n, k in zip(names, pieces, strict=True))
            + why
            + ".",
            {n: k for n, k in zip(names, pieces, strict=True)},
        ),
        SetupStep(
            "decks",
            "Each player takes their faction's starting deck of 10 cards (5 Faction Frog cards, "
            "1 Faction Long Fwooog card, 2 'Frog with a Knife', 2 'Frog with a Net'), shuffles it "
            "and draws 5.",
            {"deck": 10, "hand": 5},
        ),
    ]
    start = {names[s]: layout.start_ponds[s] for s in range(count)}
    steps.append(
        SetupStep(
            "long-fwooogs",
            "Place 1 Long Fwooog in each starting pond: "
            + ", ".join(f"{n} in pond {p}" for n, p in start.items())
            + ".",
            dict(start),
        )
    )
    return steps
