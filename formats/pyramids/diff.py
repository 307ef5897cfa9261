"""How `gridsmith diff` reads Pyramids files (formats.diff): boards, setups and the saved game's
layers are square grids; board squares are named (`'D' desert`, `'P' power square`)."""
from __future__ import annotations

from ..diff import Grid, KindDiff

BOARD = Grid("square", {".": "open", "D": "desert", "P": "power square"}, {"D": "desert", "P": "power"})
PIECES = Grid("square", {".": "empty"}, {})

DIFF = {
    "pyramids.board": KindDiff({"rows": BOARD}),
    "pyramids.scenario": KindDiff({"rows": BOARD}),
    "pyramids.setups": KindDiff({"rows": PIECES}),
    "pyramids.save": KindDiff({"board": BOARD, "setup": PIECES, "player": PIECES, "cheops": PIECES}),
}
