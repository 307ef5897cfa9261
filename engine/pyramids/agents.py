"""Simple computer players for Pyramids: random (and the entry point for the search player, Cheops,
lives in engine.pyramids.cheops)."""
from __future__ import annotations

from typing import Any

from engine.core.rng import CounterRng


class RandomAgent:
    """Plays a uniformly random legal move: the baseline Cheops is measured against."""

    name = "random"

    def __init__(self, **options: Any) -> None:
        self.options = options

    def choose(self, view: Any, legal_actions: list, rng: CounterRng):
        return rng.choice(legal_actions)
