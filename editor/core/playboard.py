"""A game's board in the play window, on the shared canvas: the game's `Geometry` (square, hex or
lattice: editor.core.geometry), one `GridItem` drawing every cell from tiles of the game's `render`,
a `GridView` (zoom keeping the point under the mouse, pan, fit) and its world view (`Minimap`).
Clicks and hovers arrive as cells; after an action only the cells whose key changed are redrawn.

A provider builds one:

    self.canvas = PlayBoard(lambda: SquareGeometry(w, h, px=48), key_at, render, colour, on_click, on_hover)
    return self.canvas.view       # PlayProvider.board(); the base class's minimap() and zoomable() use it
    self.canvas.redraw(full)      # PlayProvider.show_state(): after keys changed

Pieces that move or act (click and drag, issue 30 item 7), built here once for every game: a game
whose pieces are chosen and then sent somewhere passes `pieces=`, an object with

    selected_cell() -> Cell | None     # the human's chosen piece, or None
    target_cells() -> Iterable[Cell]   # the cells it can act on now (its legal targets)

and keeps its own rules in `on_click(cell)`: a click on one of the human's pieces chooses it, a click
on a legal target acts, any other click is refused with the rule's reason (`PlayWindow.refuse`). The
board then gives every game the same input and the same look:

* click a piece: it is chosen, outlined in yellow, its legal targets tinted green (`show_selection`);
  a second click on a target acts; a click on the chosen piece again lets it go; Escape lets it go;
* drag a piece onto a target: the same as the two clicks (press chooses, release acts — or is
  refused with the reason, the piece staying chosen; `on_drop(cell)` when a drop should differ from
  a click); while dragging, the cell under the mouse is outlined (white when the piece can go there,
  red when not).

`redraw()` also redraws the highlight from `selected_cell()` and `target_cells()`, so a game that
changes its choice (or a new state arrives) calls `canvas.redraw()` as it does for its tiles; the
board's `on_deselect()` is called when the player lets the piece go.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from .geometry import Cell, Geometry
from .gridview import GridItem, GridView, Overlay, TileCache
from .minimap import Minimap


class Pieces(Protocol):
    """What a game tells the play board about the human's chosen piece (see the module docstring)."""

    def selected_cell(self) -> Cell | None: ...
    def target_cells(self) -> Iterable[Cell]: ...


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


class _PieceTool(_ClickTool):
    """The view's tool for pieces that move: a press is a click; a release on another cell after a
    press that chose (or kept) a piece is the second click of a drag (see the module docstring)."""

    def __init__(self, board: PlayBoard, on_click: Callable[[Cell], None], pieces: Pieces):
        super().__init__(on_click)
        self.board, self.pieces = board, pieces
        self._origin: Cell | None = None  # where a press chose the piece a drag carries
        self._release_drops = False  # the press was on the chosen piece: a release there lets it go

    def press(self, cell: Cell | None, button) -> None:
        self._origin, self._release_drops = None, False
        if cell is None or button != Qt.MouseButton.LeftButton:
            return
        if self.pieces.selected_cell() == cell:  # the chosen piece again: let go on release, or drag it
            self._origin, self._release_drops = cell, True
            return
        self.on_click(cell)
        self.board.show_selection()
        if self.pieces.selected_cell() == cell:
            self._origin = cell

    def move(self, cell, buttons) -> None:
        if self._origin is not None and buttons & Qt.MouseButton.LeftButton:
            self.board.show_drop(cell if cell != self._origin else None)

    def release(self, cell, button) -> None:
        origin, drops = self._origin, self._release_drops
        self._origin, self._release_drops = None, False
        self.board.show_drop(None)
        if origin is None or button != Qt.MouseButton.LeftButton or cell is None:
            return
        if cell == origin:
            if drops:
                self.board.clear_selection()
            return
        if self.pieces.selected_cell() == origin:  # dropped somewhere: the second click of the drag
            (self.board.on_drop or self.on_click)(cell)
            self.board.show_selection()

    def cancel(self) -> None:
        self._origin = None
        self.board.show_drop(None)
        self.board.clear_selection()


class PlayBoard:
    #: the chosen piece, its legal targets, and the cell under a dragged piece (can / cannot go there)
    SELECTED = (QColor("#ffeb3b"), None)  # an outline only: the piece under it keeps its colours
    TARGET = (QColor(46, 160, 67), QColor(80, 200, 80, 110))
    DROP_OK, DROP_NO = QColor("#ffffff"), QColor("#e53935")

    def __init__(self, geometry: Callable[[], Geometry], key_at: Callable[..., Hashable],
                 render: Callable[[QPainter, object, Hashable], None], colour: Callable[[Hashable], QColor],
                 on_click: Callable[[Cell], None], on_hover: Callable[[Cell | None], None],
                 pieces: Pieces | None = None, on_deselect: Callable[[], None] | None = None,
                 on_drop: Callable[[Cell], None] | None = None):
        """`geometry()`: the board's Geometry (its `px` is the tiles' size); `key_at(*cell)`: what a
        cell looks like; `render(painter, rect, key)`: a tile; `colour(key)`: its world-view colour;
        `pieces` (and `on_deselect()`, which lets the chosen piece go): pieces chosen, then sent by a
        second click or a drag; `on_drop(cell)`: what a drop does when it differs from a second click
        (a piece dropped on another of the player's pieces is refused, where a click chooses that one)."""
        self.geometry, self.key_at = geometry, key_at
        self.tiles = TileCache(render, geometry().px)
        self.item = GridItem(geometry, key_at, self.tiles)
        self.view = GridView(self.item)
        self.pieces, self.on_deselect, self.on_drop = pieces, on_deselect, on_drop
        self.view.tool = _ClickTool(on_click) if pieces is None else _PieceTool(self, on_click, pieces)
        self.view.hovered.connect(on_hover)
        self.minimap = Minimap(self.view, geometry, lambda *c: colour(key_at(*c)))
        self._keys: dict[Cell, Hashable] = {}
        self.targets_overlay = Overlay(self.TARGET[0], Qt.PenStyle.SolidLine, 2, self.TARGET[1])
        self.selected_overlay = Overlay(self.SELECTED[0], Qt.PenStyle.SolidLine, 3, self.SELECTED[1])
        self.drop_overlay = Overlay(self.DROP_OK, Qt.PenStyle.DashLine, 3)
        for o in (self.targets_overlay, self.selected_overlay, self.drop_overlay):
            self.view.scene().addItem(o)
        self._drop: Cell | None = None

    # ---- the chosen piece ------------------------------------------------------------------------------
    def _path(self, cells: Iterable[Cell]) -> QPainterPath:
        g = self.item.geometry
        path = QPainterPath()
        for c in cells:
            if g.contains(tuple(c)):
                path.addPath(g.shape(tuple(c)))
        return path

    def show_selection(self) -> None:
        """Outline the game's chosen piece and tint its legal targets (nothing when none is chosen)."""
        sel = self.pieces.selected_cell() if self.pieces is not None else None
        if sel is None:
            self.selected_overlay.hide()
            self.targets_overlay.hide()
            return
        self.selected_overlay.show_path(self._path([sel]))
        self.targets_overlay.show_path(self._path(self.pieces.target_cells()))

    def clear_selection(self) -> None:
        """Let the chosen piece go (a click on it again, Escape)."""
        if self.on_deselect is not None:
            self.on_deselect()
        self.show_selection()

    def show_drop(self, cell: Cell | None) -> None:
        """Outline the cell under a dragged piece: white where it can go, red where it cannot."""
        self._drop = cell
        if cell is None or self.pieces is None:
            self.drop_overlay.hide()
            return
        ok = tuple(cell) in {tuple(c) for c in self.pieces.target_cells()}
        pen = self.drop_overlay.pen()
        pen.setColor(self.DROP_OK if ok else self.DROP_NO)
        self.drop_overlay.setPen(pen)
        self.drop_overlay.show_path(self._path([cell]))

    def redraw(self, full: bool = False, cells=None) -> None:
        """Redraw what changed (`full`: everything, e.g. a new game or a replay's seek; `cells`: only
        these can have changed, when the game knows — otherwise every cell's key is compared)."""
        if full:
            self.item.rebuild()
            self.view.sync_scene_rect()
            self.minimap.rebuild()
            self._keys = {c: self.key_at(*c) for c in self.item.geometry.cells()}
            if self.pieces is not None:
                self.show_selection()
            return
        if self.pieces is not None:
            self.show_selection()
        changed = []
        for c in self.item.geometry.cells() if cells is None else cells:
            k = self.key_at(*c)
            if self._keys.get(c) != k:
                self._keys[c] = k
                changed.append(c)
        if changed:
            self.item.update_cells(changed)
            self.minimap.update_cells(changed)
