"""Engine throughput for every bundled scenario (issue 32 item 1): games per second and actions per
second with random players and with the game's default computer players (`Game.default_agents`, as
`gridsmith simulate` seats them), fixed seeds and agent seed, and the speed-up over a baseline engine
measured in the same run.

The baseline is another revision of this repository (default: the commit before HEAD; `--baseline
REV`), exported with `git archive` into a temporary folder. Each measurement (a scenario and a
player) runs in a fresh child process of this script, for the baseline tree and for this one alike
(a checkout's `gridsmith/__init__.py` finds its sibling formats/, engine/ and editor/ folders), in
the order baseline, current, current, baseline (`--rounds 2`, the default): both sides start cold,
with the same seeds and seats, and a load that rises or falls during the run weighs on both alike.
Each side's figure is the faster of its rounds (the least disturbed), in CPU time
(`time.process_time`: other jobs on a shared machine do not count, though they still slow a process
down through shared caches). A ratio compares engines, not machines or luck. Figures, never
assertions:

    python bench/bench_throughput.py                    # every scenario, 6 games per seating
    python bench/bench_throughput.py --games 20 --only pendulous pyramids --baseline d07b05a
    python bench/bench_throughput.py --no-baseline --json
    python bench/bench_throughput.py --thousand 40      # "1,000 games on 2 cores", measured on a
                                                        # 2-worker pool as `gridsmith simulate` plays
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


def default_seats(game, n: int) -> list[str]:
    """The computer players `gridsmith simulate` seats by default: `Game.default_agents` (one name
    plays every seat, else one per seat); a tree without them: greedy, else the first computer player."""
    named = list(getattr(game, "default_agents", ()) or ())
    if not named:
        named = ["greedy" if "greedy" in game.agents() else game.agents()[0]]
    return named * n if len(named) == 1 else named[:n]


def label(seats: list[str]) -> str:
    return seats[0] if len(set(seats)) == 1 else "+".join(seats)


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


def rows_to_measure(only: list[str] | None) -> list[tuple[str, str, str]]:
    """(game, scenario file name, player) per measurement: random, then the default players."""
    from gridsmith.engine.core import games
    from gridsmith.formats.loader import load_file

    out = []
    for game_name, path in scenarios(only):
        game = games.get(game_name)
        n = len(game.seats(load_file(path).model))
        for player in dict.fromkeys(["random", label(default_seats(game, n))]):
            out.append((game_name, path.name, player))
    return out


def measure(game_name: str, name: str, player: str, n_games: int, seed: int) -> dict:
    """Play `n_games` seeds with `player` (a name, or `a+b` per seat) in one process: games/s,
    actions/s and errors."""
    from gridsmith.engine.core import games
    from gridsmith.engine.core.simulate import make_specs, play_game
    from gridsmith.formats.loader import load_file

    game = games.get(game_name)
    path = ROOT / "content" / game_name / name
    model = load_file(path).model
    n = len(game.seats(model))
    seats = player.split("+") if "+" in player else [player] * n
    specs = make_specs(game_name, model, seats, n_games, seed=seed, base=str(path.parent), agent_seed=seed)
    play_game(specs[0])  # untimed: first imports (agents load as entry points) and per-process caches
    t0, c0 = time.perf_counter(), time.process_time()
    records = [play_game(s) for s in specs]
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    actions = sum(r.actions for r in records)
    errors = [r.error.splitlines()[0] for r in records if r.error]
    # figures per CPU second: on a machine shared with other jobs the wall clock also counts their time
    return {"game": game_name, "scenario": name, "player": player, "games": n_games, "seconds": seconds,
            "cpu_seconds": cpu, "games_per_s": n_games / cpu, "actions_per_s": actions / cpu,
            "actions": actions, "errors": errors[:3]}


def child(tree: Path, row: tuple[str, str, str], args: argparse.Namespace) -> dict | None:
    """One measurement in a fresh process over `tree` (this checkout or the baseline's export)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--tree", str(tree), "--row", *row,
               "--games", str(args.games), "--seed", str(args.seed)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tree)
    if done.returncode:
        print(f"{tree} {'/'.join(row)} failed:\n{done.stderr[-2000:]}", file=sys.stderr)
        return None
    return json.loads(done.stdout)


def export(rev: str) -> Path | None:
    """`rev` exported with git archive into a temporary folder (the caller removes its parent)."""
    folder = Path(tempfile.mkdtemp(prefix="gridsmith-baseline-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev], capture_output=True)
    if archive.returncode:
        print(f"baseline {rev}: {archive.stderr.decode().strip()}", file=sys.stderr)
        shutil.rmtree(folder, ignore_errors=True)
        return None
    tar = folder / "tree.tar"
    tar.write_bytes(archive.stdout)
    with tarfile.open(tar) as t:
        t.extractall(folder / "tree", filter="data")
    return folder / "tree"


def best(results: list[dict | None]) -> dict | None:
    got = [r for r in results if r is not None]
    return min(got, key=lambda r: r["cpu_seconds"]) if got else None


def compare(args: argparse.Namespace) -> list[dict]:
    """Every row measured on this tree and (unless --no-baseline) on the baseline, interleaved."""
    tree = export(args.baseline) if not args.no_baseline else None
    try:
        rows = []
        for row in rows_to_measure(args.only):
            here: list[dict | None] = []
            base: list[dict | None] = []
            for k in range(args.rounds):
                order = [(tree, base), (ROOT, here)] if k % 2 == 0 else [(ROOT, here), (tree, base)]
                for t, into in order:
                    if t is not None:
                        into.append(child(t, row, args))
            r, b = best(here), best(base)
            if r is None:
                continue
            if b is not None:
                r["speedup"] = r["actions_per_s"] / b["actions_per_s"] if b["actions_per_s"] else None
                r["baseline_actions_per_s"] = b["actions_per_s"]
                r["baseline_games_per_s"] = b["games_per_s"]
                # the same seeds and seats play the same games unless a rule or a player changed
                r["same_games"] = b["actions"] == r["actions"]
            rows.append(r)
            if args.progress:
                print(f"  {r['game']}/{r['scenario']} {r['player']}: {r['games_per_s']:.2f} games/s"
                      + (f", {r['speedup']:.2f}x" if r.get("speedup") else ""), file=sys.stderr)
        return rows
    finally:
        if tree is not None:
            shutil.rmtree(tree.parent, ignore_errors=True)


def thousand(args: argparse.Namespace) -> list[dict]:
    """`--thousand N`: N games of every scenario with the default players on a 2-worker process pool,
    as `gridsmith simulate FILE --games N --jobs 2` plays them (spec pickling, per-game start-up and
    the pool included), and the time 1,000 games would take at that rate."""
    from gridsmith.engine.core import games
    from gridsmith.engine.core.simulate import executor, make_specs, run
    from gridsmith.formats.loader import load_file

    out = []
    for game_name, path in scenarios(args.only):
        game = games.get(game_name)
        model = load_file(path).model
        seats = default_seats(game, len(game.seats(model)))
        specs = make_specs(game_name, model, seats, args.thousand, seed=args.seed, base=str(path.parent),
                           agent_seed=args.seed)
        pool, close = executor(2)
        try:
            t0 = time.perf_counter()
            records = list(run(specs, pool))
            seconds = time.perf_counter() - t0
        finally:
            close()
        est = seconds / len(specs) * 1000
        out.append({"game": game_name, "scenario": path.name, "player": label(seats), "games": len(specs),
                    "seconds": seconds, "thousand_games_s": est,
                    "errors": [r.error for r in records if r.error][:3]})
        if args.progress:
            print(f"  {game_name}/{path.name}: {est / 60:.1f} min per 1,000 games", file=sys.stderr)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=6, help="games per scenario and player (default 6)")
    p.add_argument("--seed", type=int, default=1, help="first seed; also the agent seed")
    p.add_argument("--only", nargs="*", help="games to measure (default: every registered game)")
    p.add_argument("--baseline", default="HEAD~1", help="the revision to compare with (default HEAD~1)")
    p.add_argument("--no-baseline", action="store_true", help="measure this tree only")
    p.add_argument("--rounds", type=int, default=2,
                   help="measurements per side and row, alternating which side goes first (default 2)")
    p.add_argument("--thousand", type=int, metavar="N", default=0,
                   help="instead: play N games per scenario on 2 worker processes and estimate 1,000 games")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    p.add_argument("--tree", help=argparse.SUPPRESS)  # a child: the tree to import gridsmith from
    p.add_argument("--row", nargs=3, help=argparse.SUPPRESS)  # a child: game, scenario, player
    p.add_argument("--progress", action="store_true", help="a line per measurement on stderr")
    args = p.parse_args()
    sys.path.insert(0, args.tree or str(ROOT))
    if args.row:  # a child process: one measurement, as JSON (of this checkout's content, either tree)
        print(json.dumps(measure(*args.row, args.games, args.seed)))
        return 0
    if args.thousand:
        rows = thousand(args)
        if args.json:
            print(json.dumps({"thousand": rows}, indent=1))
            return 0
        print(f"1,000 games on 2 cores with the default players, estimated from {args.thousand} games per "
              "scenario on a 2-worker pool (`gridsmith simulate FILE --games 1000`; target: 2 min)")
        for r in rows:
            est = r["thousand_games_s"]
            print(f"{r['game'] + '/' + r['scenario']:<36}{r['player']:<15}{est / 60:6.1f} min"
                  f"  {'ok' if est <= 120 else 'over'}" + (f"   errors: {r['errors']}" if r["errors"] else ""))
        return 0
    rows = compare(args)
    base = not args.no_baseline and any("speedup" in r for r in rows)
    if args.json:
        print(json.dumps({"baseline": args.baseline if base else None, "rows": rows}, indent=1))
        return 0
    print(f"engine throughput per CPU second (time.process_time), {args.games} games per row, one process per "
          f"measurement, best of {args.rounds}"
          + (f"; speed-up over {args.baseline} (actions/s, same run, interleaved)" if base else ""))
    print(f"{'scenario':<36}{'player':<15}{'games/s':>9}{'actions/s':>11}{'speed-up':>10}  1,000 games on 2 cores")
    for r in rows:
        speed = f"{r['speedup']:.2f}x" if r.get("speedup") else "-"
        speed += "" if r.get("same_games", True) else "*"
        est = 1000 / r["games_per_s"] / 2  # two cores, no pool overhead (--thousand measures it)
        print(f"{r['game'] + '/' + r['scenario']:<36}{r['player']:<15}{r['games_per_s']:>9.2f}"
              f"{r['actions_per_s']:>11.0f}{speed:>10}  {est / 60:5.1f} min"
              + (f"   errors: {r['errors']}" if r["errors"] else ""))
    if any(not r.get("same_games", True) for r in rows):
        print("* the baseline played other games on these seeds (a rule or a player changed): compare with care")
    print("Ratios need an otherwise idle machine: the sides alternate, but a shared machine still adds noise.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
