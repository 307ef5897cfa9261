"""`gridsmith COMMAND ...`: each command lives in its own module `gridsmith/cmd_<name>.py`, which
defines `add_arguments(parser)` and `run(args) -> int`. Exit codes: 0 ok, 1 problems, 2 usage."""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys

from gridsmith.engine.core.errors import GameError

from . import __version__
from .paths import CommandFailed

#: command name -> one-line help; the module is gridsmith.cmd_<name>
COMMANDS = {
    "validate": "check content files and folders, reporting every problem with file:line:col",
    "schema": "write or check the published JSON Schemas in formats/schemas/",
    "new": "write a new, valid file of a kind (GAME.KIND; `gridsmith new --help` lists them)",
    "edit": "open the editor, optionally on a file",
    "play": "play a scenario: computer and human seats, in the terminal",
    "simulate": "play many seeded games computer against computer and report balance statistics",
    "balance": "measure a scenario's balance and propose small edits that even it out, each confirmed on fresh seeds",
    "replay": "replay a saved game and check it against its snapshot",
    "lsp": "run the language server on stdio (diagnostics, completion, hover in any editor; docs/editors.md)",
    "diff": "show what changed between two files of one kind (or two git revisions of one), in the game's terms",
}


def _module(name: str):
    modname = f"gridsmith.cmd_{name}"
    if importlib.util.find_spec(modname) is None:
        return None
    return importlib.import_module(modname)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. With `argv`, only the command it names gets its arguments (its
    module imports what it needs at module level; `gridsmith validate` does not load the editor or
    the batch runner, and `gridsmith --help` loads no command); without, every command does."""
    wanted = None if argv is None else next((a for a in argv if not a.startswith("-")), "")
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
        if wanted is None or wanted == name:
            _module(name).add_arguments(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command. Nothing escapes as a traceback: a refused input, a game's refusal, an
    operating-system error and a closed output pipe are each one line on stderr (docs/commands.md);
    an unexpected exception is one line asking for a report (GRIDSMITH_DEBUG=1 shows the traceback)."""
    if sys.stdout is None or sys.stderr is None:  # started with a closed stdout or stderr (`>&-`)
        sys.stdout = sys.stdout or open(os.devnull, "w")
        sys.stderr = sys.stderr or open(os.devnull, "w")
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse exits 2 on usage errors, 0 on --help
        return _flushed(int(e.code or 0), "gridsmith")
    if not args.command:
        parser.print_help(sys.stderr)
        return 2
    command = f"gridsmith {args.command}"
    try:
        code = int(_module(args.command).run(args) or 0)
        return _flushed(code, command)
    except CommandFailed as e:  # the command already said why
        return e.code
    except GameError as e:  # a game refused something (engine.core.errors): one line, no traceback
        print(f"{command}: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `gridsmith validate ... | head -1`: the output was cut, so the command failed
        return _broken_pipe(command)
    except OSError as e:  # a disk full, a folder removed meanwhile, a scheduler that does not answer
        where = f"{e.filename}: " if getattr(e, "filename", None) else ""
        print(f"{command}: error: {where}{e.strerror or e}", file=sys.stderr)
        return 1
    except Exception as e:  # a bug: still one line, and how to see more
        if os.environ.get("GRIDSMITH_DEBUG"):
            raise
        print(f"{command}: internal error: {type(e).__name__}: {e} (a bug: please report it; "
              "GRIDSMITH_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 1


def _flushed(code: int, command: str) -> int:
    """`code`, once stdout is flushed: a pipe closed early fails here rather than at interpreter exit."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        return _broken_pipe(command)
    return code


def _broken_pipe(command: str) -> int:
    """Exit 1 (the output was not all read) with one line, and keep Python's exit from complaining
    again when it flushes stdout."""
    try:
        fd = sys.stdout.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # an in-process stdout without a file descriptor
        pass
    try:
        print(f"{command}: output closed early (broken pipe); not everything was written", file=sys.stderr)
    except OSError:
        pass
    return 1
