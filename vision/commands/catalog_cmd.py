"""``pond-companion catalog check FILE``: validate a Pondscape catalog or a BOG card file."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("catalog", help="card catalogs (what is printed on each tagged card)")
    csub = p.add_subparsers(dest="catalog_cmd", metavar="ACTION", required=True)
    c = csub.add_parser("check", help="validate a pondscape-catalog/1 or bog-cards/1 file")
    c.add_argument("file", metavar="FILE", help="the catalog JSON file")
    c.set_defaults(func=_check)


def _check(args: argparse.Namespace) -> int:
    from collections import Counter

    from companion.games.bog.cards import is_cards_file, read_cards_file
    from vision.catalog import load_catalog

    if is_cards_file(args.file):
        cards = read_cards_file(args.file)
        print(f"{args.file}: OK: {len(cards.ids)} BOG Frog cards (bog-cards/1)")
        return 0
    cat = load_catalog(args.file)
    foods = Counter(cat.food_cards.values())
    kinds = Counter(type(s.front).__name__.replace("Card", "").lower() for s in cat.cards.values())
    print(
        f"{args.file}: OK: {len(cat.cards)} pond cards "
        f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}), "
        f"{len(cat.food_cards)} food cards ({', '.join(foods)})"
    )
    twice = [f for f, n in foods.items() if n > 1]
    if twice:
        print(f"note: several food cards show {', '.join(twice)} (fine for several players' sets)")
    return 0
