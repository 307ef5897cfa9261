"""Golden playthroughs of Circuit War: complete seeded games on the bundled duel, four and fortress
scenarios, stored as readable traces under golden/ (engine.core.trace, as for the other games).

A change to the rules or to the computer players changes a trace; review the diff, then rewrite the
traces with:  GRIDSMITH_UPDATE_GOLDEN=1 python -m pytest tests/circuitwar/test_cw_golden.py
The computer players' generators are fixed with agent_seed = the trace's seed. Random players never
drain a CPU, so their games use the bundled ruleset with a shorter safety bound (`turns.max_turns`,
RANDOM_TURNS) to keep the traces readable; the default players' games use the bundled ruleset as is.
The traces were recorded before session 38 changed two defaults, which they keep explicitly: the CPU
drain amounts of then (`collision.cpu_drain` OLD_DRAIN, the bundled ruleset's 10/20/30 then) and the
computer players' attacks on plain circuits (`blow_roads=True`) and the search's reserve kept
whatever the threat (`guard=False`), AGENT_OPTIONS.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from gridsmith.engine.circuitwar.api import GAME
from gridsmith.engine.circuitwar.saves import from_save, to_save
from gridsmith.engine.core.agents import create
from gridsmith.engine.core.trace import compare, trace_game
from gridsmith.formats.circuitwar.lattice import SEAT_COLOURS
from gridsmith.formats.circuitwar.refs import load_ruleset
from gridsmith.formats.loader import load_file

GOLDEN = Path(__file__).parent / "golden"
CONTENT = Path(__file__).resolve().parents[2] / "content" / "circuitwar"
UPDATE = os.environ.get("GRIDSMITH_UPDATE_GOLDEN") == "1"
RANDOM_TURNS = 8
OLD_DRAIN = {"weak": 10, "nominal": 20, "strong": 30}
AGENT_OPTIONS = {"heuristic": {"blow_roads": True}, "search": {"blow_roads": True, "guard": False}}

CASES = {
    "duel-random-random-seed1": ("duel", ("random", "random"), 1),
    "duel-random-random-seed2": ("duel", ("random", "random"), 2),
    "duel-heuristic-heuristic-seed1": ("duel", ("heuristic", "heuristic"), 1),
    "duel-heuristic-heuristic-seed2": ("duel", ("heuristic", "heuristic"), 2),
    "duel-heuristic-heuristic-seed3": ("duel", ("heuristic", "heuristic"), 3),
    "duel-search-heuristic-seed4": ("duel", ("search", "heuristic"), 4),
    "four-random-random-random-random-seed1": ("four", ("random",) * 4, 1),
    "four-heuristic-heuristic-heuristic-heuristic-seed1": ("four", ("heuristic",) * 4, 1),
    "four-heuristic-heuristic-heuristic-heuristic-seed2": ("four", ("heuristic",) * 4, 2),
    "fortress-random-random-seed1": ("fortress", ("random", "random"), 1),
    "fortress-heuristic-heuristic-seed1": ("fortress", ("heuristic", "heuristic"), 1),
    "fortress-heuristic-heuristic-seed2": ("fortress", ("heuristic", "heuristic"), 2),
}


def _game(scenario: str, seats: tuple[str, ...], seed: int):
    path = CONTENT / f"{scenario}.scn.yaml"
    model = load_file(path).model
    ruleset = load_ruleset(model.ruleset, path)
    ruleset = ruleset.model_copy(update={"collision": ruleset.collision.model_copy(
        update={"cpu_drain": ruleset.collision.cpu_drain.model_copy(update=OLD_DRAIN)})})
    if "random" in seats:
        ruleset = ruleset.model_copy(update={"turns": ruleset.turns.model_copy(update={"max_turns": RANDOM_TURNS})})
    return GAME.new_game(model, seed, ruleset=ruleset), ruleset


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_trace(name):
    scenario, seats, seed = CASES[name]
    state, ruleset = _game(scenario, seats, seed)
    header = [f"golden trace {name}: {scenario}, seed {seed}, seats {', '.join(seats)}, "
              f"max_turns {ruleset.turns.max_turns}",
              "regenerate: GRIDSMITH_UPDATE_GOLDEN=1 python -m pytest tests/circuitwar/test_cw_golden.py"]
    lines = trace_game(state, [create("circuitwar", s, **AGENT_OPTIONS.get(s, {})) for s in seats], seed, header,
                       seat_name=lambda q: SEAT_COLOURS[q], opening=GAME.opening(state))
    lines.append(f"# result: {state.result.reason}; winners {list(state.result.winners)}; turn {state.turn}")
    lines += [f"# {row}" for row in state.board.to_layers()[0]]
    diff = compare(GOLDEN / f"{name}.trace.txt", lines, update=UPDATE)
    assert diff is None, f"the game no longer plays as its golden trace:\n{diff}"
    # the actions of the trace replay to the same position (as a saved game would)
    again, _ = from_save(to_save(state, list(seats)))
    assert again.board.to_layers() == state.board.to_layers() and again.energy == state.energy
    assert again.result == state.result
