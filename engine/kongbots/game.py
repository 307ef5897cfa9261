"""Starting a battle: place both teams on their entry hexes and begin the first turn.

A battle is a pure function of (resolved scenario, seed, orders): every die comes from the state's
CounterRng.
"""
from __future__ import annotations

from gridsmith.engine.core.bounds import require_bounds
from gridsmith.engine.core.errors import ScenarioError
from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.core.scenarios import Resolver
from gridsmith.formats.kongbots.modules import EMPTY
from gridsmith.formats.kongbots.ruleset import Ruleset
from gridsmith.formats.kongbots.scenario import ResolvedScenario, Scenario, resolve

from .arena import arena_map
from .params import params
from .state import KongbotsState

#: Kongbots scenarios resolved for play (`SCENARIO(model, file)`, `SCENARIO.read(path)`)
SCENARIO = Resolver("kongbots.scenario", Scenario, ResolvedScenario, resolve)


def new_game(res: ResolvedScenario, seed: int, ruleset: Ruleset | None = None) -> KongbotsState:
    """A new battle of a resolved scenario (under `ruleset` instead of its own, when given)."""
    if ruleset is not None:
        res = res.model_copy(update={"ruleset": ruleset})
    require_bounds(res, "the scenario")  # a model built or changed without validation
    amap = arena_map(tuple(res.arena.rows))
    state = KongbotsState(amap, params(res.ruleset), CounterRng(seed))
    for t, team in enumerate(res.teams):
        spots = amap.entries[t]
        if len(spots) < len(team.bots):
            raise ScenarioError(f"team {team.name!r} has {len(team.bots)} Kongbots and {len(spots)} entry hexes")
        for i, (bot, sign) in enumerate(zip(team.bots, team.call_signs)):
            slots = [None if m == EMPTY else m for tender in bot.tenders for m in tender]
            state.add_bot(t, i + 1, sign, bot.chassis, slots, spots[i])
    state.scenario = res
    state.seed = seed
    state.first_events = state.begin()
    return state
