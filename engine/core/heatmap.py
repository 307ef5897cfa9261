"""Heat maps of batch play: where squares changed hands or pieces fell, summed over many games
(engine.core.simulate records each game's cells through the game's `Presentation.heat`).

`colour(t)` is the one colour ramp (the editor's overlay uses it too); `write_png` draws a heat
map headless with the standard library alone (zlib + struct: a PNG needs no Qt, so
`gridsmith simulate --heatmap out.png` works on the base install and in CI).
"""
from __future__ import annotations

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
    """(width, height, rows) of the picture: `cell` pixels per square, a one-pixel grid line;
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


def kinds_of(game: Game[Any, Any, Any], state: Any, size: tuple[int, int]) -> list[list[str]]:
    """Every cell's word (`Presentation.cell_kind`) of a game's board, row by row."""
    w, h = size
    return [[game.presentation.cell_kind(state, x, y) for x in range(w)] for y in range(h)]


def write_png(path: str | Path, size: tuple[int, int], heat: dict[tuple[int, int], int], cell: int = 12,
              kinds: list[list[str]] | None = None, geometry: str = "square") -> Path:
    pw, ph, rows = render(size, heat, cell, kinds, geometry)
    atomic_write_bytes(path, png_bytes(pw, ph, rows))
    return Path(path)
