"""Simple computer players for Pyramids: random (and the entry point for the search player, Cheops,
lives in engine.pyramids.cheops)."""
from __future__ import annotations

from typing import Any

from gridsmith.engine.core import agents as core_agents
from gridsmith.engine.core.rng import CounterRng

from .cheops import CheopsAgent


# the baseline every game shares (engine.core.agents)
RandomAgent = core_agents.RandomAgent


class GreedyAgent:
    """Looks one move ahead: the best immediate gain in material and force field, averaged over a few
    boards sampled from its beliefs (Cheops' evaluation without the search)."""

    name = "greedy"

    def __init__(self, samples: int = 3, **options: Any) -> None:
        self._inner = CheopsAgent(level=1, samples=samples, nodes=10**9, **options)
        self._inner.depth = 1

    def choose(self, view: Any, legal_actions: list, rng: CounterRng):
        return self._inner.choose(view, legal_actions, rng)
