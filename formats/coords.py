"""One coordinate notation for every grid, shared by the editor (status bar, problems), the engines
(game log, terminal) and the docs. Headless: no Qt.

Cells are stored 0-based as tuples; people read them 1-based, column first:

| geometry | cell (stored)                     | long form                  | short form |
|----------|-----------------------------------|----------------------------|------------|
| square   | (x, y): column x, row y           | ``column 3, row 2``        | ``3,2``    |
| hex      | (q, r): axial; row r is a stored  | ``column 3, row 2``        | ``3,2``    |
|          | string, q the index in it         |                            |            |
| lattice  | point (x, y)                      | ``point c2``               | ``c2``     |
|          | edge (x, y, 0): (x,y)-(x+1,y)     | ``edge c2-d2``             | ``c2-d2``  |
|          | edge (x, y, 1): (x,y)-(x,y+1)     | ``edge c2-c3``             | ``c2-c3``  |

| algebraic| (x, y): column x, row y stored    | ``c4``                     | ``c4``     |
|          | top-down (a board of height h)    |                            |            |

``parse`` reads the short form back (and the long one), so a terminal prompt and a log line use the
same text. The long form names a cell in sentences (status bars, hover panels, problems); the short
form is what a player types and what logs and orders print; both carry the same numbers. A game
whose manual names squares as a chess board does (Pyramids: columns a-k from the left, rows counted
from the bottom) uses `algebraic(height)`, whose long and short forms are the same. A lattice (Circuit War) names its
points as its files and saved games do (``c4``: column letter, row from the top), so the names in a
scenario's ``at:``, a log line, a problem and the status bar are one text. A hex map keeps "column, row" of its axial rows: the same words as a square map, because
the file stores it as rows of characters exactly like a square map (see docs/editor.md for the
drawing of the axial layout).
"""
from __future__ import annotations

import re

from .errors import FormatError

Cell = tuple[int, ...]

_PAIR = re.compile(r"\s*(?:column\s+)?(\d+)\s*(?:,|\s*,?\s*row)\s*(\d+)\s*$", re.IGNORECASE)


class CoordinateError(FormatError, ValueError):
    """Text that is not a coordinate of the geometry (a ValueError too, as it always was)."""


class Notation:
    """How one geometry names its cells."""

    name = "square"

    def label(self, cell: Cell) -> str:
        """The long form, for sentences: ``column 3, row 2``."""
        x, y = cell
        return f"column {x + 1}, row {y + 1}"

    def short(self, cell: Cell) -> str:
        """The short form, for logs and prompts: ``3,2``."""
        x, y = cell
        return f"{x + 1},{y + 1}"

    def title(self, cell: Cell) -> str:
        """The long form at the start of a sentence: ``Column 3, row 2``."""
        text = self.label(cell)
        return text[:1].upper() + text[1:]

    def parse(self, text: str) -> Cell:
        m = _PAIR.match(text)
        if not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
            raise CoordinateError(f"{text!r} is not a {self.name} coordinate (expected column,row from 1, "
                                  "e.g. 3,2)")
        return (int(m.group(1)) - 1, int(m.group(2)) - 1)


class SquareNotation(Notation):
    name = "square"


class HexNotation(Notation):
    name = "hex"


class LatticeNotation(Notation):
    """A lattice of points (Circuit War) names a point as its file does: column letter from the left,
    row number from the top (``c4``), and an edge by its two points (``c4-d4``). A valid lattice is at
    most 26 points wide (one letter); a wider one, which the validator refuses but the editor may
    still show, goes on as spreadsheet columns do (``z``, ``aa``, ``ab``)."""

    name = "lattice"
    LETTERS = "abcdefghijklmnopqrstuvwxyz"
    _POINT = re.compile(r"\s*(?:point\s+)?([a-z]+)([1-9][0-9]*)\s*$", re.IGNORECASE)
    _EDGE = re.compile(r"\s*(?:edge\s+)?([a-z]+[0-9]+)\s*[-–]\s*([a-z]+[0-9]+)\s*$", re.IGNORECASE)

    @staticmethod
    def ends(cell: Cell) -> tuple[tuple[int, int], tuple[int, int]]:
        x, y, d = cell
        return (x, y), ((x + 1, y) if d == 0 else (x, y + 1))

    @staticmethod
    def doubled(x: int, y: int) -> Cell:
        """A cell of the lattice's doubled grid (formats.circuitwar.lattice, heat maps: points where x
        and y are even, the edge between two points where one is odd) as a point or an edge here."""
        if x % 2 == 0 and y % 2 == 0:
            return (x // 2, y // 2)
        return (x // 2, y // 2, 0 if y % 2 == 0 else 1)

    def label(self, cell: Cell) -> str:
        return f"{'point' if len(cell) == 2 else 'edge'} {self.short(cell)}"

    def column(self, x: int) -> str:
        """The letters of column `x` (0-based): a..z, then aa, ab, ... (CoordinateError below 0)."""
        if x < 0:
            raise CoordinateError(f"column {x} is not on a lattice")
        name = ""
        x += 1
        while x:
            x, r = divmod(x - 1, 26)
            name = self.LETTERS[r] + name
        return name

    def short(self, cell: Cell) -> str:
        if len(cell) == 2:
            return f"{self.column(cell[0])}{cell[1] + 1}"
        a, b = self.ends(cell)
        return f"{self.short(a)}-{self.short(b)}"

    def parse(self, text: str) -> Cell:
        m = self._EDGE.match(text)
        if m:
            (x0, y0), (x1, y1) = sorted(self._point(g, text) for g in m.groups())
            if abs(x1 - x0) + abs(y1 - y0) != 1:
                raise CoordinateError(f"{text!r} is not an edge: its two points must be neighbours")
            return (x0, y0, 0 if y1 == y0 else 1)
        return self._point(text, text)

    def _point(self, name: str, text: str) -> tuple[int, int]:
        m = self._POINT.match(name)
        if not m:
            raise CoordinateError(f"{text!r} is not a lattice point or edge (expected a column letter and a "
                                  "row from the top, e.g. c4, or two neighbouring points, e.g. c4-d4)")
        x = 0
        for ch in m.group(1).lower():
            x = x * 26 + self.LETTERS.index(ch) + 1
        return (x - 1, int(m.group(2)) - 1)


class AlgebraicNotation(Notation):
    """Squares named as a chess board names them: column letter from the left (a, b, ...), row number
    counted from the bottom of a board `height` rows tall; (2, h - 4) is ``c4``."""

    name = "algebraic"
    LETTERS = "abcdefghijklmnopqrstuvwxyz"

    def __init__(self, height: int) -> None:
        self.height = height

    def label(self, cell: Cell) -> str:
        return self.short(cell)

    def short(self, cell: Cell) -> str:
        x, y = cell
        return f"{self.LETTERS[x]}{self.height - y}"

    def parse(self, text: str) -> Cell:
        t = text.strip().lower()
        if len(t) >= 2 and t[0] in self.LETTERS and t[1:].isdigit() and 1 <= int(t[1:]) <= self.height:
            return (self.LETTERS.index(t[0]), self.height - int(t[1:]))
        raise CoordinateError(f"{text!r} is not a square (expected a column letter and a row from the bottom, "
                              f"1-{self.height}, e.g. c4)")


def algebraic(height: int) -> AlgebraicNotation:
    """The chess-board notation of a board `height` rows tall (Pyramids)."""
    return AlgebraicNotation(height)


NOTATIONS: dict[str, Notation] = {n.name: n for n in (SquareNotation(), HexNotation(), LatticeNotation())}


def notation(geometry: str) -> Notation:
    """The notation of a geometry by name: "square", "hex" or "lattice"."""
    try:
        return NOTATIONS[geometry]
    except KeyError:
        raise ValueError(f"unknown geometry {geometry!r} (known: {', '.join(NOTATIONS)})") from None


def label(cell: Cell, geometry: str = "square") -> str:
    return notation(geometry).label(cell)


def short(cell: Cell, geometry: str = "square") -> str:
    return notation(geometry).short(cell)
