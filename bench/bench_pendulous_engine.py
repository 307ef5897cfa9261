"""Pendulous engine benchmarks (figures, not assertions): run `.venv/bin/python bench/bench_pendulous_engine.py`.

* complete games per second on the bundled 4-player 50x50 scenario, random and greedy seats
* supply re-tracing, legal actions and attack odds on that map (microseconds)
* `simulate` speed-up from 1 to 2 worker processes
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gridsmith.engine.core.simulate import GameSpec, make_specs, play_game, run  # noqa: E402
from gridsmith.engine.pendulous.api import GAME  # noqa: E402
from gridsmith.engine.pendulous.combat import attack_odds, odds_units_fast  # noqa: E402
from gridsmith.formats.loader import load_file  # noqa: E402

CONTINENT = ROOT / "content" / "pendulous" / "continent.scn.yaml"


def per_call(fn, n: int) -> float:
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4, help="games per figure (default 4)")
    args = ap.parse_args()
    sc = load_file(CONTINENT).model
    print(f"scenario: {sc.name}, {sc.width}x{sc.height}, {len(sc.players)} players, {sc.settings.turns} turns")

    for agent in ("random", "greedy"):
        t = time.perf_counter()
        actions = 0
        for seed in range(args.games):
            rec = play_game(GameSpec("pendulous", sc, (agent,) * len(sc.players), seed))
            assert rec.error is None, rec.error
            actions += rec.actions
        el = time.perf_counter() - t
        print(f"{agent:>6} seats: {args.games / el:6.2f} games/s ({el / args.games:5.2f} s a game, "
              f"{actions / el:7.0f} actions/s)")

    # a mid-game position: greedy play for a few turns
    from gridsmith.engine.pendulous.agents import greedy_move

    s = GAME.new_game(sc, seed=1)
    while s.turn < 8:
        s.apply(greedy_move(s))
    print(f"mid-game position (turn {s.turn}, {len(s.legal_actions())} legal actions):")
    print(f"  supply re-trace, all players      {per_call(s._trace_supply, 2000):8.1f} us")
    print(f"  legal_actions()                   {per_call(s.legal_actions, 500):8.1f} us")
    land, naval = s.attack_targets(s.seat)
    from gridsmith.engine.pendulous.board import bits_of

    targets = bits_of(land)
    print(f"  odds of one target (fast path)    {per_call(lambda: [odds_units_fast(s, s.seat, i) for i in targets], 200) / len(targets):8.2f} us ({len(targets)} targets)")
    sq = [s.board.rowcol(i) for i in targets]
    print(f"  attack_odds with breakdown        {per_call(lambda: [attack_odds(s, x) for x in sq], 50) / len(sq):8.2f} us")
    print(f"  clone()                           {per_call(s.clone, 2000):8.1f} us")
    print(f"  greedy decision                   {per_call(lambda: greedy_move(s), 200):8.1f} us")

    specs = make_specs("pendulous", sc, ["greedy"] * len(sc.players), args.games * 2)
    t = time.perf_counter()
    list(run(specs))
    one = time.perf_counter() - t
    t = time.perf_counter()
    with ProcessPoolExecutor(2) as ex:
        list(run(specs, ex))
    two = time.perf_counter() - t
    print(f"simulate {len(specs)} greedy games: 1 job {one:.1f} s, 2 jobs {two:.1f} s, speed-up {one / two:.2f}x "
          f"(200 games with 2 jobs: about {200 * two / len(specs) / 60:.1f} min)")


if __name__ == "__main__":
    main()
