"""Orders: what a team tells one of its Kongbots to do in a phase, with a stable text form.

Bots are named by team letter and number (`A1` is team A's leader), missiles by `m` and a number,
hexes in the shared notation (formats.coords): `column,row` counted from 1, so axial hex (q, r) is
`q+1,r+1`. Each order is legal only in its phase: `A1 launch B1` (2, missile launch),
`A1 fire B1` or `A1 fire m3` (3, laser fire at a Kongbot or a missile), `A1 move 4,2` (5, one hex),
`A1 claw B1` (6); `done` ends the team's part of the phase (the Kongbots that have not acted hold).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from gridsmith.formats.coords import CoordinateError, notation

Hex = tuple[int, int]
HEX = notation("hex")


@dataclass(frozen=True, slots=True)
class Launch:
    bot: str
    target: str

    def to_text(self) -> str:
        return f"{self.bot} launch {self.target}"


@dataclass(frozen=True, slots=True)
class Fire:
    bot: str
    target: str  # a bot label, or `mN` for a missile

    def to_text(self) -> str:
        return f"{self.bot} fire {self.target}"


@dataclass(frozen=True, slots=True)
class Move:
    bot: str
    to: Hex

    def to_text(self) -> str:
        return f"{self.bot} move {HEX.short(self.to)}"


@dataclass(frozen=True, slots=True)
class Claw:
    bot: str
    target: str

    def to_text(self) -> str:
        return f"{self.bot} claw {self.target}"


@dataclass(frozen=True, slots=True)
class Done:
    def to_text(self) -> str:
        return "done"


Order = Launch | Fire | Move | Claw | Done
DONE = Done()
_BOT = r"[AB][1-9][0-9]?"
_ORDER = re.compile(rf"^\s*(?:(?P<bot>{_BOT})\s+(?:(?P<verb>launch|claw|fire)\s+(?P<target>{_BOT}|m[1-9][0-9]*)"
                    r"|move\s+(?P<hex>\d+\s*,\s*\d+))|(?P<done>done))\s*$")


def parse_order(text: str) -> Order:
    """The order written as `text`; ValueError saying what an order looks like otherwise."""
    m = _ORDER.match(text)
    if m is None or m["verb"] in ("launch", "claw") and m["target"].startswith("m"):
        raise ValueError(f"{text!r} is not an order like `A1 fire B1`, `A1 move 3,4`, `A1 claw B1` or `done`")
    if m["done"]:
        return DONE
    if m["verb"] is None:
        try:
            return Move(m["bot"], HEX.parse(m["hex"]))
        except CoordinateError as e:
            raise ValueError(str(e)) from None
    return {"launch": Launch, "claw": Claw, "fire": Fire}[m["verb"]](m["bot"], m["target"])


def from_text(text: str) -> Order:
    return parse_order(text)
