"""New Pendulous files: what `gridsmith new pendulous.KIND` writes and the editor's File > New
opens (formats.templates finds `TEMPLATES` here). Saved games are made by the engine (a new game of
the scenario template), not here."""
from __future__ import annotations

from typing import Annotated

from annotated_types import Interval

from . import scenario
from .grid import CITY_CHARS, LAND_CHARS, SEAT_COLOURS
from .mapgen import generate_map
from .ruleset import KIND as RULESET, VERSION as RULESET_VERSION, Ruleset
from .scenario import Player, Scenario, Settings, VictoryPoints

#: the New dialog's and `gridsmith new`'s choices, with their bounds (manual 4.2.5: up to 50x50)
MapWidth = Annotated[int, Interval(ge=2, le=50)]
MapHeight = Annotated[int, Interval(ge=1, le=50)]
Players = Annotated[int, Interval(ge=2, le=len(SEAT_COLOURS))]


def new_scenario(width: MapWidth = 10, height: MapHeight = 5, players: Players = 2) -> Scenario:
    """A new scenario, valid and playable: by default two players facing each other across a small
    map; another size or number of players gets a generated map (formats.pendulous.mapgen) when it
    is at least 8x8, else the map split into one band of land per player, each with a city."""
    player = dict(reinforcement_rate=2, resource_rate=8, max_forces=30, initial_forces=10,
                  start_resources=4, start_victory_points=0, army_effectiveness=100)
    names = ("Red", "Gray", "Green", "Blue")
    if not (2 <= players <= len(SEAT_COLOURS) and players <= width <= 50 and 1 <= height <= 50):
        raise ValueError(f"a new scenario needs 2 to 4 players and a map of {players}x1 to 50x50 squares")
    if (width, height, players) == (10, 5, 2):
        rows = ["1111122222", "1A11122B22", "1111122222", "11A1122B22", "1111122222"]
    elif min(width, height) >= 8:
        rows = generate_map(1, width, height, players, naval_invasions=False)
    else:
        bands = "".join(LAND_CHARS[s * players // width] for s in range(width))
        rows = [bands] * height
        middle = list(rows[height // 2])
        for seat in range(players):
            cols = [c for c, ch in enumerate(bands) if ch == LAND_CHARS[seat]]
            middle[cols[len(cols) // 2]] = CITY_CHARS[seat]
        rows[height // 2] = "".join(middle)
    return Scenario(
        kind=scenario.KIND, version=scenario.VERSION, name="New scenario", description="",
        players=[Player(name=names[i], **player) for i in range(players)],
        settings=Settings(turns=20, victory_points=VictoryPoints(land=1, city=5), naval_invasions=False),
        map=rows,
    )


def new_ruleset() -> Ruleset:
    """Every number as the manual gives it (the model's defaults), to be changed by the designer."""
    return Ruleset(kind=RULESET, version=RULESET_VERSION, name="New ruleset")


TEMPLATES = {scenario.KIND: new_scenario, RULESET: new_ruleset}
