"""Actions and events of Pyramids, with their stable text forms.

A move is written `c4-c6`: columns a-k from the left, rows counted from the bottom (the player's
back row is row 1 on the default board). Events carry the whole truth; `redacted(viewer)` removes
what that viewer may not know, and views only ever hold redacted events.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .geometry import COLS
from .movegen import HOW_NAMES
from .pieces import CHAR, NAME, UNKNOWN

SIDE_NAMES = ("player", "cheops")


def _sq(sq: int, height: int) -> str:
    r, c = divmod(sq, 11)
    return f"{COLS[c]}{height - r}"


@dataclass(frozen=True)
class Move:
    """Move (or attack with) the piece on `frm` to `to`; squares are `row * 11 + col`, row 0 on top."""

    frm: int
    to: int
    height: int = 11
    how: int = field(default=0, compare=False)  # the rule that allows it (movegen.SLIDE ...)

    def to_text(self) -> str:
        return f"{_sq(self.frm, self.height)}-{_sq(self.to, self.height)}"

    @classmethod
    def from_text(cls, text: str, height: int = 11) -> "Move":
        a, _, b = text.strip().partition("-")

        def sq(name: str) -> int:
            c, r = COLS.index(name[0]), height - int(name[1:])
            if not 0 <= r < height:
                raise ValueError(f"no square {name!r} on a board of {height} rows")
            return r * 11 + c

        try:
            return cls(sq(a), sq(b), height)
        except (ValueError, IndexError):
            raise ValueError(f"{text!r} is not a move like c4-c6") from None

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True)
class Moved:
    """A piece moved to a vacant square; `revealed` when the move is one only its rank can make."""

    side: int
    frm: int
    to: int
    how: int
    piece: int  # type code; 0 once redacted
    revealed: bool
    height: int = 11

    def to_text(self) -> str:
        what = NAME[self.piece] if self.piece else "piece"
        return f"{SIDE_NAMES[self.side]} {what} {_sq(self.frm, self.height)}-{_sq(self.to, self.height)} ({HOW_NAMES[self.how]})"

    def redacted(self, viewer: int) -> "Moved":
        if viewer == self.side or self.revealed:
            return self
        return replace(self, piece=UNKNOWN)


@dataclass(frozen=True)
class Attacked:
    """An attack: the loser is removed; if the attacker wins it occupies the square."""

    side: int  # the attacker's side
    frm: int
    to: int
    how: int
    attacker: int
    defender: int
    attacker_won: bool
    #: whether the winner's identity is shown to the loser's side (False under "hide attacks")
    winner_shown: bool = True
    height: int = 11

    def to_text(self) -> str:
        a = CHAR[self.attacker] if self.attacker else "?"
        d = CHAR[self.defender] if self.defender else "?"
        res = "wins" if self.attacker_won else "loses"
        return (f"{SIDE_NAMES[self.side]} {a} {_sq(self.frm, self.height)}x{_sq(self.to, self.height)} "
                f"{d}: attacker {res}")

    def redacted(self, viewer: int) -> "Attacked":
        if self.winner_shown:
            return self
        # the loser's side learns only that the winner was powerful enough
        winner_is_attacker = self.attacker_won
        loser_side = 1 - self.side if winner_is_attacker else self.side
        if viewer != loser_side:
            return self
        return replace(self, attacker=UNKNOWN) if winner_is_attacker else replace(self, defender=UNKNOWN)


@dataclass(frozen=True)
class GameOver:
    winner: int | None  # None: a draw
    reason: str

    def to_text(self) -> str:
        who = "draw" if self.winner is None else f"{SIDE_NAMES[self.winner]} wins"
        return f"game over: {who} ({self.reason})"

    def redacted(self, viewer: int) -> "GameOver":
        return self
