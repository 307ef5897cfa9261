"""`circuitwar.save` v1: a saved game (the feature the original's author disabled), self-contained.

It embeds the scenario and the ruleset as they were when the game started, the seed, the seats, the
action log and a snapshot of the position. Loading replays the log and compares it with the snapshot
(engine.circuitwar.saves, SAV410/SAV411); here are the checks that need no engine.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any, Literal

from pydantic import Field, field_serializer, model_validator

from ..diagnostics import Problem, Severity
from ..model_base import FileModel, schema_only
from ..saves import seed_field
from ..registry import CheckContext, KindSpec, register
from .ruleset import Ruleset, check_ruleset
from .scenario import GRID_FIELD, OBJECTS_FIELD, Charge, Scenario, lattice_problems, scenario_problems

KIND = "circuitwar.save"
VERSION = 1
#: the CPU drain of every save written before session 38, when the ruleset's default was these amounts
#: and a save left a default out of its embedded ruleset (the default is 100/200/300 since)
DRAIN_BEFORE_38 = {"weak": 10, "nominal": 20, "strong": 30}


class Snapshot(FileModel):
    """The position after the last action."""

    turn: int = Field(description="Turn number, from 1.", **schema_only(by="SAV411", minimum=1))
    phase: Literal["build", "move", "action", "over"] = Field(description="The current phase.")
    to_move: int | None = Field(None, description="Seat (1-4) to act; absent when the game is over.")
    order: list[int] = Field(description="This turn's player order, seats 1-4.")
    energy: list[int] = Field(description="Each seat's energy.")
    alive: list[bool] = Field(description="Whether each seat is still in the game.")
    grid: list[str] = Field(**GRID_FIELD)
    objects: list[str] = Field(**OBJECTS_FIELD)
    charges: list[Charge] = Field(default_factory=list, description="Every capacitor's charge.")
    winner: int | None = Field(None, description="The winning seat (1-4) once the game is over.")
    reason: str = Field("", description="How the game ended.")
    rng: str = Field("", max_length=64, description="A digest of the game's generator (seed and draws): a save "
                     "whose seed was changed does not replay to it. Empty in older saves: not compared.")


class SavedGame(FileModel):
    kind: Literal["circuitwar.save"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    description: str = Field("", max_length=256, description="What the player called the save.")
    scenario: Scenario = Field(description="The whole circuitwar.scenario, embedded.")
    ruleset: Ruleset = Field(description="The whole circuitwar.ruleset the game is played under, embedded.")
    seed: int = seed_field()
    seats: list[str] = Field(default_factory=list, description="Who played each seat: `human` or a computer player.")
    actions: list[str] = Field(default_factory=list, description="Every action in order, in its text form "
                               "(`build circuit c4-d4`, `move c4-d4`, `fire c4 E N`, `end`, ...).")
    snapshot: Snapshot

    @model_validator(mode="before")
    @classmethod
    def _drain_of_older_saves(cls, data: Any) -> Any:
        """A save without `collision.cpu_drain` in its ruleset was written when the default was
        10/20/30: it replays under those amounts. Saves written since always state them
        (`_whole_ruleset`), so a later change of a default cannot change a recorded game."""
        if isinstance(data, dict) and isinstance(data.get("ruleset"), dict):
            collision = data["ruleset"].get("collision")
            if collision is None or (isinstance(collision, dict) and "cpu_drain" not in collision):
                ruleset = dict(data["ruleset"])
                ruleset["collision"] = {**(collision or {}), "cpu_drain": dict(DRAIN_BEFORE_38)}
                data = {**data, "ruleset": ruleset}
        return data

    @field_serializer("ruleset")
    def _whole_ruleset(self, ruleset: Ruleset) -> dict[str, Any]:
        """The embedded ruleset with every value, defaults included: what the game was played under."""
        return ruleset.model_dump(mode="json", exclude_none=True)


def check_save(model: SavedGame, ctx: CheckContext) -> Iterable[Problem]:
    n = len(model.scenario.players)
    # the embedded scenario and ruleset are checked as in its own file, under the embedded ruleset (a hostile save
    # must not smuggle in a board the scenario checks refuse); its lints are the scenario file's business
    out = [replace(p, path=("scenario", *p.path)) for p in scenario_problems(model.scenario, model.ruleset)
           if p.severity is Severity.ERROR]
    out += [replace(p, path=("ruleset", *p.path)) for p in check_ruleset(model.ruleset, ctx)
            if p.severity is Severity.ERROR]
    if model.seats and len(model.seats) != n:
        out.append(Problem("CW430", f"{len(model.seats)} seats named for {n} sides", ("seats",)))
    snap = model.snapshot
    for key in ("energy", "alive"):
        if len(getattr(snap, key)) != n:
            out.append(Problem("CW430", f"snapshot {key} lists {len(getattr(snap, key))} sides, not {n}",
                               ("snapshot", key)))
    out += lattice_problems(snap.grid, snap.objects, snap.charges, n, "any", model.ruleset, ("snapshot",))
    return out


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=SavedGame,
        suffix=".sav.yaml",
        title="Circuit War saved game",
        description="A saved Circuit War game: embedded scenario and ruleset, seed, action log and snapshot.",
        checks=(check_save,),
    )
)
