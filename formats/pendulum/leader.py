"""`pendulum.leader` v1: one leader's player board, both sides (einfach / fortgeschritten Ⓕ).

A side has three victory tracks (Power, Prestige, Popularity) with their lengths and parchment zones
("Pergamentbereich am Ende der Siegpunkteleisten") — the Legendary track is always 1 point — the
production symbol of each colour's column, the starting resources ("wie jeweils in der rechten
unteren Ecke der Kästen angegeben"), its 4 stratagems (ids in a deck; one adds a small worker) and,
on the advanced side, an ability given as text and as hooks that may override the two basic rules
("Die Fähigkeiten mancher fortgeschrittener Anführer brechen diese Grundregeln und haben Vorrang").
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem
from ..model_base import FileModel, schema_only
from ..identifiers import Ident, same_key
from ..registry import CheckContext, KindSpec, register
from .board import ID_PATTERN
from .effects import Amounts, Colour, TRACKS

KIND = "pendulum.leader"
VERSION = 1
#: what an advanced leader's ability may change; the engine implements those in docs/rules/pendulum.md
Hook = Literal["move_in_glass_row", "act_without_glass", "adjacent_action", "ignore_blocking"]


class Track(FileModel):
    length: int = Field(ge=1, le=40, description="Spaces on the track after the start space (the most VP).")
    parchment_from: int = Field(ge=1, le=40, description="The first space of the parchment zone (1 = the first "
                                "space after the start).")


class Ability(FileModel):
    text: str = Field(default="", description="The overview card's text.")
    hooks: list[Hook] = Field(default_factory=list, description="Basic rules this ability overrides.")


class LeaderSide(FileModel):
    title: str = Field(min_length=1, max_length=64, description="e.g. the Trickster.")
    tracks: dict[Literal["power", "prestige", "popularity"], Track]
    columns: dict[Colour, Amounts] = Field(description="The production symbol at the head of each column.")
    start: Amounts = Field(default_factory=Amounts, description="Starting resources (and votes).")
    stratagems: list[Ident] = Field(default_factory=list, description="The side's 4 stratagem ids (in a deck).",
                                  **schema_only(items={"type": "string", "pattern": ID_PATTERN}))
    ability: Ability = Field(default_factory=Ability)


class Leader(FileModel):
    kind: Literal["pendulum.leader"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    id: Ident = Field(description="Short name scenarios use.", **schema_only(pattern=ID_PATTERN))
    name: str = Field(min_length=1, max_length=64)
    description: str = ""
    sides: dict[Literal["basic", "advanced"], LeaderSide]


def side_problems(side: LeaderSide, path: tuple) -> list[Problem]:
    out: list[Problem] = []
    for t in TRACKS:
        if t not in side.tracks:
            out.append(Problem("PNM430", f"the {t} track is missing", (*path, "tracks")))
    for t, tr in side.tracks.items():
        if tr.parchment_from > tr.length:
            out.append(Problem("PNM431", f"the {t} parchment zone starts at {tr.parchment_from}, beyond the "
                               f"track's {tr.length} spaces", (*path, "tracks", t, "parchment_from")))
    for c in ("red", "blue", "yellow"):
        if c not in side.columns:
            out.append(Problem("PNM432", f"the {c} production column is missing", (*path, "columns")))
    if len(side.stratagems) != 4:
        out.append(Problem("PNM433", f"{len(side.stratagems)} stratagems; a leader side has 4 (\"4 pro Anführer\")",
                           (*path, "stratagems")))
    if len({same_key(s) for s in side.stratagems}) != len(side.stratagems):
        out.append(Problem("PNM433", "a stratagem is listed twice", (*path, "stratagems")))
    return out


def check_leader(model: Leader, ctx: CheckContext) -> Iterable[Problem]:
    out: list[Problem] = []
    for s in ("basic", "advanced"):
        if s not in model.sides:
            out.append(Problem("PNM434", f"the {s} side is missing", ("sides",)))
    for s, side in model.sides.items():
        out += side_problems(side, ("sides", s))
    return out


SPEC = register(KindSpec(
    kind=KIND, version=VERSION, model=Leader, suffix=".leader.yaml", title="Pendulum leader",
    description="A Pendulum leader's player board, both sides: victory tracks with parchment zones, production "
    "columns, starting resources, stratagems and the advanced side's ability.",
    checks=(check_leader,),
))
