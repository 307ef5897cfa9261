"""Pyramids engine and Cheops: speed and strength figures (printed, never asserted).

    python bench/bench_pyramids.py movegen              # legal-move generation per second
    python bench/bench_pyramids.py speed [--moves 20]   # Cheops nodes/s and time per move, each level x slide
    python bench/bench_pyramids.py strength [--games 100] [--workers 2] [--pairings l4-l1] [--progress]
        # level 1 vs random and level 4 vs level 1, seats alternating, through engine.core.simulate:
        # wins / draws / losses, the win rate with its 95% Wilson interval, and each side's budget
    python bench/bench_pyramids.py decisions --out FILE  # Cheops' decisions and whole games as JSON
        # (moves, node counts, samples, every root move's initial value and score as on_think reports
        # them, and the steps of sample.scn.yaml games with the default players): run on two trees
        # (e.g. a `git archive` of the previous commit) and compare the files; a speed-up of the
        # search must leave them identical
    python bench/bench_pyramids.py cpu [--games 3]       # CPU seconds a game of sample.scn.yaml,
        # default players (greedy against Cheops at level 2), as `gridsmith simulate` plays it

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


#: the agents of `decisions`: each level, and the options that take other paths through the search
DECIDERS = ([{"level": lv} for lv in (1, 2, 3, 4)]
            + [{"level": 2, "model_opponent": False}, {"level": 2, "conceal": 300.0},
               {"level": 3, "ties": False, "even_stakes": False}, {"level": 1, "idle_rate": 0.05},
               {"level": 2, "tempo": 0.0, "beam": 4}])


def bench_decisions(out: str, per_slide: int, games: int) -> None:
    """Cheops' decisions on `per_slide` mid-game positions of each slide for every agent of DECIDERS,
    and `games` whole games of content/pyramids/sample.scn.yaml with the default players, written as
    JSON to `out` (floats by repr, so equal files mean equal bits). Times are left out."""
    from gridsmith.engine.core import games as registry
    from gridsmith.engine.core.simulate import make_specs, play_game
    from gridsmith.formats.loader import load_file

    record: dict = {"decisions": [], "games": []}
    t0 = time.process_time()
    for slide in (1, 2, 3):
        for pi, s in enumerate(positions(slide, per_slide, seed=500 + 10 * slide)):
            p = s.to_move
            for opts in DECIDERS:
                thoughts: list = []
                ag = CheopsAgent(**opts, on_think=lambda i, t=thoughts: t.append(
                    [i.move.to_text(), repr(i.initial), repr(i.score), i.best.to_text() if i.best else None,
                     repr(i.best_score), i.sample, i.nodes]))
                m = ag.choose(s.view(p), s.legal_actions(), CounterRng(1000 + pi))
                record["decisions"].append({"slide": slide, "position": pi, "options": opts, "move": m.to_text(),
                                            "nodes": ag.last_nodes, "samples": ag.last_samples,
                                            "think": thoughts})
    path = ROOT / "content" / "pyramids" / "sample.scn.yaml"
    game = registry.get("pyramids")
    specs = make_specs("pyramids", load_file(path).model, list(game.default_agents), games, seed=1,
                       base=str(path.parent), agent_seed=1)
    for spec in specs:
        steps: list = []
        rec = play_game(spec, on_step=lambda st: steps.append(
            [st.seat, st.action.to_text(), [e.to_text() for e in st.events]]))
        record["games"].append({"seed": spec.seed, "winners": list(rec.winners), "error": rec.error, "steps": steps})
    Path(out).write_text(json.dumps(record, indent=0))
    print(f"{len(record['decisions'])} decisions, {len(record['games'])} games "
          f"({sum(len(g['steps']) for g in record['games'])} moves) written to {out} "
          f"in {time.process_time() - t0:.1f} CPU s")


def bench_cpu(games: int) -> None:
    """CPU seconds a game of sample.scn.yaml with the default players, one process (after one
    untimed game for imports and per-process caches)."""
    from gridsmith.engine.core import games as registry
    from gridsmith.engine.core.simulate import make_specs, play_game
    from gridsmith.formats.loader import load_file

    path = ROOT / "content" / "pyramids" / "sample.scn.yaml"
    game = registry.get("pyramids")
    specs = make_specs("pyramids", load_file(path).model, list(game.default_agents), games + 1, seed=1,
                       base=str(path.parent), agent_seed=1)
    play_game(specs[-1])
    t0 = time.process_time()
    recs = [play_game(s) for s in specs[:-1]]
    dt = time.process_time() - t0
    moves = sum(r.actions for r in recs)
    print(f"sample.scn.yaml, {'+'.join(game.default_agents)}: {games} games (seeds 1-{games}, {moves} moves), "
          f"{dt:.2f} CPU s, {dt / games:.3f} CPU s a game, {1000 * dt / moves:.2f} CPU ms a move")


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
    ap.add_argument("part", choices=["movegen", "speed", "strength", "decisions", "cpu", "all"])
    ap.add_argument("--out", default="pyramids-decisions.json", help="the JSON file (decisions)")
    ap.add_argument("--positions", type=int, default=4, help="mid-game positions per slide (decisions)")
    ap.add_argument("--moves", type=int, default=20, help="positions per level and slide (speed)")
    ap.add_argument("--games", type=int, default=None,
                    help="games per pairing (strength, default 100); whole games (decisions, default 3; cpu, default 3)")
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
    if a.part == "decisions":
        bench_decisions(a.out, a.positions, 3 if a.games is None else a.games)
    if a.part == "cpu":
        bench_cpu(3 if a.games is None else a.games)
    if a.part in ("strength", "all"):
        bench_strength(100 if a.games is None else a.games, a.workers, a.slide, a.pairings, a.first_seed, a.progress, json.loads(a.first_options))


if __name__ == "__main__":
    main()
