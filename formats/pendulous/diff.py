"""How `gridsmith diff` reads Pendulous files (formats.diff): the map and the saved game's layers are
square grids; map squares are named by what they are (`'1' land of red`, `'A' city of red`)."""
from __future__ import annotations

from ..diff import Grid, KindDiff
from .grid import CITY_CHARS, LAND_CHARS, SEAT_COLOURS, WATER

WORDS = {WATER: "water", **{c: f"land of {SEAT_COLOURS[i]}" for i, c in enumerate(LAND_CHARS)},
         **{c: f"city of {SEAT_COLOURS[i]}" for i, c in enumerate(CITY_CHARS)}}
KINDS = {WATER: "water", **dict.fromkeys(LAND_CHARS, "land"), **dict.fromkeys(CITY_CHARS, "city")}
MAP = Grid("square", WORDS, KINDS)

DIFF = {
    "pendulous.scenario": KindDiff({"map": MAP}),
    "pendulous.save": KindDiff({"map": MAP, "owners": MAP, "armies": Grid("square", {".": "no armies"}, {}),
                                "supply": Grid("square", {"~": "water", "+": "supplied", "-": "out of supply"},
                                               {"~": "water"})}),
}
