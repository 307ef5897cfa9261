"""Discovery of computer players through the `gridsmith.agents` entry-point group.

An entry point is named `GAME.NAME` (e.g. `pendulous.greedy`) and points to a class or factory that
takes keyword options and returns an `Agent`. The bundled agents are declared in pyproject.toml
like any third-party package's, so a package that adds entries to the group appears in the editor
and on the command line without any change here.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .rng import CounterRng

GROUP = "gridsmith.agents"


def _entries(game: str) -> dict[str, EntryPoint]:
    return _scan(tuple(sys.path)).get(game, {})


@lru_cache(maxsize=4)
def _scan(path: tuple[str, ...]) -> dict[str, dict[str, EntryPoint]]:
    """The group's entry points by game, read once per search path: reading the installed
    distributions' metadata takes milliseconds, and batch play creates agents for every game; a
    package put on the path later (`path` changes) is found."""
    found: dict[str, dict[str, EntryPoint]] = {}
    for ep in entry_points(group=GROUP):
        g, _, name = ep.name.partition(".")
        if name:
            found.setdefault(g, {}).setdefault(name, ep)
    return found


def available(game: str) -> list[str]:
    """Agent names for a game, bundled and third-party, sorted."""
    return sorted(_entries(game))


def create(game: str, name: str, **options: Any) -> Any:
    """Instantiate agent `name` for `game`; KeyError naming the known agents when it does not exist."""
    ep = _entries(game).get(name)
    if ep is None:
        raise KeyError(f"no computer player {name!r} for {game}; known: {', '.join(available(game)) or 'none'}")
    return ep.load()(**options)


class RandomAgent:
    """A uniformly random legal action: every game's baseline (a game whose random player needs more,
    such as Pendulous' chance of ending the turn, writes its own)."""

    name = "random"
    #: the loop may pass None for the view: a random choice never reads it, and views cost (a
    #: Pendulum view copies the state)
    needs_view = False

    def __init__(self, **options: Any) -> None:
        self.options = options

    def choose(self, view: Any, legal_actions: list[Any], rng: CounterRng) -> Any:
        return rng.choice(legal_actions)
