"""Pendulum actions: small immutable values with a stable text form.

An action is a verb and its arguments, written as words: `place w1 p-top-1`, `home w2`,
`act w1 with=gambal-b3 military+gold`, `flip purple`, `play bolk-b1`, `retrieve`, `claim legendary`,
`claim banner power+power`, `refill`, `fame power`, `pass`, `done`, `wait`,
`reward council-03 bonus:power+power`, `trim red prov-01,prov-07`. Choices inside an action are
positional tokens, one per item of the cost and the effect that needs one (see engine.pendulum.effects):
they stay tokens here, because what each means depends on the card. `Action.from_text` reads any of
them back into the same value; saved games and golden traces store the text.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from gridsmith.engine.core.errors import IllegalActionError


@dataclass(frozen=True)
class Action:
    """The base of every Pendulum action: `verb` names it in the text form."""

    verb: ClassVar[str] = ""

    @property
    def subject(self) -> str | None:
        """What the action is about (a worker, card, area, track, reward or column); None for a bare verb.
        Actions of one kind and one subject differ only in their choices (one entry in a list of them)."""
        return None

    def bare(self) -> "Action":
        """The action without its choices (how a list names the group of its ways)."""
        return self

    def _words(self) -> tuple[str, ...]:
        return ()

    def to_text(self) -> str:
        return " ".join((self.verb, *self._words()))

    @classmethod
    def from_text(cls, text: str) -> "Action":
        """The action written as `text`; ValueError saying what is wrong otherwise."""
        return parse_action(text)

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True)
class Place(Action):
    """A worker moves to the top part of a space (only between rows without a sandglass)."""

    verb: ClassVar[str] = "place"
    worker: str
    space: str

    @property
    def subject(self) -> str:
        return self.worker

    def _words(self) -> tuple[str, ...]:
        return (self.worker, self.space)


@dataclass(frozen=True)
class Home(Action):
    """A worker goes back to its player board."""

    verb: ClassVar[str] = "home"
    worker: str

    @property
    def subject(self) -> str:
        return self.worker

    def _words(self) -> tuple[str, ...]:
        return (self.worker,)


@dataclass(frozen=True)
class Act(Action):
    """A worker performs its space's action, modified by stratagems (`with=CARD` or `with=CARD:SPACE`)."""

    verb: ClassVar[str] = "act"
    worker: str
    modifiers: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()

    @property
    def subject(self) -> str:
        return self.worker

    def bare(self) -> "Act":
        return replace(self, modifiers=(), choices=())

    def _words(self) -> tuple[str, ...]:
        return (self.worker, *(f"with={m}" for m in self.modifiers), *self.choices)


@dataclass(frozen=True)
class Flip(Action):
    verb: ClassVar[str] = "flip"
    area: str

    @property
    def subject(self) -> str:
        return self.area

    def _words(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True)
class Play(Action):
    """A stratagem from the hand: its cost paid, its effect taken."""

    verb: ClassVar[str] = "play"
    card: str
    choices: tuple[str, ...] = ()

    @property
    def subject(self) -> str:
        return self.card

    def bare(self) -> "Play":
        return replace(self, choices=())

    def _words(self) -> tuple[str, ...]:
        return (self.card, *self.choices)


@dataclass(frozen=True)
class Claim(Action):
    """The achievement: its Legendary marker (`legendary`) or its banner (`banner` and the effect's choices)."""

    verb: ClassVar[str] = "claim"
    kind: str
    choices: tuple[str, ...] = ()

    @property
    def subject(self) -> str:
        return self.kind

    def bare(self) -> "Claim":
        return replace(self, choices=())

    def _words(self) -> tuple[str, ...]:
        return (self.kind, *self.choices)


@dataclass(frozen=True)
class Fame(Action):
    verb: ClassVar[str] = "fame"
    track: str

    @property
    def subject(self) -> str:
        return self.track

    def _words(self) -> tuple[str, ...]:
        return (self.track,)


@dataclass(frozen=True)
class Retrieve(Action):
    verb: ClassVar[str] = "retrieve"


@dataclass(frozen=True)
class Refill(Action):
    verb: ClassVar[str] = "refill"


@dataclass(frozen=True)
class Pass(Action):
    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Done(Action):
    verb: ClassVar[str] = "done"


@dataclass(frozen=True)
class Wait(Action):
    """Nothing until the next event (the runner adds it in a timed round; never the state's)."""

    verb: ClassVar[str] = "wait"


@dataclass(frozen=True)
class Reward(Action):
    """Council step 2: a reward (or `default`, the council board's), its choices, and the privilege bonus
    as tracks joined by `+` (`bonus:power+power`)."""

    verb: ClassVar[str] = "reward"
    reward: str
    choices: tuple[str, ...] = ()
    bonus: str | None = None

    @property
    def subject(self) -> str:
        return self.reward

    def bare(self) -> "Reward":
        return replace(self, choices=(), bonus=None)

    def _words(self) -> tuple[str, ...]:
        return (self.reward, *self.choices, *((f"bonus:{self.bonus}",) if self.bonus is not None else ()))


@dataclass(frozen=True)
class Trim(Action):
    """Council step 3: the provinces a column keeps."""

    verb: ClassVar[str] = "trim"
    colour: str
    keep: tuple[str, ...]

    @property
    def subject(self) -> str:
        return self.colour

    def _words(self) -> tuple[str, ...]:
        return (self.colour, ",".join(self.keep))


BARE = {c.verb: c for c in (Retrieve, Refill, Pass, Done, Wait)}
ONE_WORD = {c.verb: c for c in (Home, Flip, Fame)}
WITH_CHOICES = {c.verb: c for c in (Play, Claim)}
VERBS = ("place", "home", "act", "flip", "play", "retrieve", "claim", "refill", "fame", "pass", "done",
         "wait", "reward", "trim")


def parse_action(text: str) -> Action:
    """The action written as `text` (the inverse of `to_text`); ValueError saying what is wrong otherwise."""
    words = text.split()
    if not words:
        raise ValueError("an empty action")
    verb, args = words[0], words[1:]
    if verb in BARE and not args:
        return BARE[verb]()
    if verb in ONE_WORD and len(args) == 1:
        return ONE_WORD[verb](args[0])
    if verb in WITH_CHOICES and args:
        return WITH_CHOICES[verb](args[0], tuple(args[1:]))
    if verb == "place" and len(args) == 2:
        return Place(args[0], args[1])
    if verb == "act" and args:
        n = 1
        while n < len(args) and args[n].startswith("with="):
            n += 1
        return Act(args[0], tuple(m[5:] for m in args[1:n]), tuple(args[n:]))
    if verb == "reward" and args:
        bonus = args[-1][6:] if len(args) > 1 and args[-1].startswith("bonus:") else None
        return Reward(args[0], tuple(args[1:-1] if bonus is not None else args[1:]), bonus)
    if verb == "trim" and len(args) in (1, 2):
        return Trim(args[0], tuple(args[1].split(",")) if len(args) == 2 else ())
    if verb not in VERBS:
        raise ValueError(f"{verb!r} is not an action: one of {', '.join(VERBS)}")
    raise ValueError(f"{text.strip()!r}: wrong number of words for {verb!r} (e.g. `place w1 p-top-1`, `home w2`, "
                     "`act w1`, `flip purple`, `fame power`, `trim red prov-01,prov-07`, `pass`)")


class IllegalAction(IllegalActionError):
    """An action the rules do not allow now; the message says which rule."""
