"""Circuitry on the shared clipboard (editor.core.clipboard): a selected region's circuits with their
objects and capacitor charges, and the CPUs and gridrunners on the points those circuits join.

The text is the shared `gridsmith: cells` document. Its two lattice layers hold the circuits' owner
characters, so any lattice reader takes the circuits; four keys of this kind carry the rest, in rows
laid out like the layers (a space: not part of the copy):

```yaml
gridsmith: cells
kind: circuitwar.scenario
geometry: lattice
layers:            # owners of the edges across, then down: `.` no circuit, `0` grey, `1`-`4`
- - "11"
- - "1"
objects:           # objects on the same edges: R C S O G T > < ^ v (space: none)
- - " >"
- - "C"
charges:           # a capacitor's charge by its edge "x,y,d" (from the region's top-left point)
  0,0,1: 15
points:            # the points the copied edges join: `+` empty, `A`-`D` a CPU, `a`-`d` a gridrunner
- "a++"
- "++"
levels:            # a gridrunner's level on its point: w n s
- "n"
```
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from ruamel.yaml import YAML

from gridsmith.formats.circuitwar import lattice as L

from ..core.clipboard import HOLE, Clip, ClipError
from .document import NO_CIRCUIT, join_value, split_value

OWNERS = NO_CIRCUIT + L.GREY + L.OWNER_CHARS
OBJECTS = L.OBJECT_ALPHABET
POINTS = L.POINT + L.CPU_CHARS + L.RUNNER_CHARS


@dataclass
class CircuitClip:
    kind: str
    edges: dict[tuple[int, int, int], str]  # (x, y, d) from the top-left point -> edge value ("1C15")
    points: dict[tuple[int, int], str]  # (x, y) from the top-left point -> "+", "A", "an"

    # ---- from a document ------------------------------------------------------------------------
    @classmethod
    def from_selection(cls, doc, selection) -> "CircuitClip | None":
        g = doc.geometry()
        edges = [tuple(c) for c in selection if g.contains(tuple(c))]
        if not edges:
            return None
        ox, oy, _ = g.origin(edges)
        points = {v for e in edges for v in g.ends(e)}
        return cls(doc.kind, {(x - ox, y - oy, d): doc.cell(x, y, d) for x, y, d in edges},
                   {(x - ox, y - oy): doc.point(x, y) for x, y in points})

    # ---- text -------------------------------------------------------------------------------------
    def to_text(self) -> str:
        owners = {e: split_value(v)[0] for e, v in self.edges.items()}
        text = Clip(self.kind, "lattice", owners).to_text()
        w = max(e[0] for e in self.edges) + 1
        h = max(e[1] for e in self.edges) + 1
        objects, charges = [], {}
        for d in (0, 1):
            rows = []
            for y in range(h):
                row = ""
                for x in range(w):
                    v = self.edges.get((x, y, d))
                    _owner, obj, charge = split_value(v) if v is not None else ("", "", None)
                    row += obj or HOLE
                    if charge is not None:
                        charges[f"{x},{y},{d}"] = charge
                rows.append(row.rstrip())
            objects.append(rows)
        pw = max(p[0] for p in self.points) + 1
        ph = max(p[1] for p in self.points) + 1
        points = ["".join(self.points.get((x, y), HOLE)[:1] for x in range(pw)).rstrip() for y in range(ph)]
        levels = ["".join(self.points.get((x, y), HOLE)[1:2] or HOLE for x in range(pw)).rstrip()
                  for y in range(ph)]
        extra: dict = {"objects": objects}
        if charges:
            extra["charges"] = charges
        extra["points"] = points
        if any(levels):
            extra["levels"] = levels
        buf = io.StringIO()
        y = YAML()
        y.default_flow_style = False
        y.dump(extra, buf)
        return text + buf.getvalue()

    @classmethod
    def from_text(cls, text: str, kind: str) -> "CircuitClip":
        """The circuitry of a clipboard text; ClipError says why it is none this document can take. A
        lattice copy without this kind's keys gives bare circuits (owners only)."""
        clip = Clip.from_text(text)
        if clip.kind != kind or clip.geometry != "lattice":
            raise ClipError(f"the clipboard holds cells of a {clip.kind} ({clip.geometry}), this is a {kind}")
        data = YAML(typ="safe", pure=True).load(io.StringIO(text))
        edges: dict = {}
        for (x, y, d), ch in clip.cells.items():
            if d not in (0, 1) or ch not in OWNERS:
                raise ClipError(f"copied edge {x},{y},{d}: {ch!r} is not an owner ({OWNERS})")
            edges[(x, y, d)] = ch
        objects = _layers(data.get("objects"), "objects")
        for d, rows in enumerate(objects[:2]):
            for y, row in enumerate(rows):
                for x, ch in enumerate(row):
                    if ch == HOLE:
                        continue
                    if ch not in OBJECTS or (x, y, d) not in edges:
                        raise ClipError(f"copied object {ch!r} at {x},{y},{d} is not an object on a copied edge")
                    edges[(x, y, d)] += ch
        for key, n in (data.get("charges") or {}).items():
            try:
                x, y, d = (int(k) for k in str(key).split(","))
            except ValueError:
                raise ClipError(f"copied charge {key!r} is not an edge x,y,d") from None
            if edges.get((x, y, d), "")[1:] != "C" or not isinstance(n, int) or not 0 <= n <= 999:
                raise ClipError(f"copied charge at {key}: not a capacitor's charge")
            owner, obj, _ = split_value(edges[(x, y, d)])
            edges[(x, y, d)] = join_value(owner, obj, n)
        points: dict = {}
        rows, levels = _rows(data.get("points"), "points"), _rows(data.get("levels"), "levels")
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == HOLE:
                    continue
                if ch not in POINTS:
                    raise ClipError(f"copied point {x},{y}: {ch!r} is not one of {POINTS}")
                lv = levels[y][x] if y < len(levels) and x < len(levels[y]) else HOLE
                if lv != HOLE and (ch not in L.RUNNER_CHARS or lv not in L.LEVEL_CHARS):
                    raise ClipError(f"copied level {lv!r} at {x},{y} is not a gridrunner's level")
                points[(x, y)] = ch + (lv if lv != HOLE else "")
        return cls(kind, edges, points)

    # ---- into a document ------------------------------------------------------------------------------
    def placed(self, doc, at: tuple[int, int]) -> tuple[dict, dict]:
        """(edges, points) with the region's top-left point on `at`, what falls off the grid left out.
        A pasted CPU moves its side's CPU (a side has one), as the CPU tool does."""
        g = doc.geometry()
        edges = {(x + at[0], y + at[1], d): v for (x, y, d), v in self.edges.items()
                 if g.contains((x + at[0], y + at[1], d))}
        w, h = doc.grid_size()
        points = {(x + at[0], y + at[1]): v for (x, y), v in self.points.items()
                  if 0 <= x + at[0] < w and 0 <= y + at[1] < h}
        for p, v in doc.points().items():
            if v[:1] in L.CPU_CHARS and p not in points and v in points.values():
                points[p] = L.POINT
        return edges, points


def _rows(value, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(r, str) for r in value):
        raise ClipError(f"copied {what} are not a list of rows")
    return value


def _layers(value, what: str) -> list[list[str]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ClipError(f"copied {what} are not layers of rows")
    return [_rows(rows, what) for rows in value]

