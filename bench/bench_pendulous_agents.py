"""Pendulous agent strength on the bundled scenarios (figures, not assertions).

    .venv/bin/python bench/bench_pendulous_agents.py [--seeds N] [--jobs J] [--scenarios duel,siege]
        [--agent search] [--against greedy] [--options '{"budget": 300}'] [--seats 1,3] [--agent-seed S]
    .venv/bin/python bench/bench_pendulous_agents.py --scenarios continent --seats 1,3 --seeds 7 \
        --variants '[{"cut_candidates": 0}, {}]' --progress      # a paired screen of settings

For every seed, the agent plays each seat in turn against the other agent on the other seats
(`--rotate` of `gridsmith simulate`), and a baseline game has the other agent on every seat. Two
figures per scenario, and a breakdown:

* win rate of the agent (sole winner), against the fair share 1/seats;
* paired: how often the agent's score in a seat beats the other agent's score in the same seat and
  seed of the baseline game, and the mean score difference. On maps where one seat is much stronger
  (most four-player maps under these agents), this is the fair comparison;
* by seat: the agent's wins in each seat, and its mean margin over the best other seat there (a
  finer figure than wins for comparing settings over few games; it shows which seats lose).

`--seats` restricts the agent to some seats (a quicker look at the seats where it loses);
`--variants` compares option sets of the agent on the same games instead (same seeds, seats and
generators, no baseline), with the paired margin difference from the first set.
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

from gridsmith.engine.core.rng import derive  # noqa: E402
from gridsmith.engine.core.simulate import GameSpec, make_specs, play_game, run  # noqa: E402
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
    ap.add_argument("--seats", default="",
                    help="only these seats for the agent, 0-based, e.g. 1,3 (default every seat): a "
                         "quicker screen of the seats where it loses")
    ap.add_argument("--agent-seed", type=int, default=None,
                    help="fix the computer players' generators (default: drawn from a secret per run)")
    ap.add_argument("--variants", default="",
                    help="JSON list of option sets of --agent, e.g. '[{}, {\"cut_candidates\": 0}]': each "
                         "plays the same games (seeds, seats, generators from --agent-seed, default 1), "
                         "figures paired against the first; no baseline games")
    ap.add_argument("--progress", action="store_true",
                    help="print the running figures after every seed (games in seed order)")
    args = ap.parse_args()
    opts = json.loads(args.options)
    against = json.loads(args.against_options)
    for name in args.scenarios.split(","):
        sc = load_file(ROOT / "content" / "pendulous" / f"{name}.scn.yaml").model
        n = len(sc.players)
        if args.variants:
            _compare(args, sc, name, json.loads(args.variants), against)
            continue
        specs = make_specs("pendulous", sc, [args.agent] + [args.against] * (n - 1), args.seeds, rotate=True,
                           seed=args.first_seed, agent_options=[opts] + [against] * (n - 1),
                           agent_seed=args.agent_seed)
        if args.seats:
            keep = {int(q) for q in args.seats.split(",")}
            specs = [sp for sp in specs if sp.rotation in keep]
        # the baseline games carry rotation -1; in the others the agent sits in seat `rotation`
        base = [GameSpec("pendulous", sc, (args.against,) * n, seed, -1,
                         agent_options=(tuple(sorted(against.items())),) * n,
                         agent_seed=None if args.agent_seed is None else derive(args.agent_seed, seed, n))
                for seed in range(args.first_seed, args.first_seed + args.seeds)]
        # seed by seed, the baseline first, so running figures (--progress) are complete per seed
        by_seed = {b.seed: [b] for b in base}
        for sp in specs:
            by_seed[sp.seed].append(sp)
        ordered = [sp for seed in sorted(by_seed) for sp in by_seed[seed]]
        per_seed = len(specs) // max(1, args.seeds)  # the agent's games per seed
        t = time.perf_counter()
        recs, errors, baseline = [], [], {}
        with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _inline() as ex:
            for r in run(ordered, ex):
                recs.append(r)
                if r.error:
                    errors.append(r.error)
                elif r.rotation < 0:
                    baseline[r.seed] = r.scores
                if args.progress and len(recs) % (per_seed + 1) == 0:
                    done = [x for x in recs if x.rotation >= 0 and not x.error and x.seed in baseline]
                    wins, better, _ = _tally(done, baseline)
                    print(f"  after seed {r.seed}: {args.agent} wins {wilson(wins, len(done)).to_text()} "
                          f"(fair share {100 / n:.0f}%), scores more than {args.against} in its seat "
                          f"{wilson(better, len(done)).to_text()}, margin over the best other seat "
                          f"{_margin(done):+.0f}, {time.perf_counter() - t:.0f} s", flush=True)
        el = time.perf_counter() - t
        games = [r for r in recs if r.rotation >= 0 and not r.error and r.seed in baseline]
        wins, better, diff = _tally(games, baseline)
        w = wilson(wins, len(games))
        b = wilson(better, len(games))
        print(f"{sc.name} ({name}, {n} seats, {args.seeds} seeds x {n} seats = {len(games)} games, {el:.0f} s"
              f"{', ' + str(len(errors)) + ' errors' if errors else ''}):")
        print(f"  {args.agent} wins {w.to_text()} (fair share {100 / n:.0f}%)")
        print(f"  {args.agent} scores more than {args.against} in the same seat and seed: {b.to_text()}, "
              f"mean difference {diff / max(1, len(games)):+.1f} points")
        print(f"  by seat (wins/games, mean margin over the best other seat): " + ", ".join(
            _seat_text(games, q) for q in range(n)))
        sys.stdout.flush()


def _compare(args, sc, name: str, variants: list[dict], against: dict) -> None:
    """`--variants`: every option set plays the agent's games of every seed and seat (of `--seats`)
    with the same generators, one after another in this process; per variant its wins, mean margin
    over the best other seat, by seat, seconds a game, and the mean paired margin difference from
    the first variant with its standard error. A screen for settings: small counts, large noise."""
    n = len(sc.players)
    seats = [int(q) for q in args.seats.split(",")] if args.seats else list(range(n))
    aseed = 1 if args.agent_seed is None else args.agent_seed
    recs: list[list] = [[] for _ in variants]
    t = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        for q in seats:
            agents = tuple(args.agent if j == q else args.against for j in range(n))
            line = []
            for k, o in enumerate(variants):
                opts = tuple(tuple(sorted((o if j == q else against).items())) for j in range(n))
                r = play_game(GameSpec("pendulous", sc, agents, seed, q, agent_options=opts,
                                       agent_seed=derive(aseed, seed, q)))
                if r.error:
                    raise SystemExit(f"seed {seed} seat {q} variant {k}: {r.error}")
                recs[k].append(r)
                line.append(f"{_margin([r]):+6.0f}{'W' if r.winners == (q,) else ' '}")
            if args.progress:
                print(f"  seed {seed} seat {q}: {' '.join(line)}  {time.perf_counter() - t:.0f} s", flush=True)
    print(f"{sc.name} ({name}, seeds {args.first_seed}-{args.first_seed + args.seeds - 1}, seats "
          f"{','.join(map(str, seats))}, {len(recs[0])} games per variant, agent seed {aseed}):")
    for k, o in enumerate(variants):
        games = recs[k]
        wins = sum(1 for r in games if r.winners == (r.rotation,))
        secs = sum(r.seconds for r in games) / max(1, len(games))
        text = (f"  {json.dumps(o)}: wins {wilson(wins, len(games)).to_text()}, margin {_margin(games):+.0f}, "
                f"by seat " + ", ".join(_seat_text(games, q) for q in seats) + f", {secs:.1f} s a game")
        if k:
            d = [_margin([a]) - _margin([b]) for a, b in zip(games, recs[0])]
            mean = sum(d) / len(d)
            se = (sum((x - mean) ** 2 for x in d) / max(1, len(d) - 1) / len(d)) ** 0.5
            text += f"; paired margin difference from the first {mean:+.0f} (standard error {se:.0f})"
        print(text, flush=True)


class _inline:
    """No executor: games run one after another in this process (`--jobs 1`), in order."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc) -> None:
        return None


def _margin(games) -> float:
    """The agent's mean score minus the best other seat's score: a finer figure than wins when
    comparing settings over few games."""
    return sum(r.scores[r.rotation] - max(x for j, x in enumerate(r.scores) if j != r.rotation)
               for r in games) / max(1, len(games))


def _seat_text(games, q: int) -> str:
    """Seat `q`: the agent's sole wins there / its games there, and its mean margin there."""
    mine = [r for r in games if r.rotation == q]
    wins = sum(1 for r in mine if r.winners == (q,))
    return f"{q}: {wins}/{len(mine)} {_margin(mine):+.0f}"


def _tally(games, baseline) -> tuple[int, float, float]:
    """(sole wins, paired "scores more than the other agent in the same seat and seed" with ties as
    half, summed score difference) of the agent's games."""
    wins = sum(1 for r in games if r.winners == (r.rotation,))
    better = diff = 0.0
    for r in games:
        q = r.rotation
        d = r.scores[q] - baseline[r.seed][q]
        diff += d
        better += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
    return wins, better, diff


if __name__ == "__main__":
    main()
