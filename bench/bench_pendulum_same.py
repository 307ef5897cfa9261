"""Same games before and after a Pendulum speed change (printed, never asserted): every step's action
and events of seeded games on two engines, compared line by line.

    git archive 7b327fa | tar -x -C /tmp/before
    python bench/bench_pendulum_same.py --baseline /tmp/before

plays the games on the baseline tree (a subprocess with `--tree`, that tree first on the import path)
and on this checkout, and prints for each game whether its trace (engine.core.trace.trace_game: every
seat's action and every event, stamped with the game clock, then the result) is the same, or the first
line where it differs. The default games: `duel`, `first-game` (its first round untimed), `quartet` and
`full` with greedy, planner+greedy and random+greedy seats, seeds 31-35 (60 games), none of them a golden
trace's. Exit code 1 when a game
differs. `--tree DIR --out FILE` writes one tree's traces (what the baseline run does).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("duel", "first-game", "quartet", "full")
SEATS = {"greedy": ("greedy",), "planner+greedy": ("planner", "greedy"), "random+greedy": ("random", "greedy")}


def games(seeds: list[int]) -> list[tuple[str, str, int]]:
    return [(scn, mix, seed) for scn in SCENARIOS for mix in SEATS for seed in seeds]


def traces(tree: Path, seeds: list[int]) -> dict[str, list[str]]:
    """Every game's trace lines on the `gridsmith` of `tree` (put first on the import path)."""
    sys.path.insert(0, str(tree))  # before any gridsmith import: the tree played is this one
    from gridsmith.engine.core.agents import create
    from gridsmith.engine.core.trace import trace_game
    from gridsmith.engine.pendulum.api import GAME

    out: dict[str, list[str]] = {}
    for scn, mix, seed in games(seeds):
        state = GAME.new_game(tree / "content" / "pendulum" / f"{scn}.scn.yaml", seed=seed)
        kinds = SEATS[mix]
        agents = [create("pendulum", kinds[q % len(kinds)]) for q in range(state.n)]
        lines = trace_game(state, agents, seed, opening=GAME.opening(state))
        r = state.result
        lines.append(f"# result: winners {list(r.winners)}, VP {list(r.scores)}: {r.reason}; clock {state.state.now}")
        out[f"{scn} {mix} seed {seed}"] = lines
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", help="the tree (checkout or export) to compare this checkout with")
    ap.add_argument("--tree", help="play on this tree and write its traces to --out (no comparison)")
    ap.add_argument("--out", help="where --tree writes its traces (JSON)")
    ap.add_argument("--seeds", type=int, nargs="*", default=[31, 32, 33, 34, 35], help="game seeds (default 31-35)")
    args = ap.parse_args()
    if args.tree:
        Path(args.out).write_text(json.dumps(traces(Path(args.tree).resolve(), args.seeds)))
        return
    if not args.baseline:
        ap.error("--baseline DIR (or --tree DIR --out FILE)")
    base_file = Path("/tmp") / f"pendulum-same-{abs(hash(args.baseline))}.json"
    subprocess.run([sys.executable, __file__, "--tree", args.baseline, "--out", str(base_file),
                    "--seeds", *map(str, args.seeds)], check=True)
    before = json.loads(base_file.read_text())
    base_file.unlink()
    after = traces(ROOT, args.seeds)
    differ = 0
    steps = 0
    for name, lines in after.items():
        old = before[name]
        steps += sum(line.startswith(">") for line in lines)
        first = next((i for i, (a, b) in enumerate(zip(old, lines)) if a != b), None)
        if first is None and len(old) == len(lines):
            print(f"same       {name}: {len(lines)} lines")
            continue
        differ += 1
        i = first if first is not None else min(len(old), len(lines))
        print(f"DIFFERENT  {name}: line {i + 1}\n  before: {old[i] if i < len(old) else '(end)'}\n"
              f"  after:  {lines[i] if i < len(lines) else '(end)'}")
    print(f"{len(after) - differ} of {len(after)} games the same ({steps} actions compared)")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
