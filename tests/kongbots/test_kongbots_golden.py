"""Golden playthroughs of Kongbots: complete seeded battles stored as readable traces under golden/.

A change to the rules or to the computer players changes a trace; review the diff, then rewrite the
traces with: GRIDSMITH_UPDATE_GOLDEN=1 python -m pytest tests/kongbots/test_kongbots_golden.py
The computer players' generators are fixed with agent_seed = the trace's seed.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from gridsmith.engine.core.agents import create
from gridsmith.engine.core.trace import compare, trace_game
from gridsmith.engine.kongbots.api import GAME

GOLDEN = Path(__file__).parent / "golden"
CONTENT = Path(__file__).resolve().parents[2] / "content" / "kongbots"
UPDATE = os.environ.get("GRIDSMITH_UPDATE_GOLDEN") == "1"

CASES = {
    "scout-duel-greedy-search-seed2": ("scout-duel", ("greedy", "search"), 2),
    "warrior-skirmish-greedy-random-seed5": ("warrior-skirmish", ("greedy", "random"), 5),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_trace(name):
    scenario, seats, seed = CASES[name]
    state = GAME.new_game(CONTENT / f"{scenario}.scn.yaml", seed=seed)
    # margin 0: the search as it was when the trace was recorded (the best mean wins, no incumbent)
    agents = [create("kongbots", s, **({"samples": 2, "margin": 0} if s == "search" else {})) for s in seats]
    lines = trace_game(state, agents, seed, header=[f"{scenario}, {' vs '.join(seats)}, seed {seed}"],
                       seat_name=lambda q: "AB"[q], opening=state.first_events)
    lines.append(f"# result: {state.result.reason}")
    diff = compare(GOLDEN / f"{name}.trace.txt", lines, update=UPDATE)
    assert diff is None, diff
