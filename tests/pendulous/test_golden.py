"""Golden playthroughs: complete seeded games stored as readable traces under golden/.

A change to the rules (or to the computer players) changes a trace; review the diff, then rewrite
the traces with:  GRIDSMITH_UPDATE_GOLDEN=1 python -m pytest tests/pendulous/test_golden.py
The computer players' generators are fixed with agent_seed = the trace's seed (engine.core.rng
seat_rngs; outside tests they come from a secret).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from gridsmith.engine.core.trace import compare, trace_game
from gridsmith.engine.pendulous.game import start_game
from gridsmith.engine.pendulous.agents import GreedyAgent, RandomAgent
from gridsmith.engine.pendulous.saves import replay, save_game
from gridsmith.formats.pendulous.scenario import SEAT_COLOURS

from .helpers import player, scenario

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("GRIDSMITH_UPDATE_GOLDEN") == "1"

# A small map with a port on each side of a strait, a ford, and an inland lake: land attacks,
# naval invasions, supply cuts and reversion all happen in a short game.
STRAIT = [
    "111~~~~2222",
    "1A11~~~22B2",
    "11111~22222",
    "1111112~222",
    "A1111222~~2",
    "1111~2222C2",
]


def _cases():
    strait = scenario(STRAIT, [player("Red", initial_forces=4, resource_rate=4),
                               player("Gray", initial_forces=4, resource_rate=4),
                               player("Green", initial_forces=3, resource_rate=3)],
                      turns=6, naval=True)
    from gridsmith.formats.loader import load_file

    duel = load_file(Path(__file__).resolve().parents[2] / "content" / "pendulous" / "duel.scn.yaml").model
    return {
        "strait-greedy-random-random-seed3": (strait, ("greedy", "random", "random"), 3),
        "strait-greedy-greedy-greedy-seed11": (strait, ("greedy", "greedy", "greedy"), 11),
        "duel-greedy-greedy-seed1": (duel, ("greedy", "greedy"), 1),
    }


def _agent(name):
    return {"greedy": GreedyAgent(), "random": RandomAgent(end_turn_chance=0.15)}[name]


@pytest.mark.parametrize("name", sorted(_cases()))
def test_golden_trace(name):
    sc, seats, seed = _cases()[name]
    state, opening = start_game(sc, None, seed)
    header = [f"golden trace {name}: seed {seed}, seats {', '.join(seats)}",
              "regenerate: GRIDSMITH_UPDATE_GOLDEN=1 python -m pytest tests/pendulous/test_golden.py",
              f"scenario: {sc.name}", "map:", *sc.map]
    lines = trace_game(state, [_agent(x) for x in seats], seed,
                       header, seat_name=lambda q: SEAT_COLOURS[q], opening=opening)
    lines += ["final board:", *state.board_text().split("\n")]
    diff = compare(GOLDEN / f"{name}.trace.txt", lines, update=UPDATE)
    assert diff is None, f"the game no longer plays as its golden trace:\n{diff}"
    # the actions of the trace replay to the same position (as a saved game would)
    again, _ = replay(save_game(state))
    assert again.vp == state.vp and again.owner == state.owner and again.result == state.result
