"""Every game's formats register their kinds when imported; the games are found through the
entry-point group `gridsmith.kinds` (one or more entries per game, named `GAME` or `GAME.<more>`,
each naming a module under formats/<game>/), so this shared module names no game. The registry
imports one game's entries when a kind of that game is first asked for, and every entry when all
kinds are. Adding a game: its formats package and a line in pyproject.toml:

    [project.entry-points."gridsmith.kinds"]
    mygame = "gridsmith.formats.mygame"
"""
from __future__ import annotations

import functools
import importlib
from importlib.metadata import entry_points

GROUP = "gridsmith.kinds"


def modules(game: str | None = None) -> list[str]:
    """The module of every entry of the group (of `game`'s entries only, when given), in name order."""
    return [module for name, module in _entries() if game is None or name == game or name.startswith(game + ".")]


@functools.cache
def _entries() -> tuple[tuple[str, str], ...]:
    # read once: each reading of the installed packages' entry points costs milliseconds
    return tuple((ep.name, ep.value.split(":", 1)[0]) for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name))


def load_all() -> None:
    for name in modules():
        importlib.import_module(name)


def load_game(game: str) -> None:
    """Import the formats modules of `game` only (none when no entry is named after it)."""
    for name in modules(game):
        importlib.import_module(name)
