"""Kongbots engine and computer players: speed and strength figures (printed, never asserted).

    python bench/bench_kongbots.py games [--seconds 5]     # complete random games per second, per class
    python bench/bench_kongbots.py los [--seconds 3]       # line-of-sight queries per second, largest arena
    python bench/bench_kongbots.py decide [--decisions 60] # search player's time per decision, per class
    python bench/bench_kongbots.py strength [--games 100] [--jobs 2] [--scenario warrior-mirror ...] [--search samples=8]
        # search vs greedy, every seed played twice with the seats swapped, through engine.core.simulate;
        # win rate with its 95% Wilson interval (ties count as not won)
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gridsmith.engine.core import simulate  # noqa: E402
from gridsmith.engine.core.rng import CounterRng, seat_rngs  # noqa: E402
from gridsmith.engine.core.stats import wilson  # noqa: E402
from gridsmith.engine.kongbots.api import GAME  # noqa: E402
from gridsmith.engine.kongbots.agents import GreedyAgent, RandomAgent  # noqa: E402
from gridsmith.engine.kongbots.arena import arena_map  # noqa: E402
from gridsmith.engine.kongbots.game import SCENARIO  # noqa: E402
from gridsmith.engine.kongbots.search import SearchAgent  # noqa: E402
from gridsmith.formats.loader import load_file  # noqa: E402

CONTENT = ROOT / "content" / "kongbots"
BY_CLASS = {"scout": "scout-duel", "warrior": "warrior-skirmish", "marauder": "marauder-clash"}
BY_NAME = sorted(p.name.removesuffix(".scn.yaml") for p in CONTENT.glob("*.scn.yaml"))


def scenario(name: str):
    return SCENARIO.read(CONTENT / f"{name}.scn.yaml")


def play(res, agents, seed: int):
    st = GAME.new_game(res, seed=seed)
    rngs = seat_rngs(2, agent_seed=seed)
    while not st.is_over:
        q = st.to_move
        st.apply(agents[q].choose(st.view(q), st.legal_actions(), rngs[q]))
    return st


def bench_games(seconds: float) -> None:
    for chassis, name in BY_CLASS.items():
        res = scenario(name)
        agents = [RandomAgent(), RandomAgent()]
        n = orders = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            st = play(res, agents, n)
            orders += len(st.log)
            n += 1
        dt = time.perf_counter() - t0
        print(f"{chassis:8s} ({name}): {n / dt:7.1f} complete random games/s, {orders / dt:8.0f} orders/s, "
              f"{orders / n:.0f} orders a game")


def bench_los(seconds: float) -> None:
    arenas = [load_file(p).model for p in sorted(CONTENT.glob("*.arena.yaml"))]
    big = max(arenas, key=lambda a: sum(ch != "-" for row in a.rows for ch in row))
    amap = arena_map(tuple(big.rows))
    floor = sorted(amap.floor)
    rng = CounterRng(1)
    pairs = [(rng.choice(floor), rng.choice(floor)) for _ in range(20000)]
    # the first pass fills the per-displacement cache, as any battle does in its first turns
    for a, b in pairs:
        amap.clear(a, b)
    n = clear = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for a, b in pairs:
            clear += amap.clear(a, b)
        n += len(pairs)
    dt = time.perf_counter() - t0
    print(f"{big.name} ({len(floor)} floor hexes): {n / dt:,.0f} line-of-sight queries/s "
          f"({clear / n * 100:.0f}% clear)")


def bench_decide(decisions: int, **options) -> None:
    print(f"{budget('search', options)}, playing team A against greedy")
    for chassis, name in BY_CLASS.items():
        res = scenario(name)
        search, greedy = SearchAgent(**options), GreedyAgent()
        times: list[float] = []
        seed = 0
        while len(times) < decisions:
            st = GAME.new_game(res, seed=seed)
            rngs = seat_rngs(2, agent_seed=seed)
            while not st.is_over and len(times) < decisions:
                q = st.to_move
                view, legal = st.view(q), st.legal_actions()
                if q == 0:
                    t0 = time.perf_counter()
                    order = search.choose(view, legal, rngs[q])
                    times.append(time.perf_counter() - t0)
                else:
                    order = greedy.choose(view, legal, rngs[q])
                st.apply(order)
            seed += 1
        times.sort()
        print(f"{chassis:8s} ({name}): search decision mean {statistics.mean(times) * 1000:6.1f} ms, "
              f"median {times[len(times) // 2] * 1000:6.1f} ms, 95th percentile "
              f"{times[int(len(times) * 0.95)] * 1000:6.1f} ms over {len(times)} decisions")


def budget(name: str, options: dict) -> str:
    """The player's budget as it plays (its defaults and the options given): counts, never a clock."""
    if name != "search":
        return name
    agent = SearchAgent(**options)
    return f"search (samples={agent.samples}, width={agent.width}, pulses={agent.pulses})"


def bench_strength(names: list[str], games: int, jobs: int, first_seed: int, a: str, b: str,
                   options: dict) -> None:
    total_k = total_n = 0
    print(f"{budget(a, options)} vs {budget(b, options)}; every seed played twice, seats swapped; "
          f"ties count as not won")
    for name in names:
        res = scenario(name)
        specs = simulate.make_specs("kongbots", res, [a, b], games, seed=first_seed, rotate=True,
                                    agent_seed=first_seed,
                                    agent_options=[options if a == "search" else {}, options if b == "search" else {}])
        t0 = time.perf_counter()
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            records = list(simulate.run(specs, ex if jobs > 1 else None))
        dt = time.perf_counter() - t0
        errors = [r.error for r in records if r.error]
        ok = [r for r in records if r.error is None]
        won = sum(1 for r in ok if len(r.winners) == 1 and r.agents[r.winners[0]] == a)
        lost = sum(1 for r in ok if len(r.winners) == 1 and r.agents[r.winners[0]] == b)
        ties = len(ok) - won - lost
        p = wilson(won, len(ok))
        seat = [sum(1 for r in ok if len(r.winners) == 1 and r.winners[0] == q and r.agents[q] == a) for q in (0, 1)]
        played = [sum(1 for r in ok if r.agents[q] == a) for q in (0, 1)]
        total_k += won
        total_n += len(ok)
        print(f"{name}: {a} vs {b}, {len(ok)} games (seeds {first_seed}-{first_seed + games - 1}, seats swapped): "
              f"{a} won {won}, lost {lost}, tied {ties}: {p.to_text()}; as team A won {seat[0]}/{played[0]}, "
              f"as team B {seat[1]}/{played[1]}; {dt:.0f} s"
              + (f"; {len(errors)} errors: {errors[0]}" if errors else ""))
    if len(names) > 1:
        print(f"all {len(names)} scenarios, {total_n} games: {a} {wilson(total_k, total_n).to_text()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("games", "los", "decide", "strength"))
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--games", type=int, default=100, help="seeds; each is played twice, seats swapped")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--scenario", nargs="+", default=list(BY_NAME))
    ap.add_argument("--agents", default="search,greedy", help="the two players compared (first one reported)")
    ap.add_argument("--search", default="", metavar="KEY=N,...",
                    help="the search player's budget, e.g. samples=8,width=5,pulses=1 (its defaults otherwise)")
    args = ap.parse_args()
    options = {k: int(v) for k, v in (kv.split("=") for kv in args.search.split(",") if kv)}
    if args.what == "games":
        bench_games(args.seconds)
    elif args.what == "los":
        bench_los(args.seconds)
    elif args.what == "decide":
        bench_decide(args.decisions, **options)
    else:
        a, b = args.agents.split(",")
        bench_strength(args.scenario, args.games, args.jobs, args.first_seed, a, b, options)


if __name__ == "__main__":
    main()
