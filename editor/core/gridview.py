"""Scene and view for square-cell grids.

One QGraphicsItem draws the whole grid from a cached QImage holding every cell at `cell_px`
pixels; editing a cell redraws that one tile into the cache and invalidates its rectangle only
(one item per square is slow on a 50x50 map). Tiles are pre-rendered per cell *key* (whatever the
game says a cell looks like: a map character, or (owner, city, army, supplied) in play).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
)

CELL_PX = 32

TileRenderer = Callable[[QPainter, QRect, Hashable], None]


class TileCache:
    """Pre-rendered images of cells, one per key, rendered on first use."""

    def __init__(self, render: TileRenderer, cell_px: int = CELL_PX):
        self.render = render
        self.cell_px = cell_px
        self._tiles: dict[Hashable, QImage] = {}

    def tile(self, key: Hashable) -> QImage:
        img = self._tiles.get(key)
        if img is None:
            img = QImage(self.cell_px, self.cell_px, QImage.Format.Format_ARGB32_Premultiplied)
            img.fill(Qt.GlobalColor.transparent)
            p = QPainter(img)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            self.render(p, QRect(0, 0, self.cell_px, self.cell_px), key)
            p.end()
            self._tiles[key] = img
        return img

    def clear(self) -> None:
        self._tiles.clear()


class SquareGridItem(QGraphicsItem):
    def __init__(self, size: Callable[[], tuple[int, int]], key_at: Callable[[int, int], Hashable],
                 tiles: TileCache):
        super().__init__()
        self._size = size
        self.key_at = key_at
        self.tiles = tiles
        self.px = tiles.cell_px
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self._w = self._h = 0
        self.image = QImage()
        self.rebuild()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self._w * self.px, self._h * self.px)

    def rebuild(self) -> None:
        """Redraw every cell (after a resize or a whole-model change)."""
        self.prepareGeometryChange()
        self._w, self._h = self._size()
        self.image = QImage(max(1, self._w * self.px), max(1, self._h * self.px),
                            QImage.Format.Format_ARGB32_Premultiplied)
        self.image.fill(Qt.GlobalColor.transparent)
        p = QPainter(self.image)
        for y in range(self._h):
            for x in range(self._w):
                p.drawImage(x * self.px, y * self.px, self.tiles.tile(self.key_at(x, y)))
        p.end()
        self.update()

    def update_cells(self, cells: Iterable[tuple[int, int]]) -> None:
        """Redraw only these cells into the cache and invalidate only their rectangle."""
        cells = [(x, y) for x, y in cells if 0 <= x < self._w and 0 <= y < self._h]
        if not cells:
            return
        p = QPainter(self.image)
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        for x, y in cells:
            p.drawImage(x * self.px, y * self.px, self.tiles.tile(self.key_at(x, y)))
        p.end()
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        self.update(QRectF(min(xs) * self.px, min(ys) * self.px,
                           (max(xs) - min(xs) + 1) * self.px, (max(ys) - min(ys) + 1) * self.px))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        r = option.exposedRect.intersected(self.boundingRect())
        if r.isEmpty():
            return
        painter.drawImage(r, self.image, r)


class GridView(QGraphicsView):
    """Zoom (Ctrl+wheel, Ctrl +/-/0), pan (middle button, or Space+drag, or scroll bars), and mouse
    input in cell coordinates forwarded to the current tool."""

    cellHovered = Signal(int, int)  # (-1, -1) when the mouse leaves the grid
    viewportMoved = Signal()
    zoomChanged = Signal(float)

    MIN_ZOOM, MAX_ZOOM = 0.1, 8.0

    def __init__(self, item: SquareGridItem, parent=None):
        super().__init__(parent)
        self.grid_item = item
        self.setScene(QGraphicsScene(self))
        self.scene().addItem(item)
        self.scene().setBackgroundBrush(QColor("#2b2b2b"))
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setMouseTracking(True)
        self.tool = None  # editor.core.tools.Tool or any object with press/move/release
        self._pan_from: QPointF | None = None
        self._space = False
        self.zoom = 1.0
        #: fit the grid to the window on resize until the user zooms (a new tab shows the whole map)
        self.auto_fit = True
        self.hover_cell: tuple[int, int] | None = None
        px = item.px
        self.selection = self._overlay(QColor("#ffeb3b"), Qt.PenStyle.DashLine, 3)
        self.preview = self._overlay(QColor("#ffffff"), Qt.PenStyle.DotLine, 2)
        self.hover = self._overlay(QColor(255, 255, 255, 160), Qt.PenStyle.SolidLine, 1)
        self._px = px
        self.horizontalScrollBar().valueChanged.connect(self.viewportMoved)
        self.verticalScrollBar().valueChanged.connect(self.viewportMoved)
        self.sync_scene_rect()

    def _overlay(self, colour: QColor, style: Qt.PenStyle, width: int) -> QGraphicsRectItem:
        r = QGraphicsRectItem()
        pen = QPen(colour, width, style)
        pen.setCosmetic(True)
        r.setPen(pen)
        r.setZValue(10)
        r.hide()
        self.scene().addItem(r)
        return r

    def sync_scene_rect(self) -> None:
        b = self.grid_item.boundingRect()
        m = self._px // 2
        self.scene().setSceneRect(b.adjusted(-m, -m, m, m))

    # ---- coordinates ----------------------------------------------------------------------
    def cell_at(self, view_pos) -> tuple[int, int] | None:
        p = self.mapToScene(view_pos)
        x, y = int(p.x() // self._px), int(p.y() // self._px)
        w, h = self.grid_item._w, self.grid_item._h
        return (x, y) if 0 <= x < w and 0 <= y < h else None

    def cell_rect(self, x0: int, y0: int, x1: int | None = None, y1: int | None = None) -> QRectF:
        x1 = x0 if x1 is None else x1
        y1 = y0 if y1 is None else y1
        lx, hx = sorted((x0, x1))
        ly, hy = sorted((y0, y1))
        return QRectF(lx * self._px, ly * self._px, (hx - lx + 1) * self._px, (hy - ly + 1) * self._px)

    def visible_cells(self) -> QRectF:
        """The visible part of the grid, in cell units (for the world view)."""
        r = self.mapToScene(self.viewport().rect()).boundingRect()
        return QRectF(r.x() / self._px, r.y() / self._px, r.width() / self._px, r.height() / self._px)

    def center_on_cell(self, x: float, y: float) -> None:
        self.centerOn(QPointF(x * self._px, y * self._px))

    def select_cell(self, x: int, y: int) -> None:
        self.selection.setRect(self.cell_rect(x, y))
        self.selection.show()
        self.center_on_cell(x + 0.5, y + 0.5)

    def show_preview(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self.preview.setRect(self.cell_rect(x0, y0, x1, y1))
        self.preview.show()

    # ---- zoom -----------------------------------------------------------------------------
    def set_zoom(self, z: float, user: bool = True) -> None:
        if user:
            self.auto_fit = False
        z = max(self.MIN_ZOOM, min(self.MAX_ZOOM, z))
        self.setTransform(self.transform().fromScale(z, z))
        self.zoom = z
        self.zoomChanged.emit(z)
        self.viewportMoved.emit()

    def zoom_in(self) -> None:
        self.auto_fit = False
        self.set_zoom(self.zoom * 1.25)

    def zoom_out(self) -> None:
        self.auto_fit = False
        self.set_zoom(self.zoom / 1.25)

    def zoom_fit(self) -> None:
        b = self.scene().sceneRect()  # the grid and its margin: fitted, no scroll bars are needed
        if self.grid_item.boundingRect().isEmpty():
            return
        vw, vh = max(1, self.viewport().width() - 4), max(1, self.viewport().height() - 4)
        self.set_zoom(min(vw / b.width(), vh / b.height()), user=False)
        self.centerOn(b.center())

    # ---- input ----------------------------------------------------------------------------
    def wheelEvent(self, e) -> None:
        if e.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_in() if e.angleDelta().y() > 0 else self.zoom_out()
            e.accept()
        else:
            super().wheelEvent(e)

    def keyPressEvent(self, e) -> None:
        if e.key() == Qt.Key.Key_Space and not e.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        elif e.key() == Qt.Key.Key_Escape and self.tool is not None:
            self.tool.cancel()
        else:
            super().keyPressEvent(e)

    def keyReleaseEvent(self, e) -> None:
        if e.key() == Qt.Key.Key_Space and not e.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
        else:
            super().keyReleaseEvent(e)

    def mousePressEvent(self, e) -> None:
        if e.button() == Qt.MouseButton.MiddleButton or (self._space and e.button() == Qt.MouseButton.LeftButton):
            self._pan_from = e.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        cell = self.cell_at(e.position().toPoint())
        if cell is not None and self.tool is not None:
            self.tool.press(cell[0], cell[1], e.button())

    def mouseMoveEvent(self, e) -> None:
        if self._pan_from is not None:
            d = e.position() - self._pan_from
            self._pan_from = e.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(d.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(d.y()))
            return
        cell = self.cell_at(e.position().toPoint())
        if cell != self.hover_cell:
            self.hover_cell = cell
            if cell is None:
                self.hover.hide()
                self.cellHovered.emit(-1, -1)
            else:
                self.hover.setRect(self.cell_rect(*cell))
                self.hover.show()
                self.cellHovered.emit(*cell)
            if cell is not None and self.tool is not None and e.buttons() != Qt.MouseButton.NoButton:
                self.tool.move(cell[0], cell[1], e.buttons())

    def mouseReleaseEvent(self, e) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor)
            return
        if self.tool is not None:
            cell = self.cell_at(e.position().toPoint()) or self.hover_cell
            self.tool.release(cell[0] if cell else -1, cell[1] if cell else -1, e.button())

    def leaveEvent(self, e) -> None:
        if self.hover_cell is not None:
            self.hover_cell = None
            self.hover.hide()
            self.cellHovered.emit(-1, -1)
        super().leaveEvent(e)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.viewportMoved.emit()

    def resizeEvent(self, e) -> None:
        super().resizeEvent(e)
        if self.auto_fit:
            self.zoom_fit()
        self.viewportMoved.emit()
