"""Discovery of games through the `gridsmith.games` entry-point group: each entry names a game and
points at its `Game` object (engine.core.game). Nothing in the shared cores names a game."""
from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import UnknownGameError
from .game import Game

GROUP = "gridsmith.games"


@cache
def _registered() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def names() -> list[str]:
    """The names of every registered game, sorted."""
    return sorted(_registered())


@cache
def get(name: str) -> Game[Any, Any, Any]:
    """The Game called `name`; UnknownGameError naming the registered games otherwise."""
    ep = _registered().get(name)
    if ep is None:
        raise UnknownGameError(f"no rules engine for the game {name!r} is installed "
                               f"(games with one: {', '.join(names()) or 'none'})")
    game = ep.load()
    found: Game[Any, Any, Any] = game() if isinstance(game, type) else game
    return found


def all_games() -> list[Game[Any, Any, Any]]:
    return [get(n) for n in names()]
