"""How `gridsmith diff` reads Circuit War files (formats.diff): the `grid` and `objects` layers are
the lattice's doubled text grid, so a change is named as a point or an edge (`point a6: '+' empty
point -> 'A' CPU of seat 1`, `edge c2-d2: ' ' no circuit -> '1' circuit of seat 1`)."""
from __future__ import annotations

from ..diff import Grid, KindDiff
from .lattice import CPU_CHARS, DIODE_CHARS, GREY, LEVEL_CHARS, LEVELS, NOTHING, OBJECT_CHARS, OWNER_CHARS, POINT, RUNNER_CHARS

WORDS = {POINT: "empty point", NOTHING: "no circuit", GREY: "grey circuit",
         **{c: f"CPU of seat {i + 1}" for i, c in enumerate(CPU_CHARS)},
         **{c: f"gridrunner of seat {i + 1}" for i, c in enumerate(RUNNER_CHARS)},
         **{c: f"circuit of seat {i + 1}" for i, c in enumerate(OWNER_CHARS)}}
KINDS = {POINT: "desert", **dict.fromkeys(CPU_CHARS, "city"), **dict.fromkeys(RUNNER_CHARS, "power"),
         **dict.fromkeys(OWNER_CHARS + GREY, "land")}
GRID = Grid("lattice", WORDS, KINDS)
DIODES = {">": "diode east", "<": "diode west", "^": "diode north", "v": "diode south"}
assert set(DIODES) == set(DIODE_CHARS)
OBJECTS = Grid("lattice", {NOTHING: "nothing", **{c: name.replace("_", " ") for name, c in OBJECT_CHARS.items()},
                           **DIODES, **{c: f"{LEVELS[i]} gridrunner" for i, c in enumerate(LEVEL_CHARS)}}, {})

DIFF = {
    "circuitwar.scenario": KindDiff({"grid": GRID, "objects": OBJECTS}),
    "circuitwar.save": KindDiff({"grid": GRID, "objects": OBJECTS}),
}
