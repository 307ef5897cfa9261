"""`gridsmith validate PATH... [--format text|json|github]`: exit 0 clean, 1 problems, 2 usage."""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys

#: engine modules that add engine-backed checks to kinds (e.g. replaying saved games)
ENGINE_CHECKS = ("gridsmith.engine.pendulous.checks", "gridsmith.engine.pyramids.checks",
                 "gridsmith.engine.kongbots.checks")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH", help="files and folders (searched recursively)")
    p.add_argument("--format", choices=("text", "json", "github"), default="text",
                   help="text (file:line:col: severity CODE: message), json, or GitHub workflow annotations")
    p.add_argument("--warnings-as-errors", action="store_true", help="exit 1 on warnings too")
    p.add_argument("--quiet", "-q", action="store_true", help="text format: no summary line when clean")


def register_engine_checks() -> None:
    for name in ENGINE_CHECKS:
        if importlib.util.find_spec(name.rsplit(".", 1)[0]) and importlib.util.find_spec(name):
            importlib.import_module(name)


def run(args: argparse.Namespace) -> int:
    from gridsmith.formats.discover import select
    from gridsmith.formats.loader import validate_file

    sel = select(args.paths)
    if sel.missing:
        for m in sel.missing:
            print(f"gridsmith validate: no such file or folder: {m}", file=sys.stderr)
        return 2
    register_engine_checks()
    diagnostics = []
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
