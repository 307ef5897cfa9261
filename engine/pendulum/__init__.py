"""Pendulum rules engine (rulebook 002): a discrete-event simulation on a millisecond clock.

    from gridsmith.engine.pendulum import new_game
    state = new_game("content/pendulum/duel.scn.yaml", seed=1)

`new_game` is the entry point the shared batch runner looks for; engine.pendulum.runner plays a
game with computer seats on the clock.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any


def new_game(scenario: Any, seed: int = 0, **kwargs: Any):
    """A new game from a resolved scenario, a `pendulum.scenario` model (references resolved from the
    bundled content and the working folder), or a scenario file path."""
    from gridsmith.formats.pendulum.scenario import ResolvedScenario, Scenario, resolve

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
        raise TypeError(f"not a Pendulum scenario: {type(scenario).__name__}")
    kwargs.pop("ruleset", None)  # the scenario names its ruleset
    return _new_game(scenario, seed)
