"""Computer players for Kongbots: random, and a tactical greedy one (the search player is in
engine.kongbots.search). All see only their view and draw only on their own generator."""
from __future__ import annotations

from typing import Any

from gridsmith.engine.core import agents as core_agents
from gridsmith.engine.core.rng import CounterRng

from .actions import Done
from .evaluate import Tactics
from .state import KongbotsState


# the baseline every game shares (engine.core.agents)
RandomAgent = core_agents.RandomAgent


class GreedyAgent:
    """Tactical greedy: every order scored by its immediate expected gain (odds x value of what it may
    destroy, minus what it exposes), the best one played when it gains anything, else `done`.
    Lasers fire at the best expected damage or at a missile about to strike; missiles go at the
    most valuable Kongbot in sight; claws strike every adjacent enemy; moves go to the hex with the
    best standing (its weapons' reach against the enemy's, by Tactics.position)."""

    name = "greedy"

    def __init__(self, **options: Any) -> None:
        self.options = options

    def choose(self, view: Any, legal_actions: list, rng: CounterRng):
        state = KongbotsState.from_view(view, CounterRng(0))  # greedy throws no dice
        return best_order(state, legal_actions)


def best_order(state: KongbotsState, legal: list):
    tac = Tactics(state)
    best, best_score = None, 0.0
    for order in legal:
        if isinstance(order, Done):
            continue
        s = tac.score(order)
        if s > best_score + 1e-9:
            best, best_score = order, s
    return best if best is not None else next(o for o in legal if isinstance(o, Done))

