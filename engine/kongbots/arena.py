"""An arena as the engine sees it: which hexes are floor, line of sight, and missile paths.

Built once per arena and shared, immutable, by every state and view of a battle. Hexes are axial
`(q, r)` (engine.core.hexgrid); off the grid, walls and outside hexes are never floor and always
block sight.
"""
from __future__ import annotations

from functools import lru_cache

from gridsmith.engine.core.hexgrid import DIRECTIONS, Hex, bfs_distances, centre, line_clear
from gridsmith.formats.kongbots.arena import FLOOR, entries
from gridsmith.formats.kongbots.modules import TEAMS


class ArenaMap:
    def __init__(self, rows: tuple[str, ...]) -> None:
        self.rows = rows
        self.height = len(rows)
        self.width = max((len(r) for r in rows), default=0)
        self.floor: frozenset[Hex] = frozenset(
            (q, r) for r, row in enumerate(rows) for q, ch in enumerate(row) if ch == FLOOR or ch in TEAMS)
        self.entries: tuple[tuple[Hex, ...], ...] = tuple(tuple(entries(list(rows), t)) for t in TEAMS)
        self._paths: dict[Hex, dict[Hex, int]] = {}

    def __reduce__(self):  # pickled (process pools) as its rows; caches are rebuilt
        return (arena_map, (self.rows,))

    def is_floor(self, h: Hex) -> bool:
        return h in self.floor

    def neighbours(self, h: Hex) -> list[Hex]:
        q, r = h
        floor = self.floor
        return [g for g in ((q + dq, r + dr) for dq, dr in DIRECTIONS) if g in floor]

    def clear(self, a: Hex, b: Hex, occupied: frozenset | set = frozenset(), edge_needs_both: bool = True) -> bool:
        """Line of sight from `a` to `b`: walls, outside and `occupied` hexes block (not a or b)."""
        floor = self.floor
        return line_clear(a, b, lambda h: h not in floor or h in occupied, edge_needs_both)

    def distances_to(self, target: Hex) -> dict[Hex, int]:
        """Floor steps from every floor hex to `target` (missiles avoid walls, not Kongbots)."""
        d = self._paths.get(target)
        if d is None:
            d = self._paths[target] = bfs_distances(target, self.floor.__contains__)
        return d

    def step_towards(self, frm: Hex, target: Hex) -> Hex | None:
        """The next hex of a shortest floor path from `frm` to `target` (None: no path, or already
        there). Among equally short steps, the one whose centre is nearest the target's centre, then
        the first in the clockwise order of engine.core.hexgrid.DIRECTIONS."""
        dist = self.distances_to(target)
        here = dist.get(frm)
        if here is None or here == 0:
            return None
        tx, ty = centre(target)
        best = None
        for g in self.neighbours(frm):
            if dist.get(g) == here - 1:
                gx, gy = centre(g)
                key = ((gx - tx) ** 2 + (gy - ty) ** 2)
                if best is None or key < best[0] - 1e-9:
                    best = (key, g)
        return best[1] if best else None


@lru_cache(maxsize=32)
def arena_map(rows: tuple[str, ...]) -> ArenaMap:
    return ArenaMap(rows)
