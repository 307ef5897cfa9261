"""`pendulous.scenario` v1: a Pendulous scenario (the original's .scn), manual sections 2 and 4; its
semantic checks (PND4xx errors) and playability lints (PND5xx warnings).

Each check yields `Problem`s with a path into the document; the loader locates them in the file and
the editor maps them to a square or a field. Limits come from the scenario's ruleset."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from ..coords import label
from ..diagnostics import Problem, Severity
from ..limits import declare_grids
from ..model_base import FileModel, schema_only
from ..identifiers import Ident, same_key
from ..references import model_of
from ..registry import CheckContext, KindSpec, register
# the map alphabet is the scenario's too: engine and editor import it from here
from .grid import CITY_CHARS, LAND_CHARS, MAP_ALPHABET, SEAT_COLOURS, WATER, Grid, owner  # noqa: F401
from .migrations import scenario_v0_to_v1
from .refs import RULESET
from .ruleset import Ruleset

KIND = "pendulous.scenario"
declare_grids(KIND, "map")  # refused on the raw document beyond MAX_GRID_SIDE
VERSION = 1

#: upper bounds of a seat's numbers (docs/rules/pendulous.md, "Bounds"): far above any playable value,
#: low enough that no file makes the engine loop or add up without end. Like the lower bounds they are
#: the schema's and a semantic check's (PND414), which names the seat; the engine checks them again
MAX_ARMIES = 10_000  # armies a seat has, gets per turn or starts with
MAX_RESOURCES = 100_000  # resource points a seat gets per turn or starts with
MAX_POINTS = 1_000_000  # victory points, either sign
MAX_PERCENT = 1000  # army effectiveness
MAX_TURNS = 1000


class Player(FileModel):
    """One seat; the list order is the seat order red, gray, green, blue (= turn order)."""

    name: Ident = Field(min_length=1, max_length=64, description="Default player name (manual 4.2.4).")
    reinforcement_rate: int = Field(
        description="Armies added to the force pool at the start of each turn but the setup turn.",
        **schema_only(by="PND406, PND414", minimum=0, maximum=MAX_ARMIES),
    )
    resource_rate: int = Field(
        description="Resource points added at the start of each turn but the setup turn.",
        **schema_only(by="PND406, PND414", minimum=0, maximum=MAX_RESOURCES),
    )
    max_forces: int = Field(
        description="Most armies this player may have on the map and in the force pool together.",
        **schema_only(by="PND406, PND414", minimum=0, maximum=MAX_ARMIES),
    )
    initial_forces: int = Field(
        description="Armies in the force pool at the start of the setup turn.",
        **schema_only(by="PND406, PND414", minimum=0, maximum=MAX_ARMIES),
    )
    start_resources: int = Field(
        description="Resource points on the first turn (plus the resource rate).",
        **schema_only(by="PND406, PND414", minimum=0, maximum=MAX_RESOURCES),
    )
    start_victory_points: int = Field(
        description="Victory points at the start, for balance or handicap.",
        **schema_only(by="PND414", minimum=-MAX_POINTS, maximum=MAX_POINTS),
    )
    army_effectiveness: int = Field(
        description="Percent applied to this player's attack and defence points (100 = normal).",
        **schema_only(by="PND407, PND414", exclusiveMinimum=0, maximum=MAX_PERCENT),
    )


class VictoryPoints(FileModel):
    land: int = Field(description="Points per owned, supplied land square per turn.", **schema_only(by="PND406, PND414", minimum=0, maximum=MAX_PERCENT))
    city: int = Field(description="Points per owned city square per turn.", **schema_only(by="PND406, PND414", minimum=0, maximum=MAX_PERCENT))


class Settings(FileModel):
    """Scenario settings (manual 4.2.2)."""

    turns: int = Field(description="Number of turns after the setup turn.", **schema_only(by="PND409, PND414", minimum=1, maximum=MAX_TURNS))
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
        **schema_only(by="PND412", maxLength=256),
    )
    ruleset: Ident | None = Field(
        default=None,
        description="A bundled ruleset name (e.g. `default`) or a path to a *.rules.yaml file, "
        "relative to this file. Absent: the bundled default.",
    )
    players: list[Player] = Field(
        description="2 to 4 players in seat order: red, gray, green, blue (the turn order).",
        **schema_only(by="PND411", minItems=2, maxItems=4),
    )
    settings: Settings
    map: list[str] = Field(
        description="One string per row, one character per square: `~` water, `1`-`4` land of "
        "seat N, `A`-`D` city of seat 1-4.",
        **schema_only(by="PND401, PND402, PND403", minItems=1, maxItems=50, items={"type": "string", "pattern": "^[~1-4A-D]{1,50}$"}),
    )

    @property
    def width(self) -> int:
        return max((len(r) for r in self.map), default=0)

    @property
    def height(self) -> int:
        return len(self.map)


# --- semantic checks (PND4xx errors) and playability lints (PND5xx warnings) ---------------------

WARN = Severity.WARNING
MAX_BAD_CHARACTERS = 50  # per file; a pasted binary blob should not print ten thousand lines
_ALPHABET = frozenset(MAP_ALPHABET)
_OWNED = frozenset(MAP_ALPHABET) - {WATER}


def _seat(i: int, s: Scenario) -> str:
    name = s.players[i].name if i < len(s.players) else f"seat {i + 1}"
    return f"{name} ({SEAT_COLOURS[i]})" if i < len(SEAT_COLOURS) else name


def check_scenario(s: Scenario, ctx: CheckContext) -> Iterator[Problem]:
    """The scenario under the ruleset it names (the reference stage reports a ruleset that cannot be
    used; the scenario is then checked under the manual's numbers)."""
    rules = model_of(s.ruleset, RULESET, ctx) or Ruleset(kind="pendulous.ruleset", version=1, name="built-in")
    yield from scenario_problems(s, rules)


def scenario_problems(s: Scenario, rules: Ruleset) -> Iterator[Problem]:
    """Every check and lint of a scenario played under `rules`."""
    yield from _check_texts_and_numbers(s, rules)
    map_ok = True
    for p in _check_map(s, rules):
        map_ok = False
        yield p
    if map_ok:
        yield from _lint_playability(s)


def _check_texts_and_numbers(s: Scenario, rules: Ruleset) -> Iterator[Problem]:
    limits = rules.limits
    if len(s.description) > limits.description_max_length:
        yield Problem("PND412", f"description has {len(s.description)} characters; at most "
                      f"{limits.description_max_length} (manual 4.2.3)", ("description",))
    n = len(s.players)
    if not limits.min_players <= n <= limits.max_players:
        yield Problem("PND411", f"{n} players; a scenario has {limits.min_players} to {limits.max_players} "
                      "(red, gray, green, blue)", ("players",))
    seen: dict[str, int] = {}
    for i, p in enumerate(s.players):
        for key in ("reinforcement_rate", "resource_rate", "max_forces", "initial_forces", "start_resources"):
            value = getattr(p, key)
            if value < 0:
                yield Problem("PND406", f"{_seat(i, s)}: {key} must not be negative (is {value})",
                              ("players", i, key))
        if p.army_effectiveness <= 0:
            yield Problem("PND407", f"{_seat(i, s)}: army_effectiveness must be above 0 percent "
                          f"(is {p.army_effectiveness}); 100 is normal strength", ("players", i, "army_effectiveness"))
        if p.initial_forces > p.max_forces:
            yield Problem("PND408", f"{_seat(i, s)}: initial_forces ({p.initial_forces}) exceeds max_forces "
                          f"({p.max_forces})", ("players", i, "initial_forces"))
        key = same_key(p.name).strip().casefold()
        if key in seen:
            yield Problem("PND410", f"player name {p.name!r} is used by player {seen[key] + 1} too; names must "
                          "be unique", ("players", i, "name"))
        else:
            seen[key] = i
    yield from _beyond(s)
    if s.settings.turns < 1:
        yield Problem("PND409", f"turns must be at least 1 (is {s.settings.turns})", ("settings", "turns"))
    for key in ("land", "city"):
        value = getattr(s.settings.victory_points, key)
        if value < 0:
            yield Problem("PND406", f"victory points for a {key} square must not be negative (is {value})",
                          ("settings", "victory_points", key))


def _beyond(s: Scenario) -> Iterator[Problem]:
    """PND414: a number beyond its bound (the schema's `maximum`; a negative handicap below its `minimum`)."""
    places = [(("players", i), p, _seat(i, s) + ": ") for i, p in enumerate(s.players)]
    places += [(("settings",), s.settings, ""), (("settings", "victory_points"), s.settings.victory_points,
                                                 "victory points: ")]
    for path, model, who in places:
        for key, f in type(model).model_fields.items():
            extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
            value, hi, lo = getattr(model, key), extra.get("maximum"), extra.get("minimum")
            if not isinstance(value, int):
                continue
            if isinstance(hi, int) and value > hi:
                yield Problem("PND414", f"{who}{key} is {value}; at most {hi}", (*path, key))
            elif isinstance(lo, int) and lo < 0 and value < lo:
                yield Problem("PND414", f"{who}{key} is {value}; at least {lo}", (*path, key))


def _check_map(s: Scenario, rules: Ruleset) -> Iterator[Problem]:
    rows = s.map
    limits = rules.limits
    if not rows:
        yield Problem("PND402", "the map has no rows; it needs 1 to "
                      f"{limits.max_map_height} rows", ("map",))
        return
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            yield Problem("PND401", f"row {r + 1} has {len(row)} squares but row 1 has {width}: the map must be "
                          "rectangular", ("map", r, min(len(row), width)))  # at the row's end
    longest = max(len(r) for r in rows)
    if not 1 <= len(rows) <= limits.max_map_height or not 1 <= longest <= limits.max_map_width or width == 0:
        yield Problem("PND402", f"the map is {longest}x{len(rows)} squares; it must be 1x1 to "
                      f"{limits.max_map_width}x{limits.max_map_height} (manual 4.2.5)", ("map",))
    bad = 0
    if set("".join(rows)) - _ALPHABET:  # the common clean case costs one set operation
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch not in _ALPHABET:
                    bad += 1
                    if bad <= MAX_BAD_CHARACTERS:
                        yield Problem("PND403", f"{ch!r} at {label((c, r))} is not a map square: use "
                                      "~ water, 1-4 land of seat N, A-D city of seat N", ("map", r, c))
    first_of_seat: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(rows):
        for ch in set(row) & _OWNED:
            seat = owner(ch)
            if seat not in first_of_seat:
                first_of_seat[seat] = (r, row.index(ch))
            elif first_of_seat[seat][0] == r:
                first_of_seat[seat] = (r, min(first_of_seat[seat][1], row.index(ch)))
    if bad > MAX_BAD_CHARACTERS:
        yield Problem("PND403", f"{bad - MAX_BAD_CHARACTERS} more characters outside the map alphabet", ("map",))
    n = len(s.players)
    for seat, (r, c) in sorted(first_of_seat.items()):
        if seat > n:
            yield Problem("PND404", f"the map has squares of seat {seat} ({SEAT_COLOURS[seat - 1]}) at row {r + 1}, "
                          f"column {c + 1}, but the scenario has only {n} players", ("map", r, c))
    grid = Grid(rows)
    for i in range(min(n, len(SEAT_COLOURS))):
        if i + 1 not in first_of_seat:
            yield Problem("PND404", f"{_seat(i, s)} owns no square on the map", ("players", i))
        elif not grid.cities_of(i + 1):
            yield Problem("PND405", f"{_seat(i, s)} owns no city; a player without cities is out of the game "
                          "(manual 2.4)", ("players", i))


def _lint_playability(s: Scenario) -> Iterator[Problem]:
    grid = Grid(s.map)
    n = len(s.players)
    naval = s.settings.naval_invasions
    bodies = grid.water_bodies() if naval else []
    owners = grid.owners
    any_port = False
    for i in range(min(n, len(SEAT_COLOURS))):  # a fifth player has no seat: PND411 says so
        seat = i + 1
        unsupplied = grid.unsupplied(seat)
        if unsupplied:
            r, c = grid.square(unsupplied[0])
            n = len(unsupplied)
            squares = "1 square cannot" if n == 1 else f"{n} squares cannot"
            yield Problem("PND503", f"{_seat(i, s)}: {squares} trace supply to a friendly city at the start "
                          f"(first at {label((c, r))}); armies there are disbanded and the "
                          f"square{'s revert' if n > 1 else ' reverts'} (manual 2.8)", ("map", r, c), WARN)
        ports = grid.ports_of(seat)
        any_port = any_port or bool(ports)
        if grid.touches_enemy(seat):
            continue  # land contact with an enemy
        port_bodies = set().union(*(grid.bodies_touching(p, bodies) for p in ports)) if naval and ports else set()
        # naval invasion targets: enemy squares with water of one of our ports' bodies around them
        naval_target = bool(port_bodies) and any(
            owners[sq] not in (0, seat) and grid.bodies_touching(sq, bodies) & port_bodies
            for sq in range(len(owners))
        )
        if not naval_target:
            why = ("and naval invasions are off" if not naval else "and no port city of theirs shares water with "
                   "an enemy coast")
            yield Problem("PND501", f"{_seat(i, s)} can never attack anyone: no land contact with an enemy {why}",
                          ("players", i), WARN)
    if naval and not any_port:
        yield Problem("PND502", "naval invasions are allowed but no player has a port city (a city next to "
                      "water), so none can happen", ("settings", "naval_invasions"), WARN)


SCENARIO = register(KindSpec(
    kind=KIND,
    version=VERSION,
    model=Scenario,
    suffix=".scn.yaml",
    title="Pendulous scenario",
    description="A Pendulous scenario (the original's .scn): players, settings and the map. Manual sections 2 and 4.",
    migrations={0: scenario_v0_to_v1},
    checks=(check_scenario,),
))
