"""Reading a Pendulous map: its alphabet, squares, owners, the 8-neighbourhood, bodies of water, ports, supply.

Squares are flat indices `i = row * width + col` over a table built once per map, so the
validator's lints stay cheap on 50x50 maps (validation runs over whole content trees in CI).
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

#: map alphabet: one character per square
WATER = "~"
LAND_CHARS = "1234"  # land owned by seat 1-4
CITY_CHARS = "ABCD"  # city owned by seat 1-4
MAP_ALPHABET = WATER + LAND_CHARS + CITY_CHARS
SEAT_COLOURS = ("red", "gray", "green", "blue")  # manual 2.2; also the turn order

#: seat (1-4) owning a square character; 0 for water and unknown characters
OWNER = {**{ch: i + 1 for i, ch in enumerate(LAND_CHARS)}, **{ch: i + 1 for i, ch in enumerate(CITY_CHARS)}}


def owner(ch: str) -> int | None:
    """Seat (1-4) owning a square character, None for water or an unknown character."""
    return OWNER.get(ch)


@lru_cache(maxsize=16)
def neighbour_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The up to eight neighbours of every square (manual 2.1: diagonals always count)."""
    table = []
    for r in range(height):
        for c in range(width):
            table.append(tuple(
                (r + dr) * width + c + dc
                for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width
            ))
    return tuple(table)


class Grid:
    def __init__(self, rows: list[str]) -> None:
        self.height = len(rows)
        self.width = max((len(r) for r in rows), default=0)
        # ragged rows (an error reported elsewhere) are padded with water so lookups stay in range
        self.cells = "".join(row.ljust(self.width, WATER) for row in rows)
        self.owners = [OWNER.get(ch, 0) for ch in self.cells]
        self.nbrs = neighbour_table(self.width, self.height)
        self._squares: dict[int, list[int]] = {}

    def square(self, i: int) -> tuple[int, int]:
        """(row, col) of a flat index."""
        return divmod(i, self.width)

    def is_water(self, i: int) -> bool:
        return self.cells[i] == WATER

    def is_city(self, i: int) -> bool:
        return self.cells[i] in CITY_CHARS

    def squares_of(self, seat: int) -> list[int]:
        if seat not in self._squares:
            self._squares[seat] = [i for i, o in enumerate(self.owners) if o == seat]
        return self._squares[seat]

    def cities_of(self, seat: int) -> list[int]:
        return [i for i in self.squares_of(seat) if self.cells[i] in CITY_CHARS]

    def water_bodies(self) -> list[int]:
        """Label (>= 0) of the body of water of every square, -1 for land (8-connected, manual 2.1)."""
        label = [-1] * len(self.cells)
        bodies = 0
        for start, ch in enumerate(self.cells):
            if ch != WATER or label[start] >= 0:
                continue
            label[start] = bodies
            todo = [start]
            while todo:
                for nb in self.nbrs[todo.pop()]:
                    if label[nb] < 0 and self.cells[nb] == WATER:
                        label[nb] = bodies
                        todo.append(nb)
            bodies += 1
        return label

    def bodies_touching(self, i: int, bodies: list[int]) -> set[int]:
        return {bodies[nb] for nb in self.nbrs[i] if bodies[nb] >= 0}

    def ports_of(self, seat: int) -> list[int]:
        """Port cities: a city with water among its eight neighbours (manual 2.1)."""
        return [i for i in self.cities_of(seat) if any(self.cells[nb] == WATER for nb in self.nbrs[i])]

    def supplied(self, seat: int) -> set[int]:
        """Squares of `seat` that trace a line of friendly squares to a friendly city (manual 2.8)."""
        owners, nbrs = self.owners, self.nbrs
        seen = set(self.cities_of(seat))
        todo = deque(seen)
        while todo:
            for nb in nbrs[todo.popleft()]:
                if nb not in seen and owners[nb] == seat:
                    seen.add(nb)
                    todo.append(nb)
        return seen
