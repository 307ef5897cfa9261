"""`gridsmith edit [FILE...]`: open the editor, optionally on content files."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="*", metavar="FILE", help="content files to open (e.g. a *.scn.yaml scenario)")
    p.add_argument("--new", metavar="GAME.KIND", help="start with a new document of this kind "
                   "(GAME.KIND, as `gridsmith new --help` lists them) when no file is given")
    p.add_argument("--no-recover", action="store_true",
                   help="do not offer to recover documents of a session that crashed")


def run(args: argparse.Namespace) -> int:
    missing = [f for f in args.files if not Path(f).exists()]
    if missing:
        print(f"gridsmith edit: no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    import importlib.util

    if importlib.util.find_spec("PySide6") is None:
        print("gridsmith edit: the editor needs Qt, which this install lacks: pip install 'gridsmith[editor]'",
              file=sys.stderr)
        return 2
    try:
        from gridsmith.editor.app import run as run_editor
    except ImportError as e:  # Qt's system libraries missing
        print(f"gridsmith edit: the editor cannot start: {e}", file=sys.stderr)
        return 2
    return run_editor(args.files, recover=not args.no_recover, new_kind=args.new)
