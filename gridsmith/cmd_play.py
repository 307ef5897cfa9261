"""`gridsmith play FILE --seats greedy,random --seed 7 [--save OUT.sav.yaml]`: play a scenario (or
resume a saved game) in the terminal, for any registered game (engine.core.games); `human` seats
are played from the keyboard."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gridsmith.engine.core.errors import GameError
from gridsmith.engine.core.rng import new_seed
from gridsmith.formats.atomic import atomic_write_text
from gridsmith.formats.diagnostics import safe_text
from gridsmith.formats.limits import MAX_INT

from .cmd_replay import report_located
from .loading import CommandFailed, game_of, load_content
from .paths import check_output

if TYPE_CHECKING:
    from gridsmith.engine.core.game import Game


def seed(text: str) -> int:
    """A seed as the saved-game formats take it (0 to 2**63 - 1): the command line refuses what a save refuses."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= MAX_INT:
        raise argparse.ArgumentTypeError(f"{value} is not a seed: a seed is 0 to {MAX_INT}")
    return value


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a scenario, or a saved game to resume")
    p.add_argument("--seats", default=None,
                   help="comma-separated, one per seat: `human` or a computer player (see --list-agents); "
                        "one name plays every seat; default: the saved game's seats, else the game's default")
    p.add_argument("--seed", type=seed, default=None,
                   help="the game's random seed (default: a secret one; a resumed game keeps its own)")
    p.add_argument("--agent-seed", type=int, default=None,
                   help="fix the computer players' own generators (for reproducing a game in tests; "
                        "default: a secret, independent of the game's seed)")
    p.add_argument("--save", metavar="OUT", help="write the game to this *.sav.yaml file at the end (or when a human quits)")
    p.add_argument("--verbose", "-v", action="store_true", help="print every event, not only the turn scores")
    p.add_argument("--list-agents", action="store_true", help="list the computer players of the file's game and exit")


def parse_seats(text: str | None, n: int, default: list[str], command: str = "play") -> list[str] | None:
    seats = [x.strip() for x in text.split(",")] if text is not None else list(default)
    if len(seats) == 1 and n > 1:
        seats = seats * n
    if not all(seats):
        print(f"gridsmith {command}: --seats has an empty name: {text!r}", file=sys.stderr)
        return None
    if len(seats) != n:
        print(f"gridsmith {command}: --seats needs {n} names (one per seat) or one for every seat, got {len(seats)}",
              file=sys.stderr)
        return None
    return seats


def computer_seats(text: str | None, n: int, game: Game[Any, Any, Any], command: str) -> list[str] | None:
    """Batch play's seats (`--seats`, default the game's own players), every one a computer player of
    the game; None after saying what is wrong (a usage error)."""
    seats = parse_seats(text, n, list(game.default_agents), command)
    if seats is None:
        return None
    known = game.agents()
    unknown = [x for x in seats if x not in known]
    if unknown:
        print(f"gridsmith {command}: unknown computer player {unknown[0]!r} for {game.name}; known: {', '.join(known)}",
              file=sys.stderr)
        return None
    return seats


def start(command: str, args: argparse.Namespace, model, spec, seed: int | None):
    """(game, state, default seats) of a scenario or a saved game, or CommandFailed after saying why."""

    game = game_of(command, spec)
    try:
        if spec.kind == game.save_kind:
            try:
                replayed = game.replay(model)
            except GameError as e:  # located like `validate` and `replay` locate it, at the action
                raise CommandFailed(report_located(args.file, game, e)) from None
            return game, replayed.state, replayed.seats or list(game.default_seats)
        if spec.kind == game.scenario_kind:
            state = game.new_game(model, new_seed() if seed is None else seed, base=Path(args.file).parent)
            return game, state, list(game.default_seats)
    except GameError as e:
        print(f"{safe_text(args.file)}: error {getattr(e, 'code', None) or 'GAME'}: {safe_text(e, 400)}", file=sys.stderr)
        raise CommandFailed(1) from None
    print(f"gridsmith {command}: {args.file} is a {spec.kind}, not a scenario or saved game", file=sys.stderr)
    raise CommandFailed(2)


def run(args: argparse.Namespace) -> int:
    if args.save:  # before the game is played, so a typo in the folder loses nothing
        check_output("play", args.save, "--save")
    model, spec = load_content("play", args.file)
    game = game_of("play", spec)
    if args.list_agents:
        print("\n".join(["human", *game.agents()]))
        return 0
    game, state, default = start("play", args, model, spec, args.seed)
    if args.save and spec.kind != game.save_kind and Path(args.save).exists() and Path(args.save).samefile(args.file):
        print(f"gridsmith play: --save {args.save} is the scenario being played; give another file name", file=sys.stderr)
        return 2
    seats = parse_seats(args.seats, game.seat_count(state), default)
    if seats is None:
        return 2
    known = {"human", *game.agents()}
    unknown = [x for x in seats if x not in known]
    if unknown:
        print(f"gridsmith play: unknown player {unknown[0]!r}; known: {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    match = game.match(state, seats, args.agent_seed)
    finished = game.presentation.play_terminal(match, sys.stdout, verbose=args.verbose)
    if args.save:
        atomic_write_text(args.save, game.save_text(game.save(state, seats, getattr(model, "name", ""))))
        print(f"saved to {args.save}")
    elif not finished and not any(getattr(p, "saved_to", None) for p in match.players):
        print("not saved (`save FILE` at the prompt, or `gridsmith play --save FILE`, keeps a game to resume)")
    return 0  # the game ended, or a human quit: both are a normal end
