"""The Circuit War lattice in doubled coordinates, and its text alphabet (shared by every kind).

A grid of W x H points is written as 2H-1 text rows of 2W-1 characters. Cell (r, c) of the text is:
a **point** when r and c are both even (point x = c/2, y = r/2); a **circuit cell** when exactly one
of them is odd (a horizontal circuit between the points left and right of it when r is even, a
vertical one between the points above and below it when c is even); and always a space when both
are odd. So a diff of the rows reads like the board:

    grid:                     objects:
    - "A1+1a 1+"              - "   > n  "
    - "1   1 2 "              - "R       "
    - "+ + +2B2+"             - "      G "

Layer `grid` (required) — points: `+` an empty point, `A`-`D` the CPU of seat 1-4, `a`-`d` a
gridrunner of seat 1-4; circuit cells: space = no circuit, `1`-`4` a circuit owned by seat 1-4,
`0` a grey circuit nobody owns (a dead side's, or neutral ground in a scenario).

Layer `objects` (optional; rows may be shorter or missing, a missing character is a space) —
circuit cells: `R` resistor, `C` capacitor, `S` switch on (closed), `O` switch off (open), `G`
ground, `T` transformer, `>` `<` `^` `v` a diode letting things pass east, west, north or south;
points: `w` `n` `s` the level (WEAK, NOMINAL, STRONG) of the gridrunner standing there.

Points are named like `c4`: column letter a-z from the left, row number from the top (1-26); a
circuit is named by its two end points, `c4-d4`.
"""
from __future__ import annotations

import re

from ..coords import LatticeNotation

MIN_POINTS = 2
MAX_POINTS = 26
DEFAULT_WIDTH, DEFAULT_HEIGHT = 19, 12  # manual 1: "a set of points (19 x 12)"

SEAT_COLOURS = ("red", "blue", "green", "yellow")
LEVELS = ("weak", "nominal", "strong")
LEVEL_CHARS = "wns"

POINT = "+"
NOTHING = " "
CPU_CHARS = "ABCD"
RUNNER_CHARS = "abcd"
GREY = "0"
OWNER_CHARS = "1234"

#: object name -> character in the `objects` layer
OBJECT_CHARS = {
    "resistor": "R",
    "capacitor": "C",
    "switch_on": "S",
    "switch_off": "O",
    "ground": "G",
    "transformer": "T",
}
#: diode characters -> the (dr, dc) direction they let things pass
DIODE_CHARS = {">": (0, 1), "<": (0, -1), "^": (-1, 0), "v": (1, 0)}
OBJECT_OF_CHAR = {ch: name for name, ch in OBJECT_CHARS.items()}

POINT_ALPHABET = POINT + CPU_CHARS + RUNNER_CHARS
CIRCUIT_ALPHABET = NOTHING + GREY + OWNER_CHARS
OBJECT_ALPHABET = "".join(OBJECT_CHARS.values()) + "".join(DIODE_CHARS)
ROW_PATTERN = r"^[ +0-4A-Da-d]*$"
OBJECT_ROW_PATTERN = r"^[ RCSOGT<>^vwns]*$"

POINT_RE = re.compile(r"^([a-z])([1-9][0-9]?)$")
_NOTATION = LatticeNotation()


def is_point(r: int, c: int) -> bool:
    return r % 2 == 0 and c % 2 == 0


def is_circuit(r: int, c: int) -> bool:
    return (r + c) % 2 == 1


def size_of(rows: list[str]) -> tuple[int, int]:
    """(width, height) in points of a grid whose shape is right."""
    return (len(rows[0]) + 1) // 2 if rows else 0, (len(rows) + 1) // 2


def point_name(r: int, c: int) -> str:
    """The name of the point at doubled (r, c): formats.coords' lattice notation, `c4`."""
    return _NOTATION.short((c // 2, r // 2))


def parse_point(name: str) -> tuple[int, int]:
    """The doubled (r, c) of a point name like `c4`; ValueError when it is not one."""
    m = POINT_RE.match(name.strip())
    if not m:
        raise ValueError(f"{name!r} is not a point like c4")
    x, y = _NOTATION.parse(name)
    return 2 * y, 2 * x


def endpoints(r: int, c: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two points a circuit cell joins (top/left first)."""
    return ((r, c - 1), (r, c + 1)) if r % 2 == 0 else ((r - 1, c), (r + 1, c))


def circuit_name(r: int, c: int) -> str:
    a, b = endpoints(r, c)
    return f"{point_name(*a)}-{point_name(*b)}"


def parse_circuit(name: str) -> tuple[int, int]:
    """The doubled (r, c) of a circuit name like `c4-d4` (either order); ValueError otherwise."""
    left, sep, right = name.strip().partition("-")
    if not sep:
        raise ValueError(f"{name!r} is not a circuit like c4-d4")
    (r1, c1), (r2, c2) = parse_point(left), parse_point(right)
    if abs(r1 - r2) + abs(c1 - c2) != 2:
        raise ValueError(f"{name!r}: a circuit joins two orthogonally adjacent points")
    return (r1 + r2) // 2, (c1 + c2) // 2


def on_edge(r: int, c: int, rows: int, cols: int) -> bool:
    return r == 0 or c == 0 or r == rows - 1 or c == cols - 1


def empty_grid(width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT) -> list[str]:
    point_row = " ".join(POINT * width)
    blank = " " * (2 * width - 1)
    rows = []
    for y in range(height):
        rows.append(point_row)
        if y < height - 1:
            rows.append(blank)
    return rows


def put(rows: list[str], r: int, c: int, ch: str) -> None:
    row = rows[r].ljust(c + 1)
    rows[r] = row[:c] + ch + row[c + 1:]
