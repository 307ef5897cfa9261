"""`kongbots.scenario` v1: a battle: an arena, a ruleset and two teams of one or more Kongbots.

Manual, "Building restrictions": "Both players must build the same class of Kongbot (Scout, Warrior or
Marauder)" and obey the gladiatorial limits. The first bot of a team is its leader (initiative is
decided by the leaders' retros). Team A is seat 1 (red), team B seat 2 (blue); a team's bots start on
its entry hexes of the arena, the leader first (formats.kongbots.arena.entries says in which order).

    kind: kongbots.scenario
    version: 1
    name: Scout duel
    arena: classic-diamond          # bundled name or a path relative to this file
    teams:
      - name: Red
        bots: [{build: scout-brawler}]
      - name: Blue
        bots: [{build: scout-sniper}]
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..model_base import FileModel, schema_only
from ..identifiers import Ident, same_key
from ..registry import CheckContext, KindSpec, register
from .arena import Arena, arena_problems, entries
from .bot import Bot, build_problems
from .modules import TEAMS
from ..references import check as reference_problems
from ..references import model_of, models_of
from .refs import ARENA, BUILD, RULESET
from .ruleset import Ruleset

KIND = "kongbots.scenario"
VERSION = 1
MAX_BOTS_PER_TEAM = 12


class BotEntry(FileModel):
    build: Ident = Field(min_length=1, description="The build: a bundled name or a path to a *.bot.yaml file.")
    name: Ident | None = Field(default=None, max_length=64, description="Call sign in this battle (default: the "
                             "build's name).")


class Team(FileModel):
    name: Ident = Field(min_length=1, max_length=32, description="Team name.")
    bots: list[BotEntry] = Field(description="The team's Kongbots, the leader first.",
                                 **schema_only(by="KB422, KB423", minItems=1, maxItems=MAX_BOTS_PER_TEAM))


class Scenario(FileModel):
    kind: Literal["kongbots.scenario"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64, description="Scenario name.")
    description: str = Field(default="", description="Free text shown when choosing a scenario.")
    arena: Ident = Field(default="classic-diamond", description="The arena: bundled name or a path to a *.arena.yaml file.")
    ruleset: Ident = Field(default="default", description="The ruleset: bundled name or a path to a *.rules.yaml file.")
    teams: list[Team] = Field(description="Exactly two teams: A (red, seat 1) and B (blue, seat 2).",
                              **schema_only(by="KB423", minItems=2, maxItems=2))


class ResolvedTeam(FileModel):
    name: Ident = Field(description="Team name.")
    bots: list[Bot] = Field(description="The team's builds, leader first.")
    call_signs: list[Ident] = Field(description="Each bot's name in this battle.")


class ResolvedScenario(FileModel):
    """A scenario with every reference followed: what the engine plays and a saved game embeds."""

    name: str = Field(description="Scenario name.")
    arena: Arena
    ruleset: Ruleset
    teams: list[ResolvedTeam]


def team_problems(res: ResolvedScenario, path: tuple = (), embedded: bool = False) -> list[Problem]:
    """The building restrictions and placement of resolved teams (shared with saved games). In a
    scenario a build is a reference (its errors are KB424 at `build:`); `embedded` (a saved game holds
    the builds themselves) locates each error where it is, with its own code, as in a build file."""
    out: list[Problem] = []
    rules = res.ruleset
    if len(res.teams) != 2:
        out.append(Problem("KB423", f"{len(res.teams)} teams; a battle has exactly two", (*path, "teams")))
        return out
    first = res.teams[0].bots[0].chassis if res.teams[0].bots else None
    for t, team in enumerate(res.teams):
        tp = (*path, "teams", t)
        if not team.bots:
            out.append(Problem("KB423", f"team {team.name!r} has no Kongbots", tp))
        room = len(entries(res.arena.rows, TEAMS[t]))
        if len(team.bots) > room:
            out.append(Problem("KB422", f"team {team.name!r} has {len(team.bots)} Kongbots but the arena has "
                               f"{room} entry hex{'es' * (room != 1)} `{TEAMS[t]}` for it", (*tp, "bots")))
        for b, bot in enumerate(team.bots):
            bp = (*tp, "bots", b)
            if bot.chassis != first:
                out.append(Problem("KB421", f"{team.call_signs[b] if b < len(team.call_signs) else bot.name!r} is a "
                                   f"{bot.chassis} but the first Kongbot is a {first}: both players must build the "
                                   "same class", (*bp, "chassis" if embedded else "build")))
            if embedded:
                out += [p for p in build_problems(bot, rules, bp) if p.severity is Severity.ERROR]
                continue
            for p in build_problems(bot, rules):
                if p.severity is Severity.ERROR:
                    out.append(replace(p, code="KB424", message=f"build {bot.name!r}: {p.message}",
                                       path=(*bp, "build")))
    return out


def resolve(model: Scenario, ctx: CheckContext | None = None) -> tuple[ResolvedScenario | None, list[Problem]]:
    """Follow the scenario's references; the problems say what could not be followed or does not fit."""
    return _resolve(model, ctx, reference_problems(KIND, model, ctx))


def _resolve(model: Scenario, ctx: CheckContext | None, problems: list[Problem]):
    arena = model_of(model.arena, ARENA, ctx)
    rules = model_of(model.ruleset, RULESET, ctx)
    if len(model.teams) != 2:
        problems.append(Problem("KB423", f"{len(model.teams)} teams; a battle has exactly two", ("teams",)))
    names = [same_key(t.name).casefold() for t in model.teams]
    for t, n in enumerate(names):
        if n in names[:t]:
            problems.append(Problem("KB425", f"team name {model.teams[t].name!r} is used twice", ("teams", t, "name")))
    teams: list[ResolvedTeam] = []
    broken = arena is None or rules is None
    for t, team in enumerate(model.teams):
        bots, signs = [], []
        for entry, bot in zip(team.bots, models_of((e.build for e in team.bots), BUILD, ctx)):
            if bot is None:  # the reference stage says why
                broken = True
                continue
            bots.append(bot)
            signs.append(entry.name or bot.name)
        if not team.bots:
            problems.append(Problem("KB423", f"team {team.name!r} has no Kongbots", ("teams", t, "bots")))
        teams.append(ResolvedTeam(name=team.name, bots=bots, call_signs=signs))
    if broken or any(p.severity is Severity.ERROR for p in problems):
        return None, problems
    res = ResolvedScenario(name=model.name, arena=arena, ruleset=rules, teams=teams)
    problems += team_problems(res)
    if any(p.severity is Severity.ERROR for p in problems):
        return None, problems
    return res, problems


def check_scenario(model: Scenario, ctx: CheckContext) -> Iterable[Problem]:
    return _resolve(model, ctx, [])[1]  # the loader's reference stage has reported the references


def embedded_problems(res: ResolvedScenario, path: tuple) -> list[Problem]:
    """Errors of a resolved scenario carried inside another file (a saved game)."""
    out = arena_problems(res.arena.rows, (*path, "arena", "rows"))
    return out + team_problems(res, path, embedded=True)


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=Scenario,
        suffix=".scn.yaml",
        title="Kongbots scenario",
        description="A Kongbots battle: an arena, a ruleset and two teams of Kongbots of one chassis class.",
        checks=(check_scenario,),
    )
)
