"""Circuit War: how many computer games end the manual's way (figures, never assertions).

    nice -n 10 .venv/bin/python bench/bench_circuitwar_completion.py --players heuristic --games 60
    nice -n 10 .venv/bin/python bench/bench_circuitwar_completion.py --players search --games 16 --four-games 4

The same computer player in every seat of each bundled scenario (duel, fortress, random: 2 seats;
four: 4 seats), seeds `--first-seed` onwards, computer players' generators fixed by `--agent-seed`,
the bundled ruleset (its safety bound `turns.max_turns` included; `--drain W/N/S` replaces its
`collision.cpu_drain`, to compare drain amounts; `--option KEY=VALUE` passes a player option to every
seat). A game *completes* when it ends
by the manual's rule, one side left standing (CircuitWarGame.ended_by_rule), and not at the bound.
Printed per scenario: completed games with the 95% Wilson interval, games at the bound, the median
length of the completed games, seconds per game.
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
from gridsmith.engine.core.loop import Match  # noqa: E402
from gridsmith.engine.core.protocol import Termination  # noqa: E402
from gridsmith.engine.core.rng import derive  # noqa: E402
from gridsmith.engine.core.scenarios import load_scenario  # noqa: E402
from gridsmith.engine.core.stats import wilson  # noqa: E402
from gridsmith.formats.circuitwar.refs import load_ruleset  # noqa: E402
from gridsmith.formats.circuitwar.ruleset import Ruleset  # noqa: E402

from bench_circuitwar_strength import option_arg  # noqa: E402

CONTENT = ROOT / "content" / "circuitwar"
SCENARIOS = ("duel", "fortress", "random", "four")


def with_drain(rules: Ruleset, drain: tuple[int, int, int]) -> Ruleset:
    """The ruleset with `collision.cpu_drain` set to (weak, nominal, strong), validated like a file."""
    data = rules.model_dump(mode="json")
    data["collision"]["cpu_drain"] = dict(zip(("weak", "nominal", "strong"), drain))
    return Ruleset.model_validate(data)


def drain_arg(text: str) -> tuple[int, int, int]:
    parts = tuple(int(x) for x in text.split("/"))
    if len(parts) != 3:
        raise argparse.ArgumentTypeError("give three amounts, WEAK/NOMINAL/STRONG, e.g. 50/100/150")
    return parts  # type: ignore[return-value]


def play(job: tuple) -> tuple:
    """One game: (scenario, completed?, ended at the bound?, turns, seconds)."""
    name, player, seed, agent_seed, drain, options = job
    path = CONTENT / f"{name}.scn.yaml"
    scenario = load_scenario(path, "circuitwar.scenario")
    rules = load_ruleset(scenario.ruleset, path)
    if drain is not None:
        rules = with_drain(rules, drain)
    t0 = time.perf_counter()
    state = GAME.new_game(scenario, seed, ruleset=rules)
    Match(state, [GAME.agent(player, **options) for _ in scenario.players], derive(agent_seed, seed)).run()
    bound = state.result.termination == Termination.TURN_LIMIT
    return name, GAME.ended_by_rule(state), bound, state.turn, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", choices=("heuristic", "search", "random"), default="heuristic")
    ap.add_argument("--games", type=int, default=60, help="games on each 2-seat scenario")
    ap.add_argument("--four-games", type=int, default=20, help="games on `four`")
    ap.add_argument("--only", nargs="*", choices=SCENARIOS, default=list(SCENARIOS))
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--agent-seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--drain", type=drain_arg, default=None, metavar="W/N/S",
                    help="play with collision.cpu_drain set to these amounts (default: the bundled ruleset's)")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", type=option_arg,
                    help="a player option for every seat (e.g. guard=true); repeatable")
    a = ap.parse_args()
    options = dict(a.option)
    jobs = [(name, a.players, a.first_seed + g, a.agent_seed, a.drain, options) for name in a.only
            for g in range(a.four_games if name == "four" else a.games)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=a.jobs) as ex:
        results = list(ex.map(play, jobs, chunksize=1))
    print(f"Circuit War completion, {a.players} in every seat, seeds from {a.first_seed}, agent seed "
          f"{a.agent_seed}, bundled ruleset"
          + (f" with cpu_drain {'/'.join(map(str, a.drain))}" if a.drain else "")
          + (f", options {options}" if options else "")
          + f"; {time.perf_counter() - t0:.0f} s wall with {a.jobs} jobs")
    for name in a.only:
        rows = [r for r in results if r[0] == name]
        done = [r for r in rows if r[1]]
        turns = sorted(r[3] for r in done)
        print(f"  {name:<9} completed {wilson(len(done), len(rows)).to_text()}  at the bound "
              f"{sum(1 for r in rows if r[2])} of {len(rows)}"
              + (f"; median length {turns[len(turns) // 2]} turns" if turns else "")
              + f"; {sum(r[4] for r in rows) / len(rows):.1f} s per game")


if __name__ == "__main__":
    main()
