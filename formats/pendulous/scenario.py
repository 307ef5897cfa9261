"""`pendulous.scenario` v1: a Pendulous scenario (the original's .scn), manual sections 2 and 4."""
from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Interval
from pydantic import Field

from ..limits import declare_grids
from ..model_base import FileModel, schema_only

KIND = "pendulous.scenario"
declare_grids(KIND, "map")  # refused on the raw document beyond MAX_GRID_SIDE
VERSION = 1

#: map alphabet: one character per square
WATER = "~"
LAND_CHARS = "1234"  # land owned by seat 1-4
CITY_CHARS = "ABCD"  # city owned by seat 1-4
MAP_ALPHABET = WATER + LAND_CHARS + CITY_CHARS
SEAT_COLOURS = ("red", "gray", "green", "blue")  # manual 2.2; also the turn order


class Player(FileModel):
    """One seat; the list order is the seat order red, gray, green, blue (= turn order)."""

    name: str = Field(min_length=1, max_length=64, description="Default player name (manual 4.2.4).")
    reinforcement_rate: int = Field(
        description="Armies added to the force pool at the start of each turn but the setup turn.",
        **schema_only(minimum=0),
    )
    resource_rate: int = Field(
        description="Resource points added at the start of each turn but the setup turn.",
        **schema_only(minimum=0),
    )
    max_forces: int = Field(
        description="Most armies this player may have on the map and in the force pool together.",
        **schema_only(minimum=0),
    )
    initial_forces: int = Field(
        description="Armies in the force pool at the start of the setup turn.",
        **schema_only(minimum=0),
    )
    start_resources: int = Field(
        description="Resource points on the first turn (plus the resource rate).",
        **schema_only(minimum=0),
    )
    start_victory_points: int = Field(
        description="Victory points at the start, for balance or handicap.",
    )
    army_effectiveness: int = Field(
        description="Percent applied to this player's attack and defence points (100 = normal).",
        **schema_only(exclusiveMinimum=0),
    )


class VictoryPoints(FileModel):
    land: int = Field(description="Points per owned, supplied land square per turn.", **schema_only(minimum=0))
    city: int = Field(description="Points per owned city square per turn.", **schema_only(minimum=0))


class Settings(FileModel):
    """Scenario settings (manual 4.2.2)."""

    turns: int = Field(description="Number of turns after the setup turn.", **schema_only(minimum=1))
    victory_points: VictoryPoints
    naval_invasions: bool = Field(description="Whether attacks from port cities across water are allowed.")


class Scenario(FileModel):
    """A Pendulous scenario: players, settings and the map."""

    kind: Literal["pendulous.scenario"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64, description="Scenario name, 1-64 characters.")
    description: str = Field(
        default="",
        description="Free text shown when choosing a scenario (manual 4.2.3: at most 256 characters).",
        **schema_only(maxLength=256),
    )
    ruleset: str | None = Field(
        default=None,
        description="A bundled ruleset name (e.g. `default`) or a path to a *.rules.yaml file, "
        "relative to this file. Absent: the bundled default.",
    )
    players: list[Player] = Field(
        description="2 to 4 players in seat order: red, gray, green, blue (the turn order).",
        **schema_only(minItems=2, maxItems=4),
    )
    settings: Settings
    map: list[str] = Field(
        description="One string per row, one character per square: `~` water, `1`-`4` land of "
        "seat N, `A`-`D` city of seat 1-4.",
        **schema_only(minItems=1, maxItems=50, items={"type": "string", "pattern": "^[~1-4A-D]{1,50}$"}),
    )

    @property
    def width(self) -> int:
        return max((len(r) for r in self.map), default=0)

    @property
    def height(self) -> int:
        return len(self.map)


#: the New dialog's and `gridsmith new`'s choices, with their bounds (manual 4.2.5: up to 50x50)
MapWidth = Annotated[int, Interval(ge=2, le=50)]
MapHeight = Annotated[int, Interval(ge=1, le=50)]
Players = Annotated[int, Interval(ge=2, le=len(SEAT_COLOURS))]


def template(width: MapWidth = 10, height: MapHeight = 5, players: Players = 2) -> Scenario:
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
        from .mapgen import generate_map

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
        kind=KIND, version=VERSION, name="New scenario", description="",
        players=[Player(name=names[i], **player) for i in range(players)],
        settings=Settings(turns=20, victory_points=VictoryPoints(land=1, city=5), naval_invasions=False),
        map=rows,
    )
