"""Starting a Pendulous game."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from gridsmith.engine.core.bounds import require_bounds
from gridsmith.formats.pendulous.ruleset import Ruleset
from gridsmith.formats.pendulous.scenario import Scenario

from gridsmith.formats.pendulous.refs import load_ruleset
from .state import PendulousState


def start_game(
    scenario: Scenario, ruleset: Ruleset | None = None, seed: int = 0, scenario_file: Path | None = None
) -> tuple[PendulousState, list[Any]]:
    """A new game and the events of its first moment (the setup turn of red starting).
    `scenario_file` resolves a ruleset path the scenario names relative to it; RulesetError when
    the ruleset is missing or invalid."""
    if ruleset is None:
        ruleset = load_ruleset(scenario.ruleset, scenario_file)
    require_bounds(scenario, "the scenario")  # a model built or changed without validation
    require_bounds(ruleset, "the ruleset")
    return PendulousState.start(scenario, ruleset, seed)


def new_game(
    scenario: Scenario, ruleset: Ruleset | None = None, seed: int = 0, scenario_file: Path | None = None
) -> PendulousState:
    """A new game of `scenario` under `ruleset` (None: the one the scenario names, else the default)."""
    return start_game(scenario, ruleset, seed, scenario_file)[0]
