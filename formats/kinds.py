"""Every game's formats register their kinds when imported; the games are found through the
entry-point group `gridsmith.kinds` (one or more entries per game, each naming a module under
formats/<game>/), so this shared module names no game. Adding a game: its formats package and a line
in pyproject.toml:

    [project.entry-points."gridsmith.kinds"]
    mygame = "gridsmith.formats.mygame"
"""
from __future__ import annotations

import importlib
from importlib.metadata import entry_points

GROUP = "gridsmith.kinds"


def modules() -> list[str]:
    """The module of every entry of the group, in name order."""
    return [ep.value.split(":", 1)[0] for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name)]


def load_all() -> None:
    for name in modules():
        importlib.import_module(name)
