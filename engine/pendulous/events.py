"""What happened, for the game log, the editor's animation and golden traces.

Every event is an immutable value with a stable one-line `to_text()`. Seats are 0-based in the
fields and shown by colour in the text (red, gray, green, blue: manual 2.2).
"""
from __future__ import annotations

from dataclasses import dataclass

from gridsmith.formats.pendulous.scenario import SEAT_COLOURS


def _sq(sqs: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"{r},{c}" for r, c in sqs) or "-"


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


@dataclass(frozen=True, slots=True)
class TurnStarted:
    turn: int  # 0 = the setup turn
    seat: int

    def to_text(self) -> str:
        return f"turn {self.turn} {SEAT_COLOURS[self.seat]} starts" + (" (setup)" if self.turn == 0 else "")


@dataclass(frozen=True, slots=True)
class Reverted:
    seat: int  # who gains the squares
    squares: tuple[tuple[int, int], ...]
    from_seats: tuple[int, ...]
    disbanded: int  # armies that stood on them

    def to_text(self) -> str:
        return f"{SEAT_COLOURS[self.seat]} gains unsupplied squares {_sq(self.squares)}" + (
            f" ({self.disbanded} armies on them disbanded)" if self.disbanded else ""
        )


@dataclass(frozen=True, slots=True)
class VictoryPointsScored:
    seat: int
    land: int
    cities: int
    points: int
    total: int

    def to_text(self) -> str:
        return (
            f"{SEAT_COLOURS[self.seat]} scores {self.points} "
            f"({self.land} supplied land, {self.cities} cities), total {self.total}"
        )


@dataclass(frozen=True, slots=True)
class Reinforced:
    seat: int
    armies: int
    resources: int
    pool: int
    resources_total: int

    def to_text(self) -> str:
        return (
            f"{SEAT_COLOURS[self.seat]} receives {self.armies} armies, {self.resources} resources "
            f"(pool {self.pool}, resources {self.resources_total})"
        )


@dataclass(frozen=True, slots=True)
class Placed:
    seat: int
    row: int
    col: int

    def to_text(self) -> str:
        return f"{SEAT_COLOURS[self.seat]} places an army on {self.row},{self.col}"


@dataclass(frozen=True, slots=True)
class PickedUp:
    seat: int
    row: int
    col: int

    def to_text(self) -> str:
        return f"{SEAT_COLOURS[self.seat]} picks up the army on {self.row},{self.col}"


@dataclass(frozen=True, slots=True)
class AttackResolved:
    seat: int
    defender: int
    row: int
    col: int
    attack: float
    defence: float
    chance: float
    won: bool
    naval: bool
    attempt: int  # 1 = first attack on the square (no successive-attack bonus)
    defender_army_lost: bool
    #: where the defender's lost army came from: "square" (it stood on the target), "pool", or the
    #: "row,col" of an army taken off the map (2.7 "The loser of the battle will lose an army")
    defender_loss_from: str = ""

    def to_text(self) -> str:
        how = "naval invasion of" if self.naval else "attacks"
        res = "captures it" if self.won else "is repulsed, losing an army"
        lost = ""
        if self.won and self.defender_army_lost:
            where = {"square": "", "pool": " from its force pool", "": ""}.get(
                self.defender_loss_from, f" from {self.defender_loss_from}")
            lost = f"; defender loses an army{where}"
        return (
            f"{SEAT_COLOURS[self.seat]} {how} {SEAT_COLOURS[self.defender]} {self.row},{self.col}"
            f" (attempt {self.attempt}): {self.attack:g} vs {self.defence:g}, {_pct(self.chance)}: {res}"
            + lost
        )


@dataclass(frozen=True, slots=True)
class TurnEnded:
    seat: int

    def to_text(self) -> str:
        return f"{SEAT_COLOURS[self.seat]} ends the turn"


@dataclass(frozen=True, slots=True)
class Disbanded:
    seat: int
    squares: tuple[tuple[int, int], ...]

    def to_text(self) -> str:
        return f"{SEAT_COLOURS[self.seat]} armies out of supply disbanded on {_sq(self.squares)}"


@dataclass(frozen=True, slots=True)
class PlayerOut:
    seat: int

    def to_text(self) -> str:
        return f"{SEAT_COLOURS[self.seat]} holds no city and is out of the game"


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def to_text(self) -> str:
        who = " and ".join(SEAT_COLOURS[w] for w in self.winners)
        pts = ", ".join(f"{SEAT_COLOURS[i]} {s}" for i, s in enumerate(self.scores))
        return f"game over: {who} {'wins' if len(self.winners) == 1 else 'tie'} ({pts})"
