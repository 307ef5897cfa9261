"""Starting a Circuit War game from a scenario: the board, the CPUs (random edge points when the
scenario says `cpus: random`, as in the original: "CPU's are placed randomly on the edges"), and the
starting energies. All chance comes from the game's CounterRng: a game is a pure function of
(scenario, ruleset, seed, actions)."""
from __future__ import annotations

from pathlib import Path

from gridsmith.engine.core.bounds import require_bounds
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.circuitwar import lattice as L
from gridsmith.formats.circuitwar.ruleset import Ruleset
from gridsmith.formats.circuitwar.refs import load_ruleset
from gridsmith.formats.circuitwar.scenario import Scenario

from .board import EMPTY, NO_CIRCUIT, Board, from_layers
from .state import CircuitWarState


def place_cpus(board: Board, seats: int, rng: CounterRng) -> None:
    """Put each side's CPU on a random free edge point not next to another CPU or a foreign circuit."""
    rows, cols = board.rows, board.cols
    edge = [p for p in board.points if L.on_edge(*board.rc(p), rows, cols)]
    for seat in range(seats):
        free = []
        for p in edge:
            if board.cpu[p] != EMPTY or board.runner[p] != EMPTY:
                continue
            near = [s for s in board.nbr[p] if s is not None]
            if any(board.cpu[q] != EMPTY for _, q in near):
                continue
            if any(board.owner[e] not in (NO_CIRCUIT, seat) for e, _ in near):
                continue
            free.append(p)
        if not free:
            raise ValueError("no free edge point left for a CPU")
        board.own("cpu")
        board.cpu[rng.choice(free)] = seat
        board.touch()


#: boards as scenarios draw them, by their layers: a batch starts the same scenario hundreds of times
#: and reading the layers cell by cell costs more than the rest of starting a small game (fortress)
_BOARDS: dict[tuple, Board] = {}


def _starting_board(grid: tuple[str, ...], objects: tuple[str, ...], charges: tuple[tuple[str, int], ...],
                    start_charge: int, level: int) -> Board:
    """A board from these layers (board.from_layers): a copy of the one made the first time. Its
    arrays are shared copy-on-write with that one (Board.copy), which nothing ever writes: every
    writer of a board's arrays owns them first, as it must with the copies every view makes."""
    key = (grid, objects, charges, start_charge, level)
    made = _BOARDS.get(key)
    if made is None:
        if len(_BOARDS) >= 64:
            _BOARDS.pop(next(iter(_BOARDS)))
        made = _BOARDS[key] = from_layers(list(grid), list(objects), dict(charges), start_charge, level)
    return made.copy()


def new_game(scenario: Scenario, seed: int = 0, ruleset: Ruleset | None = None,
             scenario_file: str | Path | None = None) -> CircuitWarState:
    """A new game; the ruleset is the scenario's (resolved relative to `scenario_file`) unless given."""
    if ruleset is None:
        ruleset = load_ruleset(scenario.ruleset, Path(scenario_file) if scenario_file else None)
    require_bounds(scenario, "the scenario")  # a model built or changed without validation
    require_bounds(ruleset, "the ruleset")
    charges = {}
    for ch in scenario.charges:
        charges[L.circuit_name(*L.parse_circuit(ch.at))] = ch.charge
    level = ("weak", "nominal", "strong").index(ruleset.build.gridrunner_level)
    board = _starting_board(tuple(scenario.grid), tuple(scenario.objects), tuple(charges.items()),
                            ruleset.capacitor.start_charge, level)
    rng = CounterRng(seed)
    n = len(scenario.players)
    if scenario.cpus == "random":
        place_cpus(board, n, rng)
    energy = [ruleset.energy.start if p.energy is None else p.energy for p in scenario.players]
    state = CircuitWarState(board, ruleset, energy, rng, [p.name for p in scenario.players])
    state.scenario = scenario
    state.seed = seed
    state.start()
    return state
