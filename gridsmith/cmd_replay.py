"""`gridsmith replay SAV`: replay a saved game from its action log, print it, and check it against
its snapshot, for any registered game. Exit 0 when it matches, 1 when it does not (tampered,
truncated or foreign file), 2 when no rules engine for the file's game is installed."""
from __future__ import annotations

import argparse
import sys

from .loading import game_of, load_content

from gridsmith.engine.core.errors import GameError
from gridsmith.formats.loader import validate_file


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("save", metavar="SAV", help="a saved game (*.sav.yaml)")
    p.add_argument("--events", action="store_true", help="print every event, not only the turn scores")
    p.add_argument("--board", action="store_true", help="print the board at the end")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the verdict")


def run(args: argparse.Namespace) -> int:
    model, spec = load_content("replay", args.save)
    game = game_of("replay", spec)
    if spec.kind != game.save_kind:
        print(f"gridsmith replay: {args.save} is a {spec.kind}, not a saved game", file=sys.stderr)
        return 2
    try:
        replayed = game.replay(model)
    except GameError as e:
        return report_located(args.save, game, e)
    if not args.quiet:
        for line in game.presentation.replay_lines(replayed, events=args.events, board=args.board):
            print(line)
    print(f"{args.save}: {game.presentation.replay_verdict(replayed)}")
    return 0


def report_located(path: str, game, error: Exception) -> int:
    """The replay problems as `validate` reports them: at the action or snapshot value, file:line:col
    (the game's own message when the checks locate nothing)."""

    game.register_checks()
    found = [d for d in validate_file(path) if d.is_error]
    for d in found:
        print(d.format_text(), file=sys.stderr)
    if not found:
        print(f"{path}: error {getattr(error, 'code', None) or 'SAV'}: {error}", file=sys.stderr)
    return 1
