"""Pendulum events: what happened, at which millisecond, by which seat (None: the game itself).

Each is a small immutable value; `text` says what happened in words and `to_text()` stamps it with
the clock and the seat (`  12.500s seat 1: flip black: black now on the bottom row`), the line of
the game log and the golden traces. What an action did in detail (resources gained, cards played)
stays in words (`details`): the effects' own lines.
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Action


@dataclass(frozen=True)
class Event:
    ms: int
    seat: int | None

    @property
    def text(self) -> str:
        raise NotImplementedError

    def to_text(self) -> str:
        who = "game" if self.seat is None else f"seat {self.seat + 1}"
        return f"{self.ms / 1000:8.3f}s {who}: {self.text}"


@dataclass(frozen=True)
class Requested(Event):
    """A timed request waits for the grace window (served by privilege when others come close)."""

    action: Action

    @property
    def text(self) -> str:
        return f"requests {self.action.to_text()}"


@dataclass(frozen=True)
class Refused(Event):
    """An action the rules refused when it was to be done; `outranked`: a higher privilege came first."""

    action: Action
    reason: str
    outranked: bool = False

    @property
    def text(self) -> str:
        if self.outranked:
            return f"{self.action.to_text()} refused: a higher privilege came first ({self.reason})"
        return f"{self.action.to_text()} refused: {self.reason}"


@dataclass(frozen=True)
class Performed(Event):
    """An action done (a seat's, or the game's automatic flip), with what it did in words."""

    action: Action
    details: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return self.action.to_text() + (": " + "; ".join(x for x in self.details if x) if self.details else "")


@dataclass(frozen=True)
class PrivilegeRuling(Event):
    """Requests within `grace_ms` of each other served in privilege order: (seat, action) each."""

    grace_ms: int
    served: tuple[tuple[int, Action], ...]

    @property
    def text(self) -> str:
        return (f"privilege ruling: requests within {self.grace_ms} ms count as simultaneous; served in "
                "privilege order: " + ", ".join(f"seat {q + 1} ({a.to_text()})" for q, a in self.served))


@dataclass(frozen=True)
class RoundBegan(Event):
    round: int
    untimed: bool
    details: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"round {self.round} begins ({'untimed' if self.untimed else 'timed'}): " + "; ".join(self.details)


@dataclass(frozen=True)
class TimeStep(Event):
    """The next step of the time track in an untimed round (`step` counted from 1)."""

    step: int
    details: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"time track step {self.step}: " + "; ".join(self.details)


@dataclass(frozen=True)
class CouncilCalled(Event):
    @property
    def text(self) -> str:
        return "the last purple marker is gone: the council is called"


@dataclass(frozen=True)
class CouncilPrivilege(Event):
    """Council step 1: the privilege track re-sorted by votes (seat indices, -1 the neutral)."""

    privilege: tuple[int, ...]

    @property
    def text(self) -> str:
        return "council: privilege " + " ".join("N" if q < 0 else str(q + 1) for q in self.privilege)


@dataclass(frozen=True)
class GameEnded(Event):
    reason: str

    @property
    def text(self) -> str:
        return "the game ends: " + self.reason


#: events about the privilege track (marked in the play window's log)
PRIVILEGE_EVENTS = (PrivilegeRuling, CouncilPrivilege)
