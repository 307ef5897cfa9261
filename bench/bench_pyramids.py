"""Pyramids engine and Cheops: speed and strength figures (printed, never asserted).

    python bench/bench_pyramids.py movegen              # legal-move generation per second
    python bench/bench_pyramids.py speed [--moves 20]   # Cheops nodes/s and time per move, each level x slide
    python bench/bench_pyramids.py strength [--games 100] [--workers 2] [--pairings l4-l1] [--progress]
        # level 1 vs random and level 4 vs level 1, seats alternating, through engine.core.simulate:
        # wins / draws / losses, the win rate with its 95% Wilson interval, and each side's budget

Positions for the speed figures are taken from seeded random games between two level-1 players
(mid-game: 20-120 moves in), so every run measures the same positions.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gridsmith.engine.core import simulate  # noqa: E402
from gridsmith.engine.core.rng import CounterRng  # noqa: E402
from gridsmith.engine.pyramids.cheops import CheopsAgent  # noqa: E402
from gridsmith.engine.pyramids.game import default_scenario, new_game  # noqa: E402
from gridsmith.engine.pyramids.movegen import forbidden_by_repetition, gen_moves  # noqa: E402


def positions(slide: int, count: int, seed: int = 0) -> list:
    """Mid-game states reached by level-1 self-play."""
    out = []
    g = seed
    while len(out) < count:
        s = new_game(default_scenario(slide=slide), g)
        ag, rngs = CheopsAgent(level=1), [CounterRng(g * 2 + 1), CounterRng(g * 2 + 2)]
        stop_at = 20 + (g * 37) % 100
        while not s.is_over and s.ply < stop_at:
            p = s.to_move
            s.apply(ag.choose(s.view(p), s.legal_actions(), rngs[p]))
        if not s.is_over:
            out.append(s)
        g += 1
    return out


def bench_movegen() -> None:
    for slide in (1, 2, 3):
        states = positions(slide, 20)
        n = moves = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < 2.0:
            for s in states:
                side = s.to_move
                moves += len(gen_moves(s.geo, s.side_at, s.type_at, side, s.slide, forbidden_by_repetition(s.hist[side])))
                n += 1
        dt = time.perf_counter() - t0
        print(f"slide {slide}: {n / dt:8.0f} move generations/s, {moves / dt:9.0f} legal moves/s "
              f"({moves / n:.1f} moves per position)")


def bench_speed(per_cell: int) -> None:
    print("level slide  median s   p90 s   max s   nodes/s   samples")
    for slide in (1, 2, 3):
        states = positions(slide, per_cell, seed=100 * slide)
        for level in (1, 2, 3, 4):
            times, nps, samples = [], [], []
            for i, s in enumerate(states):
                ag = CheopsAgent(level=level)
                p = s.to_move
                t0 = time.perf_counter()
                ag.choose(s.view(p), s.legal_actions(), CounterRng(i))
                dt = time.perf_counter() - t0
                times.append(dt)
                nps.append(ag.last_nodes / dt if dt else 0)
                samples.append(ag.last_samples)
            times.sort()
            print(f"{level:5} {slide:5}  {statistics.median(times):8.3f} {times[int(0.9 * (len(times) - 1))]:7.3f} "
                  f"{times[-1]:7.3f} {statistics.median(nps):9.0f} {statistics.mean(samples):9.1f}")


PAIRINGS = {
    "l1-random": (["cheops", "random"], [{"level": 1}, {}], "level 1 vs random"),
    "l4-l1": (["cheops", "cheops"], [{"level": 4}, {"level": 1}], "level 4 vs level 1"),
    # issue 12: level 4 modelling what the player can know, against level 4 as it was (the
    # player's replies judged by the truth of Cheops' pieces)
    "l4-l4truth": (["cheops", "cheops"], [{"level": 4}, {"level": 4, "model_opponent": False}],
                   "level 4 vs level 4 without the opponent model"),
}


def _budget(opts: dict) -> str:
    """The search budget of a strength-pairing agent, as the games used it."""
    if "level" not in opts:
        return "random"
    ag = CheopsAgent(**opts)
    model = "" if ag.model_opponent else ", no opponent model"
    idle = f", reads idle pieces (rate {ag.idle_rate:g})" if ag.idle_rate else ""
    return (f"level {ag.level}: {ag.node_budget} nodes, at most {ag.samples} samples, depth {ag.depth}"
            f"{idle}{model}")


def bench_strength(games: int, workers: int, slide: int, pairings: str = "l1-random,l4-l1",
                   first_seed: int = 1, progress: bool = False, first_options: dict | None = None) -> None:
    scenario = default_scenario(slide=slide)
    for key in pairings.split(","):
        seats, opts, label = PAIRINGS[key]
        if first_options:  # a variant of the first agent (e.g. another node budget) against the same second
            opts = [{**opts[0], **first_options}, opts[1]]
            label = f"{label}, first agent with {json.dumps(first_options)}"
        print(f"{label} (slide {slide}, seeds {first_seed}-{first_seed + games // 2 - 1}, each played twice "
              f"with the seats swapped): {_budget(opts[0])} / {_budget(opts[1])}", flush=True)
        # one seed per game, seats alternating (rotate), so each side plays both seats equally
        specs = simulate.make_specs("pyramids", scenario, seats, games // 2, seed=first_seed, rotate=True,
                                    agent_options=opts)
        t0 = time.perf_counter()
        recs = []
        # --workers 1 plays in this process, in order (so an interrupted run's figures are a prefix)
        with ProcessPoolExecutor(workers) if workers > 1 else contextlib.nullcontext() as ex:
            for r in simulate.run(specs, ex):
                recs.append(r)
                if progress:
                    res = "error" if r.error else ("win" if r.winners == (r.rotation,) else
                                                   "draw" if len(r.winners) != 1 else "loss")
                    print(f"  game {len(recs)}: seed {r.seed}, first agent in seat {r.rotation}, {res}, "
                          f"{r.actions} moves; so far {_tally(recs)}, {time.perf_counter() - t0:.0f} s", flush=True)
        errors = [r.error for r in recs if r.error]
        ok = [r for r in recs if not r.error]
        lengths = sorted(r.actions for r in ok)
        print(f"{label} (slide {slide}): {_tally(recs)}, median {statistics.median(lengths):.0f} moves, "
              f"{len(errors)} errors, {time.perf_counter() - t0:.0f} s", flush=True)
        for e in errors[:3]:
            print("  error:", e.splitlines()[0])


def _tally(recs) -> str:
    """Wins, draws and losses of the first listed agent (it plays seat `rotation` of each game), and
    its win rate with the 95% Wilson interval (a draw counts as not won)."""
    ok = [r for r in recs if not r.error]
    wins = sum(1 for r in ok if r.winners == (r.rotation,))
    draws = sum(1 for r in ok if len(r.winners) != 1)
    return (f"{wins} wins / {draws} draws / {len(ok) - wins - draws} losses in {len(ok)} games, "
            f"win rate {simulate.wilson(wins, len(ok)).to_text()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("part", choices=["movegen", "speed", "strength", "all"])
    ap.add_argument("--moves", type=int, default=20, help="positions per level and slide (speed)")
    ap.add_argument("--games", type=int, default=100, help="games per pairing (strength)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--slide", type=int, default=2, help="slide for the strength games")
    ap.add_argument("--pairings", default="l1-random,l4-l1", help=f"strength pairings, of {', '.join(PAIRINGS)}")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--progress", action="store_true", help="a line per game with the running figures (strength)")
    ap.add_argument("--first-options", default="{}",
                    help='JSON options overriding the first agent\'s, e.g. \'{"nodes": 36000}\' (strength)')
    a = ap.parse_args()
    if a.part in ("movegen", "all"):
        bench_movegen()
    if a.part in ("speed", "all"):
        bench_speed(a.moves)
    if a.part in ("strength", "all"):
        bench_strength(a.games, a.workers, a.slide, a.pairings, a.first_seed, a.progress, json.loads(a.first_options))


if __name__ == "__main__":
    main()
