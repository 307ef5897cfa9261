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
    __slots__ = ("rows", "w", "h", "n", "desert", "power", "powers", "nb", "adj", "rays", "fly", "cross",
                 "_dist", "home", "lane", "power_links", "full", "not_first_col", "not_last_col", "open_mask",
                 "power_mask")

    def __init__(self, rows: tuple[str, ...]) -> None:
        self.rows = rows
        self.w = w = BOARD_WIDTH
        self.h = h = len(rows)
        self.n = n = w * h
        self.desert = [rows[i // w][i % w] == DESERT for i in range(n)]
        self.power = [rows[i // w][i % w] == POWER for i in range(n)]
        self.powers = tuple(i for i in range(n) if self.power[i])
        # bitboards (bit sq = square sq) for shifting a set of squares one column (movegen.gen_attacks_near)
        self.full = (1 << n) - 1
        self.not_first_col = sum(1 << i for i in range(n) if i % w)
        self.not_last_col = sum(1 << i for i in range(n) if i % w != w - 1)
        self.open_mask = sum(1 << i for i in range(n) if not self.desert[i])
        self.power_mask = sum(1 << i for i in self.powers)
        # nb[sq][d]: the neighbour in direction d, or -1 off the board
        self.nb = [[-1] * 4 for _ in range(n)]
        for i in range(n):
            r, c = divmod(i, w)
            for d, (dr, dc) in enumerate(DIRS):
                rr, cc = r + dr, c + dc
                if 0 <= rr < h and 0 <= cc < w:
                    self.nb[i][d] = rr * w + cc
        # adj[sq]: the neighbours on the board, in direction order
        self.adj = [tuple(x for x in self.nb[i] if x >= 0) for i in range(n)]
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
        self.lane, self.power_links = self._lanes()
        # home[side]: the squares of a side's home zone (side 0 bottom, side 1 top)
        self.home = (tuple(range((h - HOME_ROWS) * w, n)), tuple(range(HOME_ROWS * w)))
        self._dist = None

    def _lanes(self) -> tuple[dict[int, int], tuple[tuple[int, ...], ...]]:
        """Movement 6) "A piece resting on a 'power square' in one of the lanes can move directly to
        a vacant power square in another lane." A lane is a passage between the deserts: a
        4-connected group of open squares within the rows that hold a desert ("the lanes between
        the deserts in the middle of the board", Changing the Slide). A power square on a row
        without a desert lies in no such passage and counts as a lane of its own. Returns each
        power square's lane and, per square, the power squares it links to (those in another lane)."""
        w, n = self.w, self.n
        band = [any(self.desert[r * w:(r + 1) * w]) for r in range(self.h)]
        lane: dict[int, int] = {}
        for p in self.powers:
            if p in lane:
                continue
            if not band[p // w]:
                lane[p] = p
                continue
            seen, stack = {p}, [p]
            while stack:
                s = stack.pop()
                for x in self.nb[s]:
                    if x >= 0 and x not in seen and not self.desert[x] and band[x // w]:
                        seen.add(x)
                        stack.append(x)
            for x in seen:
                if self.power[x]:
                    lane[x] = p
        links = tuple(tuple(q for q in self.powers if lane[q] != lane[i]) if self.power[i] else ()
                      for i in range(n))
        return lane, links

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
                            nxt += self.power_links[s]
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
