"""Headless hex-grid math in axial coordinates: distance, neighbours, exact line of sight, paths.

Axial coordinates `(q, r)` name a hex; the cube form is `(x, y, z) = (q, -q - r, r)`. Pointy-top
layout: hex `(q, r)` is centred at `x = sqrt(3) * (q + r / 2)`, `y = 3 / 2 * r` (one unit = a hex's
circumradius), so a grid stored as rows of strings (row = r, character = q) draws as rows each
shifted half a hex to the right of the one above: a rhombus ("diamond").

        (q, r-1)   (q+1, r-1)
    (q-1, r)   (q, r)   (q+1, r)
        (q-1, r+1) (q, r+1)

Line of sight is exact geometry, not sampling: the segment between two hex centres, and for every
hex whether the segment crosses its interior, runs along one of its edges, or only touches a corner.
A hex is the set of points nearer its centre than any other, i.e. in cube coordinates
`|dx - dy| <= 1, |dy - dz| <= 1, |dz - dx| <= 1` around the centre; along the segment `p(t) = t * b`
every such bound is linear in `t`, so the set of `t` inside a hex is an interval computed with exact
fractions. A segment runs *along an edge* between two neighbours when their closed intervals overlap
over a positive length (e.g. from (0, 0) to (1, 1), the middle third lies on the edge between (1, 0)
and (0, 1)); a game decides how such a pair blocks (either side, or both sides).
"""
from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache

Hex = tuple[int, int]

#: the six neighbour offsets, clockwise from east
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SQRT3 = math.sqrt(3.0)


def distance(a: Hex, b: Hex) -> int:
    """Hex steps between `a` and `b`."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def within(h: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at distance <= radius from `h` (h itself included)."""
    q, r = h
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield (q + dq, r + dr)


def centre(h: Hex) -> tuple[float, float]:
    """Pixel centre of `h` in the pointy-top layout, circumradius 1."""
    q, r = h
    return (SQRT3 * (q + r / 2.0), 1.5 * r)


def _cube(h: Hex) -> tuple[int, int, int]:
    return (h[0], -h[0] - h[1], h[1])


def _round(x: Fraction, y: Fraction, z: Fraction) -> tuple[int, int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    ex, ey, ez = abs(rx - x), abs(ry - y), abs(rz - z)
    if ex > ey and ex > ez:
        rx = -ry - rz
    elif ey > ez:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def _t_interval(bound: tuple[int, int], h: tuple[int, int, int], strict: bool) -> tuple[Fraction, Fraction] | None:
    """The t in [0, 1] where t * b lies in hex h (its interior when `strict`), as (lo, hi);
    None when empty. For the interior, (lo, hi) is open and empty when lo >= hi."""
    bx, by, bz = bound[0], -bound[0] - bound[1], bound[1]
    hx, hy, hz = h
    lo, hi = Fraction(0), Fraction(1)
    for db, dh in ((bx - by, hx - hy), (by - bz, hy - hz), (bz - bx, hz - hx)):
        # -1 <= t * db - dh <= 1
        if db == 0:
            if strict and not -1 < -dh < 1 or not strict and not -1 <= -dh <= 1:
                return None
            continue
        a, b = Fraction(dh - 1, db), Fraction(dh + 1, db)
        if a > b:
            a, b = b, a
        lo, hi = max(lo, a), min(hi, b)
    if strict and lo >= hi or not strict and lo > hi:
        return None
    return lo, hi


@lru_cache(maxsize=8192)
def sight_line(dq: int, dr: int) -> tuple[tuple[Hex, ...], tuple[tuple[Hex, Hex], ...]]:
    """The line from (0, 0) to (dq, dr): (hexes whose interior it crosses, excluding both ends, in
    order; pairs of neighbouring hexes it runs between, along their common edge). Translation
    invariant: add the origin to every offset. Hexes touched only at a corner are in neither."""
    n = distance((0, 0), (dq, dr))
    if n <= 1:
        return (), ()
    end = _cube((dq, dr))
    candidates: set[tuple[int, int, int]] = set()
    for i in range(n + 1):
        t = Fraction(i, n)
        cx, cy, cz = _round(end[0] * t, end[1] * t, end[2] * t)
        for dx, dz in ((0, 0), *DIRECTIONS):
            candidates.add((cx + dx, cy - dx - dz, cz + dz))
    inside: list[tuple[Fraction, Hex]] = []
    closed: dict[Hex, tuple[Fraction, Fraction]] = {}
    for c in candidates:
        h = (c[0], c[2])
        iv = _t_interval((dq, dr), c, strict=False)
        if iv is None:
            continue
        closed[h] = iv
        if h not in ((0, 0), (dq, dr)) and _t_interval((dq, dr), c, strict=True) is not None:
            inside.append((iv[0], h))
    edges: list[tuple[Fraction, Hex, Hex]] = []
    for h, (lo, hi) in closed.items():
        for d in DIRECTIONS[:3]:  # each neighbouring pair once
            g = (h[0] + d[0], h[1] + d[1])
            if g in closed:
                lo2, hi2 = closed[g]
                if min(hi, hi2) - max(lo, lo2) > 0:
                    edges.append((max(lo, lo2), h, g))
    inside.sort()
    edges.sort()
    return tuple(h for _, h in inside), tuple((a, b) for _, a, b in edges)


def line_clear(a: Hex, b: Hex, blocked: Callable[[Hex], bool], edge_needs_both: bool = True) -> bool:
    """Whether nothing blocks the line from `a` to `b` (their own hexes never block). A line along
    an edge is blocked when both hexes beside it block (`edge_needs_both`), or when either does."""
    inside, edges = sight_line(b[0] - a[0], b[1] - a[1])
    q, r = a
    for dq, dr in inside:
        if blocked((q + dq, r + dr)):
            return False
    for (aq, ar), (bq, br) in edges:
        x, y = blocked((q + aq, r + ar)), blocked((q + bq, r + br))
        if (x and y) if edge_needs_both else (x or y):
            return False
    return True


def bfs_distances(start: Hex, passable: Callable[[Hex], bool], limit: int | None = None) -> dict[Hex, int]:
    """Steps from `start` to every hex reachable through passable hexes (`start` itself need not be)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        d = dist[h]
        if limit is not None and d >= limit:
            continue
        for g in neighbours(h):
            if g not in dist and passable(g):
                dist[g] = d + 1
                todo.append(g)
    return dist

