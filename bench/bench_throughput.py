"""Engine throughput for every bundled scenario (issue 32 item 1): games per second and actions per
second with random players and with the game's default computer players, one process, fixed seeds
and agent seed, and the speed-up over a baseline engine measured in the same run.

The baseline is another revision of this repository (default: the commit before HEAD; `--baseline
REV`), exported with `git archive` into a temporary folder and run by this same script in a child
process whose `gridsmith` is that tree (a checkout's `gridsmith/__init__.py` finds its sibling
formats/, engine/ and editor/ folders). Both run the same scenarios, seeds and seats, so a ratio
compares engines, not machines or luck. Figures, never assertions:

    python bench/bench_throughput.py                    # every scenario, 6 games per seating
    python bench/bench_throughput.py --games 20 --only circuitwar pendulum --baseline d51ed56
    python bench/bench_throughput.py --no-baseline --json
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# gridsmith is imported inside the functions, after main() has put the tree to measure (this
# checkout, or the baseline's export) first on sys.path


def default_player(game) -> str:
    """The computer player a game plays by default (`default_agent` when the game names one, else
    its default seats' first computer player, else greedy)."""
    named = getattr(game, "default_agent", None)
    if named:
        return named
    computer = [s for s in game.default_seats if s != "human"]
    return "greedy" if "greedy" in game.agents() else (computer[0] if computer else game.agents()[0])


def scenarios(only: list[str] | None) -> list[tuple[str, Path]]:
    """(game, file) of every bundled scenario, by game then name."""
    from gridsmith.engine.core import games
    from gridsmith.formats import registry

    out = []
    for name in games.names():
        if only and name not in only:
            continue
        game = games.get(name)
        suffix = registry.get(game.scenario_kind).suffix
        out += [(name, p) for p in sorted((ROOT / "content" / name).glob(f"*{suffix}"))]
    return out


def measure(game_name: str, path: Path, player: str, n_games: int, seed: int) -> dict:
    """Play `n_games` seeds with `player` in every seat; games/s, actions/s and errors."""
    from gridsmith.engine.core import games
    from gridsmith.engine.core.simulate import make_specs, play_game
    from gridsmith.formats.loader import load_file

    game = games.get(game_name)
    model = load_file(path).model
    n = len(game.seats(model))
    specs = make_specs(game_name, model, [player] * n, n_games, seed=seed, base=str(path.parent), agent_seed=seed)
    t0 = time.perf_counter()
    records = [play_game(s) for s in specs]
    seconds = time.perf_counter() - t0
    actions = sum(r.actions for r in records)
    errors = [r.error.splitlines()[0] for r in records if r.error]
    return {"game": game_name, "scenario": path.name, "player": player, "games": n_games, "seconds": seconds,
            "games_per_s": n_games / seconds, "actions_per_s": actions / seconds, "actions": actions,
            "errors": errors[:3]}


def run_here(args: argparse.Namespace) -> list[dict]:
    from gridsmith.engine.core import games

    rows = []
    for game_name, path in scenarios(args.only):
        game = games.get(game_name)
        for player in dict.fromkeys(["random", default_player(game)]):
            rows.append(measure(game_name, path, player, args.games, args.seed))
            if args.progress:
                r = rows[-1]
                print(f"  {r['game']}/{r['scenario']} {r['player']}: {r['games_per_s']:.2f} games/s",
                      file=sys.stderr)
    return rows


def run_baseline(args: argparse.Namespace) -> list[dict] | None:
    """The same measurement on revision `args.baseline`, in a child process over an exported tree."""
    folder = Path(tempfile.mkdtemp(prefix="gridsmith-baseline-"))
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", args.baseline],
                                 capture_output=True)
        if archive.returncode:
            print(f"baseline {args.baseline}: {archive.stderr.decode().strip()}", file=sys.stderr)
            return None
        tar = folder / "tree.tar"
        tar.write_bytes(archive.stdout)
        with tarfile.open(tar) as t:
            t.extractall(folder / "tree", filter="data")
        tree = folder / "tree"
        command = [sys.executable, str(Path(__file__).resolve()), "--tree", str(tree), "--no-baseline", "--json",
                   "--games", str(args.games), "--seed", str(args.seed)]
        if args.only:
            command += ["--only", *args.only]
        child = subprocess.run(command, capture_output=True, text=True, cwd=tree)
        if child.returncode:
            print(f"baseline {args.baseline} failed:\n{child.stderr[-2000:]}", file=sys.stderr)
            return None
        return json.loads(child.stdout)["rows"]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=6, help="games per scenario and player (default 6)")
    p.add_argument("--seed", type=int, default=1, help="first seed; also the agent seed")
    p.add_argument("--only", nargs="*", help="games to measure (default: every registered game)")
    p.add_argument("--baseline", default="HEAD~1", help="the revision to compare with (default HEAD~1)")
    p.add_argument("--no-baseline", action="store_true", help="measure this tree only")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    p.add_argument("--tree", help=argparse.SUPPRESS)  # the baseline child: measure this exported tree
    p.add_argument("--progress", action="store_true", help="a line per measurement on stderr")
    args = p.parse_args()
    sys.path.insert(0, args.tree or str(ROOT))
    rows = run_here(args)
    base = None if args.no_baseline or args.tree else run_baseline(args)
    if base is not None:
        by_key = {(b["scenario"], b["player"], b["game"]): b for b in base}
        for r in rows:
            b = by_key.get((r["scenario"], r["player"], r["game"]))
            r["speedup"] = r["actions_per_s"] / b["actions_per_s"] if b and b["actions_per_s"] else None
            r["baseline_actions_per_s"] = b["actions_per_s"] if b else None
            # the same seeds and seats play the same games unless a rule or a player changed
            r["same_games"] = bool(b) and b["actions"] == r["actions"]
    if args.json:
        print(json.dumps({"baseline": None if base is None else args.baseline, "rows": rows}, indent=1))
        return 0
    print(f"engine throughput, {args.games} games per row, one process"
          + (f"; speed-up over {args.baseline} (actions/s, same run)" if base is not None else ""))
    print(f"{'scenario':<36}{'player':<11}{'games/s':>9}{'actions/s':>11}{'speed-up':>10}  1,000 games on 2 cores")
    for r in rows:
        speed = f"{r['speedup']:.2f}x" if r.get("speedup") else "-"
        speed += "" if r.get("same_games", True) else "*"
        thousand = 1000 / r["games_per_s"] / 2
        print(f"{r['game'] + '/' + r['scenario']:<36}{r['player']:<11}{r['games_per_s']:>9.2f}"
              f"{r['actions_per_s']:>11.0f}{speed:>10}  {thousand / 60:5.1f} min"
              + (f"   errors: {r['errors']}" if r["errors"] else ""))
    if any(not r.get("same_games", True) for r in rows):
        print("* the baseline played other games on these seeds (a rule or a player changed): compare with care")
    print("Ratios need an otherwise idle machine: both sides run one after the other.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
