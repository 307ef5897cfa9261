"""`kongbots.save` v1: a saved Kongbots battle, self-contained.

It embeds the resolved scenario (arena, ruleset and every build as they were when the battle began),
the seed, every order in order, and a snapshot of the position after the last one. Loading replays
the orders and compares the result with the snapshot (engine.kongbots.saves adds that check, with the
shared codes SAV410 and SAV411); here are the checks that need no engine.

Orders are written as in the engine's log: `A1 launch B1`, `A1 fire B2`, `A1 fire m3` (a missile),
`A1 move 4,2` (to the hex in column 4 of row 2, counted from 1: the shared notation of
formats.coords), `A1 claw B1`, `done` (the rest of the team holds). Snapshot hexes are stored
axial `[q, r]`, from 0, like every stored cell.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem
from ..limits import declare_grids
from ..model_base import FileModel, schema_only
from ..saves import seat_problems, seed_field
from ..registry import CheckContext, KindSpec, register
from .scenario import ResolvedScenario, embedded_problems

KIND = "kongbots.save"
VERSION = 1
_BOT = r"[AB][1-9][0-9]?"
ORDER_RE = re.compile(rf"^({_BOT} (launch|claw) {_BOT}|{_BOT} fire ({_BOT}|m[1-9][0-9]*)|{_BOT} move [1-9][0-9]*,[1-9][0-9]*|done)$")
MAX_ORDERS = 200_000
declare_grids(KIND, "rows")  # the embedded arena's rows


class BotSnapshot(FileModel):
    label: str = Field(description="The bot's label: team letter and number, e.g. `A1`.")
    hex: list[int] | None = Field(default=None, description="Its hex as [q, r]; absent once it has left the arena.",
                                  **schema_only(by="SAV411", minItems=2, maxItems=2))
    modules: list[str] = Field(description="Each interface in order: a module code, `EL`, or `--`.")
    malfunctioning: bool = Field(description="Malfunctioning this turn.")
    streak: int = Field(description="Consecutive malfunctioning turns.", **schema_only(by="SAV411", minimum=0))
    lasers_fired: bool = Field(description="Has fired its lasers this turn.")
    surrendered: bool = Field(description="Forced to surrender.")


class MissileSnapshot(FileModel):
    id: int = Field(description="The missile's number (`m3` is 3).", **schema_only(by="SAV411", minimum=1))
    target: str = Field(description="The target bot's label.")
    hex: list[int] = Field(description="Its hex as [q, r].", **schema_only(by="SAV411", minItems=2, maxItems=2))


class Snapshot(FileModel):
    """The position after the last order, for checking the replay."""

    turn: int = Field(description="Turn number, from 1.", **schema_only(by="SAV411", minimum=1))
    pulse: int = Field(description="Pulse of the turn, from 1.", **schema_only(by="SAV411", minimum=1))
    phase: int = Field(description="Phase of the pulse, 1 to 6.", **schema_only(by="SAV411", minimum=1, maximum=6))
    to_move: Literal["A", "B"] | None = Field(default=None, description="Team to give orders; absent when over.")
    rng_draws: int = Field(description="Random numbers drawn so far.", **schema_only(by="SAV411", minimum=0))
    bots: list[BotSnapshot]
    missiles: list[MissileSnapshot] = Field(default_factory=list)
    winners: list[Literal["A", "B"]] | None = Field(default=None, description="Winning team(s) when over "
                                                     "(both on a tie).")


class SaveFile(FileModel):
    kind: Literal["kongbots.save"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    description: str = Field(default="", max_length=256, description="What the player called this save.")
    scenario: ResolvedScenario = Field(description="The battle as it began: arena, ruleset and builds embedded.")
    seed: int = seed_field("The battle's random seed (0 to 2**63 - 1).")
    seats: list[str] = Field(default_factory=list, description="Who plays each team: `human` or a computer "
                             "player's name (informational; used to resume).")
    orders: list[str] = Field(default_factory=list, description="Every order in order.",
                              **schema_only(by="KB440", items={"type": "string", "pattern": ORDER_RE.pattern}))
    snapshot: Snapshot


def check_save(model: SaveFile, ctx: CheckContext) -> Iterable[Problem]:
    out = embedded_problems(model.scenario, ("scenario",))
    out += seat_problems(model.seats, len(model.scenario.teams))
    if len(model.orders) > MAX_ORDERS:
        out.append(Problem("KB440", f"{len(model.orders)} orders: more than a saved game can hold ({MAX_ORDERS})",
                           ("orders",)))
    for i, text in enumerate(model.orders):
        if not ORDER_RE.match(text):
            out.append(Problem("KB440", f"{text!r} is not an order like `A1 fire B1`, `A1 move 3,4` or `done`",
                               ("orders", i)))
    n = sum(len(t.bots) for t in model.scenario.teams)
    if len(model.snapshot.bots) != n:
        out.append(Problem("KB441", f"the snapshot has {len(model.snapshot.bots)} Kongbots, the scenario {n}",
                           ("snapshot", "bots")))
    return out


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=SaveFile,
        suffix=".sav.yaml",
        title="Kongbots saved game",
        description="A saved Kongbots battle: embedded scenario, arena, ruleset and builds, the seed, the order log "
        "and a snapshot that loading checks by replaying the orders.",
        checks=(check_save,),
    )
)
