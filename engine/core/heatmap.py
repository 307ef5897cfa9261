"""Heat maps of batch play: where squares changed hands or pieces fell, summed over many games
(engine.core.simulate records each game's cells through the game's `Presentation.heat`; the game
names what it counted with `Presentation.heat_caption`).

A heat map is drawn in the board's own geometry (`Presentation.board_geometry`): `shapes` gives every
cell's outline as a polygon — squares, pointy-top hexagons in axial rows, or a Circuit War lattice
in its doubled grid (its points as small octagons, the circuits between them as bars) — and both
the balance lab (editor.core.balance) and `write_png` draw those polygons, so the two agree.

`colour(t)` is the one colour ramp (the editor's overlay uses it too); `write_png` draws a heat
map headless with the standard library alone (zlib + struct: a PNG needs no Qt, so
`gridsmith simulate --heatmap out.png` works on the base install and in CI).
"""
from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gridsmith.formats.atomic import atomic_write_bytes

if TYPE_CHECKING:
    from .game import Game

#: the ramp from "happened once" to "happened most": pale yellow, orange, red, dark red
RAMP = ((255, 247, 188), (254, 196, 79), (240, 59, 32), (128, 0, 38))
NONE = (236, 236, 236)  # a cell where nothing happened
GRID = (200, 200, 200)
#: the map under the heat, in greys (only heat is in colour), by the game's `Presentation.cell_kind` word
KIND_GREY = {"water": (205, 218, 230), "land": (222, 222, 222), "city": (150, 150, 150), "open": (236, 236, 236),
             "desert": (205, 205, 205), "power": (180, 180, 180)}


def colour(t: float) -> tuple[int, int, int]:
    """The ramp's colour at `t` in [0, 1] (linear between its stops)."""
    t = min(1.0, max(0.0, t)) * (len(RAMP) - 1)
    i = min(int(t), len(RAMP) - 2)
    f = t - i
    a, b = RAMP[i], RAMP[i + 1]
    r, g, bl = (round(a[k] + (b[k] - a[k]) * f) for k in range(3))
    return r, g, bl


def intensity(heat: dict[tuple[int, int], int]) -> dict[tuple[int, int], float]:
    """Each cell's share of the hottest cell, on a square-root scale (a few hot spots must not wash
    out the rest of the map)."""
    top = max(heat.values(), default=0)
    return {c: (n / top) ** 0.5 for c, n in heat.items() if n > 0} if top else {}


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGB PNG of `rows` (each `width * 3` bytes)."""
    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


BACKGROUND = (255, 255, 255)


def render(size: tuple[int, int], heat: dict[tuple[int, int], int], cell: int = 12,
           kinds: list[list[str]] | None = None, geometry: str = "square") -> tuple[int, int, list[bytes]]:
    """(width, height, rows) of `gridsmith diff`'s picture of a grid (its changed cells marked as
    heat): `cell` pixels per square, a one-pixel grid line;
    `kinds[y][x]` (the game's cell words) draw the map in greys under the heat. A `hex` board
    (`Presentation.board_geometry`: axial rows) has each row drawn half a cell right of the one above, as
    the editor lays hexagons out, so its rhombus reads as the board does (cells as offset bricks)."""
    w, h = size
    level = intensity(heat)
    shift = (lambda y: y * cell // 2) if geometry == "hex" else (lambda y: 0)
    width = w * cell + shift(h - 1) if h else w * cell
    rows = []
    for y in range(h):
        line = bytearray()
        for x in range(w):
            base = KIND_GREY.get(kinds[y][x], NONE) if kinds else NONE
            c = colour(level[(x, y)]) if (x, y) in level else base
            line += bytes(GRID) + bytes(c) * (cell - 1)
        left, right = bytes(BACKGROUND) * shift(y), bytes(BACKGROUND) * (width - w * cell - shift(y))
        rows.append(left + bytes(GRID) * (w * cell) + right)
        rows.extend(left + bytes(line) + right for _ in range(cell - 1))
    return width, h * cell, rows


Point = tuple[float, float]
SQRT3 = math.sqrt(3.0)
#: a lattice's bars and points, in point spacings: half a circuit's thickness, a point's radius
BAR, DOT = 0.13, 0.22


def shapes(geometry: str, size: tuple[int, int]) -> dict[tuple[int, int], list[Point]]:
    """Every heat-map cell's outline, a convex polygon in board units, in drawing order (bars before
    the points over them):

    * `square` (w, h): cell (x, y) is the unit square at (x, y).
    * `hex` (w, h): cell (q, r) is a pointy-top hexagon one unit wide (flat side to flat side), row r
      shifted r/2 to the right (editor.core.geometry.HexGeometry's layout at px 1).
    * `lattice` (cols, rows): the doubled grid of a lattice of points (formats.circuitwar.lattice):
      (x, y) both even is point (x/2, y/2) at ((x/2 + 0.5), (y/2 + 0.5)) (editor.core.geometry.
      LatticeGeometry at px 1), one odd is the circuit between its two neighbours, both odd is nothing.
    """
    w, h = size
    out: dict[tuple[int, int], list[Point]] = {}
    if geometry == "hex":
        side = 1 / SQRT3
        corners = [(0.5 + side * math.cos(math.radians(60 * i - 30)), side + side * math.sin(math.radians(60 * i - 30)))
                   for i in range(6)]
        for r in range(h):
            for q in range(w):
                ox, oy = q + r / 2, 1.5 * side * r
                out[(q, r)] = [(ox + cx, oy + cy) for cx, cy in corners]
    elif geometry == "lattice":
        points = {}
        for y in range(h):
            for x in range(w):
                cx, cy = x / 2 + 0.5, y / 2 + 0.5
                if x % 2 == 0 and y % 2 == 0:
                    points[(x, y)] = [(cx + DOT * math.cos(math.radians(45 * i + 22.5)),
                                       cy + DOT * math.sin(math.radians(45 * i + 22.5))) for i in range(8)]
                elif y % 2 == 0:  # a horizontal circuit: from the point left of it to the one right
                    out[(x, y)] = [(cx - 0.5, cy - BAR), (cx + 0.5, cy - BAR), (cx + 0.5, cy + BAR), (cx - 0.5, cy + BAR)]
                elif x % 2 == 0:
                    out[(x, y)] = [(cx - BAR, cy - 0.5), (cx + BAR, cy - 0.5), (cx + BAR, cy + 0.5), (cx - BAR, cy + 0.5)]
        out.update(points)
    else:
        for y in range(h):
            for x in range(w):
                out[(x, y)] = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
    return out


def extent(geometry: str, size: tuple[int, int]) -> tuple[float, float]:
    """(width, height) of the drawing of `shapes` in board units."""
    w, h = size
    if not w or not h:
        return (0.0, 0.0)
    if geometry == "hex":
        return (w + (h - 1) / 2, 1.5 / SQRT3 * (h - 1) + 2 / SQRT3)
    if geometry == "lattice":
        return ((w + 1) / 2, (h + 1) / 2)
    return (float(w), float(h))


def _inside(poly: list[Point], px: float, py: float) -> bool:
    """Whether (px, py) is inside a convex polygon (either winding)."""
    sign = 0
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        if cross:
            s = 1 if cross > 0 else -1
            if sign and s != sign:
                return False
            sign = s
    return True


def _fill(canvas: list[bytearray], poly: list[Point], rgb: tuple[int, int, int]) -> None:
    """Paint the pixels whose centres are inside `poly` (in pixels)."""
    height, width = len(canvas), len(canvas[0]) // 3 if canvas else 0
    x0, x1 = max(0, int(min(p[0] for p in poly))), min(width - 1, int(max(p[0] for p in poly)))
    y0, y1 = max(0, int(min(p[1] for p in poly))), min(height - 1, int(max(p[1] for p in poly)))
    c = bytes(rgb)
    for y in range(y0, y1 + 1):
        row = canvas[y]
        for x in range(x0, x1 + 1):
            if _inside(poly, x + 0.5, y + 0.5):
                row[3 * x:3 * x + 3] = c


def render_board(size: tuple[int, int], heat: dict[tuple[int, int], int], geometry: str = "square", unit: int = 12,
                 kinds: list[list[str]] | None = None) -> tuple[int, int, list[bytes]]:
    """(width, height, rows) of a heat map in the board's geometry: `unit` pixels per board unit
    (a square, a hexagon's width, a lattice's point spacing), each cell outlined one pixel in grey,
    the map (`kinds[y][x]`, the game's cell words) in greys under the heat."""
    ew, eh = extent(geometry, size)
    width, height = max(1, math.ceil(ew * unit)), max(1, math.ceil(eh * unit))
    canvas = [bytearray(bytes(BACKGROUND) * width) for _ in range(height)]
    level = intensity(heat)
    for (x, y), poly in shapes(geometry, size).items():
        base = KIND_GREY.get(kinds[y][x], NONE) if kinds and y < len(kinds) and x < len(kinds[y]) else NONE
        c = colour(level[(x, y)]) if (x, y) in level else base
        pts = [(px * unit, py * unit) for px, py in poly]
        _fill(canvas, pts, GRID)
        mx, my = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        # the cell inset by a pixel toward its centre, so that its outline stays grey
        reach = max(max(abs(p[0] - mx), abs(p[1] - my)) for p in pts) or 1.0
        k = max(0.0, 1 - 1.0 / reach)
        _fill(canvas, [(mx + (px - mx) * k, my + (py - my) * k) for px, py in pts], c)
    return width, height, [bytes(r) for r in canvas]


def kinds_of(game: Game[Any, Any, Any], state: Any, size: tuple[int, int]) -> list[list[str]]:
    """Every cell's word (`Presentation.cell_kind`) of a game's board, row by row."""
    w, h = size
    return [[game.presentation.cell_kind(state, x, y) for x in range(w)] for y in range(h)]


def write_png(path: str | Path, size: tuple[int, int], heat: dict[tuple[int, int], int], cell: int = 12,
              kinds: list[list[str]] | None = None, geometry: str = "square") -> Path:
    """The heat map as a PNG in the board's geometry (`render_board`; `cell`: pixels per board unit,
    twice that for a lattice, whose doubled grid has two cells per point spacing)."""
    unit = cell * 2 if geometry == "lattice" else cell
    pw, ph, rows = render_board(size, heat, geometry, unit, kinds)
    atomic_write_bytes(path, png_bytes(pw, ph, rows))
    return Path(path)
