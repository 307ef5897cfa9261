"""`pyramids.pieceset` v1: how many pieces of each rank a side has (the SETUP program's piece set).

Manual, "Configuring the piece set": add and subtract from each rank, "making sure that you finish
with a surplus of zero for each side. There must be one pyramid and one cobra on each side." The
total is 44, one piece per square of the 4 x 11 home zone.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..model_base import FileModel
from ..registry import CheckContext, KindSpec, register
from .pieces import CHAR_OF_NAME, DEFAULT_COUNTS, PIECES, PIECES_PER_SIDE

KIND = "pyramids.pieceset"
VERSION = 1


def _count(name: str, what: str):
    return Field(DEFAULT_COUNTS[name], ge=0, le=PIECES_PER_SIDE,
                 description=f"Number of {what} (default {DEFAULT_COUNTS[name]}).")


class Counts(FileModel):
    """A count per rank; an omitted rank keeps its default count."""

    pyramid: int = _count("pyramid", "pyramids (must be 1)")
    sphinx: int = _count("sphinx", "sphinxes: never move, beat every attacker but a cat")
    cobra: int = _count("cobra", "cobras (must be 1): the only piece that beats the lion by attacking it")
    lion: int = _count("lion", "lions (rank 1)")
    bull: int = _count("bull", "bulls (rank 2)")
    ram: int = _count("ram", "rams (rank 3)")
    wolf: int = _count("wolf", "wolves (rank 4)")
    hawk: int = _count("hawk", "hawks (rank 5): fly over an adjacent piece")
    camel: int = _count("camel", "camels (rank 6): cross a desert")
    cat: int = _count("cat", "cats (rank 7): overpower a sphinx")
    antelope: int = _count("antelope", "antelopes (rank 8): unlimited slide")

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name, _ in PIECES}

    def by_char(self) -> dict[str, int]:
        return {CHAR_OF_NAME[name]: n for name, n in self.as_dict().items()}

    @property
    def total(self) -> int:
        return sum(self.as_dict().values())


class PieceSet(FileModel):
    """A side's piece set: 44 pieces, exactly one pyramid and one cobra."""

    kind: Literal["pyramids.pieceset"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64, description="Piece-set name.")
    description: str = Field(default="", description="Free text for the designer.")
    counts: Counts = Field(default_factory=Counts, description="Pieces per rank; the total must be 44.")


def counts_problems(counts: Counts, path: tuple = ("counts",)) -> list[Problem]:
    """The SETUP program's rules for a piece set; shared with piece sets embedded elsewhere."""
    out: list[Problem] = []
    surplus = PIECES_PER_SIDE - counts.total
    if surplus:
        out.append(Problem("PYR405", f"the piece set has {counts.total} pieces, a surplus of {surplus}; "
                           f"it must hold exactly {PIECES_PER_SIDE} (the 4 x 11 home zone)", path))
    for name in ("pyramid", "cobra"):
        n = getattr(counts, name)
        if n != 1:
            out.append(Problem("PYR406", f"{n} {name}s: there must be exactly one {name} on each side",
                               (*path, name)))
    mobile = counts.total - counts.pyramid - counts.sphinx
    if mobile == 0:
        out.append(Problem("PYR503", "no piece can move: the side loses at once", path, Severity.WARNING))
    elif counts.cat == 0 and counts.sphinx > 0:
        out.append(Problem("PYR504", "no cats: this side can never defeat a sphinx", (*path, "cat"),
                           Severity.WARNING))
    return out


def check_pieceset(model: PieceSet, ctx: CheckContext) -> Iterable[Problem]:
    return counts_problems(model.counts)


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=PieceSet,
        suffix=".pieceset.yaml",
        title="Pyramids piece set",
        description="How many pieces of each rank a Pyramids side has: 44 in all, one pyramid, one cobra.",
        checks=(check_pieceset,),
    )
)
