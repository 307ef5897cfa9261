"""`gridsmith simulate FILE --games N [--seats a,b] [--jobs J] [--rotate] [--json] [--scheduler ADDR]
[--heatmap OUT.png] [--skill [AGENT]] [--allow-outside-references]`:
many seeded games computer against computer, then balance statistics (win rate per seat with 95%
confidence intervals, draws, game length, first-seat advantage, completion, decisiveness; with --skill
the skill share, from two more batches against random players), and with --heatmap a PNG, in the
board's own geometry, of where the game counts heat (`Presentation.heat_caption` names it;
engine.core.heatmap: the editor's balance lab shows the same). --write-baseline records the
statistics as a balance baseline, --baseline compares with one (engine.core.baseline).
Seats are named as the scenario names them; the default computer players are the game's own
(`Game.default_agents`); a game that fails is one line of the summary."""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING, Any

from gridsmith.engine.core import baseline
from gridsmith.engine.core.heatmap import kinds_of, write_png
from gridsmith.engine.core.simulate import (executor as make_executor, heat_map, make_specs, run_batches, skill_share,
                                            skill_specs, strongest, summarize)
from gridsmith.formats.diagnostics import safe_text

from .cmd_play import computer_seats
from .loading import playable, project_scope
from .paths import check_input, check_output

if TYPE_CHECKING:
    from gridsmith.engine.core.game import Game


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a scenario")
    p.add_argument("--games", "-n", type=int, default=100, help="number of seeds to play (default 100)")
    p.add_argument("--seats", default=None, help="computer players, comma-separated, one per seat "
                   "(one name plays every seat); default: the game's own (`gridsmith play FILE --list-agents` "
                   "lists them; docs/commands.md names each game's default)")
    p.add_argument("--seed", type=int, default=0, help="first seed (seeds are SEED..SEED+GAMES-1)")
    p.add_argument("--rotate", action="store_true",
                   help="play every seed once per rotation of the seat order, so agents meet on the same games")
    p.add_argument("--jobs", "-j", type=int, default=None,
                   help="worker processes (default: CPU count; 1 plays in this process)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="send the games to a Dask distributed scheduler (e.g. tcp://10.0.0.5:8786) instead "
                        "(needs the dask extra: pip install 'gridsmith[dask]')")
    p.add_argument("--allow-outside-references", action="store_true",
                   help="let the scenario name files outside its content tree (refused by default: R609); "
                        "workers get the same setting")
    p.add_argument("--agent-seed", type=int, default=None,
                   help="fix the computer players' own generators, so a batch is reproducible "
                        "(default: a secret, independent of the game seeds)")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--write-baseline", metavar="OUT.json",
                   help="record these statistics as the scenario's balance baseline (engine.core.baseline; "
                        "`gridsmith balance --check` and --baseline compare with it)")
    p.add_argument("--baseline", metavar="B.json",
                   help="compare with a recorded baseline: exit 1, saying what moved, when a seat's win rate or the "
                        "completion rate moved (two-proportion test at 1%%, at least 5 points; docs/commands.md)")
    p.add_argument("--skill", nargs="?", const="", default=None, metavar="AGENT",
                   help="also measure the skill share: AGENT (default: the game's strongest player) and greedy "
                        "each play GAMES games per seat against random players, on the same workers")
    p.add_argument("--heatmap", metavar="OUT.png",
                   help="write a heat map of where squares changed hands or pieces fell, summed over the games")


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("gridsmith simulate: --games must be at least 1", file=sys.stderr)
        return 2
    if args.jobs is not None and args.jobs < 1:
        print("gridsmith simulate: --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.scheduler and not dask_installed():
        print("gridsmith simulate: --scheduler needs Dask, which is not installed: pip install 'gridsmith[dask]'",
              file=sys.stderr)
        return 2
    if args.heatmap:  # before the games are played, so a typo in the folder loses nothing
        check_output("simulate", args.heatmap, "--heatmap")
    if args.write_baseline:
        check_output("simulate", args.write_baseline, "--write-baseline")
    recorded = None
    if args.baseline:
        check_input("simulate", args.baseline)
        try:
            recorded = baseline.read(args.baseline)
        except baseline.BaselineError as e:
            print(f"gridsmith simulate: {e}", file=sys.stderr)
            return 2
    check_input("simulate", args.file)  # a path that is no file is a usage error before anything reads it
    # the run's reference settings (the project's configuration, formats.config), taken once here and
    # carried by every game's spec to the workers
    with project_scope("simulate", args.file, allow_outside=args.allow_outside_references or None):
        p = playable("simulate", args.file, args.seed)
    model, game, base, first, n = p.model, p.game, p.base, p.first, p.seats
    roots, allow_outside = p.roots, p.allow_outside
    seats = computer_seats(args.seats, n, game, "simulate")
    if seats is None:
        return 2
    known = game.agents()
    strong = (args.skill or strongest(game)) if args.skill is not None else None
    if strong is not None and (strong not in known or strong == "random" or "greedy" not in known):
        why = "needs the game's greedy player" if "greedy" not in known else f"cannot measure {strong!r}"
        print(f"gridsmith simulate: --skill {why}; known players of {game.name}: {', '.join(known)}", file=sys.stderr)
        return 2
    options: dict[str, Any] = {"base": base, "agent_seed": args.agent_seed, "roots": roots,
                               "allow_outside": allow_outside}
    specs = make_specs(game.name, model, seats, args.games, seed=args.seed, rotate=args.rotate,
                       heat=bool(args.heatmap), **options)
    extra = skill_specs(game.name, model, n, strong, args.games, seed=args.seed, **options) if strong else ([], [])
    t0 = time.perf_counter()
    executor, close = make_executor(args.jobs, args.scheduler)
    try:  # one run of every batch, so the skill batches share the workers with the main one
        records, strong_records, greedy_records = run_batches(
            [specs, *extra], executor, progress=not (args.no_progress or args.json))
    finally:
        close()
    summary = summarize(records, n)
    if strong:
        summary.skill = skill_share(strong_records, greedy_records, strong, n)
    summary.seconds = time.perf_counter() - t0
    if args.json:
        data = summary.to_json()
        data.update({"file": args.file, "seats": seats, "seat_names": seat_names(game, model, n),
                     "rotate": args.rotate, "first_seed": args.seed})
        json.dump(data, sys.stdout, indent=2)
        print()
    else:
        names = [c if args.rotate else f"{c}:{seats[q]}" for q, c in enumerate(seat_names(game, model, n))]
        print(summary.to_text(names, turn_word=game.turn_word))
    if args.heatmap:
        size, heat = heat_map(records)
        if size is None:
            print(f"gridsmith simulate: {game.title} has no board grid to draw a heat map on", file=sys.stderr)
        else:
            write_png(args.heatmap, size, heat, kinds=kinds_of(game, first, size), geometry=game.presentation.board_geometry(first))
            print(f"heat map of {game.presentation.heat_caption() or 'cells'} ({sum(heat.values())} in all): {args.heatmap}",
                  file=sys.stderr)
    names = seat_names(game, model, n)
    if args.write_baseline:
        baseline.write(args.write_baseline,
                       baseline.record(summary, names, seats, args.seed, args.agent_seed, args.file))
    if recorded is not None:
        if recorded["agents"] != seats:
            print(f"gridsmith simulate: the baseline was played by {','.join(recorded['agents'])}, not "
                  f"{','.join(seats)} (pass --seats {','.join(recorded['agents'])})", file=sys.stderr)
            return 2
        moved = baseline.moves(recorded["rates"], baseline.rates(summary, names))
        for m in moved:
            print(f"gridsmith simulate: moved from {args.baseline}: {m.to_text()}", file=sys.stderr)
        if moved:
            return 1
    if summary.errors:  # the summary names each reason; stderr says that the run failed
        print(f"gridsmith simulate: {len(summary.errors)} of {len(records)} games failed", file=sys.stderr)
    return 1 if summary.errors else 0


def seat_names(game: Game[Any, Any, Any], scenario: object, n: int) -> list[str]:
    """The seats as the scenario names them (`Game.seats`), escaped; the game's word for each seat
    (`Game.seat_name`) when the scenario does not name them all, a seat's number after a name two
    seats share, or after the game's word for a seat with an empty name."""
    try:
        named = [safe_text(x, 40) for x in game.seats(scenario)]
    except (AttributeError, TypeError, NotImplementedError):
        named = []
    if len(named) != n:
        return [game.seat_name(None, q) for q in range(n)]
    return [x if x and named.count(x) == 1 else f"{x or game.seat_name(None, q)} ({q + 1})"
            for q, x in enumerate(named)]


def dask_installed() -> bool:
    """Whether Dask's distributed scheduler client can be imported (the `dask` extra)."""
    try:
        import distributed  # noqa: F401  # optional dependency, imported only for --scheduler
    except ImportError:
        return False
    return True
