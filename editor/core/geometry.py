"""Grid geometries, after Tiled's map renderers: everything that depends on the shape of a cell.

The view, the grid item, the overlays, the tools, the world view and problem locations ask a
`Geometry`; nothing else in the editor knows whether a cell is a square, a hexagon or an edge.

A *cell* is a tuple of ints, stored 0-based; a document reads one with ``doc.cell(*cell)``:

* `SquareGeometry` (w, h): cell ``(x, y)``, column x of row y.
* `HexGeometry` (w, h): pointy-top hexagons in *axial* storage: cell ``(q, r)`` is character q of
  stored row r. Row r is drawn shifted right by half a hexagon per row, so the stored rectangle is
  a diamond (a rhombus) on screen — a Kongbots arena is a plain rectangle of rows in its file.
  Neighbours of (q, r): (q±1, r), (q, r±1), (q+1, r-1), (q-1, r+1).
* `LatticeGeometry` (w, h): w x h *points*; the cells are the *edges* between neighbouring points:
  ``(x, y, 0)`` joins point (x, y) to (x+1, y), ``(x, y, 1)`` joins (x, y) to (x, y+1) (Circuit War
  circuits). Strokes on a lattice run from point to point (`vertex_at`, `edge_path`).

Scene units: a square is `px` wide; a hexagon is `px` wide (flat side to flat side); lattice
points are `px` apart. See docs/editor.md for drawings of each layout.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF

from gridsmith.engine.core import hexgrid
from gridsmith.formats import coords

Cell = tuple[int, ...]
CELL_PX = 32

SQRT3 = math.sqrt(3.0)


class Geometry:
    """The protocol every geometry implements (the square one is the reference)."""

    name = "square"
    #: strokes run along the edges between points (the lattice) rather than over cells
    vertex_strokes = False
    #: neighbouring tiles overlap (lattice edges meet at points), so redrawing one redraws its neighbours
    overlapping = False

    def __init__(self, w: int, h: int, px: int = CELL_PX):
        self.w, self.h, self.px = max(0, w), max(0, h), px
        self.notation = coords.notation(self.name)
        self._grid_path: QPainterPath | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.w}, {self.h})"

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and (other.w, other.h, other.px) == (self.w, self.h, self.px)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.w, self.h, self.px))

    # ---- cells ----------------------------------------------------------------------------------
    def cells(self) -> Iterator[Cell]:
        for y in range(self.h):
            for x in range(self.w):
                yield (x, y)

    def count(self) -> int:
        return self.w * self.h

    def contains(self, cell: Cell) -> bool:
        return len(cell) == 2 and 0 <= cell[0] < self.w and 0 <= cell[1] < self.h

    def label(self, cell: Cell) -> str:
        """The cell in the one notation of this geometry (formats.coords): ``column 3, row 2``."""
        return self.notation.label(cell)

    def neighbours(self, cell: Cell) -> list[Cell]:
        x, y = cell
        return [c for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if self.contains(c)]

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """The cells from a to b, both included, each a neighbour of the one before (no gaps)."""
        return bresenham(a, b)

    def region(self, a: Cell, b: Cell) -> list[Cell]:
        """The rectangle of stored cells spanned by a and b (a rectangle tool, a selection)."""
        (x0, x1), (y0, y1) = sorted((a[0], b[0])), sorted((a[1], b[1]))
        return [(x, y) for y in range(max(0, y0), min(self.h - 1, y1) + 1)
                for x in range(max(0, x0), min(self.w - 1, x1) + 1)]

    def brush(self, cell: Cell, size: int) -> list[Cell]:
        """The cells a brush of `size` (1 = one cell) covers around `cell`."""
        if size <= 1:
            return [cell]
        lo = (size - 1) // 2
        x, y = cell
        return [c for c in self.region((x - lo, y - lo), (x - lo + size - 1, y - lo + size - 1))]

    def offset(self, cell: Cell, origin: Cell, target: Cell) -> Cell:
        """`cell` moved by the vector from `origin` to `target` (pasting a copied region)."""
        return (cell[0] - origin[0] + target[0], cell[1] - origin[1] + target[1], *cell[2:])

    def origin(self, cells: Iterable[Cell]) -> Cell:
        """The top-left anchor of a group of cells (where a pasted stamp is held)."""
        cells = list(cells)
        return (min(c[0] for c in cells), min(c[1] for c in cells))

    # ---- scene geometry -----------------------------------------------------------------------
    def bounds(self) -> QRectF:
        return QRectF(0, 0, self.w * self.px, self.h * self.px)

    def center(self, cell: Cell) -> QPointF:
        return QPointF((cell[0] + 0.5) * self.px, (cell[1] + 0.5) * self.px)

    def tile_rect(self, cell: Cell) -> QRectF:
        """The rectangle a cell's tile image covers (its shape's bounding box)."""
        return QRectF(cell[0] * self.px, cell[1] * self.px, self.px, self.px)

    def tile_origin(self, cell: Cell) -> tuple[float, float]:
        """The top-left corner of the cell's tile (what tile_rect gives, without building a rect)."""
        return (cell[0] * self.px, cell[1] * self.px)

    def placements(self) -> dict[Cell, tuple[float, float, object]]:
        """Every cell with its tile's top-left corner and kind: {cell: (x, y, kind)}."""
        return {c: (*self.tile_origin(c), self.tile_kind(c)) for c in self.cells()}

    def tile_kind(self, cell: Cell):
        """Cells of different kinds have differently shaped tiles (a lattice: across or down)."""
        return None

    def tile_clip(self, kind) -> QPainterPath | None:
        """The cell's outline relative to its tile's top-left corner, None for the whole tile."""
        return None

    def shape(self, cell: Cell) -> QPainterPath:
        p = QPainterPath()
        p.addRect(self.tile_rect(cell))
        return p

    def cell_at(self, pos: QPointF) -> Cell | None:
        x, y = math.floor(pos.x() / self.px), math.floor(pos.y() / self.px)
        return (x, y) if self.contains((x, y)) else None

    def cells_in(self, rect: QRectF) -> Iterator[Cell]:
        """The cells whose tiles meet a scene rectangle (what a repaint of it must draw)."""
        x0, x1 = max(0, math.floor(rect.left() / self.px)), min(self.w - 1, math.ceil(rect.right() / self.px))
        y0, y1 = max(0, math.floor(rect.top() / self.px)), min(self.h - 1, math.ceil(rect.bottom() / self.px))
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                yield (x, y)

    def outline(self, cells: list[Cell]) -> QPainterPath:
        """One path around a group of cells (previews, selections)."""
        if not cells:
            return QPainterPath()
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        if len(cells) == (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1):  # a full rectangle
            p = QPainterPath()
            p.addRect(QRectF(min(xs) * self.px, min(ys) * self.px,
                             (max(xs) - min(xs) + 1) * self.px, (max(ys) - min(ys) + 1) * self.px))
            return p
        return union(self.shape(c) for c in cells)

    def grid_path(self) -> QPainterPath:
        """The grid lines (drawn with a cosmetic pen over the cells when the grid is shown)."""
        if self._grid_path is None:
            p = QPainterPath()
            W, H = self.w * self.px, self.h * self.px
            for x in range(self.w + 1):
                p.moveTo(x * self.px, 0)
                p.lineTo(x * self.px, H)
            for y in range(self.h + 1):
                p.moveTo(0, y * self.px)
                p.lineTo(W, y * self.px)
            self._grid_path = p
        return self._grid_path

    def points(self) -> list[QPointF]:
        """Marks drawn over the cells at every zoom (the lattice's points); none for cell grids."""
        return []

    # ---- strokes along points (lattice only) ------------------------------------------------------
    def vertex_at(self, pos: QPointF):
        return None

    def edge_path(self, a, b) -> list[Cell]:
        return []


class SquareGeometry(Geometry):
    name = "square"

    def placements(self) -> dict[Cell, tuple[float, float, object]]:
        px = self.px
        return {(x, y): (x * px, y * px, None) for y in range(self.h) for x in range(self.w)}


class HexGeometry(Geometry):
    """Pointy-top hexagons in axial storage (see the module docstring)."""

    name = "hex"

    def __init__(self, w: int, h: int, px: int = CELL_PX):
        super().__init__(w, h, px)
        self.side = px / SQRT3  # the hexagon's circumradius
        self.row_step = 1.5 * self.side
        corners = [QPointF(px / 2 + self.side * math.cos(math.radians(60 * i - 30)),
                           self.side + self.side * math.sin(math.radians(60 * i - 30))) for i in range(6)]
        self._hexagon = QPolygonF(corners)

    def neighbours(self, cell: Cell) -> list[Cell]:
        return [c for c in hexgrid.neighbours(cell) if self.contains(c)]

    distance = staticmethod(hexgrid.distance)

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        n = self.distance(a, b)
        if n == 0:
            return [a]
        out = []
        for i in range(n + 1):
            t = i / n
            # nudged off the exact midpoints so that ties always round the same way
            q = a[0] + (b[0] - a[0]) * t + 1e-6
            r = a[1] + (b[1] - a[1]) * t + 2e-6
            c = axial_round(q, r)
            if not out or out[-1] != c:
                out.append(c)
        return out

    def brush(self, cell: Cell, size: int) -> list[Cell]:
        """A hexagon of radius size-1 around the cell."""
        return [c for c in hexgrid.within(cell, max(0, size - 1)) if self.contains(c)]

    def bounds(self) -> QRectF:
        if not self.w or not self.h:
            return QRectF()
        return QRectF(0, 0, self.px * (self.w + (self.h - 1) / 2), self.row_step * (self.h - 1) + 2 * self.side)

    def tile_rect(self, cell: Cell) -> QRectF:
        return QRectF(*self.tile_origin(cell), self.px, 2 * self.side)

    def tile_origin(self, cell: Cell) -> tuple[float, float]:
        q, r = cell
        return (self.px * (q + r / 2), self.row_step * r)

    def center(self, cell: Cell) -> QPointF:
        return self.tile_rect(cell).center()

    def tile_clip(self, kind) -> QPainterPath:
        p = QPainterPath()
        p.addPolygon(self._hexagon)
        p.closeSubpath()
        return p

    def shape(self, cell: Cell) -> QPainterPath:
        return self.tile_clip(None).translated(self.tile_rect(cell).topLeft())

    def cell_at(self, pos: QPointF) -> Cell | None:
        x = pos.x() - self.px / 2
        y = pos.y() - self.side
        r = (2 / 3 * y) / self.side
        q = (SQRT3 / 3 * x - y / 3) / self.side
        c = axial_round(q, r)
        return c if self.contains(c) else None

    def cells_in(self, rect: QRectF) -> Iterator[Cell]:
        r0 = max(0, math.floor((rect.top() - 2 * self.side) / self.row_step))
        r1 = min(self.h - 1, math.ceil(rect.bottom() / self.row_step))
        for r in range(r0, r1 + 1):
            q0 = max(0, math.floor(rect.left() / self.px - r / 2) - 1)
            q1 = min(self.w - 1, math.ceil(rect.right() / self.px - r / 2))
            for q in range(q0, q1 + 1):
                yield (q, r)

    def outline(self, cells: list[Cell]) -> QPainterPath:
        return union(self.shape(c) for c in cells)

    def grid_path(self) -> QPainterPath:
        if self._grid_path is None:
            p = QPainterPath()
            for c in self.cells():
                p.addPolygon(self._hexagon.translated(self.tile_rect(c).topLeft()))
                p.closeSubpath()
            self._grid_path = p
        return self._grid_path


class LatticeGeometry(Geometry):
    """w x h points `px` apart; the cells are the edges between neighbouring points."""

    name = "lattice"
    vertex_strokes = True
    overlapping = True

    def __init__(self, w: int, h: int, px: int = CELL_PX):
        super().__init__(w, h, px)
        self.thick = px * 0.28  # how wide an edge's tile is across the edge

    def cells(self) -> Iterator[Cell]:
        for y in range(self.h):
            for x in range(self.w):
                if x + 1 < self.w:
                    yield (x, y, 0)
                if y + 1 < self.h:
                    yield (x, y, 1)

    def count(self) -> int:
        return max(0, self.w - 1) * self.h + self.w * max(0, self.h - 1)

    def contains(self, cell: Cell) -> bool:
        if len(cell) != 3:
            return False
        x, y, d = cell
        return d in (0, 1) and 0 <= x < self.w - (d == 0) and 0 <= y < self.h - (d == 1)

    def has_point(self, v) -> bool:
        return 0 <= v[0] < self.w and 0 <= v[1] < self.h

    @staticmethod
    def ends(cell: Cell) -> tuple[tuple[int, int], tuple[int, int]]:
        return coords.LatticeNotation.ends(cell)

    @staticmethod
    def edge(a, b) -> Cell:
        """The edge between two neighbouring points."""
        (x0, y0), (x1, y1) = sorted((tuple(a), tuple(b)))
        return (x0, y0, 0 if y0 == y1 else 1)

    def edges_at(self, v) -> list[Cell]:
        x, y = v
        return [c for c in ((x, y, 0), (x - 1, y, 0), (x, y, 1), (x, y - 1, 1)) if self.contains(c)]

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Edges that share a point with this one (a fill follows connected circuits)."""
        a, b = self.ends(cell)
        return [e for e in self.edges_at(a) + self.edges_at(b) if e != cell]

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        return self.edge_path(self.ends(a)[0], self.ends(b)[1])

    def edge_path(self, a, b) -> list[Cell]:
        """The edges of a 4-connected walk of points from a to b (a stroke that moved fast)."""
        pts = bresenham(tuple(a), tuple(b), four_connected=True)
        return [self.edge(p, q) for p, q in zip(pts, pts[1:]) if self.contains(self.edge(p, q))]

    def region(self, a: Cell, b: Cell) -> list[Cell]:
        vs = [*self.ends(a), *self.ends(b)]
        x0, x1 = min(v[0] for v in vs), max(v[0] for v in vs)
        y0, y1 = min(v[1] for v in vs), max(v[1] for v in vs)
        return [(x, y, d) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) for d in (0, 1)
                if x + (d == 0) <= x1 and y + (d == 1) <= y1 and self.contains((x, y, d))]

    def brush(self, cell: Cell, size: int) -> list[Cell]:
        return [cell]

    def origin(self, cells: Iterable[Cell]) -> Cell:
        cells = list(cells)
        return (min(c[0] for c in cells), min(c[1] for c in cells), 0)

    def point(self, v) -> QPointF:
        return QPointF((v[0] + 0.5) * self.px, (v[1] + 0.5) * self.px)

    def bounds(self) -> QRectF:
        return QRectF(0, 0, self.w * self.px, self.h * self.px)

    def tile_kind(self, cell: Cell):
        return cell[2]

    def tile_origin(self, cell: Cell) -> tuple[float, float]:
        r = self.tile_rect(cell)
        return (r.x(), r.y())

    def tile_rect(self, cell: Cell) -> QRectF:
        x, y, d = cell
        c = self.point((x, y))
        t = self.thick  # an edge reaches t/2 past its points, so that paths turn full corners
        if d == 0:
            return QRectF(c.x() - t / 2, c.y() - t / 2, self.px + t, t)
        return QRectF(c.x() - t / 2, c.y() - t / 2, t, self.px + t)

    def center(self, cell: Cell) -> QPointF:
        return self.tile_rect(cell).center()

    def cell_at(self, pos: QPointF) -> Cell | None:
        """The edge nearest to `pos` (within one point spacing)."""
        if self.w < 1 or self.h < 1 or self.count() == 0:
            return None
        fx, fy = pos.x() / self.px - 0.5, pos.y() / self.px - 0.5
        best, dist = None, 1.0
        for c in ((clamp(math.floor(fx), 0, self.w - 2), clamp(round(fy), 0, self.h - 1), 0),
                  (clamp(round(fx), 0, self.w - 1), clamp(math.floor(fy), 0, self.h - 2), 1)):
            if self.contains(c):
                (ax, ay), (bx, by) = self.ends(c)
                # distance from (fx, fy) to the segment, in point spacings
                tx = clamp(fx, min(ax, bx), max(ax, bx))
                ty = clamp(fy, min(ay, by), max(ay, by))
                d = math.hypot(fx - tx, fy - ty)
                if d < dist:
                    best, dist = c, d
        return best

    def vertex_at(self, pos: QPointF):
        v = (round(pos.x() / self.px - 0.5), round(pos.y() / self.px - 0.5))
        return (min(max(v[0], 0), self.w - 1), min(max(v[1], 0), self.h - 1)) if self.w and self.h else None

    def cells_in(self, rect: QRectF) -> Iterator[Cell]:
        x0, x1 = max(0, math.floor(rect.left() / self.px) - 1), min(self.w - 1, math.ceil(rect.right() / self.px))
        y0, y1 = max(0, math.floor(rect.top() / self.px) - 1), min(self.h - 1, math.ceil(rect.bottom() / self.px))
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                for d in (0, 1):
                    if self.contains((x, y, d)):
                        yield (x, y, d)

    def outline(self, cells: list[Cell]) -> QPainterPath:
        p = QPainterPath()
        for c in cells:
            p.addRect(self.tile_rect(c))
        return p

    def grid_path(self) -> QPainterPath:
        if self._grid_path is None:
            p = QPainterPath()
            for c in self.cells():
                a, b = self.ends(c)
                p.moveTo(self.point(a))
                p.lineTo(self.point(b))
            self._grid_path = p
        return self._grid_path

    def points(self) -> list[QPointF]:
        return [self.point((x, y)) for y in range(self.h) for x in range(self.w)]


GEOMETRIES = {g.name: g for g in (SquareGeometry, HexGeometry, LatticeGeometry)}


# ---- helpers -------------------------------------------------------------------------------------
def bresenham(a, b, four_connected: bool = False) -> list:
    """Bresenham's line from a to b; `four_connected` steps in x or y, never both at once (a walk
    along lattice edges), always to the neighbour nearer to the straight line."""
    (x0, y0), (x1, y1) = a[:2], b[:2]
    out = [(x0, y0)]
    if four_connected:
        sx, sy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
        x, y = x0, y0
        while (x, y) != (x1, y1):
            off = [abs((x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0)) for cx, cy in ((x + sx, y), (x, y + sy))]
            if y == y1 or (x != x1 and off[0] <= off[1]):
                x += sx
            else:
                y += sy
            out.append((x, y))
        return out
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        out.append((x0, y0))
    return out


def clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def axial_round(q: float, r: float) -> Cell:
    """The hexagon holding fractional axial coordinates (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def union(paths: Iterable[QPainterPath]) -> QPainterPath:
    """The outline of several shapes (simplified when small enough to do so quickly)."""
    p = QPainterPath()
    n = 0
    for s in paths:
        p.addPath(s)
        n += 1
    p.setFillRule(Qt.FillRule.WindingFill)
    return p.simplified() if n <= 400 else p
