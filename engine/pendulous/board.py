"""The static geometry of a Pendulous map: squares, neighbours, water bodies and bitboards.

Everything here is computed once per scenario and shared (never copied) by every state of a game.
Squares are numbered ``i = row * stride + col`` with ``stride = width + 1``: the extra column is
always empty, so a bitboard (a Python int with one bit per square) can be shifted one column left
or right without wrapping into the next row. That makes supply tracing and frontier finding a few
big-integer operations per step instead of a Python loop over 2,500 squares.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from itertools import chain
from operator import getitem
from typing import Any, Hashable, Sequence

from gridsmith.formats.pendulous.scenario import CITY_CHARS, LAND_CHARS, WATER, Scenario

WATER_KIND, LAND_KIND, CITY_KIND = 0, 1, 2

# bit offsets of every byte value, to list the set bits of a bitboard quickly
_BYTE_BITS = tuple(tuple(b for b in range(8) if v >> b & 1) for v in range(256))


#: per byte position of a bitboard: the absolute indices of the set bits of each byte value there
#: (grown on demand to the largest board seen: a 50x50 map needs 319 positions, about 6 MB), up to
#: TABLED positions; a larger board is listed byte by byte (a hostile map must not cost gigabytes)
_BITS_AT: list[tuple[tuple[int, ...], ...]] = []
TABLED = 400


def _bits_at(n: int) -> list[tuple[tuple[int, ...], ...]]:
    while len(_BITS_AT) < n:
        base = len(_BITS_AT) * 8
        _BITS_AT.append(tuple(tuple(base + b for b in bits) for bits in _BYTE_BITS))
    return _BITS_AT


def bits_of(x: int) -> list[int]:
    """The indices of the set bits of `x`, ascending. The hot path of legal moves and computer
    players on large maps: one table look-up per byte, flattened in C (no loop in Python)."""
    if not x:
        return []
    data = x.to_bytes((x.bit_length() + 7) // 8, "little")
    if len(data) <= TABLED:
        return list(chain.from_iterable(map(getitem, _bits_at(len(data)), data)))
    out: list[int] = []
    ext = out.extend
    for pos, byte in enumerate(data):
        if byte:
            base = pos * 8
            ext([base + b for b in _BYTE_BITS[byte]])
    return out



class Listing:
    """`bits_of` for masks that change a few squares at a time (a seat's own land, its attack
    targets): each slot keeps the last mask it listed, its set bits and the objects they index, and
    a mask within `EDIT_MAX` squares of that one is listed by editing those lists (bisect) instead
    of reading the whole board again: legal actions on a 50x50 map were three `bits_of` of about
    320 bytes each per action. The answer is a pure function of the mask, whichever state asks, so
    one Listing serves every state and thread of a scenario (a slot's lists are replaced, never
    edited in place; callers must not edit what they get)."""

    __slots__ = ("slots",)
    EDIT_MAX = 24

    def __init__(self) -> None:
        self.slots: dict[Hashable, tuple[int, list[int], list[Any]]] = {}

    def items(self, slot: Hashable, x: int, objs: Sequence[Any] | None = None) -> tuple[list[int], list[Any]]:
        """(the indices of the set bits of `x`, ascending; `objs` at those indices, or the indices
        again without `objs`), remembered under `slot`."""
        old = self.slots.get(slot)
        if old is not None:
            m0, idx0, obj0 = old
            if m0 == x:
                return idx0, obj0
            d = m0 ^ x
            if d.bit_count() <= self.EDIT_MAX:
                idx = idx0[:]
                obj = idx if objs is None else obj0[:]
                while d:
                    low = d & -d
                    d ^= low
                    i = low.bit_length() - 1
                    k = bisect_left(idx, i)
                    if x & low:
                        idx.insert(k, i)
                        if objs is not None:
                            obj.insert(k, objs[i])
                    else:
                        del idx[k]
                        if objs is not None:
                            del obj[k]
                self.slots[slot] = (x, idx, obj)
                return idx, obj
        idx = bits_of(x)
        obj = idx if objs is None else list(map(objs.__getitem__, idx))
        self.slots[slot] = (x, idx, obj)
        return idx, obj


@dataclass(frozen=True, slots=True)
class Board:
    width: int
    height: int
    stride: int
    size: int  # height * stride: the length of every per-square array
    kind: tuple[int, ...]  # WATER_KIND / LAND_KIND / CITY_KIND per square (padding = water)
    initial_owner: tuple[int, ...]  # seat 0-3, -1 for water
    neighbours: tuple[tuple[int, ...], ...]  # the 8 neighbours on the map (any kind)
    all_mask: int  # every square inside the map, padding excluded
    land_mask: int
    city_mask: int
    ground_mask: int  # land | city
    neighbour_mask: tuple[int, ...]  # bitboard of the 8 neighbours of each square
    #: per water body (8-connected): the bitboard of the ground squares touching it
    body_coast: tuple[int, ...]
    #: per square: the water bodies it touches (empty for squares with no water around)
    bodies_of: tuple[tuple[int, ...], ...]

    def index(self, row: int, col: int) -> int:
        return row * self.stride + col

    def rowcol(self, i: int) -> tuple[int, int]:
        return divmod(i, self.stride)

    def inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.height and 0 <= col < self.width

    def dilate(self, x: int) -> int:
        """`x` plus every square next to a square of `x` (8 directions), clipped to the map."""
        s = self.stride
        h = x | (x << 1) | (x >> 1)
        return (h | (h << s) | (h >> s)) & self.all_mask

    def is_port(self, i: int) -> bool:
        return self.kind[i] == CITY_KIND and bool(self.bodies_of[i])


def build_board(scenario: Scenario) -> Board:
    rows = scenario.map
    height = len(rows)
    width = max((len(r) for r in rows), default=0)
    stride = width + 1
    size = height * stride
    kind = [WATER_KIND] * size
    owner = [-1] * size
    all_mask = land_mask = city_mask = 0
    for r, line in enumerate(rows):
        for c in range(width):
            i = r * stride + c
            all_mask |= 1 << i
            ch = line[c] if c < len(line) else WATER  # short rows: the rest is water
            if ch in LAND_CHARS:
                kind[i], owner[i] = LAND_KIND, LAND_CHARS.index(ch)
                land_mask |= 1 << i
            elif ch in CITY_CHARS:
                kind[i], owner[i] = CITY_KIND, CITY_CHARS.index(ch)
                city_mask |= 1 << i
    neighbours: list[tuple[int, ...]] = []
    neighbour_mask: list[int] = []
    for i in range(size):
        r, c = divmod(i, stride)
        ns = []
        if c < width:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width:
                        ns.append((r + dr) * stride + c + dc)
        neighbours.append(tuple(ns))
        m = 0
        for n in ns:
            m |= 1 << n
        neighbour_mask.append(m)
    # water bodies: 8-connected components of water squares inside the map
    body = [-1] * size
    coasts: list[int] = []
    for start in range(size):
        if kind[start] != WATER_KIND or body[start] != -1 or not (all_mask >> start & 1):
            continue
        b = len(coasts)
        body[start] = b
        stack, coast = [start], 0
        while stack:
            i = stack.pop()
            for n in neighbours[i]:
                if kind[n] == WATER_KIND:
                    if body[n] == -1:
                        body[n] = b
                        stack.append(n)
                else:
                    coast |= 1 << n
        coasts.append(coast)
    bodies_of = tuple(
        tuple(sorted({body[n] for n in neighbours[i] if kind[n] == WATER_KIND})) if kind[i] != WATER_KIND else ()
        for i in range(size)
    )
    return Board(
        width=width,
        height=height,
        stride=stride,
        size=size,
        kind=tuple(kind),
        initial_owner=tuple(owner),
        neighbours=tuple(neighbours),
        all_mask=all_mask,
        land_mask=land_mask,
        city_mask=city_mask,
        ground_mask=land_mask | city_mask,
        neighbour_mask=tuple(neighbour_mask),
        body_coast=tuple(coasts),
        bodies_of=bodies_of,
    )
