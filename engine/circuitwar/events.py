"""What happens in a Circuit War game: small immutable events with a text form, for the game log,
golden traces and the editor's animation. Places are already named (c4, c4-d4)."""
from __future__ import annotations

from dataclasses import dataclass

from gridsmith.formats.circuitwar.lattice import LEVELS, SEAT_COLOURS


def _side(seat: int) -> str:
    return SEAT_COLOURS[seat] if 0 <= seat < len(SEAT_COLOURS) else "grey"


@dataclass(frozen=True, slots=True)
class TurnStarted:
    turn: int
    order: tuple[int, ...]

    def to_text(self) -> str:
        return f"turn {self.turn}: order " + ", ".join(_side(s) for s in self.order)


@dataclass(frozen=True, slots=True)
class Energized:
    seat: int
    income: int
    carried: int
    energy: int

    def to_text(self) -> str:
        return f"{_side(self.seat)} energized: {self.income} from circuits + {self.carried} carried = {self.energy}"


@dataclass(frozen=True, slots=True)
class DeadCircuit:
    seat: int  # the dead side
    circuit: str
    fate: str  # converted / decayed
    to: int = -1

    def to_text(self) -> str:
        extra = f" to {_side(self.to)}" if self.fate == "converted" else ""
        return f"grey circuit {self.circuit} of {_side(self.seat)} {self.fate}{extra}"


@dataclass(frozen=True, slots=True)
class PhaseStarted:
    phase: str
    seat: int
    actions: int

    def to_text(self) -> str:
        return f"{_side(self.seat)} {self.phase} phase ({self.actions} actions)"


@dataclass(frozen=True, slots=True)
class Built:
    seat: int
    item: str
    where: str
    cost: int

    def to_text(self) -> str:
        return f"{_side(self.seat)} builds {self.item} {self.where} (-{self.cost})"


@dataclass(frozen=True, slots=True)
class Transmitted:
    """A new gridrunner crossed a deadly connection anyway (the CPU's transmission chance)."""

    seat: int
    circuit: str

    def to_text(self) -> str:
        return f"{_side(self.seat)} CPU transmits a gridrunner across {self.circuit}"


@dataclass(frozen=True, slots=True)
class Crossed:
    """A gridrunner crossed a circuit (moving, pushed by a beam, or being built)."""

    seat: int
    frm: str
    to: str
    level: int
    how: str  # move / push / build

    def to_text(self) -> str:
        return f"{_side(self.seat)} gridrunner {self.frm}->{self.to} ({self.how}), now {LEVELS[self.level]}"


@dataclass(frozen=True, slots=True)
class Changed:
    """An object changed a traverser: a resistor's or capacitor's level, a transformer's owner and level."""

    what: str  # gridrunner / beam
    obj: str
    circuit: str
    seat: int
    level: int
    charge: int = -1

    def to_text(self) -> str:
        ch = f", charge {self.charge}" if self.charge >= 0 else ""
        lv = LEVELS[self.level] if self.level >= 0 else "spent"
        return f"{self.obj} {self.circuit} makes the {self.what} {_side(self.seat)} {lv}{ch}"


@dataclass(frozen=True, slots=True)
class Captured:
    seat: int
    circuit: str
    frm: int

    def to_text(self) -> str:
        return f"{_side(self.seat)} captures {self.circuit} from {_side(self.frm)}"


@dataclass(frozen=True, slots=True)
class Died:
    seat: int
    where: str
    cause: str

    def to_text(self) -> str:
        return f"{_side(self.seat)} gridrunner dies at {self.where}: {self.cause}"


@dataclass(frozen=True, slots=True)
class Blown:
    circuit: str
    what: str  # the object, or "circuit" when the circuit itself disappears
    cause: str

    def to_text(self) -> str:
        return f"{self.what} {self.circuit} blown ({self.cause})"


@dataclass(frozen=True, slots=True)
class Melded:
    seat: int
    where: str
    level: int

    def to_text(self) -> str:
        return f"{_side(self.seat)} gridrunners meld at {self.where}: {LEVELS[self.level]}"


@dataclass(frozen=True, slots=True)
class Fought:
    attacker: int
    defender: int
    where: str
    outcome: str  # attacker / defender / both
    level: int = -1

    def to_text(self) -> str:
        if self.outcome == "both":
            return f"{_side(self.attacker)} and {_side(self.defender)} gridrunners explode at {self.where}"
        who = self.attacker if self.outcome == "attacker" else self.defender
        return f"{_side(self.attacker)} gridrunner attacks {_side(self.defender)} at {self.where}: " \
               f"{_side(who)} survives, {LEVELS[self.level]}"


@dataclass(frozen=True, slots=True)
class CpuDrained:
    seat: int
    by: int
    amount: int
    energy: int

    def to_text(self) -> str:
        return f"{_side(self.by)} gridrunner drains the {_side(self.seat)} CPU by {self.amount}: energy {self.energy}"


@dataclass(frozen=True, slots=True)
class CpuStruck:
    seat: int
    by: int
    percent: int
    amount: int
    energy: int

    def to_text(self) -> str:
        return (f"{_side(self.by)} beam strikes the {_side(self.seat)} CPU: -{self.percent}% "
                f"({self.amount}), energy {self.energy}")


@dataclass(frozen=True, slots=True)
class SideKilled:
    seat: int
    by: int

    def to_text(self) -> str:
        return f"{_side(self.seat)} is dead (killed by {_side(self.by)})"


@dataclass(frozen=True, slots=True)
class Toggled:
    seat: int
    circuit: str
    on: bool

    def to_text(self) -> str:
        return f"{_side(self.seat)} switches {self.circuit} {'on' if self.on else 'off'}"


@dataclass(frozen=True, slots=True)
class Attacked:
    seat: int
    frm: str
    circuit: str
    percent: int
    success: bool

    def to_text(self) -> str:
        return f"{_side(self.seat)} gridrunner {self.frm} attacks {self.circuit} ({self.percent}%): " \
               + ("blown" if self.success else "holds")


@dataclass(frozen=True, slots=True)
class BeamFired:
    """A beam's whole trip: the points it reached, its level on each, and the pushes (from, to)."""

    seat: int
    path: tuple[str, ...]
    levels: tuple[int, ...]
    pushes: tuple[tuple[str, str], ...]
    end: str

    def to_text(self) -> str:
        trail = " ".join(f"{p}:{'wns'[lv] if lv >= 0 else 'x'}" for p, lv in zip(self.path, self.levels))
        return f"{_side(self.seat)} beam {trail} ({self.end})"


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    reason: str

    def to_text(self) -> str:
        who = ", ".join(_side(w) for w in self.winners) or "nobody"
        return f"game over: {who} {'wins' if len(self.winners) == 1 else 'draw'} ({self.reason})"
