"""`pyramids.save` v1: a saved game (the original's .GAM), self-contained.

It embeds the resolved scenario (board rows, both piece sets and both setups as they were laid out,
random ones included), the options, the seed, who moved first, the move list, and a snapshot of the
position. Loading replays the moves and checks them against the snapshot (engine.pyramids.saves);
here are the checks that need no engine.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem
from ..limits import declare_grids
from ..model_base import FileModel, schema_only
from ..saves import seed_field
from ..registry import CheckContext, KindSpec, register
from .board import board_problems
from .pieceset import Counts, counts_problems
from .scenario import Options
from .setups import ROWS_FIELD, setup_problems

KIND = "pyramids.save"
declare_grids(KIND, "board", "setup", "player", "cheops")  # refused on the raw document beyond MAX_GRID_SIDE
VERSION = 1
#: a move: from-square "-" to-square; columns a-k left to right, rows numbered from the bottom
MOVE_RE = re.compile(r"^[a-k]([1-9]|1[0-9]|2[0-5])-[a-k]([1-9]|1[0-9]|2[0-5])$")


class SavedSide(FileModel):
    counts: Counts = Field(description="The side's piece set.")
    setup: list[str] = Field(**ROWS_FIELD)
    random: bool = Field(False, description="Whether the layout was drawn at random (the scenario named none): "
                         "Cheops reasons differently about a random layout, and a resumed game must know it.")


class Snapshot(FileModel):
    """The position after the last move: each side's pieces on the full board, `.` elsewhere."""

    to_move: Literal["player", "cheops"] | None = Field(default=None, description="Whose turn it is; absent when the game is over.")
    moves_played: int = Field(ge=0)
    player: list[str] = Field(description="The player's pieces, board rows top to bottom.")
    cheops: list[str] = Field(description="Cheops' pieces, board rows top to bottom.")
    winner: Literal["player", "cheops", "draw"] | None = Field(default=None, description="Set when the game is over.")
    reason: str = Field(default="", description="How the game ended.")


class SavedGame(FileModel):
    kind: Literal["pyramids.save"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    scenario: str = Field(default="", description="Name of the scenario the game was started from.")
    board: list[str] = Field(description="Board rows, as in a pyramids.board file.")
    sides: dict[Literal["player", "cheops"], SavedSide]
    options: Options
    seed: int = seed_field()
    first: Literal["player", "cheops"] = Field(description="Who moved first.")
    moves: list[str] = Field(
        default_factory=list,
        description="Every move in order, e.g. `c4-c6` (columns a-k, rows counted from the bottom).",
        **schema_only(by="PYR416", items={"type": "string", "pattern": MOVE_RE.pattern}),
    )
    snapshot: Snapshot


def check_save(model: SavedGame, ctx: CheckContext) -> Iterable[Problem]:
    out = board_problems(model.board, ("board",))
    for name in ("player", "cheops"):
        side = model.sides.get(name)
        if side is None:
            out.append(Problem("PYR417", f"the saved game has no `{name}` side", ("sides",)))
            continue
        out += counts_problems(side.counts, ("sides", name, "counts"))
        out += [p for p in setup_problems(side.setup, side.counts, ("sides", name, "setup")) if p.severity.value == "error"]
    for i, m in enumerate(model.moves):
        if not MOVE_RE.match(m):
            out.append(Problem("PYR416", f"{m!r} is not a move like `c4-c6`", ("moves", i)))
    return out


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=SavedGame,
        suffix=".sav.yaml",
        title="Pyramids saved game",
        description="A Pyramids game in progress or finished: scenario, seed, moves and a snapshot.",
        checks=(check_save,),
    )
)
