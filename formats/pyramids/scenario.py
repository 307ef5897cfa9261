"""`pyramids.scenario` v1: a game to play: board, each side's piece set and setup, and the options.

The player's side ("player", seat 1) sits at the bottom of the board, Cheops ("cheops", seat 2) at
the top (manual "Pieces"). A setup is a library entry, inline rows, or random (manual "Start of
Game": random setups always put the pyramid in one of the two back rows). Options are the manual's
function keys: slide (F2), level (F1), hide attacks (F3), hide Cheops' pieces (F4), plus who moves
first ("the first turn in the game is assigned at random") and a move limit.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..limits import declare_grids
from ..model_base import FileModel
from ..identifiers import Ident
from ..registry import CheckContext, KindSpec, register

from .pieceset import Counts
from .setups import ROWS_FIELD, SetupLibrary, setup_problems
from ..references import check as reference_problems
from ..references import model_of
from .refs import BOARD, PIECESET, SETUPS

KIND = "pyramids.scenario"
declare_grids(KIND, "rows")  # refused on the raw document beyond MAX_GRID_SIDE
VERSION = 1
SIDES = ("player", "cheops")


class SetupChoice(FileModel):
    """Exactly one of: `random: true`; `library` + `entry`; `rows`."""

    random: bool = Field(default=False, description="Lay the pieces out at random (pyramid in the two back rows).")
    library: Ident | None = Field(default=None, description="A *.setups.yaml library: bundled name or relative path.")
    entry: Ident | None = Field(default=None, description="The name of the setup in `library`.")
    rows: list[str] | None = Field(default=None, **ROWS_FIELD)

    def form(self) -> str | None:
        forms = [f for f, on in (("random", self.random), ("library", self.library is not None or self.entry is not None),
                                 ("rows", self.rows is not None)) if on]
        return forms[0] if len(forms) == 1 else None


class Side(FileModel):
    pieceset: Ident = Field(default="default", description="Piece set: bundled name or relative path.")
    setup: SetupChoice = Field(default_factory=lambda: SetupChoice(random=True),
                               description="How this side's pieces are laid out.")


class Options(FileModel):
    """The manual's game options."""

    slide: Literal[1, 2, 3] = Field(default=2, description="Squares a piece may slide over (F2); antelopes ignore it.")
    level: Literal[1, 2, 3, 4] = Field(default=2, description="Cheops' skill level (F1): search depth is level + 1.")
    hide_attacks: bool = Field(default=False, description="Cheops' winners stay concealed, except sphinxes and the cobra (F3).")
    hide_cheops_pieces: bool = Field(default=False, description="Cheops' pieces are shown only while moving (F4).")
    first: Literal["random", "player", "cheops"] = Field(default="random", description="Who moves first.")
    max_moves: int = Field(default=2000, ge=10, le=100000,
                           description="The game is a draw after this many moves (both sides counted).")
    think_seconds: float = Field(default=10.0, gt=0, le=3600,
                                 description="Cheops' time limit per move; he plays the best move found so far.")
    lion_vs_lion: Literal["defender", "attacker"] = Field(
        default="defender",
        description="A lion attacking a lion: the defender wins (`defender`: 'Only the cobra can defeat the "
        "lion', the specific rule) or the attacker wins (`attacker`: rule 2, 'greater or equal number').")


class Scenario(FileModel):
    kind: Literal["pyramids.scenario"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64, description="Scenario name.")
    description: str = Field(default="", description="Free text shown when choosing a scenario.")
    board: Ident = Field(default="default", description="Board: bundled name or a path to a *.board.yaml file.")
    sides: dict[Literal["player", "cheops"], Side] = Field(
        default_factory=lambda: {s: Side() for s in SIDES},
        description="`player` (bottom, moves up) and `cheops` (top, moves down).",
    )
    options: Options = Field(default_factory=Options)

    def side(self, name: str) -> Side:
        return self.sides.get(name) or Side()


@dataclass(frozen=True)
class ResolvedScenario:
    """A scenario with every reference followed: what the engine needs and a saved game embeds."""

    board: list[str]
    counts: tuple[Counts, Counts]  # player, cheops
    setups: tuple[list[str] | None, list[str] | None]  # None = random
    options: Options


def _side_setup(side: Side, counts: Counts | None, ctx: CheckContext | None, path: tuple,
                problems: list[Problem]) -> list[str] | None:
    ch = side.setup
    form = ch.form()
    if form is None:
        problems.append(Problem("PYR413", "a setup is exactly one of `random: true`, `library` with `entry`, "
                                "or `rows`", path))
        return None
    if form == "rows":
        problems.extend(setup_problems(ch.rows, counts, (*path, "rows")))
        return list(ch.rows)
    if form == "library":
        if ch.library is None or ch.entry is None:
            problems.append(Problem("PYR413", "a library setup names both `library` and `entry`", path))
            return None
        lib = model_of(ch.library, SETUPS, ctx)
        if lib is None:  # the reference stage says why
            return None
        entry = lib.find(ch.entry)
        if entry is None:
            problems.append(Problem("PYR414", f"library {ch.library!r} has no setup named {ch.entry!r}",
                                    (*path, "entry")))
            return None
        problems.extend(p for p in setup_problems(entry.rows, counts, (*path, "entry")) if p.code == "PYR410")
        return list(entry.rows)
    return None


def resolve(model: Scenario, ctx: CheckContext | None = None) -> tuple[ResolvedScenario | None, list[Problem]]:
    """Follow every reference; the problems say what could not be followed or does not fit."""
    return _resolve(model, ctx, reference_problems(KIND, model, ctx))


def _resolve(model: Scenario, ctx: CheckContext | None, problems: list[Problem]):
    b = model_of(model.board, BOARD, ctx)
    board = list(b.rows) if b is not None else None
    counts: list[Counts | None] = []
    setups: list[list[str] | None] = []
    for name in SIDES:
        side = model.side(name)
        p = model_of(side.pieceset, PIECESET, ctx)
        c = p.counts if p is not None else None
        counts.append(c)
        setups.append(_side_setup(side, c, ctx, ("sides", name, "setup"), problems))
    if any(p.severity is Severity.ERROR for p in problems) or board is None or None in counts:
        return None, problems
    return ResolvedScenario(board, (counts[0], counts[1]), (setups[0], setups[1]), model.options), problems


def check_scenario(model: Scenario, ctx: CheckContext) -> Iterable[Problem]:
    return _resolve(model, ctx, [])[1]  # the loader's reference stage has reported the references


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=Scenario,
        suffix=".scn.yaml",
        title="Pyramids scenario",
        description="A Pyramids game: board, piece sets and setups of both sides, and the game options.",
        checks=(check_scenario,),
    )
)
