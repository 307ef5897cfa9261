"""The edits a Pyramids designer makes to even out a scenario (the balance assistant's edit space):
which side moves first and the slide (manual F2) in the scenario, and a power square of the board
file moved one square or taken away (manual "Game Board": a piece on a power square may move
directly to another vacant one). The board is edited only when the scenario names it by a path:
a bundled board is the installed package's content (engine.core.edits)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.engine.core.edits import Edit, change, document, interleave, set_cells, strongest_and_weakest
from gridsmith.formats.coords import algebraic
from gridsmith.formats.pyramids.board import Board
from gridsmith.formats.pyramids.pieces import HOME_ROWS, OPEN, POWER
from gridsmith.formats.pyramids.scenario import Scenario

if TYPE_CHECKING:
    from gridsmith.engine.core.simulate import Summary

FIRST = ("player", "cheops", "random")
SLIDES = (1, 2, 3)


def edit_space(s: Scenario, measured: Summary, file: Path | None = None) -> Iterator[Edit]:
    strong, weak = strongest_and_weakest([p.rate for p in measured.seat_wins][:2])
    if strong == weak:
        return
    yield from interleave(_options(s, weak), _power_squares(s, weak, file))


def _options(s: Scenario, weak: int) -> Iterator[Edit]:
    weak_side = FIRST[weak]
    # the weaker side moving first is the likeliest help, then a coin toss
    for first in sorted(set(FIRST) - {s.options.first}, key=lambda f: (f != weak_side, f != "random")):
        yield change(f"who moves first: {s.options.first} -> {first}", ("options", "first"), s.options.first, first)
    for slide in SLIDES:
        if slide != s.options.slide:
            yield change(f"slide {s.options.slide} -> {slide} squares", ("options", "slide"), s.options.slide, slide)


def _power_squares(s: Scenario, weak: int, file: Path | None) -> Iterator[Edit]:
    """Each power square between the home zones moved one square (towards the weaker side's home
    first: the player's is the bottom), then each taken away."""
    board = document(s.board, file)
    if not isinstance(board, Board):
        return
    rows, h = board.rows, len(board.rows)
    name = algebraic(h).short
    powers = [(r, c) for r in range(h) for c in range(len(rows[r])) if rows[r][c] == POWER]
    toward = 1 if weak == 0 else -1  # the row step towards the weaker side's home zone
    for dr, dc in ((toward, 0), (0, -1), (0, 1), (-toward, 0)):
        for r, c in powers:
            rr, cc = r + dr, c + dc
            if HOME_ROWS <= rr < h - HOME_ROWS and 0 <= cc < len(rows[rr]) and rows[rr][cc] == OPEN:
                yield Edit(f"board {s.board}: power square {name((c, r))} moved to {name((cc, rr))}",
                           set_cells(rows, {(r, c): OPEN, (rr, cc): POWER}, "rows", s.board), ((cc, rr), (c, r)))
    for r, c in powers:
        yield Edit(f"board {s.board}: power square {name((c, r))} taken away",
                   set_cells(rows, {(r, c): OPEN}, "rows", s.board), ((c, r),))
