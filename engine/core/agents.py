"""Discovery of computer players through the `gridsmith.agents` entry-point group.

An entry point is named `GAME.NAME` (e.g. `pendulous.greedy`) and points to a class or factory that
takes keyword options and returns an `Agent`. Third-party packages add their own entries to the
group and appear in the editor and on the command line without any change here.
"""
from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

GROUP = "gridsmith.agents"

_builtin: dict[str, str] = {}


def register_builtin(game: str, name: str, target: str) -> None:
    """Register a bundled agent by "module:attr" (also declared in pyproject's entry points, which
    is what an installed distribution uses; this keeps a source checkout working)."""
    _builtin[f"{game}.{name}"] = target


def _load_target(target: str) -> Callable[..., Any]:
    import importlib

    module, _, attr = target.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


def available(game: str) -> list[str]:
    """Agent names for a game, bundled and third-party, sorted."""
    names = {k.split(".", 1)[1] for k in _builtin if k.startswith(game + ".")}
    for ep in entry_points(group=GROUP):
        g, _, n = ep.name.partition(".")
        if g == game and n:
            names.add(n)
    return sorted(names)


def create(game: str, name: str, **options: Any) -> Any:
    """Instantiate agent `name` for `game`; KeyError with the known names when it does not exist."""
    key = f"{game}.{name}"
    for ep in entry_points(group=GROUP):
        if ep.name == key:
            return ep.load()(**options)
    if key in _builtin:
        return _load_target(_builtin[key])(**options)
    raise KeyError(f"no computer player {name!r} for {game}; known: {', '.join(available(game)) or 'none'}")
