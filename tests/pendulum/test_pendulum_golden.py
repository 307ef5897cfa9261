"""Golden playthroughs of Pendulum: complete seeded games stored as readable traces under golden/.

Each line is one seat's action or one event stamped with the game clock (`12.500s seat 1: ...`), so
a change to the rules, the clock or the computer players shows up as a changed trace. Review the
diff, then rewrite the traces with:
GRIDSMITH_UPDATE_GOLDEN=1 python -m pytest tests/pendulum/test_pendulum_golden.py
The computer players' generators are fixed with agent_seed = the trace's seed. The default players
(greedy), the random ones and the planner (with its look-ahead over flips and council) are traced.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from gridsmith.engine.core.agents import create
from gridsmith.engine.core.trace import compare, trace_game
from gridsmith.engine.pendulum.api import GAME

GOLDEN = Path(__file__).parent / "golden"
CONTENT = Path(__file__).resolve().parents[2] / "content" / "pendulum"
UPDATE = os.environ.get("GRIDSMITH_UPDATE_GOLDEN") == "1"

CASES = {
    "duel-greedy-greedy-seed1": ("duel", ("greedy", "greedy"), 1),
    "duel-greedy-greedy-seed2": ("duel", ("greedy", "greedy"), 2),
    "duel-random-greedy-seed3": ("duel", ("random", "greedy"), 3),
    "duel-random-random-seed4": ("duel", ("random", "random"), 4),
    "trio-greedy-greedy-greedy-seed5": ("trio", ("greedy",) * 3, 5),
    "first-game-random-greedy-random-seed6": ("first-game", ("random", "greedy", "random"), 6),
    "quartet-greedy-random-greedy-random-seed7": ("quartet", ("greedy", "random") * 2, 7),
    "full-greedy-x5-seed8": ("full", ("greedy",) * 5, 8),
    "full-greedy-x5-seed9": ("full", ("greedy",) * 5, 9),
    "duel-planner-greedy-seed21": ("duel", ("planner", "greedy"), 21),
    "quartet-greedy-planner-greedy-greedy-seed22": ("quartet", ("greedy", "planner", "greedy", "greedy"), 22),
}


def play_trace(scenario: str, seats: tuple[str, ...], seed: int) -> list[str]:
    state = GAME.new_game(CONTENT / f"{scenario}.scn.yaml", seed=seed)
    agents = [create("pendulum", s) for s in seats]
    lines = trace_game(state, agents, seed, header=[f"{scenario}, {' vs '.join(seats)}, seed {seed}"],
                       seat_name=lambda q: GAME.seat_name(state, q), opening=GAME.opening(state))
    r = state.result
    lines.append(f"# result: winners {list(r.winners)}, VP {list(r.scores)}: {r.reason}")
    lines.append(f"# clock {state.state.now} ms")
    return lines


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_trace(name):
    diff = compare(GOLDEN / f"{name}.trace.txt", play_trace(*CASES[name]), update=UPDATE)
    assert diff is None, f"the game no longer plays as its golden trace:\n{diff}"
