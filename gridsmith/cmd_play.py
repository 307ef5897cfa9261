"""`gridsmith play FILE --seats greedy,random --seed 7 [--save OUT.sav.yaml]`: play a scenario (or
resume a saved game) in the terminal; `human` seats are played from the keyboard."""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from pathlib import Path

from .loading import load_content


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a scenario, or a saved game to resume")
    p.add_argument("--seats", default=None,
                   help="comma-separated, one per seat: `human` or a computer player (see --list-agents); "
                        "one name plays every seat; default: the saved game's seats, else greedy")
    p.add_argument("--seed", type=int, default=None, help="the game's random seed (default 0; a resumed game keeps its own)")
    p.add_argument("--save", metavar="OUT", help="write the game to this *.sav.yaml file at the end (or when a human quits)")
    p.add_argument("--verbose", "-v", action="store_true", help="print every event, not only the turn scores")
    p.add_argument("--list-agents", action="store_true", help="list the computer players of the file's game and exit")


def parse_seats(text: str | None, n: int, default: list[str]) -> list[str] | None:
    seats = [x.strip() for x in text.split(",")] if text else list(default)
    if len(seats) == 1 and n > 1:
        seats = seats * n
    if len(seats) != n or not all(seats):
        print(f"gridsmith: --seats needs {n} names (one per seat), got {len(seats)}", file=sys.stderr)
        return None
    return seats


def run(args: argparse.Namespace) -> int:
    from gridsmith.engine.core.agents import available

    model, spec = load_content("play", args.file)
    game = spec.game
    if args.list_agents:
        print("\n".join(["human", *available(game)]))
        return 0
    if game != "pendulous":
        # another game's engine may offer its own terminal play: engine.<game>.cli.play(args, model)
        name = f"gridsmith.engine.{game}.cli"
        if importlib.util.find_spec(f"gridsmith.engine.{game}") and importlib.util.find_spec(name):
            return int(importlib.import_module(name).play(args, model) or 0)
        print(f"gridsmith play: playing {game} files is not available", file=sys.stderr)
        return 2
    return play_pendulous(args, model, spec.kind)


def play_pendulous(args: argparse.Namespace, model, kind: str) -> int:
    from gridsmith.engine.core.agents import available
    from gridsmith.engine.pendulous import new_game
    from gridsmith.engine.pendulous.save import SaveError, load_game, write_save
    from gridsmith.engine.pendulous.terminal import play

    if kind == "pendulous.save":
        try:
            state = load_game(model)
        except SaveError as e:
            for p in e.problems:
                print(f"{args.file}: error {p.code}: {p.message}", file=sys.stderr)
            return 1
        default = model.seats or ["greedy"]
    elif kind == "pendulous.scenario":
        state = new_game(model, seed=args.seed or 0, scenario_file=Path(args.file))
        default = ["greedy"]
    else:
        print(f"gridsmith play: {args.file} is a {kind}, not a scenario or saved game", file=sys.stderr)
        return 2
    seats = parse_seats(args.seats, len(state.scenario.players), default)
    if seats is None:
        return 2
    known = {"human", *available("pendulous")}
    unknown = [x for x in seats if x not in known]
    if unknown:
        print(f"gridsmith play: unknown player {unknown[0]!r}; known: {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    finished = play(state, seats, verbose=args.verbose)
    if args.save:
        write_save(args.save, state, seats)
        print(f"saved to {args.save}")
    return 0 if finished or args.save else 1
