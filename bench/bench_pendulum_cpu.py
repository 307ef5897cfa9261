"""Pendulum engine speed in CPU seconds (printed, never asserted): actions and games per CPU second of
one process, random and greedy players in every seat of every bundled scenario, fixed seeds (agent
seed = game seed). CPU seconds (`time.process_time`) are steadier than wall seconds on a shared
machine; compare two engines by running this over each tree, back to back:

    git archive d07b05a | tar -x -C /tmp/before
    python bench/bench_pendulum_cpu.py --tree /tmp/before
    python bench/bench_pendulum_cpu.py                  # this checkout

`--tree DIR`: measure the `gridsmith` of another checkout or export (its scenarios too); it is put
first on the import path before anything of gridsmith is imported.

Each scenario file is read once and every game started from its model, as `gridsmith simulate` does
(`--read-each-game`: read the file for every game, as this bench did before). "1,000 games on 2
cores" is 1,000 times the CPU seconds of a game, over 2.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("duel", "first-game", "trio", "quartet", "full")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", default=str(ROOT), help="the checkout or export to measure (default: this one)")
    ap.add_argument("--seeds", type=int, nargs="*", default=[1, 2], help="game seeds (default 1 2)")
    ap.add_argument("--read-each-game", action="store_true", help="read the scenario file for every game")
    args = ap.parse_args()
    tree = Path(args.tree).resolve()
    sys.path.insert(0, str(tree))  # before any gridsmith import: the tree measured is this one
    from gridsmith.engine.core.agents import create
    from gridsmith.engine.core.loop import Match
    from gridsmith.engine.pendulum.api import GAME
    from gridsmith.formats.loader import load_file
    from gridsmith.formats.session import session

    print(f"{tree}: seeds {args.seeds}" + (", the file read for every game" if args.read_each_game else ""))
    for scn in SCENARIOS:
        path = tree / "content" / "pendulum" / f"{scn}.scn.yaml"
        model = None if args.read_each_game else load_file(path).model
        for kind in ("random", "greedy"):
            cpu = actions = 0.0
            for seed in args.seeds:
                t0 = time.process_time()
                if model is None:
                    state = GAME.new_game(path, seed=seed)
                else:
                    with session(roots=[str(path.parent)]):  # as engine.core.simulate.play_game starts a game
                        state = GAME.new_game(model, seed, base=str(path.parent))
                match = Match(state, [create("pendulum", kind) for _ in range(state.n)], seed)
                match.run()
                cpu += time.process_time() - t0
                actions += match.actions
            n = len(args.seeds)
            print(f"{scn:11}{kind:7} {n / cpu:6.2f} games/cpu-s {actions / cpu:7.0f} actions/cpu-s "
                  f"({actions / n:.0f} actions a game; 1,000 games on 2 cores {1000 * cpu / n / 2 / 60:.1f} min)",
                  flush=True)


if __name__ == "__main__":
    main()
