"""`gridsmith simulate FILE --games N --seats a,b [--jobs J] [--rotate] [--json] [--scheduler ADDR]`:
many seeded games computer against computer, then balance statistics (win rate per seat with 95%
confidence intervals, draws, game length, first-seat advantage)."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from .loading import game_of, load_content


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a scenario")
    p.add_argument("--games", "-n", type=int, default=100, help="number of seeds to play (default 100)")
    p.add_argument("--seats", default="greedy", help="computer players, comma-separated, one per seat "
                   "(one name plays every seat); default greedy")
    p.add_argument("--seed", type=int, default=0, help="first seed (seeds are SEED..SEED+GAMES-1)")
    p.add_argument("--rotate", action="store_true",
                   help="play every seed once per rotation of the seat order, so agents meet on the same games")
    p.add_argument("--jobs", "-j", type=int, default=None,
                   help="worker processes (default: CPU count; 1 plays in this process)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="send the games to a Dask distributed scheduler (e.g. tcp://10.0.0.5:8786) instead")
    p.add_argument("--agent-seed", type=int, default=None,
                   help="fix the computer players' own generators, so a batch is reproducible "
                        "(default: a secret, independent of the game seeds)")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _executor(args: argparse.Namespace):
    """(executor or None, cleanup); Dask's Client.get_executor() is a concurrent.futures.Executor."""
    if args.scheduler:
        from distributed import Client

        client = Client(args.scheduler)
        return client.get_executor(), client.close
    jobs = args.jobs or os.cpu_count() or 1
    if jobs <= 1:
        return None, lambda: None
    from concurrent.futures import ProcessPoolExecutor

    ex = ProcessPoolExecutor(max_workers=jobs)
    return ex, ex.shutdown


def run(args: argparse.Namespace) -> int:
    from gridsmith.engine.core.errors import GameError
    from gridsmith.engine.core.simulate import make_specs, run as run_games, summarize

    from .cmd_play import parse_seats

    if args.games < 1:
        print("gridsmith simulate: --games must be at least 1", file=sys.stderr)
        return 2
    model, spec = load_content("simulate", args.file)
    game = game_of("simulate", spec)
    if spec.kind != game.scenario_kind:
        print(f"gridsmith simulate: {args.file} is a {spec.kind}, not a {game.scenario_kind}", file=sys.stderr)
        return 2
    base = str(Path(args.file).resolve().parent)
    try:  # a scenario that cannot start (e.g. a missing ruleset) is one message, not N failed games
        n = game.seat_count(game.new_game(model, args.seed, base=base))
    except GameError as e:
        print(f"gridsmith simulate: {args.file}: {e}", file=sys.stderr)
        return 1
    seats = parse_seats(args.seats, n, ["greedy"])
    if seats is None:
        return 2
    known = game.agents()
    unknown = [x for x in seats if x not in known]
    if unknown:
        print(f"gridsmith simulate: unknown computer player {unknown[0]!r} for {game.name}; known: {', '.join(known)}",
              file=sys.stderr)
        return 2
    specs = make_specs(game.name, model, seats, args.games, seed=args.seed, rotate=args.rotate, base=base,
                       agent_seed=args.agent_seed)
    t0 = time.perf_counter()
    executor, close = _executor(args)
    try:
        records = list(run_games(specs, executor, progress=not (args.no_progress or args.json)))
    finally:
        close()
    summary = summarize(records, n)
    summary.seconds = time.perf_counter() - t0
    if args.json:
        data = summary.to_json()
        data.update({"file": args.file, "seats": seats, "rotate": args.rotate, "first_seed": args.seed})
        json.dump(data, sys.stdout, indent=2)
        print()
    else:
        colours = [game.seat_name(None, q) for q in range(n)]
        names = [c if args.rotate else f"{c}:{seats[q]}" for q, c in enumerate(colours)]
        print(summary.to_text(names))
    for e in summary.errors[:3]:
        print(f"error in a game: {e}", file=sys.stderr)
    return 1 if summary.errors else 0
