"""New Circuit War files: what `gridsmith new circuitwar.KIND` writes and the editor's File > New
opens (formats.templates finds `TEMPLATES` here). Saved games are made by the engine (a new game of
the scenario template), not here."""
from __future__ import annotations

from typing import Annotated

from annotated_types import Interval

from . import lattice as L, ruleset, scenario
from .ruleset import Ruleset
from .scenario import Player, Scenario

Width = Annotated[int, Interval(ge=3, le=L.MAX_POINTS)]
Height = Annotated[int, Interval(ge=3, le=L.MAX_POINTS)]
Players = Annotated[int, Interval(ge=2, le=4)]


def new_scenario(width: Width = L.DEFAULT_WIDTH, height: Height = L.DEFAULT_HEIGHT, players: Players = 2) -> Scenario:
    """An empty grid (the manual's 19 x 12 by default) with one CPU per side in the middle of an edge:
    left, right, top, bottom in seat order."""
    if not (3 <= width <= L.MAX_POINTS and 3 <= height <= L.MAX_POINTS and 2 <= players <= 4):
        raise ValueError(f"a new grid has 3 to {L.MAX_POINTS} points each way and 2 to 4 sides")
    grid = L.empty_grid(width, height)
    spots = [(height // 2, 0), ((height - 1) // 2, width - 1), (0, width // 2), (height - 1, (width - 1) // 2)]
    for seat, (y, x) in enumerate(spots[:players]):
        L.put(grid, 2 * y, 2 * x, L.CPU_CHARS[seat])
    names = [c.capitalize() for c in L.SEAT_COLOURS[:players]]
    return Scenario(kind=scenario.KIND, version=scenario.VERSION, name="New grid",
                    description=f"{players} sides on an empty {width} x {height} grid.",
                    players=[Player(name=n) for n in names], grid=grid)


def new_ruleset() -> Ruleset:
    return Ruleset(kind=ruleset.KIND, version=ruleset.VERSION, name="variant",
                   description="A Circuit War variant: change any value; omitted keys keep the manual's.")


TEMPLATES = {scenario.KIND: new_scenario, ruleset.KIND: new_ruleset}
