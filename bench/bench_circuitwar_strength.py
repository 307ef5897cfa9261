"""Circuit War: the search player against the heuristic one (figures, never assertions).

    nice -n 10 .venv/bin/python bench/bench_circuitwar_strength.py --seats 2 --games 200 --jobs 2
    nice -n 10 .venv/bin/python bench/bench_circuitwar_strength.py --seats 4 --games 200 --jobs 2

One `search` seat against `heuristic` on every other seat, on the bundled `duel` (2 seats) or
`four` (4 seats) scenario; every seed is played once per seat rotation, so the search player sits in
every seat on the same games (`--games` counts games, rotations included). Computer players'
generators are fixed by `--agent-seed` (reproducible figures).

The manual ends a game only when one side is left ("the last side standing"); computer self-play can
stall forever (docs/rules/circuitwar.md, "End of the game"), so the ruleset's `turns.max_turns` is a
safety bound (`--max-turns` overrides it, `--at-limit` overrides `turns.at_limit`). Printed:

* the search player's win rate over all games (a game ended by the bound counts as the ruleset's
  `at_limit` decides), its 95% Wilson interval and the fair share 1/seats;
* how many games ended by the bound, and the win rate over the games decided by the manual's own
  condition (a side eliminated the others), with its interval;
* the budget (search width and samples per candidate, and any `--option KEY=VALUE` given to the
  search) and the wall time.
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gridsmith.engine.circuitwar.api import GAME  # noqa: E402
from gridsmith.engine.core.scenarios import load_scenario  # noqa: E402
from gridsmith.engine.core.loop import Match  # noqa: E402
from gridsmith.engine.core.protocol import Termination  # noqa: E402
from gridsmith.engine.core.rng import derive  # noqa: E402
from gridsmith.engine.core.stats import wilson  # noqa: E402
from gridsmith.formats.circuitwar.refs import load_ruleset  # noqa: E402

CONTENT = ROOT / "content" / "circuitwar"
SCENARIOS = {2: "duel", 4: "four"}


def option_arg(text: str) -> tuple[str, object]:
    """KEY=VALUE for a player option: true/false, an integer, or the text."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"give KEY=VALUE, not {text!r}")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    try:
        return key, int(value)
    except ValueError:
        return key, value


def play(job: tuple) -> tuple:
    """One game: (search seat, winners, ended by the bound?, turns, seconds)."""
    scenario, ruleset, seed, rot, n, options, agent_seed = job
    t0 = time.perf_counter()
    names = ["search" if q == rot else "heuristic" for q in range(n)]
    agents = [GAME.agent(name, **(options if name == "search" else {})) for name in names]
    state = GAME.new_game(scenario, seed, ruleset=ruleset)
    Match(state, agents, derive(agent_seed, seed, rot)).run()
    r = state.result
    return rot, tuple(r.winners), r.termination == Termination.TURN_LIMIT, state.turn, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", type=int, choices=sorted(SCENARIOS), default=2)
    ap.add_argument("--games", type=int, default=200, help="games, seat rotations included")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--max-turns", type=int, default=None, help="the safety bound (default: the ruleset's)")
    ap.add_argument("--at-limit", choices=("most_circuits", "draw"), default=None)
    ap.add_argument("--width", type=int, default=5, help="search: candidates per decision")
    ap.add_argument("--samples", type=int, default=2, help="search: dice samples per candidate")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", type=option_arg,
                    help="search: another option (e.g. guard=true); repeatable")
    ap.add_argument("--agent-seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--progress", type=int, default=0, help="print the running count every N games")
    a = ap.parse_args()

    n = a.seats
    path = CONTENT / f"{SCENARIOS[n]}.scn.yaml"
    scenario = load_scenario(path, "circuitwar.scenario")
    rules = load_ruleset(scenario.ruleset, path).model_copy(deep=True)
    if a.max_turns is not None:
        rules.turns.max_turns = a.max_turns
    if a.at_limit is not None:
        rules.turns.at_limit = a.at_limit
    options = {"width": a.width, "samples": a.samples, **dict(a.option)}
    seeds = -(-a.games // n)
    jobs = [(scenario, rules, a.first_seed + g, rot, n, options, a.agent_seed)
            for g in range(seeds) for rot in range(n)][: a.games]
    t0 = time.perf_counter()
    results: list[tuple] = []
    ex = ProcessPoolExecutor(max_workers=a.jobs) if a.jobs > 1 else None
    try:
        for r in (ex.map(play, jobs, chunksize=1) if ex else map(play, jobs)):
            results.append(r)
            if a.progress and len(results) % a.progress == 0:
                won = sum(1 for rot, w, _, _, _ in results if w == (rot,))
                print(f"  ... {len(results)} games: search won {won}, {sum(1 for x in results if x[2])} "
                      f"ended by the bound, {time.perf_counter() - t0:.0f} s", flush=True)
    finally:
        if ex:
            ex.shutdown(cancel_futures=True)
    wall = time.perf_counter() - t0

    games = len(results)
    won = sum(1 for rot, w, _, _, _ in results if w == (rot,))
    bound = [r for r in results if r[2]]
    decided = [r for r in results if not r[2]]
    won_decided = sum(1 for rot, w, _, _, _ in decided if w == (rot,))
    p, q = wilson(won, games), wilson(won_decided, len(decided))
    fair = 100 / n
    turns = sorted(r[3] for r in decided)
    print(f"Circuit War, search ({', '.join(f'{k} {v}' for k, v in options.items())}) vs heuristic, {n} seats "
          f"({SCENARIOS[n]}), seeds {a.first_seed}..{a.first_seed + seeds - 1}, every seat rotation, "
          f"agent seed {a.agent_seed}")
    print(f"  games {games}; bound: turns.max_turns {rules.turns.max_turns}, at_limit {rules.turns.at_limit}")
    print(f"  search win rate, all games:        {p.to_text()}   fair share {fair:.0f}%   "
          f"{'ABOVE' if p.low * 100 > fair else 'not above'} fair share")
    print(f"  games ended by the bound:          {len(bound)} of {games}; search won "
          f"{sum(1 for rot, w, _, _, _ in bound if w == (rot,))} of them at the limit")
    print(f"  decided by last side standing:     {len(decided)} games; search win rate {q.to_text()}   "
          f"{'ABOVE' if q.low * 100 > fair else 'not above'} fair share"
          + (f"; median length {turns[len(turns) // 2]} turns" if turns else ""))
    print(f"  time: {wall:.0f} s wall with {a.jobs} jobs, {sum(r[4] for r in results) / games:.1f} s per game")


if __name__ == "__main__":
    main()
