"""`gridsmith validate PATH... [--format text|json|github]`: exit 0 clean, 1 problems, 2 usage."""
from __future__ import annotations

import argparse
import json
import sys


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH", help="files and folders (searched recursively)")
    p.add_argument("--format", choices=("text", "json", "github"), default="text",
                   help="text (file:line:col: severity CODE: message), json, or GitHub workflow annotations")
    p.add_argument("--warnings-as-errors", action="store_true", help="exit 1 on warnings too")
    p.add_argument("--quiet", "-q", action="store_true", help="text format: no summary line when clean")
    p.add_argument("--allow-outside-references", action="store_true",
                   help="let files name files outside the folders given (refused by default: R609)")


def register_engine_checks() -> None:
    """Every registered game adds its engine-backed checks (e.g. a saved game must replay)."""
    from gridsmith.engine.core.games import all_games

    for game in all_games():
        game.register_checks()


def run(args: argparse.Namespace) -> int:
    from gridsmith.formats.discover import select
    from gridsmith.formats.loader import validate_file
    from gridsmith.formats.session import session

    from .paths import check_inputs

    check_inputs("validate", args.paths, folders=True)
    sel = select(args.paths)
    if sel.missing:
        for m in sel.missing:
            print(f"gridsmith validate: no such file or folder: {m}", file=sys.stderr)
        return 2
    register_engine_checks()
    diagnostics = []
    # one session: the paths given are the content tree, and each referenced file is read once
    with session(roots=args.paths, allow_outside=args.allow_outside_references or None):
        for f in sel.files:
            diagnostics.extend(validate_file(f))
    errors = sum(d.is_error for d in diagnostics)
    warnings = len(diagnostics) - errors
    files_with = len({d.file for d in diagnostics})
    summary = (f"checked {len(sel.files)} file(s): {errors} error(s), {warnings} warning(s) in {files_with} file(s)"
               + (f"; skipped {len(sel.skipped)} YAML file(s) without a Gridsmith `kind`" if sel.skipped else ""))
    out = sys.stdout
    if args.format == "json":
        json.dump({
            "diagnostics": [d.to_json() for d in diagnostics],
            "summary": {"files": len(sel.files), "errors": errors, "warnings": warnings,
                        "skipped": [str(s) for s in sel.skipped]},
        }, out, indent=2)
        out.write("\n")
    else:
        for d in diagnostics:
            print(d.format_github() if args.format == "github" else d.format_text(), file=out)
        if not (args.quiet and not diagnostics):
            print(summary, file=out if args.format == "text" else sys.stderr)
    failed = errors or (args.warnings_as_errors and warnings)
    return 1 if failed else 0
