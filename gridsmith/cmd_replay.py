"""`gridsmith replay SAV`: replay a saved game from its action log, print it, and check it against
its snapshot. Exit 0 when it matches, 1 when it does not (tampered, truncated or foreign file)."""
from __future__ import annotations

import argparse
import sys

from .loading import load_content


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("save", metavar="SAV", help="a saved game (*.sav.yaml)")
    p.add_argument("--events", action="store_true", help="print every event, not only the turn scores")
    p.add_argument("--board", action="store_true", help="print the board at the end")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the verdict")


def run(args: argparse.Namespace) -> int:
    model, spec = load_content("replay", args.save)
    if not spec.kind.endswith(".save"):
        print(f"gridsmith replay: {args.save} is a {spec.kind}, not a saved game", file=sys.stderr)
        return 2
    if spec.game != "pendulous":  # other games replay through engine.<game>.cli.replay
        import importlib

        return importlib.import_module(f"gridsmith.engine.{spec.game}.cli").replay(args, model)
    from gridsmith.engine.pendulous import reports
    from gridsmith.engine.pendulous.events import GameOver, VictoryPointsScored
    from gridsmith.engine.pendulous.save import SaveError, differences, replay

    try:
        state, events = replay(model)
    except SaveError:
        return _report_located(args.save)
    if not args.quiet:
        for e in events:
            if args.events or isinstance(e, (VictoryPointsScored, GameOver)):
                print(e.to_text())
        if args.board:
            print(state.board_text())
            print(reports.combat_report_text(state))
    if differences(model, state):
        return _report_located(args.save)
    print(f"{args.save}: {len(model.actions)} actions replayed; the position matches the snapshot")
    return 0


def _report_located(path: str) -> int:
    """The replay problems as `validate` reports them: at the action or snapshot value, file:line:col."""
    from gridsmith.formats.loader import validate_file

    from .cmd_validate import register_engine_checks

    register_engine_checks()
    for d in validate_file(path):
        print(d.format_text(), file=sys.stderr)
    return 1
