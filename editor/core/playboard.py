"""A game's board in the play window, on the shared canvas: the game's `Geometry` (square, hex or
lattice: editor.core.geometry), one `GridItem` drawing every cell from tiles of the game's `render`,
a `GridView` (zoom keeping the point under the mouse, pan, fit) and its world view (`Minimap`).
Clicks and hovers arrive as cells; after an action only the cells whose key changed are redrawn.

A provider builds one:

    self.canvas = PlayBoard(lambda: SquareGeometry(w, h, px=48), key_at, render, colour, on_click, on_hover)
    return self.canvas.view       # PlayProvider.board(); the base class's minimap() and zoomable() use it
    self.canvas.redraw(full)      # PlayProvider.show_state(): after keys changed
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter

from .geometry import Cell, Geometry
from .gridview import GridItem, GridView, TileCache
from .minimap import Minimap


class _ClickTool:
    """The view's tool in play: a left click is the game's input; nothing is painted."""

    cell_api = True
    follows_points = False

    def __init__(self, on_click: Callable[[Cell], None]):
        self.on_click = on_click

    def press(self, cell: Cell | None, button) -> None:
        if cell is not None and button == Qt.MouseButton.LeftButton:
            self.on_click(cell)

    def move(self, cell, buttons) -> None: ...
    def release(self, cell, button) -> None: ...
    def hover(self, cell) -> None: ...
    def cancel(self) -> None: ...


class PlayBoard:
    def __init__(self, geometry: Callable[[], Geometry], key_at: Callable[..., Hashable],
                 render: Callable[[QPainter, object, Hashable], None], colour: Callable[[Hashable], QColor],
                 on_click: Callable[[Cell], None], on_hover: Callable[[Cell | None], None]):
        """`geometry()`: the board's Geometry (its `px` is the tiles' size); `key_at(*cell)`: what a
        cell looks like; `render(painter, rect, key)`: a tile; `colour(key)`: its world-view colour."""
        self.geometry, self.key_at = geometry, key_at
        self.tiles = TileCache(render, geometry().px)
        self.item = GridItem(geometry, key_at, self.tiles)
        self.view = GridView(self.item)
        self.view.tool = _ClickTool(on_click)
        self.view.hovered.connect(on_hover)
        self.minimap = Minimap(self.view, geometry, lambda *c: colour(key_at(*c)))
        self._keys: dict[Cell, Hashable] = {}

    def redraw(self, full: bool = False, cells=None) -> None:
        """Redraw what changed (`full`: everything, e.g. a new game or a replay's seek; `cells`: only
        these can have changed, when the game knows — otherwise every cell's key is compared)."""
        if full:
            self.item.rebuild()
            self.view.sync_scene_rect()
            self.minimap.rebuild()
            self._keys = {c: self.key_at(*c) for c in self.item.geometry.cells()}
            return
        changed = []
        for c in self.item.geometry.cells() if cells is None else cells:
            k = self.key_at(*c)
            if self._keys.get(c) != k:
                self._keys[c] = k
                changed.append(c)
        if changed:
            self.item.update_cells(changed)
            self.minimap.update_cells(changed)
