"""Copied cells as YAML text on the system clipboard, so that a region pastes into another document
of the same kind (in this window or another Gridsmith) and reads like the map in a text editor:

```yaml
gridsmith: cells            # what this text is
kind: pendulous.scenario    # pastes only into a document of this kind
geometry: square            # square, hex or lattice
layers:                     # one layer of rows per tile kind; a lattice has two: across, down
- - "11~"
  - "1A~"
```

Rows are stored cells from the region's top-left corner, one character each (the grid alphabet of
the kind); a space is a cell that is not part of the copy.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from ruamel.yaml import YAML, YAMLError

from .geometry import Cell, Geometry

MARK = "cells"
HOLE = " "


class ClipError(ValueError):
    """The clipboard's text is not copied cells this document can take."""


@dataclass
class Clip:
    kind: str
    geometry: str
    cells: dict[Cell, str]  # relative to the origin (0, 0) or (0, 0, 0)

    @classmethod
    def from_cells(cls, kind: str, geometry: Geometry, values: dict[Cell, str]) -> "Clip":
        o = geometry.origin(values)
        return cls(kind, geometry.name, {geometry.offset(c, o, (0,) * len(o)): v for c, v in values.items()})

    def to_text(self) -> str:
        layers: dict[int, dict[tuple[int, int], str]] = {}
        for c, v in self.cells.items():
            if v == "":  # a missing cell (a ragged row) copies as a hole
                continue
            if len(v) != 1 or v == HOLE:
                raise ClipError(f"cell value {v!r} is not one character: it cannot be copied as rows")
            layers.setdefault(c[2] if len(c) > 2 else 0, {})[(c[0], c[1])] = v
        n = 2 if self.geometry == "lattice" else 1
        w = max((c[0] for c in self.cells), default=-1) + 1
        h = max((c[1] for c in self.cells), default=-1) + 1
        out = []
        for d in range(n):
            cells = layers.get(d, {})
            out.append(["".join(cells.get((x, y), HOLE) for x in range(w)).rstrip() for y in range(h)])
        data = {"gridsmith": MARK, "kind": self.kind, "geometry": self.geometry, "layers": out}
        buf = io.StringIO()
        y = YAML()  # round-trip dumper: keeps the keys in this order
        y.default_flow_style = False
        y.dump(data, buf)
        return buf.getvalue()

    @classmethod
    def from_text(cls, text: str) -> "Clip":
        try:
            data = YAML(typ="safe", pure=True).load(io.StringIO(text))
        except YAMLError as e:
            raise ClipError(f"the clipboard does not hold copied cells: {e}") from None
        if not isinstance(data, dict) or data.get("gridsmith") != MARK:
            raise ClipError("the clipboard does not hold copied cells")
        kind, geometry, layers = data.get("kind"), data.get("geometry"), data.get("layers")
        if not isinstance(kind, str) or not isinstance(geometry, str) or not isinstance(layers, list):
            raise ClipError("copied cells need a kind, a geometry and layers of rows")
        cells: dict[Cell, str] = {}
        for d, rows in enumerate(layers):
            if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
                raise ClipError(f"layer {d + 1} of the copied cells is not a list of rows")
            for y, row in enumerate(rows):
                for x, ch in enumerate(row):
                    if ch != HOLE:
                        cells[(x, y, d) if geometry == "lattice" else (x, y)] = ch
        return cls(kind, geometry, cells)
