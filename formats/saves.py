"""What every game's saved games share in the formats layer: the seed and who plays each seat.

A save that lies about its seats (more players than its scenario has seats) or its seed (negative:
no generator of the engine takes one, and the published schemas say 0 or more) is refused with a
located error, the same in every game (docs/formats.md, SAV405 and S304).
"""
from __future__ import annotations

from typing import Any

from pydantic import Field

from .diagnostics import Problem
from .limits import MAX_INT


def seed_field(description: str = "The game's random seed (0 to 2**63 - 1).") -> Any:
    """The `seed` of every kind of saved game: the schema and the validator agree that it is 0 or more."""
    return Field(ge=0, le=MAX_INT, description=description)


def seat_problems(seats: list[str], n: int, key: str = "seats") -> list[Problem]:
    """SAV405 at the first seat beyond the scenario's `n` (a save may name none: it then resumes with
    the default players)."""
    if len(seats) <= n:
        return []
    return [Problem("SAV405", f"{len(seats)} seats named, but the scenario has {n}: seat {n + 1} "
                    f"({seats[n]!r}) does not exist", (key, n))]
