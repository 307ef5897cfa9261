"""Pendulous actions: place an army, pick one up, attack a square, end the turn (manual 2.4-2.7).

Placing an army on an enemy square *is* an attack in the manual; the engine names it `Attack` so
that logs and traces say what happened. Squares are (row, col), 0-based, as in the scenario map.
Text forms are stable (saved games and golden traces use them): ``place 3,7``, ``pickup 3,7``,
``attack 3,7``, ``end``.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    row: int
    col: int

    def to_text(self) -> str:
        return f"place {self.row},{self.col}"


@dataclass(frozen=True, slots=True)
class PickUp:
    row: int
    col: int

    def to_text(self) -> str:
        return f"pickup {self.row},{self.col}"


@dataclass(frozen=True, slots=True)
class Attack:
    row: int
    col: int

    def to_text(self) -> str:
        return f"attack {self.row},{self.col}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    def to_text(self) -> str:
        return "end"


END_TURN = EndTurn()
Action = Place | PickUp | Attack | EndTurn
_SQUARE_ACTIONS = {"place": Place, "pickup": PickUp, "attack": Attack}


def action_from_text(text: str) -> Action:
    """Parse the text form; ValueError with a readable message when it is not one."""
    t = text.strip()
    if t == "end":
        return END_TURN
    verb, _, arg = t.partition(" ")
    cls = _SQUARE_ACTIONS.get(verb)
    r, sep, c = arg.partition(",")
    if cls is None or not sep or not r.strip().isdigit() or not c.strip().isdigit():
        raise ValueError(f"not a Pendulous action: {text!r} (expected 'place R,C', 'pickup R,C', 'attack R,C' or 'end')")
    return cls(int(r), int(c))
