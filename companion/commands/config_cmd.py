"""``pond-companion config show``: the effective config and where each value came from."""

from __future__ import annotations

import argparse
import json
from typing import Any

from companion.config import load_config, toml_value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("config", help="show the effective config")
    csub = p.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    show = csub.add_parser("show", help="print every setting and where it came from")
    show.add_argument("--json", action="store_true", help="print JSON")
    show.set_defaults(func=show_config)


def show_config(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    values = config.values()
    if args.json:
        out: dict[str, Any] = {
            "file": str(config.path) if config.path else None,
            "settings": {
                f"{section}.{key}": {"value": value, "from": config.origins[f"{section}.{key}"]}
                for section, body in values.items()
                for key, value in body.items()
            },
        }
        print(json.dumps(out, indent=2))
        return 0
    print(f"# config file: {config.path if config.path else 'none (all defaults)'}")
    for section, body in values.items():
        print(f"[{section}]")
        for key, value in body.items():
            origin = config.origins[f"{section}.{key}"]
            print(f"{key} = {toml_value(value)}  # from {origin}")
        print()
    return 0
