"""Editing tools, one class each, for every geometry (editor.core.geometry): brush, line, rectangle,
fill, eraser, picker, select, and the paste stamp.

A tool talks to its *host* (the GridEditor): `host.document`, `host.view`, `host.current_value()`
(what the palette says to paint), `host.set_current_value(v)` (the picker), `host.erase_value`,
`host.brush_size` and `host.set_selection(cells)`. It asks the document's geometry for everything
that depends on the shape of a cell: which cells a line or a rectangle covers, a cell's neighbours
for a fill, the footprint of a brush.

On a lattice (`geometry.vertex_strokes`) a stroke runs from point to point and lays the path of edges
it passes; the first edge locks the stroke to *add* (it was empty) or *erase* (it was laid), the
path is previewed while the button is down and becomes one undo step on release.
"""
from __future__ import annotations

from PySide6.QtCore import Qt

from . import commands
from .geometry import Cell, bresenham


def line_cells(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """Bresenham's line of squares (kept for callers from before geometries)."""
    return bresenham((x0, y0), (x1, y1))


class Tool:
    #: the view calls press(cell, button) etc. with cell tuples (see GridView)
    cell_api = True
    #: the view reports every mouse move while a button is down, not only new cells (lattice strokes)
    follows_points = False
    name = "tool"
    label = "Tool"
    shortcut = ""
    tooltip = ""
    icon = ""  # editor.core.icons name

    def __init__(self, host):
        self.host = host

    @property
    def doc(self):
        return self.host.document

    @property
    def geometry(self):
        return self.doc.geometry()

    @property
    def view(self):
        return self.host.view

    def press(self, cell: Cell, button) -> None: ...
    def move(self, cell: Cell, buttons) -> None: ...
    def release(self, cell: Cell | None, button) -> None: ...
    def hover(self, cell: Cell | None) -> None: ...
    def cancel(self) -> None: ...

    def _begin(self) -> None:
        self.doc.stroke_active = True

    def _end(self) -> None:
        self.doc.stroke_active = False
        self.view.preview.hide()
        self.doc.edited.emit()  # lets the debounced validator run now that the stroke is over


class EdgePath:
    """A stroke along lattice points: the edges it passed, in order, and the value it lays."""

    def __init__(self, tool: Tool, value: str | None):
        self.tool = tool
        self.fixed = value  # None: locked to add or erase by the first edge
        self.value: str | None = value
        self.start = self.last = tool.geometry.vertex_at(tool.view.scene_pos)
        self.edges: list[Cell] = []

    def to(self, straight: bool = False) -> None:
        """Follow the mouse to its nearest point (`straight`: a line from the start, not a trail)."""
        g = self.tool.geometry
        v = g.vertex_at(self.tool.view.scene_pos)
        if v is None or v == self.last:
            return
        if straight:
            self.edges = g.edge_path(self.start, v)
        else:
            for e in g.edge_path(self.last, v):
                if e not in self.edges:
                    self.edges.append(e)
        self.last = v
        if self.value is None and self.edges:
            host, doc = self.tool.host, self.tool.doc
            first = doc.cell(*self.edges[0])
            self.value = host.current_value() if first == host.erase_value else host.erase_value
        self.tool.view.show_preview(self.edges)

    def commit(self, cell: Cell | None, text: str) -> None:
        host, doc = self.tool.host, self.tool.doc
        if not self.edges and cell is not None:  # a click on an edge toggles it
            value = self.fixed if self.fixed is not None else (
                host.current_value() if doc.cell(*cell) == host.erase_value else host.erase_value)
            commands.paint(doc, {cell: value}, text)
        elif self.edges:
            commands.paint(doc, {e: self.value for e in self.edges}, text)


class BrushTool(Tool):
    """Click paints a cell (or a brush-sized patch), a drag paints every cell it crosses; one undo
    step per stroke. The right button picks the cell's value instead (as in most paint programs)."""

    name, label, shortcut, icon = "brush", "Brush", "B", "brush"
    tooltip = "Brush (B): click or drag to paint; right-click picks a cell's value; on a lattice, drag " \
              "from point to point to lay a path (or erase one, if its first edge is laid)"
    follows_points = True

    def __init__(self, host):
        super().__init__(host)
        self.stroke: int | None = None
        self.last: Cell | None = None
        self.path: EdgePath | None = None

    def value(self) -> str:
        return self.host.current_value()

    def fixed_value(self) -> str | None:
        """What a lattice stroke lays: None means locked by its first edge."""
        return None

    def footprint(self, cell: Cell) -> list[Cell]:
        return self.geometry.brush(cell, self.host.brush_size)

    def press(self, cell, button) -> None:
        if button == Qt.MouseButton.RightButton:
            self.host.set_current_value(self.doc.cell(*cell))
            return
        if button != Qt.MouseButton.LeftButton:
            return
        self._begin()
        if self.geometry.vertex_strokes:
            self.path = EdgePath(self, self.fixed_value())
            return
        self.view.preview.hide()
        self.stroke = commands.new_stroke_id()
        self.last = cell
        v = self.value()
        commands.paint(self.doc, {c: v for c in self.footprint(cell)}, f"{self.label} stroke", self.stroke)

    def move(self, cell, buttons) -> None:
        if self.path is not None:
            self.path.to()
            return
        if self.stroke is None or self.last is None or cell == self.last:
            return
        v = self.value()
        cells = {}
        for c in self.geometry.line(self.last, cell)[1:]:
            for f in self.footprint(c):
                cells[f] = v
        self.last = cell
        commands.paint(self.doc, cells, f"{self.label} stroke", self.stroke)

    def release(self, cell=None, button=None) -> None:
        if self.path is not None:
            path, self.path = self.path, None
            path.commit(cell, "Erase path" if path.value == self.host.erase_value else "Lay path")
            self._end()
        elif self.stroke is not None:
            self.stroke = None
            self.last = None
            self._end()

    def hover(self, cell) -> None:
        """With a brush larger than one cell, show its footprint under the mouse."""
        if self.stroke is None and self.path is None:
            if cell is not None and self.host.brush_size > 1 and not self.geometry.vertex_strokes:
                self.view.show_preview(self.footprint(cell))
            else:
                self.view.preview.hide()

    def cancel(self) -> None:
        if self.path is not None:
            self.path = None
            self._end()
        else:
            self.release()


class EraserTool(BrushTool):
    name, label, shortcut, icon = "eraser", "Eraser", "E", "eraser"
    tooltip = "Eraser (E): paint the empty value (a drag erases every cell it crosses)"

    def value(self) -> str:
        return self.host.erase_value

    def fixed_value(self) -> str | None:
        return self.host.erase_value


class LineTool(Tool):
    """Drag a straight line; it is previewed until the button is released."""

    name, label, shortcut, icon = "line", "Line", "L", "line"
    tooltip = "Line (L): drag a straight line, previewed until you release the button (Esc cancels)"
    follows_points = True

    def __init__(self, host):
        super().__init__(host)
        self.anchor: Cell | None = None
        self.cells: list[Cell] = []
        self.path: EdgePath | None = None

    def press(self, cell, button) -> None:
        if button != Qt.MouseButton.LeftButton:
            return
        self._begin()
        if self.geometry.vertex_strokes:
            self.path = EdgePath(self, None)
            return
        self.anchor = cell
        self._preview(cell)

    def _preview(self, cell) -> None:
        g, size = self.geometry, self.host.brush_size
        self.cells = list(dict.fromkeys(f for c in g.line(self.anchor, cell) for f in g.brush(c, size)))
        self.view.show_preview(self.cells)

    def move(self, cell, buttons) -> None:
        if self.path is not None:
            self.path.to(straight=True)
        elif self.anchor is not None:
            self._preview(cell)

    def release(self, cell, button) -> None:
        if self.path is not None:
            path, self.path = self.path, None
            path.commit(cell, "Line")
            self._end()
            return
        if self.anchor is None:
            return
        if cell is not None:
            self._preview(cell)
        cells, self.anchor = self.cells, None
        v = self.host.current_value()
        commands.paint(self.doc, {c: v for c in cells}, "Line")
        self._end()

    def cancel(self) -> None:
        self.anchor, self.path = None, None
        self._end()


class RegionTool(Tool):
    """Drag out the rectangle of cells between the press and the mouse (a filled preview)."""

    def __init__(self, host):
        super().__init__(host)
        self.anchor: Cell | None = None
        self.corner: Cell | None = None

    def cells(self) -> list[Cell]:
        return self.geometry.region(self.anchor, self.corner)

    def press(self, cell, button) -> None:
        if button == Qt.MouseButton.LeftButton:
            self.anchor = self.corner = cell
            self._begin()
            self.show(self.cells())

    def move(self, cell, buttons) -> None:
        if self.anchor is not None:
            self.corner = cell
            self.show(self.cells())

    def release(self, cell, button) -> None:
        if self.anchor is None:
            return
        if cell is not None:
            self.corner = cell
        cells = self.cells()
        self.anchor = self.corner = None
        self._end()
        self.done(cells)

    def show(self, cells: list[Cell]) -> None:
        self.view.show_preview(cells)

    def done(self, cells: list[Cell]) -> None: ...

    def cancel(self) -> None:
        if self.anchor is not None:
            self.anchor = self.corner = None
            self._end()


class RectangleTool(RegionTool):
    name, label, shortcut, icon = "rectangle", "Rectangle", "R", "rectangle"
    tooltip = "Rectangle (R): drag a rectangle to fill it, previewed until you release (Esc cancels)"

    def done(self, cells) -> None:
        v = self.host.current_value()
        commands.paint(self.doc, {c: v for c in cells}, "Rectangle")


class SelectTool(RegionTool):
    name, label, shortcut, icon = "select", "Select", "M", "select"
    tooltip = "Select (M): drag a rectangle to select it for Cut (Ctrl+X), Copy (Ctrl+C), Delete; " \
              "Paste (Ctrl+V) holds the copy under the mouse; Esc deselects"

    def show(self, cells) -> None:
        self.host.set_selection(cells)

    def done(self, cells) -> None:
        self.host.set_selection(cells)

    def press(self, cell, button) -> None:
        if button == Qt.MouseButton.RightButton:
            self.host.set_selection([])
        super().press(cell, button)

    def cancel(self) -> None:
        super().cancel()
        self.host.set_selection([])


class FillTool(Tool):
    """Flood fill of the connected region of cells equal to the clicked one (the geometry's
    neighbours: four for squares, six for hexes, edges sharing a point on a lattice)."""

    name, label, shortcut, icon = "fill", "Fill", "F", "fill"
    tooltip = "Fill (F): fill the connected area of equal cells"

    def press(self, cell, button) -> None:
        if button != Qt.MouseButton.LeftButton:
            return
        v = self.host.current_value()
        commands.paint(self.doc, {c: v for c in flood_region(self.doc, cell)}, "Fill")


def flood_region(doc, *cell) -> set[Cell]:
    """The cells connected to `cell` through neighbours of the same value (`flood_region(doc, x, y)`
    or `flood_region(doc, cell)`)."""
    start = tuple(cell[0]) if len(cell) == 1 else tuple(cell)
    g = doc.geometry()
    target = doc.cell(*start)
    region = {start}
    stack = [start]
    while stack:
        for n in g.neighbours(stack.pop()):
            if n not in region and doc.cell(*n) == target:
                region.add(n)
                stack.append(n)
    return region


class PickerTool(Tool):
    name, label, shortcut, icon = "picker", "Picker", "I", "picker"
    tooltip = "Picker (I): take a cell's value for the brush"

    def press(self, cell, button) -> None:
        self.host.set_current_value(self.doc.cell(*cell))


class StampTool(Tool):
    """The pasted region, held under the mouse: a click places it (one undo step); Esc drops it."""

    name, label, icon = "stamp", "Paste", "paste"
    tooltip = "Click to place the pasted cells; Esc puts the stamp away"

    def __init__(self, host, cells: dict[Cell, str], origin: Cell):
        super().__init__(host)
        self.cells = cells
        self.origin = origin

    def placed(self, at: Cell) -> dict[Cell, str]:
        g = self.geometry
        out = {}
        for c, v in self.cells.items():
            t = g.offset(c, self.origin, at)
            if g.contains(t):
                out[t] = v
        return out

    def hover(self, cell) -> None:
        if cell is None:
            self.view.preview.hide()
        else:
            self.view.show_preview(list(self.placed(cell)) or [cell])

    def press(self, cell, button) -> None:
        if button == Qt.MouseButton.LeftButton:
            placed = self.placed(cell)
            commands.paint(self.doc, placed, "Paste")
            self.host.set_selection(list(placed))
        elif button == Qt.MouseButton.RightButton:
            self.cancel()

    def cancel(self) -> None:
        self.view.preview.hide()
        self.host.end_stamp()


ALL_TOOLS = (BrushTool, LineTool, RectangleTool, FillTool, EraserTool, PickerTool, SelectTool)
