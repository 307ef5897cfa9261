"""`gridsmith new GAME.KIND [-o FILE]`: a new, valid file of a kind, from the kind's template."""
from __future__ import annotations

import argparse
import sys


def add_arguments(p: argparse.ArgumentParser) -> None:
    from gridsmith.formats import registry

    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = "kinds:\n" + "\n".join(f"  {s.kind:<22} {s.title} (*{s.suffix})" for s in registry.all_kinds())
    p.add_argument("kind", metavar="GAME.KIND", help="the kind of file (listed below)")
    p.add_argument("-o", "--output", help="write to this file (atomically; refuses to overwrite)")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from gridsmith.formats import registry, templates
    from gridsmith.formats.atomic import atomic_write_text
    from gridsmith.formats.document import FileDocument

    spec = registry.get(args.kind)
    if spec is None:
        known = ", ".join(s.kind for s in registry.all_kinds())
        print(f"gridsmith new: unknown kind {args.kind!r}; known kinds: {known}", file=sys.stderr)
        return 2
    model = templates.new_model(spec)
    if model is None:
        print(f"gridsmith new: no template for {spec.kind} yet", file=sys.stderr)
        return 2
    text = FileDocument.new(model).to_text()
    if args.output:
        out = Path(args.output)
        if out.exists():
            print(f"gridsmith new: {out} exists; not overwriting it", file=sys.stderr)
            return 2
        atomic_write_text(out, text)
    else:
        sys.stdout.write(text)
    return 0
