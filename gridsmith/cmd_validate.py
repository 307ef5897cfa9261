"""`gridsmith validate PATH... [--format text|json|github|sarif] [--output-file FILE]`: exit 0 clean,
1 problems, 2 usage. The report's formats are formats.reports; docs/commands.md documents them."""
from __future__ import annotations

import argparse
import functools
import io
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.engine.core.games import all_games
from gridsmith.formats import config, registry
from gridsmith.formats.atomic import atomic_write_text
from gridsmith.formats.diagnostics import Diagnostic
from gridsmith.formats.discover import select
from gridsmith.formats.loader import validate_file
from gridsmith.formats.reports import PER_CODE, Run, write
from gridsmith.formats.session import project_session

from . import __version__
from .loading import project_config
from .paths import check_inputs, check_output, fail

if TYPE_CHECKING:
    from gridsmith.engine.core.game import Checks

FORMATS = ("text", "json", "github", "sarif")
#: a tree of more files than this is checked on every core: below it, starting the processes costs
#: more than it saves
PARALLEL_FROM = 40


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH", help="files and folders (searched recursively)")
    p.add_argument("--format", choices=FORMATS, default="text",
                   help="text (file:line:col: severity CODE: message), json (versioned, see docs/commands.md), "
                        "github (workflow annotations) or sarif (SARIF 2.1.0, for code scanning)")
    p.add_argument("--output-file", "-o", metavar="FILE",
                   help="write the report to FILE (written whole or not at all) instead of standard output")
    p.add_argument("--warnings-as-errors", action="store_true", help="exit 1 on warnings too")
    p.add_argument("--max-per-code", type=_count, default=PER_CODE, metavar="N",
                   help=f"per file, list the first N diagnostics of each code, then one line 'and M more like "
                        f"this' (default {PER_CODE}; 0 lists every one)")
    p.add_argument("--jobs", "-j", type=_count, default=0, metavar="N",
                   help=f"processes to check a large tree with (default 0: one per core for more than "
                        f"{PARALLEL_FROM} files; 1 checks in this process)")
    p.add_argument("--quiet", "-q", action="store_true", help="text format: no summary line when clean")
    p.add_argument("--content-only", action="store_true",
                   help="among the files named, check only Gridsmith content (a Gridsmith suffix, or a `kind:` "
                        "of a Gridsmith kind), as in folders; other files are skipped and counted (for hooks)")
    p.add_argument("--allow-outside-references", action="store_true",
                   help="let files name files outside the content roots (the project configuration's, by default "
                        "the repository; refused by default: R609)")


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number 0 or more, not {text!r}")
    return n


#: kind -> its game's engine-backed checks (`module:CHECKS`, engine.core.game.Checks), e.g. a saved
#: game must replay; the same checks as each game's Game.checks(), named without importing any engine
CHECKS_GROUP = "gridsmith.checks"


def register_engine_checks() -> None:
    """The games' engine-backed checks, each game's imported the first time a file of one of its
    kinds is checked (formats.registry.defer_checks): a tree without saves imports no engine. Once
    per process."""
    global _registered
    if _registered:
        return
    _registered = True
    named = entry_points(group=CHECKS_GROUP)
    if not named:  # metadata older than the group (an editable install not reinstalled): every game's, now
        for game in all_games():
            game.register_checks()
    for ep in named:
        registry.defer_checks(ep.name, functools.partial(_add_checks, ep))


_registered = False


def _add_checks(ep: EntryPoint) -> None:
    checks: Checks = ep.load()
    for kind, check in checks:
        if kind == ep.name:
            registry.add_check(kind, check)


def run(args: argparse.Namespace) -> int:
    check_inputs("validate", args.paths, folders=True)
    if args.output_file:  # before any work: a typo in the folder loses nothing
        check_output("validate", args.output_file, "--output-file")
    for path in args.paths:  # a broken configuration is a usage error, before any work
        project_config("validate", path)
    try:
        return _validate(args)
    except config.ConfigError as e:  # one further down the folders given
        fail("validate", str(e))


Job = tuple[config.Config, list[Path], list[str], "bool | None"]


def _check(job: Job) -> list[Diagnostic]:
    """The diagnostics of some files of one project, in its session (in this process or a worker)."""
    project, files, paths, allow_outside = job
    register_engine_checks()  # once per process (Game.register_checks adds each check once)
    with project_session(project, paths, allow_outside=allow_outside):
        return [d for f in files for d in validate_file(f)]


def _workers(files: int, jobs: int) -> int:
    """Processes for `files` files: `jobs` when given, else one per usable core for a large tree."""
    if jobs:
        return max(1, min(jobs, files))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, 8)) if files > PARALLEL_FROM else 1


def _chunks(files: list[Path], workers: int) -> list[list[Path]]:
    """`files` in runs of neighbours (files of a folder tend to name the same files, read once per
    run), a few per worker so that a slow run does not leave the others idle."""
    if workers == 1:
        return [files]
    size = max(1, -(-len(files) // (workers * 4)))
    return [files[i:i + size] for i in range(0, len(files), size)]


def _context() -> multiprocessing.context.BaseContext:
    # fork where there is one: the workers start with everything this process imported
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _prepare(kinds: set[str]) -> None:
    """Import what the declared kinds need (their games' formats, the engine for engine-backed
    checks) once, before the workers fork: each starts with it instead of importing it again."""
    for kind in sorted(kinds):
        spec = registry.get(kind)
        if spec is not None:
            registry.checks_for(spec)


def _validate(args: argparse.Namespace) -> int:
    sel = select(args.paths, content_only=args.content_only, excluded=lambda p: config.for_path(p).excluded(p))
    if sel.missing:
        for m in sel.missing:
            print(f"gridsmith validate: no such file or folder: {m}", file=sys.stderr)
        return 2
    register_engine_checks()
    diagnostics: list[Diagnostic] = []
    # one session per project: its configuration (never the other files named) says where references
    # may lead, so a file's result does not depend on how a hook batches the files; each referenced
    # file is read once
    projects: dict[config.Config, list[Path]] = {}
    for f in sel.files:
        projects.setdefault(config.for_path(f), []).append(f)
    allow = args.allow_outside_references or None
    workers = _workers(len(sel.files), args.jobs)
    jobs = [(project, chunk, list(args.paths), allow) for project, files in projects.items()
            for chunk in _chunks(files, workers)]
    if workers > 1:
        _prepare(sel.kinds)
        with ProcessPoolExecutor(workers, mp_context=_context()) as pool:
            results = list(pool.map(_check, jobs))
    else:
        results = [_check(job) for job in jobs]
    for (project, *_), found in zip(jobs, results):
        diagnostics.extend(project.apply(found))
    report = Run(diagnostics, len(sel.files), [str(s) for s in sel.skipped], per_code=args.max_per_code)
    buffer = io.StringIO() if args.output_file else sys.stdout
    write(report, args.format, buffer, __version__, base=Path.cwd())
    if args.output_file:
        atomic_write_text(args.output_file, buffer.getvalue())
    if not (args.quiet and not report.diagnostics) and args.format != "json":
        # the summary is for people: on stdout beside text lines, on stderr beside machine formats
        to_stdout = args.format == "text" and not args.output_file
        excluded = f"; excluded {len(sel.excluded)} by the project configuration" if sel.excluded else ""
        print(report.summary() + excluded, file=sys.stdout if to_stdout else sys.stderr)
    failed = report.errors or (args.warnings_as_errors and report.warnings)
    return 1 if failed else 0
