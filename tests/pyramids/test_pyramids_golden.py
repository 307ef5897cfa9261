"""Golden playthroughs of Pyramids: complete seeded games stored as readable traces under golden/.

A change to the rules or to Cheops changes a trace; review the diff, then rewrite the traces with:
GRIDSMITH_UPDATE_GOLDEN=1 python -m pytest tests/pyramids/test_pyramids_golden.py
The computer players' generators are fixed with agent_seed = the trace's seed (engine.core.rng
seat_rngs; outside tests they come from a secret).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from gridsmith.engine.core.trace import compare, trace_game
from gridsmith.engine.pyramids.actions import SIDE_NAMES
from gridsmith.engine.pyramids.agents import RandomAgent
from gridsmith.engine.pyramids.cheops import CheopsAgent
from gridsmith.engine.pyramids.game import default_scenario, new_game
from gridsmith.engine.pyramids.saves import from_save, to_save

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("GRIDSMITH_UPDATE_GOLDEN") == "1"

CASES = {
    # Cheops with a fixed number of samples and no soft time budget: a pure function of the seed
    "cheops1-random-slide3-seed3": (dict(slide=3), ("cheops1", "random"), 3),
    "random-cheops2-slide1-hidden-seed8": (dict(slide=1, hide_attacks=True), ("random", "cheops2"), 8),
}


def _agent(name):
    if name == "random":
        return RandomAgent()
    return CheopsAgent(level=int(name[-1]), samples=2, nodes=10**9)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_trace(name):
    options, seats, seed = CASES[name]
    state = new_game(default_scenario(**options), seed)
    header = [f"golden trace {name}: seed {seed}, seats {', '.join(seats)}, options {options}",
              "regenerate: GRIDSMITH_UPDATE_GOLDEN=1 python -m pytest tests/pyramids/test_pyramids_golden.py",
              "player setup (back row first):", *state.setups[0], "cheops setup (back row first):", *state.setups[1]]
    lines = trace_game(state, [_agent(x) for x in seats], seed, header,
                       seat_name=lambda q: SIDE_NAMES[q])
    lines += ["final board (player, cheops):", *(f"{a}  {b}" for a, b in zip(state.grid(0), state.grid(1)))]
    diff = compare(GOLDEN / f"{name}.trace.txt", lines, update=UPDATE)
    assert diff is None, f"the game no longer plays as its golden trace:\n{diff}"
    again = from_save(to_save(state, seed))
    assert again.grid(0) == state.grid(0) and again.grid(1) == state.grid(1) and again.result == state.result
