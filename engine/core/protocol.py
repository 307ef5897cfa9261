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

import enum
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .rng import CounterRng


@runtime_checkable
class Action(Protocol):
    def to_text(self) -> str: ...


@runtime_checkable
class Event(Protocol):
    def to_text(self) -> str: ...


class Termination(enum.Enum):
    """Why a game ended (after python-chess's `Termination`); the value is the text shown."""

    OBJECTIVE = "objective reached"  # e.g. a side found the opponent's pyramid
    ELIMINATION = "eliminated every mobile piece"  # a side has nothing left that can act
    NO_LEGAL_ACTION = "no legal move left"  # the side to move cannot act
    TURN_LIMIT = "last turn played"  # the scenario's number of turns is over
    MOVE_LIMIT = "move limit reached"  # a safety limit on the number of actions
    TIME_LIMIT = "time ran out"  # a clock (Pendulum) reached its end


@dataclass(frozen=True)
class Result:
    """How a game ended: the winning seats (several on a tie), every seat's score, the kind of
    ending, and optional detail for people (e.g. "move limit of 400 reached")."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    termination: Termination
    detail: str = ""

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1

    @property
    def reason(self) -> str:
        """The ending in words: the detail when there is one, else the termination's text."""
        return self.detail or self.termination.value


class ResultState:
    """A base for game states that keep how the game ended in `_result` (None while it goes on):
    gives them the protocol's `is_over` and `result`."""

    _result: Result | None = None

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self._result


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
    """A computer player. `rng` is the agent's own generator, never the game's. An agent that never
    reads its view may say so with a class attribute `needs_view = False` (engine.core.agents'
    random player): the loop then passes None instead of making a view (views are pure, so this
    changes no game, only its cost)."""

    name: str

    def choose(self, view: Any, legal_actions: list[Any], rng: CounterRng) -> Any: ...
