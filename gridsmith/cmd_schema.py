"""`gridsmith schema [--write [DIR] | --check [DIR]]`."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gridsmith.formats import schema

from .paths import check_folder, check_input, fail, shown


def add_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument("--write", nargs="?", const="", metavar="DIR",
                   help="regenerate formats/schemas/ from the models; with DIR, export the schemas there "
                        "(e.g. into a content repository, for the `$schema` lines of `gridsmith new`)")
    g.add_argument("--check", nargs="?", const="", metavar="DIR",
                   help="exit 1 when the committed schemas are stale (the default); with DIR, check an exported "
                        "copy there (missing and stale files named)")


def run(args: argparse.Namespace) -> int:
    if args.write is not None:
        if args.write:
            check_folder("schema", args.write, "--write")
        changed = schema.write(Path(args.write)) if args.write else schema.write()
        print(f"wrote {len(changed)} schema file(s)" + (": " + ", ".join(changed) if changed else ""))
        return 0
    folder = Path(args.check) if args.check else schema.SCHEMA_DIR  # --check, the default
    if args.check:
        check_input("schema", args.check, folders=True)
        if not folder.is_dir():
            fail("schema", f"--check {shown(args.check)} is not a folder")
    found = schema.problems(folder)
    if found:
        fix = f"gridsmith schema --write {args.check}" if args.check else "gridsmith schema --write"
        print(f"schemas in {shown(folder)} are out of date (run `{fix}`):", file=sys.stderr)
        for name, why in sorted(found.items()):
            print(f"  {shown(name)}: {why}", file=sys.stderr)
        return 1
    print(f"schemas up to date ({len(schema.expected())} kinds) in {shown(folder)}")
    return 0
