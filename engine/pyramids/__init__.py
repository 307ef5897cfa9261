"""Pyramids rules engine (manual 003): movement, combat, hidden information, Cheops.

    from gridsmith.engine.pyramids import new_game
    state = new_game("content/pyramids/sample.scn.yaml", seed=1)

`new_game` is the entry point the shared batch runner (engine.core.simulate) looks for.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any


def new_game(scenario: Any, seed: int = 0, **kwargs: Any):
    """A new game from a resolved scenario, a `pyramids.scenario` model (references resolved from
    the working folder), or a scenario file path."""
    from gridsmith.formats.pyramids.scenario import ResolvedScenario, Scenario, resolve

    from .game import load_scenario
    from .game import new_game as _new_game

    if isinstance(scenario, (str, Path)):
        scenario = load_scenario(scenario)
    elif isinstance(scenario, Scenario):
        res, problems = resolve(scenario)
        if res is None:
            raise ValueError("; ".join(p.message for p in problems))
        scenario = res
    if not isinstance(scenario, ResolvedScenario):
        raise TypeError(f"not a Pyramids scenario: {type(scenario).__name__}")
    kwargs.pop("ruleset", None)  # Pyramids has no ruleset file: its numbers are the options
    return _new_game(scenario, seed, **kwargs)
