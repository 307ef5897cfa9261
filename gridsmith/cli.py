"""`gridsmith COMMAND ...`: each command lives in its own module `gridsmith/cmd_<name>.py`, which
defines `add_arguments(parser)` and `run(args) -> int`. Exit codes: 0 ok, 1 problems, 2 usage."""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

from . import __version__
from .loading import CommandFailed
from gridsmith.engine.core.errors import GameError

#: command name -> one-line help; the module is gridsmith.cmd_<name>
COMMANDS = {
    "validate": "check content files and folders, reporting every problem with file:line:col",
    "schema": "write or check the published JSON Schemas in formats/schemas/",
    "new": "write a new, valid file of a kind (GAME.KIND; `gridsmith new --help` lists them)",
    "edit": "open the editor, optionally on a file",
    "play": "play a scenario: computer and human seats, in the terminal",
    "simulate": "play many seeded games computer against computer and report balance statistics",
    "replay": "replay a saved game and check it against its snapshot",
}


def _module(name: str):
    modname = f"gridsmith.cmd_{name}"
    if importlib.util.find_spec(modname) is None:
        return None
    return importlib.import_module(modname)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gridsmith",
        description="Author, validate and test-play content for grid strategy games.",
    )
    parser.add_argument("--version", action="version", version=f"gridsmith {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in COMMANDS.items():
        if importlib.util.find_spec(f"gridsmith.cmd_{name}") is None:
            continue
        p = sub.add_parser(name, help=help_text, description=help_text)
        _module(name).add_arguments(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse exits 2 on usage errors, 0 on --help
        return int(e.code or 0)
    if not args.command:
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(_module(args.command).run(args) or 0)
    except CommandFailed as e:  # the command already said why
        return e.code
    except GameError as e:  # a game refused something (engine.core.errors): one line, no traceback
        print(f"gridsmith {args.command}: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `gridsmith validate ... | head`
        return 0
