"""Editing tools for square grids, one class each (brush, rectangle, fill, eraser, picker).

A tool talks to its *host* (the DocumentEditor): `host.document`, `host.view`, `host.current_value()`
(what the palette says to paint), `host.set_current_value(v)` (the picker) and `host.erase_value`.
"""
from __future__ import annotations

from PySide6.QtCore import Qt

from . import commands


def line_cells(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """Bresenham's line, so that a fast drag paints every square it crosses."""
    cells = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        cells.append((x0, y0))
        if x0 == x1 and y0 == y1:
            return cells
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


class Tool:
    name = "tool"
    label = "Tool"
    shortcut = ""
    tooltip = ""

    def __init__(self, host):
        self.host = host

    @property
    def doc(self):
        return self.host.document

    def press(self, x: int, y: int, button) -> None: ...
    def move(self, x: int, y: int, buttons) -> None: ...
    def release(self, x: int, y: int, button) -> None: ...
    def cancel(self) -> None: ...


class BrushTool(Tool):
    """Click paints a square, a drag paints every square it crosses; one undo step per stroke.
    The right button picks the square's value instead (as in most paint programs)."""

    name, label, shortcut = "brush", "Brush", "B"
    tooltip = "Brush (B): click or drag to paint squares; right-click picks a square's type"

    def __init__(self, host):
        super().__init__(host)
        self.stroke: int | None = None
        self.last: tuple[int, int] | None = None

    def value(self) -> str:
        return self.host.current_value()

    def press(self, x, y, button) -> None:
        if button == Qt.MouseButton.RightButton:
            self.host.set_current_value(self.doc.cell(x, y))
            return
        if button != Qt.MouseButton.LeftButton:
            return
        self.stroke = commands.new_stroke_id()
        self.doc.stroke_active = True
        self.last = (x, y)
        commands.paint(self.doc, {(x, y): self.value()}, f"{self.label} stroke", self.stroke)

    def move(self, x, y, buttons) -> None:
        if self.stroke is None or self.last is None:
            return
        v = self.value()
        cells = line_cells(*self.last, x, y)[1:]
        self.last = (x, y)
        commands.paint(self.doc, {c: v for c in cells}, f"{self.label} stroke", self.stroke)

    def release(self, x=-1, y=-1, button=None) -> None:
        if self.stroke is not None:
            self.stroke = None
            self.last = None
            self.doc.stroke_active = False
            self.doc.edited.emit()  # lets the debounced validator run now that the stroke is over

    def cancel(self) -> None:
        self.release()


class EraserTool(BrushTool):
    name, label, shortcut = "eraser", "Eraser", "E"
    tooltip = "Eraser (E): paint the empty square type (water)"

    def value(self) -> str:
        return self.host.erase_value


class RectangleTool(Tool):
    name, label, shortcut = "rectangle", "Rectangle", "R"
    tooltip = "Rectangle (R): drag a rectangle to fill it"

    def __init__(self, host):
        super().__init__(host)
        self.anchor: tuple[int, int] | None = None
        self.corner: tuple[int, int] | None = None

    def press(self, x, y, button) -> None:
        if button == Qt.MouseButton.LeftButton:
            self.anchor = self.corner = (x, y)
            self.doc.stroke_active = True
            self.host.view.show_preview(x, y, x, y)

    def move(self, x, y, buttons) -> None:
        if self.anchor is not None:
            self.corner = (x, y)
            self.host.view.show_preview(*self.anchor, x, y)

    def release(self, x, y, button) -> None:
        if self.anchor is None:
            return
        if x >= 0:
            self.corner = (x, y)
        (x0, y0), (x1, y1) = self.anchor, self.corner
        self.cancel()
        v = self.host.current_value()
        cells = {(cx, cy): v for cx in range(min(x0, x1), max(x0, x1) + 1)
                 for cy in range(min(y0, y1), max(y0, y1) + 1)}
        commands.paint(self.doc, cells, "Rectangle")
        self.doc.edited.emit()

    def cancel(self) -> None:
        self.anchor = self.corner = None
        self.doc.stroke_active = False
        self.host.view.preview.hide()


class FillTool(Tool):
    """Flood fill of the 4-connected region of squares equal to the clicked one."""

    name, label, shortcut = "fill", "Fill", "F"
    tooltip = "Fill (F): fill the connected area of same squares"

    def press(self, x, y, button) -> None:
        if button != Qt.MouseButton.LeftButton:
            return
        v = self.host.current_value()
        cells = flood_region(self.doc, x, y)
        commands.paint(self.doc, {c: v for c in cells}, "Fill")


def flood_region(doc, x: int, y: int) -> set[tuple[int, int]]:
    target = doc.cell(x, y)
    region = {(x, y)}
    stack = [(x, y)]
    while stack:
        cx, cy = stack.pop()
        for n in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
            if n not in region and doc.in_grid(*n) and doc.cell(*n) == target:
                region.add(n)
                stack.append(n)
    return region


class PickerTool(Tool):
    name, label, shortcut = "picker", "Picker", "I"
    tooltip = "Picker (I): take the player and type of a square for the brush"

    def press(self, x, y, button) -> None:
        self.host.set_current_value(self.doc.cell(x, y))


ALL_TOOLS = (BrushTool, RectangleTool, FillTool, EraserTool, PickerTool)
