"""Precomputed tables of a board: neighbours, slide rays, hawk fly-overs, camel crossings, power squares.

Squares are ints `r * 11 + c`, row 0 at the top (Cheops' back row). Tables are computed once per
board (cached) so that move generation is list indexing only.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

from gridsmith.formats.pyramids.pieces import BOARD_WIDTH, DESERT, HOME_ROWS, POWER

DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # up, down, left, right
COLS = "abcdefghijk"


class Geometry:
    __slots__ = ("rows", "w", "h", "n", "desert", "power", "powers", "nb", "rays", "fly", "cross",
                 "_dist", "home")

    def __init__(self, rows: tuple[str, ...]) -> None:
        self.rows = rows
        self.w = w = BOARD_WIDTH
        self.h = h = len(rows)
        self.n = n = w * h
        self.desert = [rows[i // w][i % w] == DESERT for i in range(n)]
        self.power = [rows[i // w][i % w] == POWER for i in range(n)]
        self.powers = tuple(i for i in range(n) if self.power[i])
        # nb[sq][d]: the neighbour in direction d, or -1 off the board
        self.nb = [[-1] * 4 for _ in range(n)]
        for i in range(n):
            r, c = divmod(i, w)
            for d, (dr, dc) in enumerate(DIRS):
                rr, cc = r + dr, c + dc
                if 0 <= rr < h and 0 <= cc < w:
                    self.nb[i][d] = rr * w + cc
        # rays[sq][d]: the squares a slide passes, nearest first, up to the edge or a desert
        self.rays = [[[] for _ in range(4)] for _ in range(n)]
        # fly[sq][d]: (over, landing) for a hawk; cross[sq][d]: a camel's landing beyond a desert
        self.fly = [[None] * 4 for _ in range(n)]
        self.cross = [[-1] * 4 for _ in range(n)]
        for i in range(n):
            if self.desert[i]:
                continue
            for d in range(4):
                ray, s = self.rays[i][d], self.nb[i][d]
                while s >= 0 and not self.desert[s]:
                    ray.append(s)
                    s = self.nb[s][d]
                a = self.nb[i][d]
                if a >= 0 and not self.desert[a]:
                    b = self.nb[a][d]
                    if b >= 0 and not self.desert[b]:
                        self.fly[i][d] = (a, b)
                if a >= 0 and self.desert[a]:
                    s = a
                    while s >= 0 and self.desert[s]:
                        s = self.nb[s][d]
                    self.cross[i][d] = s
        # home[side]: the squares of a side's home zone (side 0 bottom, side 1 top)
        self.home = (tuple(range((h - HOME_ROWS) * w, n)), tuple(range(HOME_ROWS * w)))
        self._dist = None

    def name(self, sq: int) -> str:
        """Square name: column a-k from the left, row number counted from the bottom (c4)."""
        r, c = divmod(sq, self.w)
        return f"{COLS[c]}{self.h - r}"

    def parse(self, name: str) -> int:
        c = COLS.index(name[0])
        r = self.h - int(name[1:])
        if not (0 <= r < self.h):
            raise ValueError(f"no square {name!r}")
        return r * self.w + c

    def setup_square(self, side: int, row: int, col: int) -> int:
        """Where a setup's (row from the back, column from the owner's left) lands on the board.
        The player (side 0) looks up from the bottom edge; Cheops (side 1) looks down from the top,
        so his left is the board's right."""
        if side == 0:
            return (self.h - 1 - row) * self.w + col
        return row * self.w + (self.w - 1 - col)

    def distances(self) -> list[list[int]]:
        """Moves between squares for an ordinary piece (deserts blocked, power squares linked),
        ignoring other pieces; the basis of Cheops' force field."""
        if self._dist is None:
            big = 99
            out = []
            for src in range(self.n):
                dist = [big] * self.n
                if not self.desert[src]:
                    dist[src] = 0
                    q = deque([src])
                    while q:
                        s = q.popleft()
                        nxt = [x for x in self.nb[s] if x >= 0 and not self.desert[x]]
                        if self.power[s]:
                            nxt += self.powers
                        for x in nxt:
                            if dist[x] == big:
                                dist[x] = dist[s] + 1
                                q.append(x)
                out.append(dist)
            self._dist = out
        return self._dist


@lru_cache(maxsize=16)
def geometry(rows: tuple[str, ...]) -> Geometry:
    return Geometry(tuple(rows))
