"""Engine-backed checks of Kongbots files, which `gridsmith validate` adds through the Game API
(`GAME.register_checks()`, engine.core.game): a saved battle must replay to its snapshot
(engine.kongbots.saves), and an arena's playability lints that need hex geometry."""
from __future__ import annotations

from collections.abc import Iterable

from gridsmith.engine.core.hexgrid import bfs_distances
from gridsmith.formats.coords import short
from gridsmith.formats.diagnostics import Problem, Severity
from gridsmith.formats.kongbots.arena import Arena, arena_problems
from gridsmith.engine.core.game import Checks
from gridsmith.formats.registry import CheckContext

from .arena import ArenaMap
from .saves import check_replay


def check_arena_play(model: Arena, ctx: CheckContext) -> Iterable[Problem]:
    if arena_problems(model.rows):
        return []
    amap = ArenaMap(tuple(model.rows))
    a, b = amap.entries
    reach = bfs_distances(a[0], amap.floor.__contains__)
    out = []
    if not any(h in reach for h in b):
        q, r = b[0]
        out.append(Problem("KB510", "no floor path joins the entries of team A and team B: the Kongbots can never "
                           "meet, and missiles cannot reach", ("rows", r, q), Severity.WARNING))
    for team, hexes in zip("AB", amap.entries):
        for q, r in hexes:
            if len(amap.neighbours((q, r))) == 0:
                out.append(Problem("KB511", f"entry hex of team {team} at {short((q, r), 'hex')} is walled in: a "
                                   "Kongbot there can never move", ("rows", r, q), Severity.WARNING))
    return out


CHECKS: Checks = (("kongbots.save", check_replay), ("kongbots.arena", check_arena_play))
