"""`gridsmith play FILE --seats greedy,random --seed 7 [--save OUT.sav.yaml]`: play a scenario (or
resume a saved game) in the terminal, for any registered game (engine.core.games); `human` seats
are played from the keyboard."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .loading import CommandFailed, game_of, load_content


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a scenario, or a saved game to resume")
    p.add_argument("--seats", default=None,
                   help="comma-separated, one per seat: `human` or a computer player (see --list-agents); "
                        "one name plays every seat; default: the saved game's seats, else the game's default")
    p.add_argument("--seed", type=int, default=None,
                   help="the game's random seed (default: a secret one; a resumed game keeps its own)")
    p.add_argument("--agent-seed", type=int, default=None,
                   help="fix the computer players' own generators (for reproducing a game in tests; "
                        "default: a secret, independent of the game's seed)")
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


def start(command: str, args: argparse.Namespace, model, spec, seed: int | None):
    """(game, state, default seats) of a scenario or a saved game, or CommandFailed after saying why."""
    from gridsmith.engine.core.errors import GameError
    from gridsmith.engine.core.rng import new_seed

    game = game_of(command, spec)
    try:
        if spec.kind == game.save_kind:
            replayed = game.replay(model)
            return game, replayed.state, replayed.seats or list(game.default_seats)
        if spec.kind == game.scenario_kind:
            state = game.new_game(model, new_seed() if seed is None else seed, base=Path(args.file).parent)
            return game, state, list(game.default_seats)
    except GameError as e:
        print(f"{args.file}: error {getattr(e, 'code', 'GAME')}: {e}", file=sys.stderr)
        raise CommandFailed(1) from None
    print(f"gridsmith {command}: {args.file} is a {spec.kind}, not a scenario or saved game", file=sys.stderr)
    raise CommandFailed(2)


def run(args: argparse.Namespace) -> int:
    model, spec = load_content("play", args.file)
    game = game_of("play", spec)
    if args.list_agents:
        print("\n".join(["human", *game.agents()]))
        return 0
    game, state, default = start("play", args, model, spec, args.seed)
    seats = parse_seats(args.seats, game.seat_count(state), default)
    if seats is None:
        return 2
    known = {"human", *game.agents()}
    unknown = [x for x in seats if x not in known]
    if unknown:
        print(f"gridsmith play: unknown player {unknown[0]!r}; known: {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    match = game.match(state, seats, args.agent_seed)
    finished = game.play_terminal(match, sys.stdout, verbose=args.verbose)
    if args.save:
        from gridsmith.formats.atomic import atomic_write_text

        atomic_write_text(args.save, game.save_text(game.save(state, seats, getattr(model, "name", ""))))
        print(f"saved to {args.save}")
    return 0 if finished or args.save else 1
