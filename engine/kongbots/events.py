"""Events: what happened, in the game log and for the play window's animation. Kongbots has no
hidden information (builds, positions and dice are all on the table), so every player sees every
event as it is."""
from __future__ import annotations

from dataclasses import dataclass

from gridsmith.formats.coords import short

PHASES = ("", "systems malfunction", "missile launch", "laser systems fire", "missile movement",
          "Kongbot movement", "claw attack")


def _rolls(rolls: tuple[int, ...]) -> str:
    return "[" + " ".join(map(str, rolls)) + "]"


@dataclass(frozen=True, slots=True)
class TurnStarted:
    turn: int
    first: str  # team letter
    retros: tuple[int, int]  # the leaders' retros, team A and B
    tie_broken: bool

    def to_text(self) -> str:
        how = "tie broken at random" if self.tie_broken else "more retros"
        return f"turn {self.turn}: team {self.first} goes first (leaders' retros {self.retros[0]}-{self.retros[1]}, {how})"


@dataclass(frozen=True, slots=True)
class MalfunctionRoll:
    bot: str
    rolls: tuple[int, ...]
    remaining: int
    malfunctioned: bool
    streak: int

    def to_text(self) -> str:
        verdict = f"malfunctions ({self.streak} in a row)" if self.malfunctioned else "works"
        return f"{self.bot} malfunction roll {_rolls(self.rolls)} against {self.remaining} modules: {verdict}"


@dataclass(frozen=True, slots=True)
class Surrendered:
    bot: str

    def to_text(self) -> str:
        return f"{self.bot} surrenders"


@dataclass(frozen=True, slots=True)
class Launched:
    bot: str
    target: str
    missile: int
    erratic: bool = False

    def to_text(self) -> str:
        return f"{self.bot} launches m{self.missile} at {self.target}" + (" (malfunctioning)" if self.erratic else "")


@dataclass(frozen=True, slots=True)
class LasersFired:
    bot: str
    target: str
    need: int
    rolls: tuple[int, ...]
    hits: int
    erratic: bool = False

    def to_text(self) -> str:
        return (f"{self.bot} fires {len(self.rolls)} laser(s) at {self.target}: need {self.need}, rolled "
                f"{_rolls(self.rolls)}, {self.hits} hit(s)" + (" (malfunctioning)" if self.erratic else ""))


@dataclass(frozen=True, slots=True)
class MissileShotDown:
    missile: int

    def to_text(self) -> str:
        return f"m{self.missile} is shot down"


@dataclass(frozen=True, slots=True)
class MissileMoved:
    missile: int
    to: tuple[int, int]

    def to_text(self) -> str:
        return f"m{self.missile} moves to {short(self.to, 'hex')}"


@dataclass(frozen=True, slots=True)
class MissileLost:
    missile: int
    why: str

    def to_text(self) -> str:
        return f"m{self.missile} is lost ({self.why})"


@dataclass(frozen=True, slots=True)
class MissileExploded:
    missile: int
    target: str
    inside_ecm: bool
    rolls: tuple[int, ...]  # per warhead inside ECM; empty outside
    hits: int

    def to_text(self) -> str:
        how = f"inside ECM, rolled {_rolls(self.rolls)}" if self.inside_ecm else "outside ECM"
        return f"m{self.missile} explodes on {self.target} ({how}): {self.hits} hit(s)"


@dataclass(frozen=True, slots=True)
class Moved:
    bot: str
    to: tuple[int, int]
    erratic: bool = False

    def to_text(self) -> str:
        return f"{self.bot} moves to {short(self.to, 'hex')}" + (" (malfunctioning)" if self.erratic else "")


@dataclass(frozen=True, slots=True)
class Clawed:
    bot: str
    target: str
    roll: int
    need: int
    hit: bool
    erratic: bool = False

    def to_text(self) -> str:
        return (f"{self.bot} claws {self.target}: rolled {self.roll}, need {self.need}, "
                f"{'hit' if self.hit else 'miss'}" + (" (malfunctioning)" if self.erratic else ""))


@dataclass(frozen=True, slots=True)
class PlateAbsorbed:
    bot: str
    attacker: str
    claw_lost: bool

    def to_text(self) -> str:
        extra = f"; {self.attacker} loses the claw" if self.claw_lost else ""
        return f"{self.bot}'s armor plate absorbs the attack of {self.attacker} and is destroyed{extra}"


@dataclass(frozen=True, slots=True)
class ModuleDestroyed:
    bot: str
    slot: int
    module: str

    def to_text(self) -> str:
        return f"{self.bot} loses {self.module} (interface {self.slot + 1})"


@dataclass(frozen=True, slots=True)
class Held:
    bot: str

    def to_text(self) -> str:
        return f"{self.bot} does nothing (malfunctioning)"


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[str, ...]
    reason: str

    def to_text(self) -> str:
        who = "a tie" if len(self.winners) != 1 else f"team {self.winners[0]} wins"
        return f"game over: {who} ({self.reason})"
