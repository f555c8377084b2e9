"""``pond-companion croak check-pile --deck FILE --kind swamp|lilypad CARD...``: the pile referee.

For disputes at the table: list the pile's cards bottom to top by their ids in the deck file
(``croak-deck/1``; ``--deck`` defaults to the sample deck). Prints whether the pile is legal
and, if not, the first card that breaks it and the rule. Exit 0 legal, 1 not legal, 2 for a
bad deck file or a card the deck does not have (one line naming the file, field or card).
"""

from __future__ import annotations

import argparse
import json


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    croak = sub.add_parser("croak", help="Croak: the pile referee")
    actions = croak.add_subparsers(dest="croak_command", metavar="ACTION", required=True)
    p = actions.add_parser(
        "check-pile",
        help="is a SWAMP or LILYPAD pile legal? names the first card that breaks it",
        description="Check a SWAMP or LILYPAD pile, its cards listed bottom to top by id. "
        "Exit 0 legal, 1 not legal, 2 bad input.",
    )
    p.add_argument(
        "--deck",
        default="sample",
        metavar="FILE",
        help="a croak-deck/1 file (default: the sample deck)",
    )
    p.add_argument("--kind", required=True, choices=("swamp", "lilypad"), help="which pile")
    p.add_argument("cards", nargs="+", metavar="CARD", help="card ids, bottom to top")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run_check_pile)


def run_check_pile(args: argparse.Namespace) -> int:
    from companion.errors import BadFileError
    from companion.games.croak.deck import check_pile, read_deck_file

    deck = read_deck_file(args.deck)
    try:
        cards = deck.cards_named(args.cards)
    except BadFileError as exc:
        raise BadFileError(f"CARD: {exc}") from None
    verdict = check_pile(args.kind, cards)
    if args.json:
        print(
            json.dumps({"deck": deck.source, "cards": [c.id for c in cards], **verdict.to_json()})
        )
    else:
        pile = "SWAMP" if args.kind == "swamp" else "LILYPAD"
        head = "legal" if verdict.legal else "NOT legal"
        print(f"{pile} pile {' '.join(c.id for c in cards)}: {head}")
        if not verdict.legal:
            print(f"First card that breaks it: {verdict.reason}")
    return 0 if verdict.legal else 1
