"""The balance lab's batch (figures, not assertions): greedy games of a bundled scenario, heat maps
on, played as the editor's Tools > Balance… plays them (engine.core.simulate.Batch in worker
processes started with "spawn"), with 1 and 2 worker processes.

    .venv/bin/python bench/bench_balance.py [--games 100] [--scenario content/pendulous/duel.scn.yaml]

Prints games per second for each and the speed-up as a ratio. 1 process plays in the calling process
(the lab's "Processes: 1", a background thread of the editor).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gridsmith.engine.core.simulate import Batch, executor, heat_map, make_specs, summarize  # noqa: E402
from gridsmith.formats.loader import load_file  # noqa: E402


def run(specs, jobs: int) -> tuple[float, float, list]:
    """(start-up seconds, playing seconds, records): start-up is spawning the workers and importing
    the engine in them (once per balance run), measured apart so the speed-up compares the games."""
    t0 = time.perf_counter()
    ex, close = executor(jobs, mp_context="spawn")
    try:
        if ex is not None:
            for f in [ex.submit(heat_map, []) for _ in range(jobs * 2)]:
                f.result()
        t1 = time.perf_counter()
        records = list(Batch(specs, ex))
    finally:
        close()
    return t1 - t0, time.perf_counter() - t1, records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--scenario", default=str(ROOT / "content" / "pendulous" / "duel.scn.yaml"))
    ap.add_argument("--seats", default="greedy")
    args = ap.parse_args()
    path = Path(args.scenario)
    loaded = load_file(path)
    game = loaded.spec.game
    from gridsmith.engine.core.games import get

    g = get(game)
    n = g.seat_count(g.new_game(loaded.model, 0, base=str(path.parent)))
    specs = make_specs(game, loaded.model, [args.seats] * n, args.games, seed=0, base=str(path.parent),
                       agent_seed=1, heat=True)
    rates = {}
    for jobs in (1, 2):
        startup, seconds, records = run(specs, jobs)
        s = summarize(records, n)
        _size, heat = heat_map(records)
        rates[jobs] = len(records) / seconds
        print(f"{path.name}: {len(records)} {args.seats} games, {jobs} process{'es' if jobs > 1 else ''}: "
              f"{seconds:.1f} s, {rates[jobs]:.2f} games/s (+{startup:.1f} s starting workers; errors {len(s.errors)}, "
              f"heat {sum(heat.values())} changes of hands)")
    print(f"speed-up 1 -> 2 processes: {rates[2] / rates[1]:.2f}x")
    import os

    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: other work on the machine lowers it)")


if __name__ == "__main__":
    main()
