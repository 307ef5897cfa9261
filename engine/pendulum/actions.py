"""Pendulum actions and events: small immutable values with a stable text form.

An action is a verb and its arguments, written as words: `place w1 p-top-1`, `home w2`,
`act w1 with=gambal-b3 military+gold`, `flip purple`, `play bolk-b1`, `retrieve`, `claim legendary`,
`claim banner power+power`, `refill`, `fame power`, `pass`, `done`, `reward council-03 bonus:power+power`,
`trim red prov-01,prov-07`. Choices inside an action are positional tokens, one per item of the cost
and the effect that needs one (see engine.pendulum.effects).
"""
from __future__ import annotations

from dataclasses import dataclass

from gridsmith.engine.core.errors import IllegalActionError


@dataclass(frozen=True, order=True)
class Action:
    verb: str
    args: tuple[str, ...] = ()

    def to_text(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def from_text(cls, text: str) -> "Action":
        words = text.split()
        if not words:
            raise ValueError("an empty action")
        return cls(words[0], tuple(words[1:]))

    def __str__(self) -> str:
        return self.to_text()


def act(verb: str, *args: str) -> Action:
    return Action(verb, tuple(a for a in args if a))


@dataclass(frozen=True)
class Event:
    """What happened, at which millisecond, by which seat (None: the game itself)."""

    ms: int
    seat: int | None
    text: str

    def to_text(self) -> str:
        who = "game" if self.seat is None else f"seat {self.seat + 1}"
        return f"{self.ms / 1000:8.3f}s {who}: {self.text}"


class IllegalAction(IllegalActionError):
    """An action the rules do not allow now; the message says which rule."""
