"""`gridsmith simulate FILE --games N --seats a,b [--jobs J] [--rotate] [--json] [--scheduler ADDR]
[--heatmap OUT.png]`:
many seeded games computer against computer, then balance statistics (win rate per seat with 95%
confidence intervals, draws, game length, first-seat advantage), and with --heatmap a PNG of where
squares changed hands or pieces fell (engine.core.heatmap: the editor's balance lab shows the same)."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from gridsmith.engine.core.errors import GameError
from gridsmith.engine.core.heatmap import kinds_of, write_png
from gridsmith.engine.core.simulate import executor as make_executor, heat_map, make_specs, run as run_games, summarize

from .cmd_play import parse_seats
from .loading import game_of, load_content
from .paths import check_output


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
    p.add_argument("--heatmap", metavar="OUT.png",
                   help="write a heat map of where squares changed hands or pieces fell, summed over the games")


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("gridsmith simulate: --games must be at least 1", file=sys.stderr)
        return 2
    if args.jobs is not None and args.jobs < 1:
        print("gridsmith simulate: --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.heatmap:  # before the games are played, so a typo in the folder loses nothing
        check_output("simulate", args.heatmap, "--heatmap")
    model, spec = load_content("simulate", args.file)
    game = game_of("simulate", spec)
    if spec.kind != game.scenario_kind:
        print(f"gridsmith simulate: {args.file} is a {spec.kind}, not a {game.scenario_kind}", file=sys.stderr)
        return 2
    base = str(Path(args.file).resolve().parent)
    try:  # a scenario that cannot start (e.g. a missing ruleset) is one message, not N failed games
        first = game.new_game(model, args.seed, base=base)
        n = game.seat_count(first)
    except GameError as e:
        print(f"gridsmith simulate: {args.file}: {e}", file=sys.stderr)
        return 1
    seats = parse_seats(args.seats, n, ["greedy"], "simulate")
    if seats is None:
        return 2
    known = game.agents()
    unknown = [x for x in seats if x not in known]
    if unknown:
        print(f"gridsmith simulate: unknown computer player {unknown[0]!r} for {game.name}; known: {', '.join(known)}",
              file=sys.stderr)
        return 2
    specs = make_specs(game.name, model, seats, args.games, seed=args.seed, rotate=args.rotate, base=base,
                       agent_seed=args.agent_seed, heat=bool(args.heatmap))
    t0 = time.perf_counter()
    executor, close = make_executor(args.jobs, args.scheduler)
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
    if args.heatmap:
        size, heat = heat_map(records)
        if size is None:
            print(f"gridsmith simulate: {game.title} has no board grid to draw a heat map on", file=sys.stderr)
        else:
            write_png(args.heatmap, size, heat, kinds=kinds_of(game, first, size), geometry=game.presentation.board_geometry(first))
            print(f"heat map of {sum(heat.values())} changes of hands / fallen pieces: {args.heatmap}",
                  file=sys.stderr)
    for e in summary.errors[:3]:
        print(f"error in a game: {e}", file=sys.stderr)
    return 1 if summary.errors else 0
