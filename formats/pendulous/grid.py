"""Reading a Pendulous map: its alphabet, squares, owners, the 8-neighbourhood, bodies of water, ports, supply.

Squares are flat indices `i = row * width + col` over a table built once per map, so the
validator's lints stay cheap on 50x50 maps (validation runs over whole content trees in CI).
Connected regions (bodies of water, a seat's supply) are found on runs of like squares within a
row, joined across rows (8-connected), rather than square by square: a generated 50x50 map has a
few runs per row, so the lints cost a fraction of a square-by-square flood fill.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import compress

#: map alphabet: one character per square
WATER = "~"
LAND_CHARS = "1234"  # land owned by seat 1-4
CITY_CHARS = "ABCD"  # city owned by seat 1-4
MAP_ALPHABET = WATER + LAND_CHARS + CITY_CHARS
SEAT_COLOURS = ("red", "gray", "green", "blue")  # manual 2.2; also the turn order

#: seat (1-4) owning a square character; 0 for water and unknown characters
OWNER = {**{ch: i + 1 for i, ch in enumerate(LAND_CHARS)}, **{ch: i + 1 for i, ch in enumerate(CITY_CHARS)}}
#: the same as a bytes.translate table over the characters' codes, for ASCII maps
_OWNER_TABLE = bytes(OWNER.get(chr(b), 0) for b in range(256))
#: per seat, a translate table from owners to 1 (that seat) or 0
_SEAT_MASK = tuple(bytes(int(b == seat) for b in range(256)) for seat in range(len(LAND_CHARS) + 1))
#: per seat: any square of another seat
_OTHER_SEATS = tuple(re.compile("[" + "".join(sorted(set(OWNER) - {LAND_CHARS[s], CITY_CHARS[s]})) + "]")
                     for s in range(len(LAND_CHARS)))
#: runs of like squares, one group per kind: each seat's squares (land or city), then water
_RUN_KINDS = re.compile("|".join(f"([{LAND_CHARS[s]}{CITY_CHARS[s]}]+)" for s in range(len(LAND_CHARS)))
                        + f"|({re.escape(WATER)}+)")

#: a run of like squares: (row, first column, column after the last)
Run = tuple[int, int, int]


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
        self.rows = [row.ljust(self.width, WATER) for row in rows]
        self.cells = "".join(self.rows)
        #: owning seat (1-4) of every square, 0 for water and unknown characters
        self.owners: bytes = (self.cells.encode("ascii").translate(_OWNER_TABLE) if self.cells.isascii()
                              else bytes(OWNER.get(ch, 0) for ch in self.cells))
        self.nbrs = neighbour_table(self.width, self.height)
        self._squares: dict[int, list[int]] = {}
        self._supply: dict[int, tuple[list[Run], list[Run]]] = {}
        self._region_cache: list[tuple[list[Run], list[int]]] | None = None

    def square(self, i: int) -> tuple[int, int]:
        """(row, col) of a flat index."""
        return divmod(i, self.width)

    def is_water(self, i: int) -> bool:
        return self.cells[i] == WATER

    def is_city(self, i: int) -> bool:
        return self.cells[i] in CITY_CHARS

    def squares_of(self, seat: int) -> list[int]:
        if seat not in self._squares:
            mask = self.owners.translate(_SEAT_MASK[seat]) if 0 <= seat < len(_SEAT_MASK) else b""
            self._squares[seat] = list(compress(range(len(self.owners)), mask))
        return self._squares[seat]

    def cities_of(self, seat: int) -> list[int]:
        if not 0 < seat <= len(CITY_CHARS):
            return []
        city, cells, out = CITY_CHARS[seat - 1], self.cells, []
        i = cells.find(city)
        while i >= 0:
            out.append(i)
            i = cells.find(city, i + 1)
        return out

    def _regions(self) -> list[tuple[list[Run], list[int]]]:
        """Per kind of run (each seat's squares, then water): its runs in row-major order and the
        region (8-connected) of each, regions numbered in the order of their first square. One
        pass over the rows finds them all (once per grid)."""
        if self._region_cache is not None:
            return self._region_cache
        kinds = _RUN_KINDS.groups + 1  # kind x is group x of a match; 0 (the whole match) unused
        runs: list[list[Run]] = [[] for _ in range(kinds)]
        parents: list[list[int]] = [[] for _ in range(kinds)]  # union-find; a root is its region's earliest run
        above: list[list[tuple[int, int, int]]] = [[] for _ in range(kinds)]  # the row above's (start, end, run)
        for r, row in enumerate(self.rows):
            here: list[list[tuple[int, int, int]]] = [[] for _ in range(kinds)]
            pos = [0] * kinds  # per kind, the first run above that can still touch this row's runs
            for m in _RUN_KINDS.finditer(row):
                x = m.lastindex or 0  # a match always has its group
                s, e = m.span()
                parent, up = parents[x], above[x]
                n_up = len(up)
                k = root = len(parent)
                runs[x].append((r, s, e))
                parent.append(k)
                j = pos[x]
                while j < n_up and up[j][1] < s:  # ends left of this run's left diagonal
                    j += 1
                pos[x] = j
                while j < n_up and up[j][0] <= e:  # starts at or left of the right diagonal
                    a = up[j][2]
                    while parent[a] != a:
                        parent[a] = a = parent[parent[a]]
                    if a < root:
                        parent[root] = root = a
                    elif a > root:
                        parent[a] = root
                    j += 1
                here[x].append((s, e, k))
            above = here
        out = []
        for x in range(1, kinds):
            parent, regions = parents[x], []
            number: dict[int, int] = {}
            for k in range(len(parent)):
                a = k
                while parent[a] != a:
                    a = parent[a]
                parent[k] = a
                regions.append(number.setdefault(a, len(number)))
            out.append((runs[x], regions))
        self._region_cache = out
        return out

    def water_bodies(self) -> list[int]:
        """Label (>= 0) of the body of water of every square, -1 for land (8-connected, manual 2.1);
        bodies numbered in the order of their first square."""
        label = [-1] * len(self.cells)
        w = self.width
        runs, regions = self._regions()[-1]  # water: the last kind
        for (r, s, e), body in zip(runs, regions):
            label[r * w + s:r * w + e] = [body] * (e - s)
        return label

    def bodies_touching(self, i: int, bodies: list[int]) -> set[int]:
        return {bodies[nb] for nb in self.nbrs[i] if bodies[nb] >= 0}

    def ports_of(self, seat: int) -> list[int]:
        """Port cities: a city with water among its eight neighbours (manual 2.1)."""
        nbrs, cells = self.nbrs, self.cells
        return [i for i in self.cities_of(seat) if any(cells[nb] == WATER for nb in nbrs[i])]

    def _supply_runs(self, seat: int) -> tuple[list[Run], list[Run]]:
        """The runs of `seat`'s squares that trace supply (manual 2.8: a line of friendly squares to a
        friendly city, i.e. a region of its squares holding one of its cities), and those that do not."""
        if seat not in self._supply:
            if not 0 < seat <= len(CITY_CHARS):
                self._supply[seat] = ([], [])
                return self._supply[seat]
            runs, regions = self._regions()[seat - 1]
            city = CITY_CHARS[seat - 1]
            with_city = {g for (r, s, e), g in zip(runs, regions) if self.rows[r].find(city, s, e) >= 0}
            yes: list[Run] = []
            no: list[Run] = []
            for run, g in zip(runs, regions):
                (yes if g in with_city else no).append(run)
            self._supply[seat] = (yes, no)
        return self._supply[seat]

    def supplied(self, seat: int) -> set[int]:
        """Squares of `seat` that trace a line of friendly squares to a friendly city (manual 2.8)."""
        w = self.width
        return {i for r, s, e in self._supply_runs(seat)[0] for i in range(r * w + s, r * w + e)}

    def unsupplied(self, seat: int) -> list[int]:
        """Squares of `seat` that cannot trace supply (manual 2.8), in row-major order."""
        w = self.width
        return [i for r, s, e in self._supply_runs(seat)[1] for i in range(r * w + s, r * w + e)]

    def touches_enemy(self, seat: int) -> bool:
        """Whether a square of `seat` has a square of another seat among its eight neighbours."""
        if not 0 < seat <= len(LAND_CHARS):
            return False
        other, rows, h = _OTHER_SEATS[seat - 1], self.rows, self.height
        for runs in self._supply_runs(seat):
            for r, s, e in runs:  # the run's row and the rows above and below, one square either side
                lo, hi = max(s - 1, 0), e + 1
                if any(other.search(rows[y], lo, hi) for y in (r - 1, r, r + 1) if 0 <= y < h):
                    return True
        return False
