"""Pendulum engine and computer players: speed and strength figures (printed, never asserted).

    python bench/bench_pendulum.py speed [--games 4]
        # fast-forwarded games per second (random and greedy, 2 and 5 seats), engine events per second
        # (with the seats' thinking, and the engine alone replaying the games' clocked requests)
    python bench/bench_pendulum.py decisions [--count 200]
        # time per decision of greedy and planner on positions from seeded games
    python bench/bench_pendulum.py strength [--games 100] [--seats 2] [--workers 2] [--a planner] [--b greedy]
        # A against B with seat rotation (each seed once per rotation), A's win rate with a 95% interval
        # against a fair share; games where everyone loses count as losses

Every run measures the same seeded games.
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

from gridsmith.engine.core.rng import seat_rngs  # noqa: E402
from gridsmith.engine.core.stats import wilson  # noqa: E402
from gridsmith.engine.pendulum.api import GAME  # noqa: E402

CONTENT = ROOT / "content" / "pendulum"
SCENARIO = {2: "duel.scn.yaml", 3: "trio.scn.yaml", 4: "quartet.scn.yaml", 5: "full.scn.yaml"}


def one_game(args: tuple[int, tuple[str, ...], int]) -> tuple[tuple[int, ...], int, int, float, int]:
    """Winners, actions, engine events, wall seconds and game-clock ms of one fast-forwarded game."""
    seats, agents, seed = args
    game = GAME.new_game(CONTENT / SCENARIO[seats], seed)
    t0 = time.perf_counter()
    match = GAME.match(game, list(agents), agent_seed=seed * 31 + 7)  # the one play loop
    match.run()
    return game.result.winners, match.actions, len(game.state.events), time.perf_counter() - t0, game.state.now


def speed(args) -> None:
    print(f"{'agents':<10} {'seats':>5} {'games/s':>8} {'actions/game':>13} {'events/s':>9} {'game clock':>11}")
    for agent in ("random", "greedy"):
        for seats in (2, 5):
            t0 = time.perf_counter()
            acts, clocks, evs, secs = [], [], 0, 0.0
            for g in range(args.games):
                _w, n, e, s, ms = one_game((seats, (agent,) * seats, g))
                acts.append(n)
                clocks.append(ms)
                evs += e
                secs += s
            wall = time.perf_counter() - t0
            print(f"{agent:<10} {seats:>5} {args.games / wall:>8.2f} {statistics.mean(acts):>13.0f} "
                  f"{evs / secs:>9.0f} {statistics.mean(clocks) / 60_000:>7.1f} min")
    print("(events/s above includes the computer seats' thinking; the engine alone, replaying the logs:)")
    for seats in (2, 5):
        evs, secs = engine_only(seats, args.games)
        print(f"engine     {seats:>5} {evs / secs:>9.0f} events/s replaying {args.games} random games' clocked "
              f"requests ({evs} events)")


def engine_only(seats: int, games: int) -> tuple[int, float]:
    """Engine events per second without agents: each seeded random game's clock-stamped requests are
    replayed into a fresh game (the clock advanced to each request's millisecond, as a save loads)."""
    from gridsmith.engine.pendulum.runner import ensure_auto_flip

    evs, secs = 0, 0.0
    for g in range(games):
        game = GAME.new_game(CONTENT / SCENARIO[seats], g)
        GAME.match(game, ["random"] * seats, agent_seed=g * 31 + 7).run()
        st = GAME.new_game(CONTENT / SCENARIO[seats], g).state
        ensure_auto_flip(st)
        t0 = time.perf_counter()
        for ms, q, action in game.state.requests:
            st.advance(ms)
            st.request(q, action)
        while st.result is None and st.next_event_at() is not None:
            st.advance(st.next_event_at())
        secs += time.perf_counter() - t0
        if st.result != game.state.result:
            raise RuntimeError(f"seed {g}: the replay differs from the game")
        evs += len(st.events)
    return evs, secs


def decisions(args) -> None:
    from gridsmith.engine.pendulum.agents import GreedyAgent, PlannerAgent
    from gridsmith.engine.pendulum.runner import WAIT

    states = []
    g = 0
    while len(states) < args.count:
        game = GAME.new_game(CONTENT / SCENARIO[2], g)
        st = game.state

        def keep(_step, st=st):
            if st.phase == "timed" and len(states) < args.count and len(st.events) % 7 == 0:
                states.append(st.clone())
        GAME.match(game, ["random", "random"], agent_seed=g).run(on_step=keep)
        g += 1
    for cls in (GreedyAgent, PlannerAgent):
        agent = cls()
        times = []
        for st in states:
            q = st.privilege[0] if st.privilege[0] >= 0 else st.privilege[1]
            legal = st.legal_actions(q) + [WAIT]
            t0 = time.perf_counter()
            agent.choose(st.view(q), legal, seat_rngs(2, 1)[q])
            times.append(time.perf_counter() - t0)
        times.sort()
        print(f"{cls.name:<8} decision: median {statistics.median(times) * 1000:.1f} ms, "
              f"95th percentile {times[int(len(times) * 0.95)] * 1000:.1f} ms over {len(times)} positions")


def strength(args) -> None:
    n = args.seats
    jobs = []
    for seed in range(args.first_seed, args.first_seed + args.games):
        for rot in range(n):
            agents = tuple(args.a if q == rot else args.b for q in range(n))
            jobs.append((n, agents, seed))
    t0 = time.perf_counter()
    wins = games = all_lose = 0
    with ProcessPoolExecutor(args.workers) as ex:
        for job, (winners, _n, _e, _s, _ms) in zip(jobs, ex.map(one_game, jobs, chunksize=2)):
            games += 1
            all_lose += not winners
            wins += len(winners) == 1 and job[1][winners[0]] == args.a
    p = wilson(wins, games)
    print(f"{args.a} vs {args.b} at {n} seats: {games} games ({args.games} seeds x {n} rotations, seeds "
          f"{args.first_seed}-{args.first_seed + args.games - 1}), {args.a} wins {p.to_text()}, fair share "
          f"{100 / n:.1f}% ({'above' if p.low > 1 / n else 'NOT above'}), everyone lost in {all_lose}; "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"budgets: {budgets(n)}")


def budgets(n: int) -> str:
    """The computer seats' limits in these games: the scenario's timing and the agents' sampling."""
    from gridsmith.engine.pendulum.agents import MAX_PER_GROUP
    from gridsmith.engine.pendulum.runner import DEFAULT_AUTO_FLIP_MS

    st = GAME.new_game(CONTENT / SCENARIO[n], 0).state
    t = st.rules.timing
    return (f"reaction {t.reaction_ms} ms and {t.action_ms} ms per action for every seat (ruleset timing), "
            f"automatic flip {t.auto_flip_ms or DEFAULT_AUTO_FLIP_MS} ms after expiry, at most "
            f"{MAX_PER_GROUP} actions scored per (verb, worker) group, one action at a time (the planner's look-ahead "
            "over the coming flips and the council weighs it; no tree search)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("speed")
    s.add_argument("--games", type=int, default=4)
    d = sub.add_parser("decisions")
    d.add_argument("--count", type=int, default=200)
    t = sub.add_parser("strength")
    t.add_argument("--games", type=int, default=100)
    t.add_argument("--first-seed", type=int, default=1000)
    t.add_argument("--seats", type=int, default=2, choices=(2, 3, 4, 5))
    t.add_argument("--workers", type=int, default=2)
    t.add_argument("--a", default="planner")
    t.add_argument("--b", default="greedy")
    args = ap.parse_args()
    {"speed": speed, "decisions": decisions, "strength": strength}[args.cmd](args)


if __name__ == "__main__":
    main()
