"""`pyramids.board` v1: the playing field (manual "Game Board": 11 x 11 with two deserts in the middle).

Alphabet: `.` open, `D` desert (only a camel crosses it; nothing stands on it), `P` power square (a
piece on one may move directly to another vacant power square). Row 0 is the top edge, Cheops' back
row; the last row is the bottom edge, the player's back row. Each side's home zone is its 4 nearest
rows, so the width is fixed at 11 (4 x 11 = 44 pieces) and the home zones hold no desert.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..limits import declare_grids
from ..model_base import FileModel, schema_only
from ..registry import CheckContext, KindSpec, register
from .pieces import BOARD_ALPHABET, BOARD_WIDTH, DESERT, HOME_ROWS, POWER

KIND = "pyramids.board"
declare_grids(KIND, "rows")  # refused on the raw document beyond MAX_GRID_SIDE
VERSION = 1
MIN_HEIGHT = 2 * HOME_ROWS + 1  # two home zones and at least one row between them
MAX_HEIGHT = 25


class Board(FileModel):
    """A Pyramids board: one string per row, top (Cheops' side) to bottom (the player's side)."""

    kind: Literal["pyramids.board"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64, description="Board name.")
    description: str = Field(default="", description="Free text for the designer.")
    rows: list[str] = Field(
        description="One string per row, top to bottom, one character per square: `.` open, "
        "`D` desert, `P` power square. 11 squares wide, 9 to 25 rows; the 4 rows at each edge "
        "are the home zones and hold no desert.",
        **schema_only(
            by="PYR401, PYR402, PYR403",
            minItems=MIN_HEIGHT,
            maxItems=MAX_HEIGHT,
            items={"type": "string", "pattern": f"^[.DP]{{{BOARD_WIDTH}}}$"},
        ),
    )

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return BOARD_WIDTH


def board_problems(rows: list[str], path: tuple = ("rows",)) -> list[Problem]:
    """The semantic checks of a board grid; shared with boards embedded in saved games."""
    out: list[Problem] = []
    h = len(rows)
    if not MIN_HEIGHT <= h <= MAX_HEIGHT:
        out.append(Problem("PYR403", f"the board has {h} rows; it needs {MIN_HEIGHT} to {MAX_HEIGHT} "
                           f"(two home zones of {HOME_ROWS} rows and at least one row between them)", path))
    shape_ok = True
    for r, row in enumerate(rows):
        if len(row) != BOARD_WIDTH:
            shape_ok = False
            # rows named as squares are (formats.coords.algebraic): counted from the bottom
            out.append(Problem("PYR402", f"row {len(rows) - r} has {len(row)} squares; every row has {BOARD_WIDTH} "
                               f"(a home zone of {HOME_ROWS} rows holds the 44 pieces)", (*path, r)))
        for c, ch in enumerate(row):
            if ch not in BOARD_ALPHABET:
                shape_ok = False
                out.append(Problem("PYR401", f"unknown board square {ch!r}; use '.' open, 'D' desert, "
                                   "'P' power square", (*path, r, c)))
    for r, row in enumerate(rows):
        if r < HOME_ROWS or r >= h - HOME_ROWS:
            for c, ch in enumerate(row):
                if ch == DESERT:
                    out.append(Problem("PYR404", "a desert in a home zone: every home square holds a piece "
                                       "at the start", (*path, r, c)))
    if out or not shape_ok:
        return out
    powers = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == POWER]
    if len(powers) == 1:
        r, c = powers[0]
        out.append(Problem("PYR501", "a single power square links nothing: a piece moves from one power "
                           "square to another", (*path, r, c), Severity.WARNING))
    if not _homes_connected(rows):
        out.append(Problem("PYR502", "no path between the home zones avoids the deserts: only camels "
                           "(and power squares) can reach the enemy", path, Severity.WARNING))
    return out


def _homes_connected(rows: list[str]) -> bool:
    """Whether a non-camel piece can walk from the bottom home zone to the top one (power squares link)."""
    h, w = len(rows), BOARD_WIDTH
    powers = [(r, c) for r in range(h) for c in range(w) if rows[r][c] == POWER]
    start = [(h - 1, c) for c in range(w)]
    seen = set(start)
    todo = deque(start)
    while todo:
        r, c = todo.popleft()
        if r < HOME_ROWS:
            return True
        nxt = [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        if rows[r][c] == POWER:
            nxt += powers
        for rr, cc in nxt:
            if 0 <= rr < h and 0 <= cc < w and (rr, cc) not in seen and rows[rr][cc] != DESERT:
                seen.add((rr, cc))
                todo.append((rr, cc))
    return False


def check_board(model: Board, ctx: CheckContext) -> Iterable[Problem]:
    return board_problems(model.rows)


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=Board,
        suffix=".board.yaml",
        title="Pyramids board",
        description="A Pyramids board: open squares, deserts and power squares, 11 squares wide.",
        checks=(check_board,),
    )
)
