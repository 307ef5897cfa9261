"""`pendulous.save` v1: a saved Pendulous game (the original's .sav, manual 3.2/3.3), self-contained.

It embeds the scenario and the ruleset as they were when the game started (so editing either file
later cannot change a saved game), the seed, every action in order, and a snapshot of the position
after the last action. Loading replays the actions and compares the result with the snapshot
(engine.pendulous.saves registers that check); here are the checks that need no engine.

Snapshot grids have one string per map row, one character per square:
`owners` uses the scenario map alphabet (`~` water, `1`-`4` land, `A`-`D` city of seat N);
`armies` has `.` for none and `1`-`9` for that many armies; `supply` has `~` water, `+` supplied,
`-` out of supply.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..limits import declare_grids
from ..model_base import FileModel, schema_only
from ..saves import seat_problems, seed_field
from ..registry import CheckContext, KindSpec, register
from .ruleset import Ruleset, check_ruleset
from .scenario import Scenario, scenario_problems

KIND = "pendulous.save"
declare_grids(KIND, "map", "owners", "armies", "supply")  # refused on the raw document beyond MAX_GRID_SIDE
VERSION = 1
ACTION_RE = re.compile(r"^((place|pickup|attack) (0|[1-9][0-9]?),(0|[1-9][0-9]?)|end)$")
SEAT_RE = r"^[a-z][a-z0-9_.-]*$"
#: bounds the time `validate` spends replaying a hostile file; a 4-player 50x50 game of 30 turns
#: played by the bundled agents has under 2,000 actions
MAX_ACTIONS = 100_000


class SeatSnapshot(FileModel):
    force_pool: int = Field(description="Armies in the force pool.", **schema_only(by="SAV411", minimum=0))
    resources: int = Field(description="Resource points.", **schema_only(by="SAV411", minimum=0))
    victory_points: int = Field(description="Victory points accumulated.")
    out: bool = Field(description="Out of the game (held no city at the end of a turn).")


class Snapshot(FileModel):
    """The position after the last action, for checking the replay."""

    turn: int = Field(description="0 = the setup turn, then 1 to the scenario's number of turns.", **schema_only(by="SAV411", minimum=0))
    to_move: int | None = Field(default=None, description="Seat to move, 0 = red; absent when the game is over.")
    rng_draws: int = Field(description="Random numbers drawn so far (the generator's whole state with the seed).",
                           **schema_only(by="SAV411", minimum=0))
    seats: list[SeatSnapshot]
    owners: list[str] = Field(description="Who owns each square, in the map alphabet.")
    armies: list[str] = Field(description="Armies per square: `.` none, `1`-`9`.")
    supply: list[str] = Field(description="Supply per square: `~` water, `+` supplied, `-` out of supply.")
    winners: list[int] | None = Field(default=None, description="Winning seats when the game is over.")


class SaveFile(FileModel):
    kind: Literal["pendulous.save"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    description: str = Field(default="", max_length=256, description="What the player called this save (manual 3.2).")
    scenario: Scenario = Field(description="The scenario as it was when the game started.")
    ruleset: Ruleset = Field(description="The ruleset the game is played under, embedded.")
    seed: int = seed_field()
    seats: list[str] = Field(
        default_factory=list,
        description="Who plays each seat: `human` or a computer player's name (informational; used to resume).",
        **schema_only(items={"type": "string", "pattern": SEAT_RE}),
    )
    actions: list[str] = Field(
        default_factory=list,
        description="Every action in order: `place R,C`, `pickup R,C`, `attack R,C` (0-based row, column) or `end`.",
        **schema_only(by="SAV401", items={"type": "string", "pattern": ACTION_RE.pattern}),
    )
    snapshot: Snapshot


def embedded_problems(model: SaveFile, ctx: CheckContext) -> list[Problem]:
    """Errors of the embedded scenario and ruleset, by the checks of their own kinds (a hostile save
    must not smuggle in a map the scenario checks would refuse, e.g. 5,000 squares wide). Warnings
    (playability lints) are the scenario file's business, not the saved game's."""
    # the embedded ruleset governs the embedded scenario: its `ruleset:` name is not followed
    out = [replace(p, path=("scenario", *p.path)) for p in scenario_problems(model.scenario, model.ruleset)
           if p.severity is Severity.ERROR]
    out += [replace(p, path=("ruleset", *p.path)) for p in check_ruleset(model.ruleset, ctx)
            if p.severity is Severity.ERROR]
    return out


def check_save(model: SaveFile, ctx: CheckContext) -> Iterable[Problem]:
    """Shape checks: the embedded scenario and ruleset are valid, actions are actions, the
    snapshot fits the map and the seats."""
    out: list[Problem] = embedded_problems(model, ctx)
    if len(model.actions) > MAX_ACTIONS:
        out.append(Problem("SAV404", f"{len(model.actions)} actions: more than a saved game can hold "
                           f"({MAX_ACTIONS})", ("actions",)))
    for i, a in enumerate(model.actions):
        if not ACTION_RE.match(a):
            out.append(Problem("SAV401", f"{a!r} is not an action like `place 3,7`, `attack 3,8` or `end`", ("actions", i)))
    n = len(model.scenario.players)
    out += seat_problems(model.seats, n)
    snap = model.snapshot
    if len(snap.seats) != n:
        out.append(Problem("SAV402", f"the snapshot has {len(snap.seats)} seats, the scenario {n}", ("snapshot", "seats")))
    if snap.to_move is not None and not 0 <= snap.to_move < n:
        out.append(Problem("SAV402", f"seat {snap.to_move} to move does not exist", ("snapshot", "to_move")))
    rows = model.scenario.map
    width = max((len(r) for r in rows), default=0)
    alphabets = {"owners": "~1234ABCD", "armies": ".123456789", "supply": "~+-"}
    for name, alphabet in alphabets.items():
        grid = getattr(snap, name)
        if len(grid) != len(rows):
            out.append(Problem("SAV403", f"snapshot {name} has {len(grid)} rows, the map {len(rows)}", ("snapshot", name)))
            continue
        for r, line in enumerate(grid):
            if len(line) != width:
                out.append(Problem("SAV403", f"snapshot {name} row {r} has {len(line)} squares, the map {width}",
                                   ("snapshot", name, r)))
            bad = next((c for c, ch in enumerate(line) if ch not in alphabet), None)
            if bad is not None:
                out.append(Problem("SAV403", f"{line[bad]!r} is not one of {alphabet!r}", ("snapshot", name, r, bad)))
    return out


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=SaveFile,
        suffix=".sav.yaml",
        title="Pendulous saved game",
        description="A saved Pendulous game (manual 3.2): embedded scenario and ruleset, seed, action log and a "
        "snapshot that loading checks by replaying the actions.",
        checks=(check_save,),
    )
)
