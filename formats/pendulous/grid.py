"""Reading a Pendulous map: squares, owners, the 8-neighbourhood, bodies of water, ports, supply.

Written for clarity (the validator and tests); the engine keeps its own flat, incremental tables.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from .scenario import CITY_CHARS, LAND_CHARS, WATER

Square = tuple[int, int]  # (row, col)


def owner(ch: str) -> int | None:
    """Seat (1-4) owning a square character, None for water or an unknown character."""
    if ch in LAND_CHARS:
        return LAND_CHARS.index(ch) + 1
    if ch in CITY_CHARS:
        return CITY_CHARS.index(ch) + 1
    return None


class Grid:
    def __init__(self, rows: list[str]) -> None:
        self.rows = rows
        self.height = len(rows)
        self.width = max((len(r) for r in rows), default=0)

    def at(self, sq: Square) -> str:
        r, c = sq
        row = self.rows[r]
        return row[c] if c < len(row) else WATER

    def squares(self) -> Iterator[Square]:
        for r, row in enumerate(self.rows):
            for c in range(len(row)):
                yield (r, c)

    def neighbours(self, sq: Square) -> Iterator[Square]:
        r, c = sq
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < self.height and 0 <= c + dc < len(self.rows[r + dr]):
                    yield (r + dr, c + dc)

    def is_water(self, sq: Square) -> bool:
        return self.at(sq) == WATER

    def is_city(self, sq: Square) -> bool:
        return self.at(sq) in CITY_CHARS

    def owner(self, sq: Square) -> int | None:
        return owner(self.at(sq))

    def squares_of(self, seat: int) -> list[Square]:
        return [sq for sq in self.squares() if self.owner(sq) == seat]

    def cities_of(self, seat: int) -> list[Square]:
        return [sq for sq in self.squares_of(seat) if self.is_city(sq)]

    def water_bodies(self) -> dict[Square, int]:
        """Label of the body of water of every water square (8-connected, manual 2.1)."""
        label: dict[Square, int] = {}
        for start in self.squares():
            if start in label or not self.is_water(start):
                continue
            n = len(set(label.values()))
            label[start] = n
            todo = deque([start])
            while todo:
                for nb in self.neighbours(todo.popleft()):
                    if nb not in label and self.is_water(nb):
                        label[nb] = n
                        todo.append(nb)
        return label

    def bodies_touching(self, sq: Square, bodies: dict[Square, int]) -> set[int]:
        return {bodies[nb] for nb in self.neighbours(sq) if nb in bodies}

    def ports_of(self, seat: int) -> list[Square]:
        """Port cities: a city with water among its eight neighbours (manual 2.1)."""
        return [sq for sq in self.cities_of(seat) if any(self.is_water(nb) for nb in self.neighbours(sq))]

    def supplied(self, seat: int) -> set[Square]:
        """Squares of `seat` that trace a line of friendly squares to a friendly city (manual 2.8)."""
        cities = self.cities_of(seat)
        seen = set(cities)
        todo = deque(cities)
        while todo:
            for nb in self.neighbours(todo.popleft()):
                if nb not in seen and self.owner(nb) == seat:
                    seen.add(nb)
                    todo.append(nb)
        return seen
