"""Pendulous agent strength on the bundled scenarios (figures, not assertions).

    .venv/bin/python bench/bench_pendulous_agents.py [--seeds N] [--jobs J] [--scenarios duel,siege]
        [--agent search] [--against greedy] [--options '{"budget": 300}']

For every seed, the agent plays each seat in turn against the other agent on the other seats
(`--rotate` of `gridsmith simulate`), and a baseline game has the other agent on every seat. Two
figures per scenario:

* win rate of the agent (sole winner), against the fair share 1/seats;
* paired: how often the agent's score in a seat beats the other agent's score in the same seat and
  seed of the baseline game, and the mean score difference. On maps where one seat is much stronger
  (most four-player maps under these agents), this is the fair comparison.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gridsmith.engine.core.simulate import GameSpec, make_specs, run  # noqa: E402
from gridsmith.engine.core.stats import wilson  # noqa: E402
from gridsmith.formats.loader import load_file  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--scenarios", default="duel,siege,archipelago,continent")
    ap.add_argument("--agent", default="search")
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--options", default="{}", help="JSON options of --agent")
    ap.add_argument("--against-options", default="{}", help="JSON options of --against")
    args = ap.parse_args()
    opts = json.loads(args.options)
    against = json.loads(args.against_options)
    for name in args.scenarios.split(","):
        sc = load_file(ROOT / "content" / "pendulous" / f"{name}.scn.yaml").model
        n = len(sc.players)
        specs = make_specs("pendulous", sc, [args.agent] + [args.against] * (n - 1), args.seeds, rotate=True,
                           seed=args.first_seed, agent_options=[opts] + [against] * (n - 1))
        # the baseline games carry rotation -1; in the others the agent sits in seat `rotation`
        base = [GameSpec("pendulous", sc, (args.against,) * n, seed, -1,
                         agent_options=(tuple(sorted(against.items())),) * n)
                for seed in range(args.first_seed, args.first_seed + args.seeds)]
        t = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as ex:
            recs = list(run(specs + base, ex))
        el = time.perf_counter() - t
        errors = [r.error for r in recs if r.error]
        baseline = {r.seed: r.scores for r in recs if r.rotation < 0 and not r.error}
        games = [r for r in recs if r.rotation >= 0 and not r.error]
        wins = sum(1 for r in games if r.winners == (r.rotation,))
        better = diff = 0.0
        for r in games:
            q = r.rotation
            d = r.scores[q] - baseline[r.seed][q]
            diff += d
            better += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
        w = wilson(wins, len(games))
        b = wilson(better, len(games))
        print(f"{sc.name} ({name}, {n} seats, {args.seeds} seeds x {n} seats = {len(games)} games, {el:.0f} s"
              f"{', ' + str(len(errors)) + ' errors' if errors else ''}):")
        print(f"  {args.agent} wins {w.to_text()} (fair share {100 / n:.0f}%)")
        print(f"  {args.agent} scores more than {args.against} in the same seat and seed: {b.to_text()}, "
              f"mean difference {diff / max(1, len(games)):+.1f} points")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
