"""`circuitwar.scenario` v1: the point grid, 2-4 sides with CPUs on the edges, starting energies and
pre-built circuitry. The grid alphabet is in formats.circuitwar.lattice and docs/formats.md."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..model_base import FileModel, schema_only
from ..identifiers import Ident
from ..registry import CheckContext, KindSpec, register
from . import lattice as L
from .ruleset import MAX_ENERGY, Ruleset
from ..references import model_of
from .refs import RULESET

KIND = "circuitwar.scenario"
VERSION = 1

GRID_FIELD = dict(
    description="The board in doubled coordinates: 2H-1 rows of 2W-1 characters for W x H points "
    "(2-26 each way; the manual's grid is 19 x 12). Points (even row, even column): `+` empty, `A`-`D` "
    "the CPU of seat 1-4, `a`-`d` a gridrunner of seat 1-4. Circuit cells (one coordinate odd): space "
    "none, `1`-`4` a circuit of seat 1-4, `0` a grey circuit nobody owns. Both odd: space.",
    **schema_only(by="CW401, CW402", minItems=3, maxItems=2 * L.MAX_POINTS - 1,
                  items={"type": "string", "pattern": L.ROW_PATTERN, "maxLength": 2 * L.MAX_POINTS - 1}),
)
OBJECTS_FIELD = dict(
    default_factory=list,
    description="Objects over the grid, same coordinates; rows may be shorter or missing (a space). "
    "Circuit cells: `R` resistor, `C` capacitor, `S` switch on (closed), `O` switch off (open), `G` "
    "ground, `T` transformer, `>` `<` `^` `v` a diode passing east, west, north, south. Points: `w` `n` "
    "`s` the level of the gridrunner there (absent: the ruleset's build level).",
    **schema_only(by="CW407", maxItems=2 * L.MAX_POINTS - 1,
                  items={"type": "string", "pattern": L.OBJECT_ROW_PATTERN, "maxLength": 2 * L.MAX_POINTS - 1}),
)


class Player(FileModel):
    """One side; seats are listed in order (seat 1 red, 2 blue, 3 green, 4 yellow)."""

    name: str = Field(min_length=1, max_length=64, description="The side's name.")
    energy: int | None = Field(None, description="Starting energy (absent: the ruleset's energy.start).",
                               le=MAX_ENERGY, **schema_only(by="CW411", minimum=0))


class Charge(FileModel):
    at: str = Field(description="The capacitor's circuit, e.g. `c4-d4`.")
    charge: int = Field(description="Stored energy points (absent entry: the ruleset's start charge).",
                        le=MAX_ENERGY, **schema_only(by="CW408", minimum=0))


class Scenario(FileModel):
    kind: Literal["circuitwar.scenario"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64, description="Scenario name.")
    description: str = Field(default="", description="Free text shown when choosing a scenario.")
    ruleset: Ident = Field(default="default", description="A bundled ruleset name or a path to a "
                         "*.rules.yaml file relative to this file.")
    players: list[Player] = Field(description="2 to 4 sides.", **schema_only(by="CW409", minItems=2, maxItems=4))
    cpus: Literal["placed", "random"] = Field(
        "placed", description="`placed`: each side's CPU is the letter on the grid; `random`: the grid "
        "holds no CPU and each game places them on random free edge points (as the original did).")
    grid: list[str] = Field(**GRID_FIELD)
    objects: list[str] = Field(**OBJECTS_FIELD)
    charges: list[Charge] = Field(default_factory=list, description="Capacitors whose charge is not the "
                                  "ruleset's start charge.")


def lattice_problems(grid: list[str], objects: list[str], charges: list[Charge], seats: int,
                     cpus: str, ruleset: Ruleset | None, base: tuple = ()) -> list[Problem]:
    """Every check of a board: shape, alphabet, CPUs on edges, seats, objects and charges. Shared by
    scenarios and saved games' snapshots (`base` prefixes the paths)."""
    out: list[Problem] = []
    gp, op = (*base, "grid"), (*base, "objects")
    nrows = len(grid)
    if nrows < 3 or nrows % 2 == 0 or nrows > 2 * L.MAX_POINTS - 1:
        out.append(Problem("CW401", f"the grid has {nrows} rows; H points take 2H-1 rows (H from "
                           f"{L.MIN_POINTS} to {L.MAX_POINTS}), points and circuits alternating", gp))
        return out
    ncols = len(grid[0])
    for r, row in enumerate(grid):
        if len(row) != ncols or ncols % 2 == 0 or ncols < 3 or ncols > 2 * L.MAX_POINTS - 1:
            out.append(Problem("CW401", f"row {r} has {len(row)} characters; every row has 2W-1 for W "
                               f"points (W from {L.MIN_POINTS} to {L.MAX_POINTS}), like the first "
                               f"({ncols})", (*gp, r)))
    if out:
        return out
    cpus_at: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            where = (*gp, r, c)
            if L.is_point(r, c):
                if ch not in L.POINT_ALPHABET:
                    out.append(Problem("CW402", f"{ch!r} at point {L.point_name(r, c)} is not a point: use "
                                       "+ empty, A-D a CPU, a-d a gridrunner", where))
                    continue
                if ch in L.CPU_CHARS:
                    seat = L.CPU_CHARS.index(ch)
                    cpus_at.setdefault(seat, []).append((r, c))
                    if not L.on_edge(r, c, nrows, ncols):
                        out.append(Problem("CW403", f"the CPU of seat {seat + 1} at {L.point_name(r, c)} is not "
                                           "on an edge of the grid (manual 1: CPUs are on the edges)", where))
                elif ch in L.RUNNER_CHARS:
                    seat = L.RUNNER_CHARS.index(ch)
                    if seat >= seats:
                        out.append(Problem("CW405", f"a gridrunner of seat {seat + 1} at {L.point_name(r, c)}, "
                                           f"but the scenario has {seats} sides", where))
            elif L.is_circuit(r, c):
                if ch not in L.CIRCUIT_ALPHABET:
                    out.append(Problem("CW402", f"{ch!r} at circuit {L.circuit_name(r, c)} is not a circuit: "
                                       "use space none, 1-4 a circuit of that seat, 0 grey", where))
                elif ch in L.OWNER_CHARS and int(ch) > seats:
                    out.append(Problem("CW405", f"a circuit of seat {ch} at {L.circuit_name(r, c)}, but the "
                                       f"scenario has {seats} sides", where))
            elif ch != L.NOTHING:
                out.append(Problem("CW402", f"{ch!r} between four points: only a space goes there "
                                   f"(row {r}, column {c})", where))
    if cpus == "placed":
        for seat in range(seats):
            found = cpus_at.get(seat, [])
            if len(found) != 1:
                out.append(Problem("CW404", f"seat {seat + 1} has {len(found)} CPUs on the grid; with "
                                   f"`cpus: placed` each side has exactly one ({L.CPU_CHARS[seat]})",
                                   (*gp, *found[1]) if len(found) > 1 else gp))
        for seat, found in cpus_at.items():
            if seat >= seats:
                out.append(Problem("CW404", f"a CPU of seat {seat + 1}, but the scenario has {seats} sides",
                                   (*gp, *found[0])))
    elif cpus == "random" and cpus_at:
        seat, found = next(iter(cpus_at.items()))
        out.append(Problem("CW404", "with `cpus: random` the grid holds no CPU: each game places them",
                           (*gp, *found[0])))
    # circuits next to an opposing CPU (manual 3 CIRCUIT); in a game a capture can put one there
    for seat, found in (cpus_at.items() if cpus != "any" else ()):
        for (r, c) in found:
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < nrows and 0 <= cc < ncols and grid[rr][cc] in L.OWNER_CHARS + L.GREY \
                        and grid[rr][cc] != str(seat + 1):
                    out.append(Problem("CW406", f"circuit {L.circuit_name(rr, cc)} is next to the CPU of seat "
                                       f"{seat + 1} but not its own: circuits cannot be built next to an "
                                       "opposing CPU (manual 3)", (*gp, rr, cc)))
    # objects
    if len(objects) > nrows:
        out.append(Problem("CW407", f"the objects layer has {len(objects)} rows; the grid has {nrows}",
                           (*op, nrows)))
    capacitors = set()
    for r, row in enumerate(objects[:nrows]):
        if len(row) > ncols:
            out.append(Problem("CW407", f"objects row {r} has {len(row)} characters; the grid has {ncols}",
                               (*op, r, ncols)))
        for c, ch in enumerate(row[:ncols]):
            if ch == L.NOTHING:
                continue
            where = (*op, r, c)
            g = grid[r][c]
            if L.is_point(r, c):
                if ch not in L.LEVEL_CHARS:
                    out.append(Problem("CW407", f"{ch!r} at point {L.point_name(r, c)}: on points the objects "
                                       "layer holds only a gridrunner level w, n or s", where))
                elif g not in L.RUNNER_CHARS:
                    out.append(Problem("CW407", f"a gridrunner level at {L.point_name(r, c)}, where no "
                                       "gridrunner stands", where))
            elif L.is_circuit(r, c):
                name = L.circuit_name(r, c)
                if ch not in L.OBJECT_ALPHABET:
                    out.append(Problem("CW407", f"{ch!r} at circuit {name} is not an object: use R C S O G T "
                                       "or a diode > < ^ v", where))
                elif g == L.NOTHING:
                    out.append(Problem("CW407", f"an object on nothing: {name} has no circuit", where))
                elif ch in L.DIODE_CHARS and (L.DIODE_CHARS[ch][0] == 0) != (r % 2 == 0):
                    out.append(Problem("CW407", f"diode {ch!r} on {name} points across its circuit: use "
                                       + ("> or <" if r % 2 == 0 else "^ or v"), where))
                elif ch == "C":
                    capacitors.add((r, c))
            else:
                out.append(Problem("CW407", f"{ch!r} between four points: only a space goes there", where))
    maxc = ruleset.capacitor.max_charge if ruleset else None
    seen = set()
    for i, ch in enumerate(charges):
        where = (*base, "charges", i, "at")
        try:
            rc = L.parse_circuit(ch.at)
        except ValueError as e:
            out.append(Problem("CW408", str(e), where))
            continue
        if rc not in capacitors:
            out.append(Problem("CW408", f"no capacitor on {ch.at}", where))
        if rc in seen:
            out.append(Problem("CW408", f"{ch.at} is charged twice", where))
        seen.add(rc)
        if ch.charge < 0 or (maxc is not None and ch.charge > maxc):
            out.append(Problem("CW408", f"charge {ch.charge} on {ch.at}; a capacitor holds 0 to {maxc}",
                               (*base, "charges", i, "charge")))
    return out


def resolve_ruleset(model: Scenario, ctx: CheckContext | None) -> Ruleset | None:
    """The scenario's ruleset, or None when the reference cannot be followed (the reference stage
    of the loader reports why, R6xx)."""
    return model_of(model.ruleset, RULESET, ctx)


def check_scenario(model: Scenario, ctx: CheckContext) -> Iterable[Problem]:
    return scenario_problems(model, resolve_ruleset(model, ctx))


def scenario_problems(model: Scenario, ruleset: Ruleset | None) -> list[Problem]:
    """Every check of a scenario played under `ruleset` (a saved game's embedded one, or the one the
    scenario names)."""
    out: list[Problem] = []
    n = len(model.players)
    if not 2 <= n <= 4:
        out.append(Problem("CW409", f"{n} sides; a game has 2 to 4 (red, blue, green, yellow)", ("players",)))
        n = max(0, min(n, 4))
    for i, p in enumerate(model.players):
        if p.energy is not None and (p.energy < 0 or (ruleset and p.energy > ruleset.energy.cap)):
            out.append(Problem("CW411", f"{p.name}: energy {p.energy}; it is 0 to the cap "
                               f"({ruleset.energy.cap if ruleset else 150})", ("players", i, "energy")))
    out += lattice_problems(model.grid, model.objects, model.charges, n, model.cpus, ruleset)
    if any(p.severity is Severity.ERROR for p in out):
        return out
    # playability: a side that starts with no energy and no circuit can never build anything
    start = ruleset.energy.start if ruleset else 0
    for i, p in enumerate(model.players):
        energy = start if p.energy is None else p.energy
        owns = any(str(i + 1) in row for row in model.grid)
        cheapest = min(ruleset.build.costs.model_dump().values()) if ruleset else 0
        if energy < cheapest and not owns:
            out.append(Problem("CW501", f"{p.name} starts with {energy} energy and no circuit: it can never "
                               "build anything", ("players", i), Severity.WARNING))
    if model.cpus == "random" and len(model.grid) and _free_edge_points(model.grid) < n:
        out.append(Problem("CW412", "fewer free edge points than sides: the CPUs cannot all be placed",
                           ("cpus",)))
    return out


def _free_edge_points(grid: list[str]) -> int:
    rows, cols = len(grid), len(grid[0])
    return sum(1 for r in range(0, rows, 2) for c in range(0, cols, 2)
               if L.on_edge(r, c, rows, cols) and grid[r][c] == L.POINT)


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=Scenario,
        suffix=".scn.yaml",
        title="Circuit War scenario",
        description="A Circuit War grid: points, circuits with owners and objects, CPUs on the edges, "
                    "gridrunners, and 2 to 4 sides with their starting energy.",
        checks=(check_scenario,),
    )
)
