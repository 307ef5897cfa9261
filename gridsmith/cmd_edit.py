"""`gridsmith edit [FILE...]`: open the editor, optionally on content files."""
from __future__ import annotations

import argparse
import importlib.util
import os
import sys

from gridsmith.formats import registry

from .paths import check_inputs


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="*", metavar="FILE", help="content files to open (e.g. a *.scn.yaml scenario)")
    p.add_argument("--new", metavar="GAME.KIND", help="start with a new document of this kind "
                   "(GAME.KIND, as `gridsmith new --help` lists them) when no file is given")
    p.add_argument("--no-recover", action="store_true",
                   help="do not offer to recover documents of a session that crashed")


def run(args: argparse.Namespace) -> int:
    check_inputs("edit", args.files)
    if args.new:
        if registry.get(args.new) is None:
            print(f"gridsmith edit: unknown kind {args.new!r} for --new; `gridsmith new --help` lists the kinds",
                  file=sys.stderr)
            return 2
    if importlib.util.find_spec("PySide6") is None:
        print("gridsmith edit: the editor needs Qt, which this install lacks: pip install 'gridsmith[editor]'",
              file=sys.stderr)
        return 2
    if (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
        # Qt would abort the process (core dump, exit 134) after printing a page about plugins
        print("gridsmith edit: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset; "
              "QT_QPA_PLATFORM=offscreen runs without one)", file=sys.stderr)
        return 2
    try:
        from gridsmith.editor.app import run as run_editor  # Qt: the optional `editor` extra
    except ImportError as e:  # Qt's system libraries missing
        print(f"gridsmith edit: the editor cannot start: {e}", file=sys.stderr)
        return 2
    return run_editor(args.files, recover=not args.no_recover, new_kind=args.new)
