"""The beam tracer's link to the engine: a game of the scenario as it is, and the engine's own
`beam.preview` (nothing here decides where a beam goes)."""
from __future__ import annotations

from gridsmith.engine.circuitwar.beam import BeamTrace, preview
from gridsmith.engine.circuitwar.game import new_game
from gridsmith.formats.circuitwar import lattice as L



def point_cell(state, v: tuple[int, int]) -> int:
    """The board's flat index of lattice point (x, y)."""
    return state.board.cell(2 * v[1], 2 * v[0])


def trace_state(state, v: tuple[int, int], direction: int, flux: int) -> BeamTrace:
    """The engine's preview of the beam of the gridrunner on point v (ValueError saying why not)."""
    return preview(state, point_cell(state, v), direction, flux)


def trace_scenario(scenario, ruleset, v, direction: int, flux: int, path=None) -> tuple[BeamTrace, int]:
    """Trace on a new game of `scenario` (seed 0): (trace, board columns)."""
    try:
        state = new_game(scenario, 0, ruleset=ruleset, scenario_file=path)
    except Exception as e:  # a scenario being drawn may not start a game yet: say why
        raise ValueError(f"the scenario cannot start a game yet ({e})") from None
    return trace_state(state, v, direction, flux), state.board.cols


def describe_trace(trace, cols: int) -> str:
    """The path's points in the one notation, the level at each, the pushes and why it ends."""
    names = [L.point_name(*divmod(c, cols)) for c in trace.path]
    levels = "".join("WNS"[max(0, min(2, lv))] for lv in trace.levels)
    pushes = ", ".join(f"{L.point_name(*divmod(a, cols))}→{L.point_name(*divmod(b, cols))}" for a, b in trace.pushes)
    return (f"{' '.join(names)} (levels {levels}); " + (f"pushes {pushes}; " if pushes else "") + trace.end)
