"""Opening the content file a command works on: a path that is not a readable file (missing, a
folder, a named pipe, a device) is a usage error (exit 2, gridsmith.paths), a file with errors prints
its diagnostics (exit 1). Commands raise `CommandFailed` (gridsmith.paths); `cli.main` exits with it."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from gridsmith.engine.core.errors import UnknownGameError
from gridsmith.engine.core.games import get
from gridsmith.formats.loader import load_file

from .paths import CommandFailed, check_input, fail, shown

if TYPE_CHECKING:
    from pydantic import BaseModel

    from gridsmith.engine.core.game import Game
    from gridsmith.formats.registry import KindSpec


def load_content(command: str, path: str) -> tuple[BaseModel, KindSpec]:
    """(model, spec) of the file at `path`, or CommandFailed after saying why."""

    check_input(command, path)
    try:
        loaded = load_file(path)
    except OSError as e:  # it went away or became unreadable since the check
        fail(command, f"cannot read {shown(path)}: {e.strerror or e}")
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
