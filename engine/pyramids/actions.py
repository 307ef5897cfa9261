"""Actions of Pyramids, with their stable text forms (its events: engine.pyramids.events).

A move is written `c4-c6`: columns a-k from the left, rows counted from the bottom (the player's
back row is row 1 on the default board).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .geometry import COLS

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
