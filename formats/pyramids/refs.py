"""References between Pyramids files, declared once for the shared resolver (formats.references):
a scenario names its board, both sides' piece sets and setup libraries; a setup library names the
piece set its setups are checked against. A bundled name (`default`) is content/pyramids/NAME.SUFFIX,
anything else a path relative to the referring file."""
from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from ..content import content_root
from ..errors import FormatError
from ..references import Reference, declare, follow
from ..registry import CheckContext

BOARD = Reference("pyramids.board", "board", ".board.yaml", default="default")
PIECESET = Reference("pyramids.pieceset", "piece set", ".pieceset.yaml", default="default")
SETUPS = Reference("pyramids.setups", "setup library", ".setups.yaml")
_BY_SUFFIX = {r.suffix: r for r in (BOARD, PIECESET, SETUPS)}

declare("pyramids.scenario", {"board": BOARD, "sides.*.pieceset": PIECESET, "sides.*.setup.library": SETUPS})
declare("pyramids.setups", {"pieceset": PIECESET})

#: the bundled Pyramids content (the editor's start files)
BUNDLED_DIR: Path = content_root() / "pyramids"


class RefError(FormatError):
    """A reference that cannot be followed: the message says why."""


def load_ref(ref: str, suffix: str, model: type[BaseModel], ctx: CheckContext | None):
    """The model behind a reference, or RefError with the resolver's one-line reason."""
    result = follow(ref, _BY_SUFFIX[suffix], ctx)
    if result.model is None:
        raise RefError(result.message)
    return result.model
