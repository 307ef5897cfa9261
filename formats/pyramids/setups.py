"""`pyramids.setups` v1: a library of strategic setups (manual "Start of Game": up to 255 stored).

Each setup lists its 4 rows from the owner's back row to the front row, seen from the owner's seat
(left to right as the owner sees them), one piece character per square. Every setup must use exactly
the pieces of the library's piece set.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..limits import declare_grids
from ..model_base import FileModel, schema_only
from ..identifiers import Ident, same_key
from ..registry import CheckContext, KindSpec, register
from .pieces import BOARD_WIDTH, EMPTY, HOME_ROWS, NAME_OF_CHAR, PIECE_ALPHABET
from .pieceset import Counts
from ..references import model_of
from .refs import PIECESET

KIND = "pyramids.setups"
declare_grids(KIND, "rows")  # refused on the raw document beyond MAX_GRID_SIDE
VERSION = 1
MAX_SETUPS = 255

ROWS_FIELD = dict(
    description="4 rows from the owner's back row to the front row, 11 pieces each, as the owner "
    "sees them: `P` pyramid, `S` sphinx, `C` cobra, `1`-`8` lion, bull, ram, wolf, hawk, camel, cat, "
    "antelope.",
    **schema_only(by="PYR408, PYR409", minItems=HOME_ROWS, maxItems=HOME_ROWS,
                  items={"type": "string", "pattern": f"^[{PIECE_ALPHABET}]{{{BOARD_WIDTH}}}$"}),
)


class Setup(FileModel):
    """One strategic setup."""

    name: Ident = Field(min_length=1, max_length=64, description="Setup name, unique in the library.")
    description: str = Field(default="", description="The idea behind the setup.")
    rows: list[str] = Field(**ROWS_FIELD)


class SetupLibrary(FileModel):
    """A library of at most 255 strategic setups, all using one piece set."""

    kind: Literal["pyramids.setups"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64, description="Library name.")
    description: str = Field(default="", description="Free text for the designer.")
    pieceset: Ident = Field(
        default="default",
        description="The piece set every setup uses: a bundled name (`default`) or a path to a "
        "*.pieceset.yaml file relative to this file.",
    )
    setups: list[Setup] = Field(
        description="The setups, at most 255.", **schema_only(by="PYR407", maxItems=MAX_SETUPS)
    )

    def find(self, name: str) -> Setup | None:
        return next((s for s in self.setups if s.name == name), None)


def setup_problems(rows: list[str], counts: Counts | None, path: tuple) -> list[Problem]:
    """Shape, alphabet and piece-set checks of one setup grid (also used for inline scenario setups)."""
    out: list[Problem] = []
    if len(rows) != HOME_ROWS:
        out.append(Problem("PYR408", f"a setup has {HOME_ROWS} rows (back row first), not {len(rows)}", path))
    bad = False
    for r, row in enumerate(rows):
        if len(row) != BOARD_WIDTH:
            bad = True
            out.append(Problem("PYR408", f"setup row {r} has {len(row)} pieces; it needs {BOARD_WIDTH}",
                               (*path, r)))
        for c, ch in enumerate(row):
            if ch not in PIECE_ALPHABET:
                bad = True
                msg = ("an empty square: every square of the home zone holds a piece" if ch == EMPTY
                       else f"unknown piece {ch!r}; use P S C or 1-8")
                out.append(Problem("PYR409", msg, (*path, r, c)))
    if bad or out or counts is None:
        return out
    have = Counter("".join(rows))
    want = counts.by_char()
    diffs = []
    for ch, n in want.items():
        if have.get(ch, 0) != n:
            diffs.append(f"{NAME_OF_CHAR[ch]} {have.get(ch, 0)} instead of {n}")
    if diffs:
        out.append(Problem("PYR410", "the setup does not match its piece set: " + ", ".join(diffs), path))
    if "P" in rows[-1]:
        out.append(Problem("PYR505", "the pyramid stands in the front row, open to the first attack",
                           (*path, HOME_ROWS - 1, rows[-1].index("P")), Severity.WARNING))
    return out


def check_library(model: SetupLibrary, ctx: CheckContext) -> Iterable[Problem]:
    out: list[Problem] = []
    if len(model.setups) > MAX_SETUPS:
        out.append(Problem("PYR407", f"{len(model.setups)} setups; a library holds at most {MAX_SETUPS}",
                           ("setups",)))
    pieces = model_of(model.pieceset, PIECESET, ctx)  # None: the reference stage says why
    counts: Counts | None = pieces.counts if pieces is not None else None
    seen: dict[str, int] = {}
    for i, s in enumerate(model.setups):
        key = same_key(s.name)
        if key in seen:
            out.append(Problem("PYR411", f"setup name {s.name!r} is also used by setup {seen[key]}",
                               ("setups", i, "name")))
        seen.setdefault(s.name, i)
        out += setup_problems(s.rows, counts, ("setups", i, "rows"))
    return out


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=SetupLibrary,
        suffix=".setups.yaml",
        title="Pyramids strategic setups",
        description="A library of up to 255 Pyramids strategic setups, 4 rows of 11 from back to front.",
        checks=(check_library,),
    )
)
