"""`gridsmith lsp`: the language server on stdio (gridsmith.lsp_server; docs/editors.md sets up
VS Code, Neovim, Helix and Emacs). Started by an editor, not by hand: it reads the protocol from
standard input and writes it to standard output."""
from __future__ import annotations

import argparse
import logging
import os
import sys

from .lsp_server import DEBOUNCE_S, serve


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--stdio", action="store_true", help="talk on standard input and output (the default; "
                   "accepted because many editors pass it)")
    p.add_argument("--debounce-ms", type=int, default=round(DEBOUNCE_S * 1000), metavar="MS",
                   help="quiet time after a keystroke before the buffer is checked (default: %(default)s)")
    p.add_argument("--log-level", choices=("error", "warning", "info", "debug"), default="warning",
                   help="how much the server logs on standard error")


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(stream=sys.stderr, level=args.log_level.upper(), format="gridsmith lsp: %(message)s")
    serve(max(0, args.debounce_ms) / 1000)
    if sys.stdout.closed:  # the protocol's streams are closed at exit: the command line's flush finds nothing
        sys.stdout = open(os.devnull, "w")
    return 0
