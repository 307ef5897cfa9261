"""Pyramids rules engine (manual 003): movement, combat, hidden information, Cheops.

    from gridsmith.engine.core.games import get
    game = get("pyramids")                      # engine.pyramids.api.GAME
    state = game.new_game(scenario_model, seed=1, base="content/pyramids")

`new_game` below is the older shortcut (a scenario model, a resolved scenario or a file path).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any


def new_game(scenario: Any, seed: int = 0, **kwargs: Any):
    """A new game from a resolved scenario, a `pyramids.scenario` model (references resolved from
    `base`, else the working folder), or a scenario file path."""
    from .api import GAME
    from .game import load_scenario

    if isinstance(scenario, (str, Path)):
        scenario = load_scenario(scenario)
    return GAME.new_game(scenario, seed, kwargs.get("ruleset"), kwargs.get("base"))
