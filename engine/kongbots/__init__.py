"""Kongbots rules engine (manual 004): pulses and phases, lasers, missiles, claws, malfunctions.

    from gridsmith.engine.kongbots import new_game
    state = new_game("content/kongbots/scout-duel.scn.yaml", seed=1)

`new_game` is the entry point the shared batch runner (engine.core.simulate) looks for.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any


def new_game(scenario: Any, seed: int = 0, ruleset: Any = None, scenario_file: Path | None = None, **_: Any):
    """A new battle from a resolved scenario, a `kongbots.scenario` model or a scenario file path;
    `ruleset` (a kongbots.ruleset model) replaces the scenario's own."""
    from .game import resolve_scenario, start

    return start(resolve_scenario(scenario, scenario_file), seed, ruleset)
