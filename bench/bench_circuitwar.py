"""Circuit War engine and computer players: speed figures (printed, never asserted).

    python bench/bench_circuitwar.py beams [--seconds 3]     # beam traces per second on a dense grid
    python bench/bench_circuitwar.py games [--games 20]      # complete random games per second, 2 and 4 seats
    python bench/bench_circuitwar.py decide [--positions 30] # search (and heuristic) decision time
    python bench/bench_circuitwar.py                          # all three

The dense grid is the manual's 19 x 12 with every circuit built (seats alternating by column), an
object on every third circuit and a gridrunner on every fifth point; each trace fires from a random
gridrunner in a random open direction (engine.circuitwar.beam.preview, what the editor calls).
Decision positions are taken from seeded heuristic self-play on the 2-player duel.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gridsmith.engine.circuitwar.agents import HeuristicAgent, RandomAgent, SearchAgent  # noqa: E402
from gridsmith.engine.circuitwar.beam import preview  # noqa: E402
from gridsmith.engine.circuitwar.board import CHAR_OF_OBJECT, DIODE, from_layers  # noqa: E402
from gridsmith.engine.circuitwar.game import new_game  # noqa: E402
from gridsmith.engine.core.scenarios import load_scenario  # noqa: E402
from gridsmith.engine.circuitwar.state import CircuitWarState  # noqa: E402
from gridsmith.engine.core.rng import CounterRng  # noqa: E402
from gridsmith.formats.circuitwar import lattice as L  # noqa: E402
from gridsmith.formats.circuitwar.ruleset import default  # noqa: E402

CONTENT = ROOT / "content" / "circuitwar"


def dense_state(seed: int = 0) -> CircuitWarState:
    rng = CounterRng(seed)
    grid = L.empty_grid()
    rows, cols = len(grid), len(grid[0])
    objects = [" " * cols for _ in range(rows)]
    objs = [ch for o, ch in CHAR_OF_OBJECT.items() if o < DIODE and ch != "G"]
    k = 0
    for r in range(rows):
        for c in range(cols):
            if L.is_circuit(r, c):
                L.put(grid, r, c, "12"[(c // 2) % 2])
                k += 1
                if k % 3 == 0:
                    L.put(objects, r, c, rng.choice(objs))
            elif L.is_point(r, c) and (r * cols + c) % 5 == 0:
                L.put(grid, r, c, "ab"[rng.randrange(2)])
                L.put(objects, r, c, "wns"[rng.randrange(3)])
    board = from_layers(grid, objects, {}, 10, 1)
    s = CircuitWarState(board, default(), [100, 100], rng)
    s.turn, s.phase, s.seat, s.left = 1, "action", 0, 3
    return s


def bench_beams(seconds: float) -> None:
    s = dense_state()
    rng = CounterRng(1)
    runners = [p for p in s.board.points if s.board.runner[p] >= 0]
    n, pushes, length = 0, 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        p = rng.choice(runners)
        d = rng.choice(s.board.exits(p))
        t = preview(s, p, d, rng.randrange(4), rng=CounterRng(n))
        n += 1
        pushes += len(t.pushes)
        length += len(t.path)
    dt = time.perf_counter() - t0
    print(f"beam traces: {n / dt:,.0f} per second on a dense 19 x 12 grid "
          f"(mean path {length / n:.1f} points, {pushes / n:.2f} pushes; each on a copy of the game)")


def bench_games(games: int) -> None:
    for name, seats in (("duel", 2), ("four", 4)):
        scenario = load_scenario(CONTENT / f"{name}.scn.yaml", "circuitwar.scenario")
        agents = [RandomAgent() for _ in range(seats)]
        actions = turns = bound = 0
        t0 = time.perf_counter()
        for g in range(games):
            s = new_game(scenario, g, scenario_file=CONTENT / f"{name}.scn.yaml")
            rngs = [CounterRng(1000 + g * 8 + q) for q in range(seats)]
            while not s.is_over:
                q = s.to_move
                s.apply(agents[q].choose(s.view(q), s.legal_actions(), rngs[q]))
                actions += 1
            turns += s.turn
            bound += s.result.termination.name == "TURN_LIMIT"
        dt = time.perf_counter() - t0
        print(f"random games, {seats} seats ({name}): {games / dt:.2f} games/s, {actions / dt:,.0f} actions/s "
              f"({actions / games:.0f} actions and {turns / games:.1f} turns per game; {bound} of {games} "
              f"ended by the safety bound turns.max_turns = {s.rules.turns.max_turns})")


def bench_decide(count: int) -> None:
    scenario = load_scenario(CONTENT / "duel.scn.yaml", "circuitwar.scenario")
    positions, g = [], 0
    h = HeuristicAgent()
    while len(positions) < count:
        s = new_game(scenario, g, scenario_file=CONTENT / "duel.scn.yaml")
        rngs = [CounterRng(g * 2 + 1), CounterRng(g * 2 + 2)]
        stop = 40 + (g * 53) % 200
        k = 0
        while not s.is_over and k < stop:
            q = s.to_move
            s.apply(h.choose(s.view(q), s.legal_actions(), rngs[q]))
            k += 1
        if not s.is_over:
            positions.append(s)
        g += 1
    for agent in (HeuristicAgent(), SearchAgent()):
        times = {}
        for i, s in enumerate(positions):
            v = s.view(s.to_move)
            t0 = time.perf_counter()
            agent.choose(v, s.legal_actions(), CounterRng(i))
            times.setdefault(s.phase, []).append(time.perf_counter() - t0)
        allt = [x for ts in times.values() for x in ts]
        per = ", ".join(f"{ph} {statistics.median(ts) * 1000:.1f} ms (n={len(ts)})" for ph, ts in sorted(times.items()))
        print(f"{agent.name} decision time: median {statistics.median(allt) * 1000:.1f} ms, "
              f"max {max(allt) * 1000:.1f} ms over {len(allt)} positions; by phase: {per}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", nargs="?", choices=("beams", "games", "decide", "all"), default="all")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--positions", type=int, default=30)
    a = ap.parse_args()
    if a.what in ("beams", "all"):
        bench_beams(a.seconds)
    if a.what in ("games", "all"):
        bench_games(a.games)
    if a.what in ("decide", "all"):
        bench_decide(a.positions)


if __name__ == "__main__":
    main()
