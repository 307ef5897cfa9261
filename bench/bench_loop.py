"""The shared play loop's cost (issue 32 item 1): actions per second of random-player games driven by
`engine.core.loop.Match`, per game, and the speed-up over a baseline revision measured in the same run.

Two figures per scenario, random players in every seat, fixed seeds and agent seed, CPU time
(`time.process_time`, so other processes on a loaded machine do not count), `Match.run` only (setting
the game up is not timed):

- `game`: the real engine, loop and players together (what `gridsmith simulate --seats random` does);
- `loop`: the same games replayed through the loop over a stand-in state that answers from the record
  (each question costs a list index), so what is left is the loop's own work and the players' dice.

The baseline is another revision (default: the commit before HEAD; `--baseline REV`), exported with
`git archive` into a temporary folder and measured by this script in a child process whose
`gridsmith` is that tree (bench_throughput.py explains how). Figures, never assertions:

    python bench/bench_loop.py                          # 5 games per scenario against HEAD~1
    python bench/bench_loop.py --games 10 --baseline d07b05a
    python bench/bench_loop.py --no-baseline --json
"""
from __future__ import annotations

import argparse
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_throughput import scenarios  # noqa: E402 - a sibling script, found through the line above

#: one scenario per game (random players show the loop's share best where the engine is cheap)
SCENARIOS = ["circuitwar/duel", "pendulous/duel", "kongbots/scout-duel", "pyramids/sample", "pendulum/duel"]


class Replay:
    """A recorded game as a state: who moves, the one legal action and the events come from the record,
    so a random player picks the recorded action (with one throw of its dice) and the engine costs
    next to nothing."""

    def __init__(self, steps: list[tuple[int | None, Any, list[Any]]]) -> None:
        self.steps = steps
        self.i = 0
        self.now = 0

    @property
    def is_over(self) -> bool:
        return self.i >= len(self.steps)

    @property
    def to_move(self) -> int | None:
        return None if self.i >= len(self.steps) else self.steps[self.i][0]

    def view(self, seat: int) -> "Replay":
        return self

    def legal_actions(self) -> list[Any]:
        return [self.steps[self.i][1]]

    def apply(self, action: Any, seat: int | None = None) -> list[Any]:
        events = self.steps[self.i][2]
        self.i += 1
        return events

    def advance(self) -> list[Any]:
        return self.apply(None)


class ClockedReplay(Replay):
    """A recorded clocked game (Pendulum): the loop also asks for the clock (engine.core.loop)."""

    def next_time(self) -> int | None:
        return None

    def advance_to(self, ms: int) -> list[Any]:
        return []


def measure(game_name: str, path: Path, n_games: int, seed: int, repeat: int) -> dict:
    """Play `n_games` seeds with random players: CPU time of `Match.run` over the engine, then over
    the recorded games (best of `repeat`)."""
    from gridsmith.engine.core import games
    from gridsmith.engine.core.loop import Match, clocked
    from gridsmith.engine.core.rng import derive
    from gridsmith.formats.loader import load_file
    from gridsmith.formats.session import session

    game = games.get(game_name)
    model = load_file(path).model
    n = len(game.seats(model))
    records = []
    cpu = 0.0
    actions = 0
    for g in range(n_games):
        with session(roots=[str(path.parent)]):
            state = game.new_game(model, seed + g, base=str(path.parent))
        match = Match(state, [game.agent("random") for _ in range(n)], derive(seed, g), names=["random"] * n)
        t0 = time.process_time()
        match.run()
        cpu += time.process_time() - t0
        actions += match.actions
        records.append((clocked(state), [(s.seat, s.action, s.events) for s in match.steps]))
    best = float("inf")
    for _ in range(repeat):
        spent = 0.0
        for g, (is_clocked, steps) in enumerate(records):
            replay = (ClockedReplay if is_clocked else Replay)(steps)
            match = Match(replay, [game.agent("random") for _ in range(n)], derive(seed, g), names=["random"] * n)
            t0 = time.process_time()
            match.run()
            spent += time.process_time() - t0
            if match.actions != sum(1 for s in steps if s[0] is not None):
                raise RuntimeError(f"{game_name}: the replay of game {g} did not follow its record")
        best = min(best, spent)
    return {"scenario": f"{game_name}/{path.name.split('.')[0]}", "games": n_games, "actions": actions,
            "game_actions_per_s": actions / cpu, "loop_actions_per_s": actions / best,
            "loop_us_per_action": best / actions * 1e6, "game_us_per_action": cpu / actions * 1e6}


def run_here(args: argparse.Namespace) -> list[dict]:
    wanted = args.scenarios or SCENARIOS
    found = {f"{g}/{p.name.split('.')[0]}": (g, p) for g, p in scenarios(None)}
    rows = []
    for key in wanted:
        if key in found:
            rows.append(measure(*found[key], args.games, args.seed, args.repeat))
            if args.progress:
                print(f"  {key}: {rows[-1]['loop_us_per_action']:.1f} us/action in the loop", file=sys.stderr)
    return rows


def run_baseline(args: argparse.Namespace) -> list[dict] | None:
    """The same measurement on revision `args.baseline`, in a child process over an exported tree."""
    folder = Path(tempfile.mkdtemp(prefix="gridsmith-loop-baseline-"))
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", args.baseline],
                                 capture_output=True)
        if archive.returncode:
            print(f"baseline {args.baseline}: {archive.stderr.decode().strip()}", file=sys.stderr)
            return None
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as t:
            t.extractall(folder / "tree", filter="data")
        tree = folder / "tree"
        command = [sys.executable, str(Path(__file__).resolve()), "--tree", str(tree), "--no-baseline", "--json",
                   "--games", str(args.games), "--seed", str(args.seed), "--repeat", str(args.repeat),
                   "--scenarios", *(args.scenarios or SCENARIOS)]
        child = subprocess.run(command, capture_output=True, text=True, cwd=tree)
        if child.returncode:
            print(f"baseline {args.baseline} failed:\n{child.stderr[-2000:]}", file=sys.stderr)
            return None
        return list(json.loads(child.stdout)["rows"])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=5, help="games per scenario (default 5)")
    p.add_argument("--seed", type=int, default=1, help="first seed; also the agent seed")
    p.add_argument("--repeat", type=int, default=3, help="replays of the recorded games; the best counts")
    p.add_argument("--scenarios", nargs="*", help=f"game/scenario names (default: {' '.join(SCENARIOS)})")
    p.add_argument("--baseline", default="HEAD~1", help="the revision to compare with (default HEAD~1)")
    p.add_argument("--no-baseline", action="store_true", help="measure this tree only")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    p.add_argument("--tree", help=argparse.SUPPRESS)  # the baseline child: measure this exported tree
    p.add_argument("--progress", action="store_true", help="a line per scenario on stderr")
    args = p.parse_args()
    sys.path.insert(0, args.tree or str(ROOT))
    rows = run_here(args)
    base = None if args.no_baseline or args.tree else run_baseline(args)
    if base is not None:
        by_key = {b["scenario"]: b for b in base}
        for r in rows:
            b = by_key.get(r["scenario"])
            for kind in ("game", "loop"):
                r[f"{kind}_speedup"] = r[f"{kind}_actions_per_s"] / b[f"{kind}_actions_per_s"] if b else None
            r["baseline_loop_us_per_action"] = b["loop_us_per_action"] if b else None
            r["same_games"] = bool(b) and b["actions"] == r["actions"]
    if args.json:
        print(json.dumps({"baseline": None if base is None else args.baseline, "rows": rows}, indent=1))
        return 0
    print(f"the play loop with random players, {args.games} games per row, CPU time"
          + (f"; speed-up over {args.baseline} (actions/s, same run)" if base is not None else ""))
    print(f"{'scenario':<22}{'game act/s':>11}{'speed-up':>9}{'loop act/s':>12}{'speed-up':>9}"
          f"{'loop us/act':>12}{'was':>7}")
    for r in rows:
        def ratio(kind: str) -> str:
            x = r.get(f"{kind}_speedup")
            return (f"{x:.2f}x" if x else "-") + ("" if r.get("same_games", True) else "*")
        was = r.get("baseline_loop_us_per_action")
        print(f"{r['scenario']:<22}{r['game_actions_per_s']:>11.0f}{ratio('game'):>9}{r['loop_actions_per_s']:>12.0f}"
              f"{ratio('loop'):>9}{r['loop_us_per_action']:>12.2f}{(f'{was:.2f}' if was else '-'):>7}")
    if any(not r.get("same_games", True) for r in rows):
        print("* the baseline played other games on these seeds (a rule or a player changed): compare with care")
    print("`loop`: the recorded games replayed over a stand-in state, so the engine's share is gone.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
