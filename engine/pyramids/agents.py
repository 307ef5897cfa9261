"""Simple computer players for Pyramids: random (and the entry point for the search player, Cheops,
lives in engine.pyramids.cheops)."""
from __future__ import annotations

from typing import Any

from gridsmith.engine.core.rng import CounterRng


class RandomAgent:
    """Plays a uniformly random legal move: the baseline Cheops is measured against."""

    name = "random"

    def __init__(self, **options: Any) -> None:
        self.options = options

    def choose(self, view: Any, legal_actions: list, rng: CounterRng):
        return rng.choice(legal_actions)


class GreedyAgent:
    """Looks one move ahead: the best immediate gain in material and force field, averaged over a few
    boards sampled from its beliefs (Cheops' evaluation without the search)."""

    name = "greedy"

    def __init__(self, samples: int = 3, **options: Any) -> None:
        from .cheops import CheopsAgent

        self._inner = CheopsAgent(level=1, samples=samples, nodes=10**9, **options)
        self._inner.depth = 1

    def choose(self, view: Any, legal_actions: list, rng: CounterRng):
        return self._inner.choose(view, legal_actions, rng)
