"""The Ponder board (``ponder-board/1``): the Marsh as a grid, its green dots and the banks.

The Marsh is a grid of ``columns`` x ``rows`` spaces named like a chess board turned to
face the table: column letters from the left (``A``...), row numbers from the top
(``1``...), so ``C1`` is the third space along the north edge. The spaces with a green dot
carry the 28 starting lily pads. Each team colour has a bank: the side of the Marsh it lies
on and "the 5 spaces along it". A team's finish line is the opposite bank.

The format is documented in ``docs/formats/ponder-board.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from companion.errors import BadFileError
from companion.jsonfile import read_json_file

BOARD_FORMAT = "ponder-board/1"
LILY_PADS = 28  # "Place the 28 lily pads on the spaces that have a green dot."
BANK_SPACES = 5  # "the 5 spaces along it"
SIDES = ("north", "east", "south", "west")
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
# The step from a space on that side's edge out onto the bank.
OUTWARD: Mapping[str, tuple[int, int]] = {
    "north": (0, -1),
    "south": (0, 1),
    "west": (-1, 0),
    "east": (1, 0),
}
MIN_SIZE, MAX_SIZE = 3, 26
DEFAULT_BOARD = "default"
DRAWING = "pond-companion-drawing-ponder-board.json"  # this product's drawing, not the box's

Cell = tuple[int, int]  # (column, row) from the top-left space, both from 0


def cell_name(cell: Cell) -> str:
    """``(2, 0)`` -> ``"C1"``."""
    return f"{chr(ord('A') + cell[0])}{cell[1] + 1}"


def parse_cell(text: Any) -> Cell | None:
    """``"C1"`` -> ``(2, 0)``; None when ``text`` is not a space name (grid not checked)."""
    if not isinstance(text, str) or len(text) < 2:
        return None
    letter, digits = text[0].upper(), text[1:]
    if not "A" <= letter <= "Z" or not digits.isdigit() or digits.startswith("0"):
        return None
    return (ord(letter) - ord("A"), int(digits) - 1)


@dataclass(frozen=True)
class Bank:
    """A team's starting bank: the side of the Marsh it lies on and the spaces along it."""

    side: str
    spaces: tuple[Cell, ...]


@dataclass(frozen=True, eq=False)
class PonderBoard:
    """One Ponder board. Build it with ``load_board`` so it is validated."""

    name: str
    columns: int
    rows: int
    dots: frozenset[Cell]
    banks: Mapping[str, Bank]  # team colour -> bank, in the file's order
    _neighbours: Mapping[Cell, tuple[Cell, ...]] = field(init=False, repr=False)
    _finish: dict[str, frozenset[Cell]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        near: dict[Cell, tuple[Cell, ...]] = {}
        for x in range(self.columns):
            for y in range(self.rows):
                near[(x, y)] = tuple(
                    (x + dx, y + dy)
                    for dy in (-1, 0, 1)
                    for dx in (-1, 0, 1)
                    if (dx or dy) and self.on_grid((x + dx, y + dy))
                )
        object.__setattr__(self, "_neighbours", near)
        object.__setattr__(self, "_finish", {})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PonderBoard):
            return NotImplemented
        return board_to_json(self) == board_to_json(other)

    __hash__ = object.__hash__

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(self.banks)

    @property
    def cells(self) -> list[Cell]:
        """Every space, row by row from the top-left."""
        return [(x, y) for y in range(self.rows) for x in range(self.columns)]

    def on_grid(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.columns and 0 <= cell[1] < self.rows

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The spaces 1 space away, straight or diagonal."""
        return self._neighbours.get(cell, ())

    def crosses(self, cell: Cell, side: str) -> bool:
        """True when ``cell`` is off the grid beyond the edge on ``side``."""
        x, y = cell
        if side == "north":
            return y < 0
        if side == "south":
            return y >= self.rows
        if side == "west":
            return x < 0
        return x >= self.columns

    def edge_spaces(self, side: str) -> tuple[Cell, ...]:
        if side == "north":
            return tuple((x, 0) for x in range(self.columns))
        if side == "south":
            return tuple((x, self.rows - 1) for x in range(self.columns))
        if side == "west":
            return tuple((0, y) for y in range(self.rows))
        return tuple((self.columns - 1, y) for y in range(self.rows))

    def bank_on(self, side: str) -> str | None:
        """The colour whose bank lies on ``side``, or None."""
        for colour, bank in self.banks.items():
            if bank.side == side:
                return colour
        return None

    def finish_side(self, colour: str) -> str:
        return OPPOSITE[self.banks[colour].side]

    def finish_spaces(self, colour: str) -> frozenset[Cell]:
        """The spaces a frog of ``colour`` leaves the Marsh from: along the opposite bank.

        The opposite bank is another colour's bank where the board has one on that side;
        otherwise the whole edge on that side.
        """
        found = self._finish.get(colour)
        if found is None:
            side = self.finish_side(colour)
            other = self.bank_on(side)
            spaces = self.banks[other].spaces if other is not None else self.edge_spaces(side)
            found = self._finish[colour] = frozenset(spaces)
        return found

    def is_along(self, cell: Cell, side: str) -> bool:
        return cell in self.edge_spaces(side)


# --- reading and writing --------------------------------------------------------------


def _name_list(value: Any, where: str, cols: int, rows: int) -> list[Cell]:
    if not isinstance(value, list):
        raise BadFileError(f'{where} must be a list of space names like "C1"')
    cells: list[Cell] = []
    for i, item in enumerate(value):
        cell = parse_cell(item)
        if cell is None:
            raise BadFileError(f'{where}[{i}] must be a space name like "C1", found {item!r}')
        if not (0 <= cell[0] < cols and 0 <= cell[1] < rows):
            raise BadFileError(
                f"{where}[{i}] {item!r} is not on the {cols} x {rows} grid "
                f"(A1 to {cell_name((cols - 1, rows - 1))})"
            )
        if cell in cells:
            raise BadFileError(f"{where}[{i}] {item!r} is listed twice")
        cells.append(cell)
    return cells


def _size(data: Mapping[str, Any], key: str, where: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadFileError(f"{where}: field {key!r} must be a whole number, found {value!r}")
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise BadFileError(
            f"{where}: field {key!r} must be {MIN_SIZE} to {MAX_SIZE}, found {value}"
        )
    return value


def load_board(data: Any, where: str) -> PonderBoard:
    """A validated board from its JSON; ``BadFileError`` names ``where`` and the field."""
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: a board file must be a JSON object")
    if data.get("format") != BOARD_FORMAT:
        raise BadFileError(
            f"{where}: field 'format' must be {BOARD_FORMAT!r}, found {data.get('format')!r}"
        )
    extra = sorted(set(data) - {"format", "name", "columns", "rows", "dots", "banks"})
    if extra:
        raise BadFileError(f"{where}: unknown field {extra[0]!r}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadFileError(f"{where}: field 'name' must be a non-empty string")
    cols, rows = _size(data, "columns", where), _size(data, "rows", where)
    dots = _name_list(data.get("dots"), f"{where}: dots", cols, rows)
    if len(dots) != LILY_PADS:
        raise BadFileError(
            f"{where}: field 'dots' must list the {LILY_PADS} spaces with a green dot, "
            f"found {len(dots)}"
        )
    raw_banks = data.get("banks")
    if not isinstance(raw_banks, dict) or not 2 <= len(raw_banks) <= 4:
        raise BadFileError(
            f"{where}: field 'banks' must be an object of 2 to 4 team colours -> bank"
        )
    banks: dict[str, Bank] = {}
    sides: dict[str, str] = {}
    for colour, raw in raw_banks.items():
        at = f"{where}: banks.{colour}"
        if not colour.strip():
            raise BadFileError(f"{where}: field 'banks' has an empty colour name")
        if not isinstance(raw, dict):
            raise BadFileError(f"{at} must be an object with 'side' and 'spaces'")
        extra = sorted(set(raw) - {"side", "spaces"})
        if extra:
            raise BadFileError(f"{at}: unknown field {extra[0]!r}")
        side = raw.get("side")
        if side not in SIDES:
            raise BadFileError(f"{at}.side must be one of {', '.join(SIDES)}, found {side!r}")
        if side in sides:
            raise BadFileError(f"{at}.side {side!r} is also the side of {sides[side]}'s bank")
        sides[side] = colour
        spaces = _name_list(raw.get("spaces"), f"{at}.spaces", cols, rows)
        if len(spaces) != BANK_SPACES:
            raise BadFileError(
                f"{at}.spaces must list the {BANK_SPACES} spaces along the bank, "
                f"found {len(spaces)}"
            )
        probe = PonderBoard(name, cols, rows, frozenset(), {})
        for i, cell in enumerate(spaces):
            if not probe.is_along(cell, side):
                raise BadFileError(
                    f"{at}.spaces[{i}] {cell_name(cell)!r} does not lie along the {side} side"
                )
        banks[colour] = Bank(side, tuple(spaces))
    return PonderBoard(name, cols, rows, frozenset(dots), banks)


def board_to_json(board: PonderBoard) -> dict[str, Any]:
    """The file form of a board (``load_board`` of it gives the same board)."""
    return {
        "format": BOARD_FORMAT,
        "name": board.name,
        "columns": board.columns,
        "rows": board.rows,
        "dots": [cell_name(c) for c in sorted(board.dots, key=lambda c: (c[1], c[0]))],
        "banks": {
            colour: {"side": bank.side, "spaces": [cell_name(c) for c in bank.spaces]}
            for colour, bank in board.banks.items()
        },
    }


def read_board_file(path: Path | str) -> PonderBoard:
    """Read a ``ponder-board/1`` file; every problem is one ``BadFileError`` naming the file."""
    return load_board(read_json_file(path, "board"), str(path))


@cache
def default_board() -> PonderBoard:
    """This product's drawing of the board (``data/pond-companion-drawing-ponder-board.json``)."""
    text = resources.files("companion.games.ponder").joinpath(f"data/{DRAWING}")
    return load_board(json.loads(text.read_text(encoding="utf-8")), DRAWING)


def board_for(option: Any, where: str = "options.board") -> PonderBoard:
    """The board a session's ``board`` option names: ``"default"`` or a file path."""
    if option is None or option == DEFAULT_BOARD:
        return default_board()
    if not isinstance(option, str) or not option.strip():
        raise BadFileError(f'{where} must be "default" or a ponder-board/1 file path')
    return _read_cached(option, _mtime(option))


def _mtime(path: str) -> float:
    try:
        return Path(path).stat().st_mtime
    except OSError:
        return -1.0


@cache
def _read_cached(path: str, mtime: float) -> PonderBoard:
    return read_board_file(path)


def board_text(
    board: PonderBoard,
    pads: frozenset[Cell] | None = None,
    marks: Mapping[Cell, str] | None = None,
) -> str:
    """The grid as text: ``o`` a lily pad (the green dots by default), ``.`` an empty space.

    ``marks`` puts a letter on a space (a frog). Column letters on top, row numbers left.
    """
    pads = board.dots if pads is None else pads
    marks = marks or {}
    lines = ["    " + " ".join(chr(ord("A") + x) for x in range(board.columns))]
    for y in range(board.rows):
        row = [marks.get((x, y), "o" if (x, y) in pads else ".") for x in range(board.columns)]
        lines.append(f"{y + 1:>3} " + " ".join(row))
    return "\n".join(lines)
