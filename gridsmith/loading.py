"""Opening the content file a command works on: a path that is not a readable file (missing, a
folder, a named pipe, a device) is a usage error (exit 2, gridsmith.paths), a file with errors prints
its diagnostics (exit 1). Commands raise `CommandFailed` (gridsmith.paths); `cli.main` exits with it."""
from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gridsmith.engine.core.errors import GameError, UnknownGameError
from gridsmith.engine.core.games import get
from gridsmith.formats import config
from gridsmith.formats.loader import load_file
from gridsmith.formats.session import current, project_session

from .paths import CommandFailed, check_input, fail, shown

if TYPE_CHECKING:
    from pydantic import BaseModel

    from gridsmith.engine.core.game import Game
    from gridsmith.formats.registry import KindSpec


def project_config(command: str, path: str) -> config.Config:
    """The project configuration (formats.config) of the file or folder at `path`, as every command
    reads it, or CommandFailed(2) after saying what is wrong with it."""
    try:
        return config.for_path(path)
    except config.ConfigError as e:
        fail(command, str(e))


@contextlib.contextmanager
def project_scope(command: str, path: str, allow_outside: bool | None = None) -> Iterator[config.Config]:
    """A command's whole run on the file at `path` in its project's reference session: the file and
    every file the engine reads later for it (a scenario's ruleset) are read as `validate` reads them;
    `allow_outside` True (an `--allow-outside-references` option) lets references leave the roots."""
    project = project_config(command, path)
    with project_session(project, [path], allow_outside=allow_outside):
        yield project


def load_content(command: str, path: str, allow_outside: bool | None = None) -> tuple[BaseModel, KindSpec]:
    """(model, spec) of the file at `path`, or CommandFailed after saying why. The file is read as
    `validate` reads it: in its project's configuration (content roots, severities; `allow_outside`
    True lets references leave the roots; inside a `project_scope`, its session is joined)."""

    check_input(command, path)
    project = project_config(command, path)
    try:
        with project_session(project, [path], allow_outside=allow_outside):
            loaded = load_file(path)
    except OSError as e:  # it went away or became unreadable since the check
        fail(command, f"cannot read {shown(path)}: {e.strerror or e}")
    loaded.diagnostics = project.apply(loaded.diagnostics)
    errors = [d for d in loaded.diagnostics if d.is_error]
    if loaded.model is None or loaded.spec is None or errors:  # no model without a spec
        for d in errors or loaded.diagnostics:
            print(d.format_text(), file=sys.stderr)
        raise CommandFailed(1)
    return loaded.model, loaded.spec


def game_of(command: str, spec: KindSpec) -> Game:
    """The registered Game (engine.core.games) of a file's kind, or CommandFailed(2) after saying
    that no rules engine for it is installed."""
    try:
        return get(spec.game)
    except UnknownGameError as e:
        print(f"gridsmith {command}: {e}", file=sys.stderr)
        raise CommandFailed(2) from None


@dataclass
class Playable:
    """A scenario ready for batch play: its model and game, the folder its references resolve
    against, the game started once (its seats), and the reference settings every game carries."""
    model: BaseModel
    game: Game
    base: str
    first: Any
    seats: int
    roots: tuple[str, ...]
    allow_outside: bool | None


def playable(command: str, path: str, seed: int) -> Playable:
    """The scenario at `path` (inside a `project_scope`), read as `validate` reads it and started once
    with `seed`: CommandFailed(2) when it is another kind of file, (1) when it cannot start (a missing
    ruleset is one message, not N failed games)."""
    refs = current()
    assert refs is not None  # project_scope runs a session
    model, spec = load_content(command, path)
    game = game_of(command, spec)
    if spec.kind != game.scenario_kind:
        fail(command, f"{path} is a {spec.kind}, not a {game.scenario_kind}")
    base = str(Path(path).resolve().parent)
    try:
        first = game.new_game(model, seed, base=base)
    except GameError as e:
        fail(command, f"{path}: {e}", 1)
    return Playable(model, game, base, first, game.seat_count(first), tuple(str(r) for r in refs.roots),
                    refs.allow_outside)
