"""`pendulum.ruleset` v1: every number of the Pendulum rulebook, and each decision it leaves open.

The bundled default is content/pendulum/default.rules.yaml; docs/rules/pendulum.md explains each
decision key. Times are milliseconds: the engine runs on a millisecond clock.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field

from ..diagnostics import Problem
from ..model_base import FileModel
from ..registry import CheckContext, KindSpec, register

KIND = "pendulum.ruleset"
VERSION = 1


class Sandglasses(FileModel):
    """SANDUHREN: "1 lila: 3 Minuten, 1 grün: 2 Minuten, 1 schwarz: 45 Sekunden"."""

    purple_ms: int = Field(180_000, ge=1000, le=3_600_000, description="The purple sandglass (3 minutes).")
    green_ms: int = Field(120_000, ge=1000, le=3_600_000, description="The green sandglass (2 minutes).")
    black_ms: int = Field(45_000, ge=1000, le=3_600_000, description="The black sandglass (45 seconds).")

    def duration(self, area: str) -> int:
        return getattr(self, f"{area}_ms")


class Limits(FileModel):
    rounds: int = Field(4, ge=1, le=20, description="Rounds, each followed by a council (\"über 4 Runden\").")
    resource_cap: int = Field(10, ge=1, le=99, description="Cubes per resource a player owns: gains above are lost.")
    max_workers: int = Field(4, ge=1, le=8, description="\"Ihr dürft nie mehr als 4 Arbeiter haben.\"")
    start_small: int = Field(1, ge=0, le=8, description="Small workers in play at the start.")
    start_large: int = Field(1, ge=0, le=8, description="Large workers in play at the start.")
    small_workers: int = Field(3, ge=0, le=8, description="Small workers a player owns (\"3 kleine Arbeiter\"); "
                               "the ones not in play come through a stratagem.")
    large_workers: int = Field(2, ge=0, le=8, description="Large workers a player owns (\"2 große Arbeiter\"); the "
                               "second comes through the great-worker reward.")
    min_players: int = Field(2, ge=1, le=5, description="The book has no solo rules: 2 at least.")
    max_players: int = Field(5, ge=1, le=5)


class Costs(FileModel):
    worker_action_gold: int = Field(2, ge=0, le=99, description="A worker action in purple or green costs 2 gold.")
    conquer_military: int = Field(4, ge=0, le=99, description="Conquer Province in black costs 4 military.")
    retrieve_culture: int = Field(5, ge=0, le=99, description="Retrieving stratagems costs 5 culture.")


class Council(FileModel):
    privilege_bonus_vp: list[Annotated[int, Field(le=99)]] = Field(default_factory=lambda: [2, 1, 1],
                                          description="VP of choice for privilege places 1, 2, 3, ... in council step 2.")
    rewards_shown: int = Field(5, ge=1, le=10, description="Council rewards revealed each round.")
    rewards_removed: int = Field(10, ge=0, le=99, description="Normal council rewards put back unseen at setup "
                                 "(10 of 25).")
    column_limit: int = Field(2, ge=1, le=9, description="Provinces kept per column at council step 3.")
    neutral_votes: int = Field(3, ge=0, le=99, description="The 2-player neutral's votes in every council.")


class Provinces(FileModel):
    display: int = Field(4, ge=1, le=9, description="Provinces face up in the display.")


class Privilege(FileModel):
    grace_ms: int = Field(1000, ge=0, le=10_000,
                          description="Requests this close together count as simultaneous and the higher privilege "
                          "wins (\"ca. 1 Sekunde\"); 0 = the group waives the rule.")


class Timing(FileModel):
    """How computer seats take their time (a human is never out-raced), and the headless fallbacks."""

    reaction_ms: int = Field(800, ge=0, le=60_000, description="A computer seat's reaction time to an event.")
    action_ms: int = Field(1500, ge=0, le=60_000, description="Time a seat is busy per action (\"Eine Aktion nach "
                           "der anderen\").")
    auto_flip_ms: int | None = Field(None, ge=0, le=600_000,
                                     description="Flip an expired glass automatically after this long if nobody "
                                     "does (null = never; simulations set it).")


class Decisions(FileModel):
    """Where the rulebook is silent or ambiguous (docs/rules/pendulum.md)."""

    council_clock: Literal["runs", "paused"] = Field(
        "runs", description="During the council the glasses stay where they are; do they keep running (`runs`: "
        "\"wartet, bis dies der Fall ist\") or stop (`paused`)?")
    wrapup_order: Literal["reverse_privilege"] = Field(
        "reverse_privilege", description="After the call, seats act untimed in reverse privilege order "
        "(the higher privilege acts later) until all pass in a row.")
    recalled_worker: Literal["home"] = Field(
        "home", description="A recalled worker that is not re-placed goes to its player board.")
    achievement_slots: Literal["players"] = Field(
        "players", description="Slots on an achievement that prints none: one per player.")
    empty_deck: Literal["display_only"] = Field(
        "display_only", description="With the province deck empty, conquer from the display only; no reshuffle.")
    parchment_points: Literal["spaces"] = Field(
        "spaces", description="Parchment points: spaces reached inside the zones, summed over the 3 main tracks.")
    neutral_bonus: Literal["skipped"] = Field(
        "skipped", description="A privilege VP bonus on the neutral's place is not passed down.")
    fame_without_cube: Literal["lost"] = Field(
        "lost", description="Fame with no matching cube left is lost.")
    no_legendary_round1_max_players: int = Field(
        3, ge=0, le=5, description="Up to this many players the Legendary marker starts on the reward stack "
        "(\"Ihr könnt in der ersten Runde keine Legendäre Errungenschaft erhalten\").")


class Ruleset(FileModel):
    kind: Literal["pendulum.ruleset"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64)
    description: str = ""
    sandglasses: Sandglasses = Field(default_factory=Sandglasses)
    limits: Limits = Field(default_factory=Limits)
    costs: Costs = Field(default_factory=Costs)
    council: Council = Field(default_factory=Council)
    provinces: Provinces = Field(default_factory=Provinces)
    privilege: Privilege = Field(default_factory=Privilege)
    timing: Timing = Field(default_factory=Timing)
    decisions: Decisions = Field(default_factory=Decisions)


def check_ruleset(model: Ruleset, ctx: CheckContext) -> Iterable[Problem]:
    lim = model.limits
    if lim.min_players > lim.max_players:
        yield Problem("PNM401", f"min_players ({lim.min_players}) exceeds max_players ({lim.max_players})",
                      ("limits", "min_players"))
    if lim.min_players < 2:
        yield Problem("PNM402", "the rulebook has no solo rules: min_players must be at least 2",
                      ("limits", "min_players"))
    if lim.start_small + lim.start_large > lim.max_workers:
        yield Problem("PNM403", f"{lim.start_small + lim.start_large} starting workers exceed max_workers "
                      f"({lim.max_workers})", ("limits", "start_small"))
    if lim.start_small > lim.small_workers or lim.start_large > lim.large_workers:
        yield Problem("PNM403", "more starting workers than a player owns", ("limits", "start_small"))
    if lim.start_small + lim.start_large < 1:
        yield Problem("PNM403", "a player starts with no worker", ("limits", "start_small"))
    if any(v < 0 for v in model.council.privilege_bonus_vp):
        yield Problem("PNM404", "a privilege bonus is negative", ("council", "privilege_bonus_vp"))
    if len(model.council.privilege_bonus_vp) > 5:
        yield Problem("PNM404", "more privilege bonuses than the 5 places of the track",
                      ("council", "privilege_bonus_vp"))


SPEC = register(KindSpec(
    kind=KIND, version=VERSION, model=Ruleset, suffix=".rules.yaml", title="Pendulum ruleset",
    description="Every number of the Pendulum rulebook (sandglasses, limits, costs, council, privilege) and the "
    "decisions where it is silent.",
    checks=(check_ruleset,),
))
