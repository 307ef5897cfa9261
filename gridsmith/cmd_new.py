"""`gridsmith new GAME.KIND [-o FILE] [--schemas DIR]`: a new, valid file of a kind, from the same
template as the editor's File > New (formats.templates); a new saved game is a game of the
scenario template that has not started, made by the game's engine.

The file's `# yaml-language-server: $schema=...` line points at a schema that exists from where
the file lies: the kind's schema in `--schemas DIR`, else in the nearest folder called `schemas`
above the file that holds it (`gridsmith schema --write schemas` puts them in a repository), else
the schema shipped inside the installed package."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from gridsmith.engine.core.errors import UnknownGameError
from gridsmith.engine.core.games import get
from gridsmith.formats import registry, templates
from gridsmith.formats.atomic import atomic_write_text
from gridsmith.formats.document import new_text as model_text
from gridsmith.formats.schema import schema_ref

from .paths import check_output


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    plain = p.format_help

    def format_help() -> str:  # the kinds are listed only when help is asked for (loading them takes time)
        p.epilog = "kinds:\n" + "\n".join(f"  {s.kind:<22} {s.title} (*{s.suffix})" for s in registry.all_kinds())
        return plain()

    p.format_help = format_help
    p.add_argument("kind", metavar="GAME.KIND", help="the kind of file (listed below)")
    p.add_argument("-o", "--output", help="write to this file (atomically; refuses to overwrite)")
    p.add_argument("--schemas", metavar="DIR", help="the folder of exported schemas the new file's $schema line "
                   "points at (default: the nearest `schemas` folder above the file holding it, else the installed one)")


def new_text(spec) -> str | None:
    """The text of a new file of `spec`, or None when there is no way to make one."""

    model = templates.new_model(spec)
    if model is not None:
        return model_text(model)

    try:
        game = get(spec.game)
    except UnknownGameError:
        return None
    if spec.kind != game.save_kind:
        return None
    scenario = templates.new_model(registry.get(game.scenario_kind))
    state = game.new_game(scenario, 1)
    seats = list(game.default_seats) * game.seat_count(state)
    return game.save_text(game.save(state, seats[:game.seat_count(state)], getattr(scenario, "name", "")))


def run(args: argparse.Namespace) -> int:
    spec = registry.get(args.kind)
    if spec is None:
        known = ", ".join(s.kind for s in registry.all_kinds())
        print(f"gridsmith new: unknown kind {args.kind!r}; known kinds: {known}", file=sys.stderr)
        return 2
    text = new_text(spec)
    if text is None:
        print(f"gridsmith new: no template for {spec.kind} (its game's engine is not installed)", file=sys.stderr)
        return 2
    if args.schemas and not Path(args.schemas).is_dir():
        print(f"gridsmith new: --schemas {args.schemas}: no such folder (`gridsmith schema --write DIR` makes one)",
              file=sys.stderr)
        return 2
    if args.output:  # before any work: a missing or unwritable folder, a folder or device named
        check_output("new", args.output, "-o", overwrite=False)
    out = Path(args.output) if args.output else None
    folder = out.parent if out else Path.cwd()
    line = f"# yaml-language-server: $schema={schema_ref(spec, folder, args.schemas)}"
    text = re.sub(r"\A(?:# yaml-language-server: \$schema=\S*\n)?", lambda _m: line + "\n", text, count=1)
    if out:
        atomic_write_text(out, text)
    else:
        sys.stdout.write(text)
    return 0
