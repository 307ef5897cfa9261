"""Circuit War rules engine (manual 001): the four phases, objects, beams, collisions, and computer
players.

    from gridsmith.engine.circuitwar import new_game
    state = new_game("content/circuitwar/duel.scn.yaml", seed=1)

`new_game` is the entry point the shared batch runner (engine.core.simulate) looks for.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any


def new_game(scenario: Any, seed: int = 0, ruleset: Any = None, **kwargs: Any):
    """A new game from a `circuitwar.scenario` model or a scenario file path."""
    from .game import load_scenario
    from .game import new_game as _new_game

    if isinstance(scenario, (str, Path)):
        kwargs.setdefault("scenario_file", scenario)
        scenario = load_scenario(scenario)
    return _new_game(scenario, seed, ruleset=ruleset, **kwargs)
