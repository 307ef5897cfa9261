"""Circuit War engine speed against a baseline revision, in CPU seconds (figures, never assertions).

    nice -n 10 .venv/bin/python bench/bench_circuitwar_speed.py --baseline d07b05a --games 4 --rounds 2

bench/bench_throughput.py measures wall time, which a shared, overloaded machine (load 15 on 2
cores while this was written) turns into noise; this one measures each row's process CPU time
(`time.process_time`) and alternates the two trees row by row, best of `--rounds`. Each row is a
child process: this tree (`here`) or the baseline exported with `git archive` (`base`); both play
the bundled scenarios with the same seeds, agent seed and players (random, heuristic in every seat).
Where a rule or a player changed in between, the two play other games: actions/s still compares the
engines, and the `same` column says whether the games were the same: every step's seat, action and
events (their text and repr) hashed after the clock stops (since session 39; before, the number of
actions). The clock runs from a game's setup to its end; finding the players
(engine.core.agents.create, which reads the installed packages' entry points each time) is left out
of it (since session 39). `--scenarios fortress` measures only the rows of those scenarios.

Setup counts: a batch starts the same scenario many times, and in fortress's short games (about 190
random actions, 130 heuristic) a game's setup weighs (session 39: its ruleset followed and its
board made once per run, while the files are unchanged).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("duel", "fortress", "four", "random")
PLAYERS = ("random", "heuristic")


def child(tree: str, scenario: str, player: str, games: int, seed: int) -> None:
    """Play the games in this process (the tree first on sys.path); print CPU seconds and actions."""
    sys.path.insert(0, tree)
    from gridsmith.engine.circuitwar.api import GAME
    from gridsmith.engine.core.agents import create
    from gridsmith.engine.core.loop import Match
    from gridsmith.formats.loader import load_file

    path = Path(tree) / "content" / "circuitwar" / f"{scenario}.scn.yaml"
    model = load_file(path).model
    actions, seconds, clock = 0, 0.0, time.process_time
    digest = hashlib.sha256()
    for s in range(seed, seed + games):
        # the players are found (entry points: engine.core.agents.create) outside the clock: that
        # lookup, several ms a seat, is not the engine, and would hide it in short games (fortress)
        players = [create("circuitwar", player) for _ in model.players]
        t0 = clock()
        state = GAME.new_game(model, s, base=str(path.parent))
        match = Match(state, players, s)
        match.run()
        seconds += clock() - t0
        actions += match.actions
        for step in match.steps:  # what was played, after the clock
            digest.update(repr((step.seat, step.action.to_text() if step.action is not None else None,
                                [e.to_text() for e in step.events], [repr(e) for e in step.events])).encode())
    print(json.dumps({"seconds": seconds, "actions": actions, "steps": digest.hexdigest()}))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--baseline", default="d07b05a")
    p.add_argument("--games", type=int, default=4, help="games per row (seeds SEED..)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=2, help="best of this many runs per row and tree")
    p.add_argument("--here", default=str(ROOT), help="the tree to measure (default: this checkout; e.g. an "
                   "exported older revision, to compare two revisions that play the same games)")
    p.add_argument("--scenarios", nargs="+", choices=SCENARIOS, default=list(SCENARIOS),
                   help="the scenarios to measure (default: all)")
    p.add_argument("--child", nargs=3, metavar=("TREE", "SCENARIO", "PLAYER"), help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child:
        child(a.child[0], a.child[1], a.child[2], a.games, a.seed)
        return 0
    folder = Path(tempfile.mkdtemp(prefix="gridsmith-cw-speed-"))
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", a.baseline], capture_output=True)
        if archive.returncode:
            print(archive.stderr.decode(), file=sys.stderr)
            return 1
        (folder / "t.tar").write_bytes(archive.stdout)
        with tarfile.open(folder / "t.tar") as t:
            t.extractall(folder / "base", filter="data")
        trees = {"here": a.here, "base": str(folder / "base")}
        print(f"Circuit War engine, {a.games} games per row, CPU seconds, best of {a.rounds}; "
              f"baseline {a.baseline}")
        print(f"{'scenario':<10}{'player':<11}{'base act/s':>11}{'here act/s':>11}{'speed-up':>9}"
              f"{'here games/s':>13}  same")
        for scenario in a.scenarios:
            for player in PLAYERS:
                best: dict[str, dict] = {}
                for _ in range(a.rounds):
                    for name, tree in trees.items():
                        out = subprocess.run([sys.executable, __file__, "--child", tree, scenario, player,
                                              "--games", str(a.games), "--seed", str(a.seed)],
                                             capture_output=True, text=True, cwd=tree)
                        if out.returncode:
                            print(out.stderr[-1500:], file=sys.stderr)
                            return 1
                        r = json.loads(out.stdout.strip().splitlines()[-1])
                        if name not in best or r["seconds"] < best[name]["seconds"]:
                            best[name] = r
                rate = {k: v["actions"] / v["seconds"] for k, v in best.items()}
                print(f"{scenario:<10}{player:<11}{rate['base']:>11.0f}{rate['here']:>11.0f}"
                      f"{rate['here'] / rate['base']:>8.2f}x{a.games / best['here']['seconds']:>13.2f}  "
                      f"{'yes' if best['here']['steps'] == best['base']['steps'] else 'no'}", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
