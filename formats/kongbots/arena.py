"""`kongbots.arena` v1: a hex arena as rows of strings in axial layout.

Row `r` of `rows` holds the hexes `(q, r)` for `q = 0, 1, ...`: character `q` of the string. Drawn
with pointy-top hexes, each row sits half a hex to the right of the row above, so a full grid of
N rows of N characters is the manual's diamond ("Opposing Kongbots always enter at opposite ends of
the diamond shaped Kongbot arena"):

    rows:            drawn:
    - "AA....."      A A . . . . .
    - "A......"       A . . . . . .
    - "......."        . . . . . . .
    - "...#..."         . . . # . . .
    - "......."          . . . . . . .
    - "......B"           . . . . . . B
    - ".....BB"            . . . . . B B

Neighbours of (q, r): (q±1, r), (q, r-1), (q+1, r-1) above, (q-1, r+1), (q, r+1) below.
Alphabet: `.` floor, `#` wall (blocks movement, missiles and sight), `-` outside the arena (pads
other shapes into rows of equal length; treated like a wall), `A` / `B` an entry hex of team A / B
(floor; a team's bots start on its entry hexes, the leader first: team A's in reading order, team
B's in reverse reading order, each team reading the arena from its own end).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem
from ..limits import declare_grids
from ..model_base import FileModel, schema_only
from ..registry import CheckContext, KindSpec, register
from .modules import TEAMS

KIND = "kongbots.arena"
VERSION = 1
FLOOR, WALL, OUTSIDE = ".", "#", "-"
ALPHABET = FLOOR + WALL + OUTSIDE + "".join(TEAMS)
MAX_SIDE = 40
CLASSIC_SIZE = 8
declare_grids(KIND, "rows")  # refused on the raw document beyond the shared grid ceiling


class Arena(FileModel):
    """A Kongbots arena."""

    kind: Literal["kongbots.arena"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64, description="Arena name.")
    description: str = Field(default="", description="Free text for the designer.")
    rows: list[str] = Field(
        description="One string per axial row r (top to bottom), one character per hex q (left to right); each "
        "row is drawn half a hex right of the one above. `.` floor, `#` wall, `-` outside, `A`/`B` entry hexes "
        "of team A/B. All rows have the same length; at most 40 x 40.",
        **schema_only(by="KB410, KB411, KB413", minItems=1, maxItems=MAX_SIDE,
                      items={"type": "string", "pattern": f"^[{ALPHABET}]{{1,{MAX_SIDE}}}$"}),
    )


def entries(rows: list[str], team: str) -> list[tuple[int, int]]:
    """A team's entry hexes as (q, r), in the order its bots take them, the leader first: each team
    reads the arena from its own end, team A in reading order (row by row, left to right), team B
    in reverse reading order, so an arena symmetric through its centre places both teams alike."""
    found = [(q, r) for r, row in enumerate(rows) for q, ch in enumerate(row) if ch == team]
    return found if team == TEAMS[0] else found[::-1]


def arena_problems(rows: list[str], path: tuple = ("rows",)) -> list[Problem]:
    """Shape, alphabet and entry checks of an arena grid (also for arenas embedded in saved games)."""
    out: list[Problem] = []
    if not 1 <= len(rows) <= MAX_SIDE:
        out.append(Problem("KB413", f"the arena has {len(rows)} rows; it needs 1 to {MAX_SIDE}", path))
    width = len(rows[0]) if rows else 0
    if not 1 <= width <= MAX_SIDE:
        out.append(Problem("KB413", f"the arena is {width} hexes wide; it needs 1 to {MAX_SIDE}", (*path, 0)))
    for r, row in enumerate(rows):
        if len(row) != width:
            out.append(Problem("KB410", f"row {r + 1} has {len(row)} hexes but row 1 has {width}: pad with `-` "
                               "(outside) so every row has the same length", (*path, r)))
        bad = next((q for q, ch in enumerate(row) if ch not in ALPHABET), None)
        if bad is not None:
            out.append(Problem("KB411", f"{row[bad]!r} is not an arena hex: use `.` floor, `#` wall, `-` outside, "
                               "`A`/`B` entry of team A/B", (*path, r, bad)))
    for team in TEAMS:
        if not entries(rows, team):
            out.append(Problem("KB412", f"team {team} has no entry hex (`{team}`)", path))
    return out


def diamond(size: int = CLASSIC_SIZE, entries_per_team: int = 3) -> list[str]:
    """The classic arena: a size x size diamond of floor, team A entering at the top corner and team B
    at the bottom one (the hexes nearest each corner)."""
    grid = [[FLOOR] * size for _ in range(size)]
    corner = sorted(((q + r, r, q) for r in range(size) for q in range(size)))[:entries_per_team]
    for _, r, q in corner:
        grid[r][q] = "A"
        grid[size - 1 - r][size - 1 - q] = "B"
    return ["".join(row) for row in grid]


def check_arena(model: Arena, ctx: CheckContext) -> Iterable[Problem]:
    return arena_problems(model.rows)


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=Arena,
        suffix=".arena.yaml",
        title="Kongbots arena",
        description="A hex arena in axial rows: floor, walls, outside and each team's entry hexes.",
        checks=(check_arena,),
    )
)
