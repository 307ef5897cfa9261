"""The engine protocol shared by the turn-based games (after OpenSpiel / boardgame.io).

    state = game.new_game(scenario, seed)
    while not state.is_over:
        action = agent.choose(state.view(state.to_move), state.legal_actions(), rng)
        events = state.apply(action)
    state.result

Actions and events are small immutable values with a stable text form (`to_text()` /
`from_text()`), used by saved games, golden traces and the editor's game log.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .rng import CounterRng


@runtime_checkable
class Action(Protocol):
    def to_text(self) -> str: ...


@runtime_checkable
class Event(Protocol):
    def to_text(self) -> str: ...


@dataclass(frozen=True)
class Result:
    """How a game ended: the winning seats (several on a tie) and every seat's score."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str = ""

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1


class State(Protocol):
    rng: CounterRng

    @property
    def to_move(self) -> int | None: ...  # seat index (0-based); None when the game is over

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> Result | None: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any) -> list[Any]: ...

    def view(self, player: int) -> Any:
        """What `player` may know: hidden information is removed, not merely hidden by the UI."""
        ...

    def clone(self) -> "State": ...


@runtime_checkable
class Agent(Protocol):
    """A computer player. `rng` is the agent's own generator, never the game's."""

    name: str

    def choose(self, view: Any, legal_actions: list[Any], rng: CounterRng) -> Any: ...
