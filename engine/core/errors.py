"""One error hierarchy for every game (after python-chess: one base, specific kinds below it).

    GameError                     anything a game refuses; catch this at a program's edge
    ├── IllegalActionError        `state.apply(action)` of an action the rules do not allow
    ├── ReplayError               a saved game whose actions do not replay to its snapshot
    ├── ScenarioError             a scenario that cannot be played (e.g. a missing reference)
    ├── UnknownGameError          no game registered under a name (`gridsmith.games`)
    └── AgentError                an unknown computer player, or one that failed

`IllegalActionError`, `ReplayError` and `ScenarioError` are also `ValueError`s and
`UnknownGameError` a `LookupError`, so older callers that catch those keep working. The command
line turns every `GameError` into a one-line message and exit code 1 (2 for usage errors).
"""
from __future__ import annotations


class GameError(Exception):
    """The base of every error a game raises on purpose."""


class IllegalActionError(GameError, ValueError):
    """The rules do not allow this action in this state (the message says which rule)."""


class ReplayError(GameError, ValueError):
    """A saved game does not replay to its snapshot. `code` is the diagnostic code (SAV410: an
    action cannot be played, SAV411: the position differs), `path` the location in the file."""

    def __init__(self, message: str, path: tuple[str | int, ...] = (), code: str = "SAV410") -> None:
        super().__init__(message)
        self.path = path
        self.code = code


class ScenarioError(GameError, ValueError):
    """A scenario that cannot be played as given."""


class UnknownGameError(GameError, LookupError):
    """No game of that name is registered."""


class AgentError(GameError):
    """An unknown computer player, or one that failed to choose a legal action."""
