"""The Build list's cells cached by layout (state._build_cells) are what a scan of the board gives, at
every Build phase of whole games; a game's starting board, a copy of one made once per scenario,
never carries a game's changes into the next."""
from __future__ import annotations

from itertools import compress, filterfalse, repeat
from operator import eq
from pathlib import Path

from gridsmith.engine.circuitwar import state as S
from gridsmith.engine.circuitwar.api import GAME
from gridsmith.engine.circuitwar.board import EMPTY, NO_CIRCUIT, NONE
from gridsmith.engine.core.agents import create
from gridsmith.engine.core.loop import Match
from gridsmith.formats.loader import load_file

CONTENT = Path(__file__).resolve().parents[2] / "content" / "circuitwar"


def _scan(g: S.CircuitWarState, seat: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """The Build list's circuits, objects (any energy) and gridrunner points from a scan of the board:
    the engine's computation before the cache (session 39)."""
    b = g.board
    cpu, circs = b.cpu, b.circuits
    owners = b.on_circuits(b.owner)
    cpus = list(b.cpus().values())
    circuits = list(compress(circs, map(eq, owners, repeat(NO_CIRCUIT))))
    near_foe = {step[0] for c in cpus if cpu[c] != seat for step in b.nbr[c] if step is not None}
    circuits = list(filterfalse(near_foe.__contains__, circuits))
    mine = list(compress(circs, map(eq, owners, repeat(seat))))
    empty_mine = list(compress(mine, map(eq, map(b.obj.__getitem__, mine), repeat(NONE))))
    runners = [b.nbr[c][d][1] for c in cpus if cpu[c] == seat for d in b.exits(c) if cpu[b.nbr[c][d][1]] == EMPTY]
    return circuits, mine, empty_mine, runners


def test_the_cached_build_cells_are_the_scan_at_every_build_phase(monkeypatch):
    cached = S._build_cells
    seen: list[int] = []
    seen_state: list[S.CircuitWarState] = []  # the state whose Build list is being made

    def checked(b, seat):
        free, empty, runners = cached(b, seat)
        g = seen_state[0]
        circuits, _mine, empty_mine, scanned = _scan(g, seat)
        assert free == circuits and runners == scanned
        assert [e for e in empty if b.owner[e] == seat] == empty_mine
        seen.append(seat)
        return free, empty, runners

    real = S.CircuitWarState._builds

    def builds(self, seat):
        seen_state[:] = [self]
        got = real(self, seat)
        circuits, mine, empty_mine, runners = _scan(self, seat)
        costs, energy = self.rules.build.costs, self.energy[seat]
        assert got.circuits == (circuits if energy >= costs.circuit else [])
        if got.items or got.diode:
            assert got.objects == (mine if self.rules.build.objects_replace else empty_mine)
        assert got.runners == (runners if costs.gridrunner <= energy else [])
        return got

    monkeypatch.setattr(S, "_build_cells", checked)
    monkeypatch.setattr(S.CircuitWarState, "_builds", builds)
    for scenario, seats, seed in (("fortress", ["random", "random"], 2), ("fortress", ["heuristic"] * 2, 1),
                                  ("duel", ["random", "heuristic"], 3), ("four", ["random"] * 4, 1)):
        model = load_file(CONTENT / f"{scenario}.scn.yaml").model
        state = GAME.new_game(model, seed, base=str(CONTENT))
        Match(state, [create("circuitwar", s) for s in seats], seed).run()
    assert len(seen) > 100


def test_games_from_one_scenario_start_from_the_same_board():
    model = load_file(CONTENT / "fortress.scn.yaml").model
    first = GAME.new_game(model, 1, base=str(CONTENT)).board.to_layers()
    state = GAME.new_game(model, 2, base=str(CONTENT))
    Match(state, [create("circuitwar", "random")] * 2, 2).run()
    assert state.board.to_layers() != first
    assert GAME.new_game(model, 3, base=str(CONTENT)).board.to_layers() == first
