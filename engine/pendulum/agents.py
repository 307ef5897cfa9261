"""Computer players for Pendulum: random and greedy (a heuristic one-action look-ahead).

Both follow the Agent protocol (`choose(view, legal_actions, rng)`); in a timed round the runner adds
`wait` to the legal actions ("nothing until the next event").
"""
from __future__ import annotations

from typing import Any

from gridsmith.engine.core.rng import CounterRng


class RandomAgent:
    """A uniformly random legal action: the baseline."""

    name = "random"

    def __init__(self, **options: Any) -> None:
        self.options = options

    def choose(self, view: Any, legal_actions: list, rng: CounterRng):
        return rng.choice(legal_actions)
