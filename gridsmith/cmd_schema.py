"""`gridsmith schema [--write | --check]`."""
from __future__ import annotations

import argparse
import sys

from gridsmith.formats import schema

from .paths import check_folder


def add_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument("--write", nargs="?", const="", metavar="DIR",
                   help="regenerate formats/schemas/ from the models; with DIR, export the schemas there "
                        "(e.g. into a content repository, for the `$schema` lines of `gridsmith new`)")
    g.add_argument("--check", action="store_true", help="exit 1 when the committed schemas are stale (default)")


def run(args: argparse.Namespace) -> int:
    if args.write is not None:
        from pathlib import Path

        if args.write:
            check_folder("schema", args.write, "--write")
        changed = schema.write(Path(args.write)) if args.write else schema.write()
        print(f"wrote {len(changed)} schema file(s)" + (": " + ", ".join(changed) if changed else ""))
        return 0
    stale = schema.stale()
    if stale:  # --check, the default
        print("stale schemas (run `gridsmith schema --write`): " + ", ".join(stale), file=sys.stderr)
        return 1
    print(f"schemas up to date ({len(schema.expected())} kinds) in {schema.SCHEMA_DIR}")
    return 0
