"""`gridsmith balance FILE [--games N] [--time SECONDS] [--seats a,b] [--jobs J] [--scheduler ADDR]
[--json] [--write [OUT]]`: the balance assistant (engine.core.assistant). It measures the scenario
with the game's computer players and, when a seat's win rate is not fair within the tolerance,
proposes up to three small edits that bring it within, each confirmed on fresh seeds. An edit may
change the scenario and the files it refers to; `--write` writes the first proposal's changed files
in place, all or none (formats.atomic.atomic_write_all); `--write OUT` writes its scenario to OUT (refused
when it changes a referenced file: OUT would name the old one).
Exit codes: 0 when the scenario is balanced or a proposal meets the tolerance, 1 when no edit found
within the budget does (or the run was cancelled with Ctrl+C: what was found so far is printed), or
when --write cannot write (nothing is written then), 2 for usage errors.

`gridsmith balance --check FILE...` (the `gridsmith-balance` pre-commit hook): each scenario that has
a recorded baseline next to it (`duel.scn.yaml` -> `duel.scn.balance.json`, written by `gridsmith
simulate FILE --write-baseline`) is played again as the baseline was, and compared with it
(engine.core.baseline); exit 1 when a rate moved. Scenarios without a baseline are skipped."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gridsmith.engine.core.assistant import Assistant, Budget, Proposal, Report, Tolerance
from gridsmith.engine.core import baseline
from gridsmith.engine.core.baseline import BASELINE_SUFFIX, LEVEL, MIN_EFFECT, BaselineError, moves, next_to, rates
from gridsmith.engine.core.edits import texts
from gridsmith.formats.atomic import atomic_write_all
from gridsmith.formats.diagnostics import shown
from gridsmith.engine.core.simulate import Summary, executor as make_executor, make_specs, run as run_games, summarize
from gridsmith.formats.document import new_text

from .cmd_play import computer_seats
from .loading import playable, project_scope
from .paths import CommandFailed, check_input, check_output


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", metavar="FILE", nargs="+", help="a scenario (with --check: one or more)")
    p.add_argument("--check", action="store_true",
                   help="compare each scenario with its recorded baseline instead (FILE.balance.json next to it)")
    p.add_argument("--level", type=float, default=LEVEL * 100, metavar="PERCENT",
                   help=f"--check: the two-proportion test's level (default {LEVEL * 100:g}%%)")
    p.add_argument("--min-effect", type=float, default=MIN_EFFECT * 100, metavar="POINTS",
                   help=f"--check: a rate moved only if it changed by at least this much (default {MIN_EFFECT * 100:g})")
    p.add_argument("--games", "-n", type=int, default=3000,
                   help="games to play in all: measuring, screening the edits and confirming the best (default 3000)")
    p.add_argument("--time", type=float, default=None, metavar="SECONDS",
                   help="stop screening when this much time is spent (the confirmation still runs)")
    p.add_argument("--seats", default=None, help="computer players, comma-separated, one per seat "
                   "(one name plays every seat); default: the game's own")
    p.add_argument("--first-seat", type=float, default=5.0, metavar="POINTS",
                   help="the first seat's advantage must be under this many points (default 5)")
    p.add_argument("--seed", type=int, default=0, help="first seed of the measurement")
    p.add_argument("--jobs", "-j", type=int, default=None, help="worker processes (default: CPU count)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="play on a Dask distributed scheduler")
    p.add_argument("--allow-outside-references", action="store_true",
                   help="let the scenario name files outside its content tree")
    p.add_argument("--json", action="store_true", help="print the report as JSON (docs/commands.md)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--write", metavar="OUT", nargs="?", const=IN_PLACE,
                   help="write the first proposal: without OUT, every file it changes in place (the scenario "
                   "and the files it refers to), all or none; with OUT, its scenario to OUT")


def run(args: argparse.Namespace) -> int:
    if args.check:
        return check(args)
    if len(args.files) > 1:
        print("gridsmith balance: one scenario at a time (--check takes several)", file=sys.stderr)
        return 2
    args.file = args.files[0]
    if args.games < 100:
        print("gridsmith balance: --games must be at least 100", file=sys.stderr)
        return 2
    if args.time is not None and args.time <= 0:
        print("gridsmith balance: --time must be more than 0", file=sys.stderr)
        return 2
    if not 0 < args.first_seat <= 100:
        print("gridsmith balance: --first-seat must be more than 0 and at most 100", file=sys.stderr)
        return 2
    check_input("balance", args.file)
    # before the search, so that its hours are not lost: OUT, or in place the scenario itself (the
    # referenced files a proposal changes are known, and checked, only when it is made)
    if args.write is not None:
        check_output("balance", args.write or args.file, "--write")
    with project_scope("balance", args.file, allow_outside=args.allow_outside_references or None):
        p = playable("balance", args.file, args.seed)
        model, game, base, n = p.model, p.game, p.base, p.seats
        seats = computer_seats(args.seats, n, game, "balance")
        if seats is None:
            return 2
        executor, close = make_executor(args.jobs, args.scheduler)
        bar = None
        if not (args.no_progress or args.json):
            from tqdm import tqdm  # type: ignore[import-untyped]  # optional progress bar; no stubs

            bar = tqdm(total=args.games, unit="game", dynamic_ncols=True, leave=False)

        def progress(done: int, total: int) -> None:
            if bar is not None:
                bar.set_description(assistant.phase, refresh=False)
                bar.update(done - bar.n)

        assistant = Assistant(game.name, model, args.file, seats, Budget(args.games, args.time),
                              Tolerance(args.first_seat / 100), args.seed, executor, base=base,
                              roots=p.roots, allow_outside=p.allow_outside,
                              progress=progress)
        try:
            report = assistant.run()
        except KeyboardInterrupt:  # Ctrl+C: the running games finish, what was found is reported
            assistant.cancel()
            report = assistant.report
            report.cancelled = True
        finally:
            if bar is not None:
                bar.close()
            close()
    if args.json:
        data = {"file": args.file, **report.to_json(args.file)}
        json.dump(data, sys.stdout, indent=2)
        print()
    else:
        print(report.to_text())
    if args.write is not None and report.proposals and not write(args.file, args.write, report.proposals[0]):
        return 1
    return 0 if ok(report) else 1


#: `--write` without OUT
IN_PLACE = ""


def write(file: str, out: str, p: Proposal) -> bool:
    """The proposal's files written (`out` IN_PLACE: every file it changes, where it is; else its
    scenario to `out`), all or none; False after saying why when they cannot be."""
    others = p.edit.referenced_files
    if out != IN_PLACE and others:
        print(f"gridsmith balance: the first proposal also changes {', '.join(map(shown, others))}; --write OUT "
              "writes a scenario only: give --write without OUT to write every file it changes in place; "
              "nothing written", file=sys.stderr)
        return False
    files = texts(p.edited, p.edit, file) if out == IN_PLACE else {Path(out): new_text(p.model)}
    try:
        for path in files:  # a read-only file is refused, as --write OUT refuses it (a rename would not)
            check_output("balance", str(path), "--write")
    except CommandFailed:
        print("gridsmith balance: nothing written", file=sys.stderr)
        return False
    try:
        atomic_write_all(files)
    except OSError as e:
        where = e.filename if e.filename else ", ".join(map(str, files))
        print(f"gridsmith balance: cannot write {shown(str(where))}: {e.strerror or e}; nothing written",
              file=sys.stderr)
        return False
    print(f"gridsmith balance: wrote the first proposal to {', '.join(map(str, files))}", file=sys.stderr)
    return True


def ok(report: Report) -> bool:
    return not report.cancelled and (report.balanced or any(p.meets_tolerance for p in report.proposals))


def check(args: argparse.Namespace) -> int:
    """--check: every scenario with a baseline played again and compared."""
    if not 0 < args.level < 100 or not 0 <= args.min_effect <= 100:
        print("gridsmith balance: --level must be between 0 and 100, --min-effect between 0 and 100", file=sys.stderr)
        return 2
    moved_any, checked = False, 0
    for file in scenarios_of(args.files):
        check_input("balance", file)
        path = next_to(file)
        if not path.is_file():  # most files of a commit have none (rulesets, boards, scenarios not tracked)
            continue
        checked += 1
        try:
            base = baseline.read(path)
        except BaselineError as e:
            print(f"gridsmith balance: {e}", file=sys.stderr)
            return 1
        summary, names = measure(file, base["agents"], base["games"], base["first_seed"], base["agent_seed"], args)
        moved = moves(base["rates"], rates(summary, names), args.level / 100, args.min_effect / 100)
        if summary.errors:
            print(f"{file}: {len(summary.errors)} games failed: {summary.errors[0]}", file=sys.stderr)
            moved_any = True
        for m in moved:
            print(f"{file}: {m.to_text()}")
        if not moved:
            print(f"{file}: as recorded in {path.name} ({summary.games} games)", file=sys.stderr)
        moved_any = moved_any or bool(moved)
    if not checked:
        print("gridsmith balance: no scenario given has a baseline (FILE.balance.json); nothing to check",
              file=sys.stderr)
    return 1 if moved_any else 0


def scenarios_of(files: list[str]) -> list[str]:
    """The scenarios to check: the files, a baseline standing for its scenario, each once."""
    out: dict[str, None] = {}
    for f in files:
        if f.endswith(BASELINE_SUFFIX):
            f = f[: -len(BASELINE_SUFFIX)] + ".yaml"
        out[f] = None
    return list(out)


def measure(file: str, agents: list[str], games: int, seed: int, agent_seed: int | None,
            args: argparse.Namespace) -> tuple[Summary, list[str]]:
    """(statistics, seat names) of `games` games of the scenario `file` from `seed`."""
    with project_scope("balance", file, allow_outside=args.allow_outside_references or None):
        p = playable("balance", file, seed)
        specs = make_specs(p.game.name, p.model, agents, games, seed=seed, base=p.base, agent_seed=agent_seed,
                           roots=p.roots, allow_outside=p.allow_outside)
        executor, close = make_executor(args.jobs, args.scheduler)
        try:
            summary = summarize(list(run_games(specs, executor, progress=not args.no_progress)), p.seats)
        finally:
            close()
        return summary, p.game.seats(p.model)[: p.seats]
