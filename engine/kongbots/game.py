"""Starting a battle: place both teams on their entry hexes and begin the first turn.

A battle is a pure function of (resolved scenario, seed, orders): every die comes from the state's
CounterRng.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from gridsmith.engine.core.errors import ScenarioError
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.kongbots.modules import EMPTY
from gridsmith.formats.kongbots.ruleset import Ruleset
from gridsmith.formats.kongbots.scenario import ResolvedScenario, Scenario, resolve
from gridsmith.formats.registry import CheckContext

from .arena import arena_map
from .params import params
from .state import KongbotsState


def start(res: ResolvedScenario, seed: int, ruleset: Ruleset | None = None) -> KongbotsState:
    """A new battle of a resolved scenario (under `ruleset` instead of its own, when given)."""
    if ruleset is not None:
        res = res.model_copy(update={"ruleset": ruleset})
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


def resolve_scenario(scenario: Any, file: Path | None = None) -> ResolvedScenario:
    """A resolved scenario from a resolved one, a `kongbots.scenario` model (references relative to
    `file`, else the working folder), or a scenario file's path."""
    if isinstance(scenario, ResolvedScenario):
        return scenario
    if isinstance(scenario, (str, Path)):
        from gridsmith.formats.loader import load_file

        file = Path(scenario)
        loaded = load_file(file)
        errors = [d.format_text() for d in loaded.diagnostics if d.is_error]
        if errors or not isinstance(loaded.model, Scenario):
            raise ScenarioError("\n".join(errors) or f"{file} is not a kongbots.scenario")
        scenario = loaded.model
    if not isinstance(scenario, Scenario):
        raise ScenarioError(f"not a Kongbots scenario: {type(scenario).__name__}")
    res, problems = resolve(scenario, CheckContext(file=file))
    if res is None:
        raise ScenarioError("; ".join(f"{p.code}: {p.message}" for p in problems if p.severity.value == "error"))
    return res
