"""Events of Pyramids, with their stable text forms. Events carry the whole truth; `redacted(viewer)`
removes what that viewer may not know, and views only ever hold redacted events.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .actions import SIDE_NAMES, _sq
from .movegen import HOW_NAMES
from .pieces import CHAR, NAME, UNKNOWN


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
