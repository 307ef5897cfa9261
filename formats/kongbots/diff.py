"""How `gridsmith diff` reads Kongbots files (formats.diff): arenas (and the arena a saved game
carries) are hex grids in axial rows; hexes are named (`'#' wall`, `'A' entry hex of team A`)."""
from __future__ import annotations

from ..diff import Grid, KindDiff
from .modules import TEAMS

ARENA = Grid("hex", {".": "floor", "#": "wall", "-": "outside the arena",
                     **{t: f"entry hex of team {t}" for t in TEAMS}},
             {"#": "desert", "-": "water", **dict.fromkeys(TEAMS, "city")})

DIFF = {
    "kongbots.arena": KindDiff({"rows": ARENA}),
    "kongbots.save": KindDiff({"rows": ARENA}),
}
