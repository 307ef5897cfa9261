"""Scene and view for grids of any geometry (editor.core.geometry: squares, hexes, lattice edges).

`GridItem` draws the whole grid, crisp at every zoom:

* at 100 % and below it draws from a cached image of the whole map at one scene unit per pixel
  (smoothly scaled down); editing a cell redraws that one tile into the cache and invalidates only
  its rectangle (one item per cell is slow on a 50x50 map);
* above 100 % it draws only the exposed cells, each from a tile rendered *at the device size* by
  the game's vector `render` function, so a tile at 800 % is drawn, not a blown-up bitmap.

Tiles are rendered per cell *key* (whatever the game says a cell looks like: a map character, or
(owner, city, army, supplied) in play), clipped to the cell's shape. Grid lines and lattice points
are vectors drawn over the cells with a cosmetic pen.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QCursor, QImage, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
)

from .geometry import CELL_PX, Cell, Geometry, SquareGeometry

TileRenderer = Callable[[QPainter, QRect, Hashable], None]

GRID_COLOUR = QColor(0, 0, 0, 70)
LATTICE_GRID_COLOUR = QColor(255, 255, 255, 40)  # a lattice's grid lies on the dark background
POINT_COLOUR = QColor("#d8d8d8")


class TileCache:
    """Pre-rendered images of cells, one per (key, tile kind, scale), rendered on first use."""

    def __init__(self, render: TileRenderer, cell_px: int = CELL_PX):
        self.render = render
        self.cell_px = cell_px
        self._tiles: dict = {}
        self._device: dict = {}
        self._device_scale = 0.0

    def tile(self, key: Hashable, geometry: Geometry | None = None, kind=None, scale: float = 1.0,
             pixel_ratio: float = 1.0) -> QImage:
        """The tile of `key` at `scale` device pixels per scene unit (`pixel_ratio`: a high-density
        screen's device pixels per logical pixel, which the image carries)."""
        cache = self._tiles
        if scale != 1.0:
            if scale != self._device_scale:  # only the current zoom's tiles are kept
                self._device.clear()
                self._device_scale = scale
            cache = self._device
        img = cache.get((key, kind))
        if img is None:
            img = self._render(key, geometry, kind, scale)
            img.setDevicePixelRatio(pixel_ratio)
            cache[(key, kind)] = img
        return img

    def _render(self, key, geometry, kind, scale) -> QImage:
        if geometry is None:
            w = h = self.cell_px
            clip = None
        else:
            r = geometry.tile_rect(_first_of_kind(geometry, kind))
            w, h = r.width(), r.height()
            clip = geometry.tile_clip(kind)
        iw, ih = max(1, math.ceil(w * scale - 1e-6)), max(1, math.ceil(h * scale - 1e-6))
        img = QImage(iw, ih, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if clip is not None:
            p.setClipPath(QTransform.fromScale(scale, scale).map(clip))
        self.render(p, QRect(0, 0, iw, ih), key)
        p.end()
        return img

    def clear(self) -> None:
        self._tiles.clear()
        self._device.clear()


def _first_of_kind(geometry: Geometry, kind) -> Cell:
    """A cell of the given tile kind (all cells of a kind have the same tile size)."""
    if kind is None:
        return (0, 0)
    return (0, 0, kind)


class GridItem(QGraphicsItem):
    """The whole grid of one document. `geometry()` gives the current Geometry; `key_at(*cell)` what
    a cell looks like; `tiles` renders keys."""

    def __init__(self, geometry: Callable[[], Geometry], key_at: Callable[..., Hashable], tiles: TileCache):
        super().__init__()
        self._geometry_of = geometry
        self.key_at = key_at
        self.tiles = tiles
        self.px = tiles.cell_px
        self.show_grid = True
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.geometry: Geometry = geometry()
        self._bounds = QRectF()
        self._place: dict = {}
        self._keys: dict = {}
        self._image: QImage | None = None
        self._dot_cache: tuple[float, QImage] | None = None
        self.rebuild()

    @property
    def _w(self) -> int:  # the grid's size in cells (points of a lattice)
        return self.geometry.w

    @property
    def _h(self) -> int:
        return self.geometry.h

    def boundingRect(self) -> QRectF:
        return self._bounds

    def rebuild(self) -> None:
        """Redraw every cell (after a resize or a whole-model change)."""
        self.prepareGeometryChange()
        self.geometry = g = self._geometry_of()
        self._bounds = g.bounds()
        # where each cell's tile goes (scene units) and its kind, and what each cell looks like: kept
        # up to date by update_cells, so that a repaint asks neither the geometry nor the document
        self._place = g.placements()
        key_at = self.key_at
        self._keys = {c: key_at(*c) for c in self._place}
        self._image = None  # drawn when first needed: a view zoomed past 100 % never needs it
        self.update()

    @property
    def image(self) -> QImage:
        """The whole map at one scene unit per pixel (what the view draws at 100 % and below)."""
        if self._image is None:
            b = self._bounds
            img = QImage(max(1, math.ceil(b.width())), max(1, math.ceil(b.height())),
                         QImage.Format.Format_ARGB32_Premultiplied)
            img.fill(Qt.GlobalColor.transparent)
            p = QPainter(img)
            g, tile, keys, memo = self.geometry, self.tiles.tile, self._keys, {}
            for c, (ox, oy, kind) in self._place.items():
                k = (keys[c], kind)
                t = memo.get(k)
                if t is None:
                    t = memo[k] = tile(k[0], g, kind)
                p.drawImage(QPointF(ox, oy), t)
            p.end()
            self._image = img
        return self._image

    def update_cells(self, cells: Iterable[Cell]) -> None:
        """Redraw only these cells into the cache and invalidate only their rectangle."""
        g = self.geometry
        cells = [tuple(c) for c in cells if tuple(c) in self._place]
        if not cells:
            return
        for c in cells:
            self._keys[c] = self.key_at(*c)
        if self._image is None:  # no cache image yet: the repaint draws the new tiles
            dirty = QRectF()
            for c in cells:
                dirty = dirty.united(g.tile_rect(c))
            self.update(dirty.adjusted(-1, -1, 1, 1))
            return
        p = QPainter(self._image)
        dirty = QRectF()
        for c in cells:
            r = g.tile_rect(c)
            kind = g.tile_kind(c)
            clip = g.tile_clip(kind)
            p.save()
            if clip is not None:
                p.setClipPath(clip.translated(r.topLeft()))
            else:
                p.setClipRect(r)
            p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Clear)
            p.fillRect(r, Qt.GlobalColor.transparent)
            p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            p.drawImage(QPointF(r.x(), r.y()), self.tiles.tile(self._keys[c], g, kind))
            if g.overlapping:  # what the cleared rectangle took from the neighbours goes back
                for n in g.neighbours(c):
                    nr = g.tile_rect(n)
                    p.drawImage(QPointF(nr.x(), nr.y()), self.tiles.tile(self._keys[n], g, g.tile_kind(n)))
            p.restore()
            dirty = dirty.united(r)
        p.end()
        self.update(dirty.adjusted(-1, -1, 1, 1))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        r = option.exposedRect.intersected(self._bounds)
        if r.isEmpty():
            return
        self.paint_map(painter, r)

    def paint_map(self, painter: QPainter, r: QRectF) -> None:
        """Draw the cells meeting scene rectangle `r`, the grid and the points, at the painter's scale."""
        t = painter.worldTransform()
        scale = math.hypot(t.m11(), t.m12())
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0  # a high-density screen's pixels
        g = self.geometry
        painter.save()
        if scale * dpr <= 1.0 + 1e-9:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, scale * dpr < 1.0)
            painter.drawImage(r, self.image, r)
        elif dpr == 1.0:
            # tiles rendered at the device size, placed at whole device pixels (no scaling: crisp)
            painter.setWorldTransform(QTransform())
            sx, sy, dx, dy = t.m11(), t.m22(), t.dx() + 0.5, t.dy() + 0.5
            tile, keys, place, memo = self.tiles.tile, self._keys, self._place, {}
            draw = painter.drawImage
            for c in g.cells_in(r):
                ox, oy, kind = place[c]
                k = (keys[c], kind)
                img = memo.get(k)
                if img is None:
                    img = memo[k] = tile(k[0], g, kind, scale)
                draw(QPoint(int(ox * sx + dx), int(oy * sy + dy)), img)
            painter.setWorldTransform(t)
        else:
            # the same at the screen's physical pixels: tiles carry the pixel ratio, positions are
            # whole physical pixels expressed in logical ones
            painter.setWorldTransform(QTransform())
            sx, sy, dx, dy = t.m11() * dpr, t.m22() * dpr, t.dx() * dpr + 0.5, t.dy() * dpr + 0.5
            for c in g.cells_in(r):
                ox, oy, kind = self._place[c]
                img = self.tiles.tile(self._keys[c], g, kind, scale * dpr, dpr)
                painter.drawImage(QPointF(int(ox * sx + dx) / dpr, int(oy * sy + dy) / dpr), img)
            painter.setWorldTransform(t)
        if self.show_grid:
            pen = QPen(LATTICE_GRID_COLOUR if g.vertex_strokes else GRID_COLOUR, 1)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setClipRect(r)
            painter.drawPath(g.grid_path())
        pts = g.points()
        if pts:  # one pre-drawn dot per point, at whole device pixels
            rad = self.px * 0.09
            dot = self._dot(rad * scale)
            off = dot.width() / 2
            grown = r.adjusted(-rad, -rad, rad, rad)
            painter.setWorldTransform(QTransform())
            sx, sy, dx, dy = t.m11(), t.m22(), t.dx() - off + 0.5, t.dy() - off + 0.5
            draw = painter.drawImage
            for p in pts:
                if grown.contains(p):
                    draw(QPoint(int(p.x() * sx + dx), int(p.y() * sy + dy)), dot)
        painter.restore()


    def _dot(self, radius: float) -> QImage:
        """A lattice point of `radius` device pixels (cached for the current zoom)."""
        if self._dot_cache is None or self._dot_cache[0] != radius:
            n = max(2, math.ceil(2 * radius) + 2)
            img = QImage(n, n, QImage.Format.Format_ARGB32_Premultiplied)
            img.fill(Qt.GlobalColor.transparent)
            p = QPainter(img)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(POINT_COLOUR)
            p.drawEllipse(QPointF(n / 2, n / 2), radius, radius)
            p.end()
            self._dot_cache = (radius, img)
        return self._dot_cache[1]


class SquareGridItem(GridItem):
    """A square grid of `size()` = (w, h) cells: what play views built before geometries use."""

    def __init__(self, size: Callable[[], tuple[int, int]], key_at: Callable[[int, int], Hashable], tiles: TileCache):
        super().__init__(lambda: SquareGeometry(*size(), px=tiles.cell_px), key_at, tiles)


class Overlay(QGraphicsPathItem):
    """A highlight over some cells (hover, problem, preview, selection), a path in scene units."""

    def __init__(self, colour: QColor, style: Qt.PenStyle, width: int, fill: QColor | None = None):
        super().__init__()
        pen = QPen(colour, width, style)
        pen.setCosmetic(True)
        self.setPen(pen)
        if fill is not None:
            self.setBrush(QBrush(fill))
        self.setZValue(10)
        self.hide()

    def rect(self) -> QRectF:
        return self.path().boundingRect()

    def show_path(self, path: QPainterPath) -> None:
        self.setPath(path)
        self.show()


class GridView(QGraphicsView):
    """Zoom (Ctrl+wheel, Ctrl +/-/0, keeping the point under the mouse), pan (middle button, Space+drag,
    scroll bars), and mouse input in cells forwarded to the current tool.

    A tool derived from editor.core.tools.Tool gets cells (tuples); any other object (a play view's
    click handler) gets the legacy square call ``press(x, y, button)``."""

    cellHovered = Signal(int, int)  # square grids: (-1, -1) when the mouse leaves the grid
    hovered = Signal(object)  # any geometry: the cell tuple, or None
    viewportMoved = Signal()
    zoomChanged = Signal(float)

    MIN_ZOOM, MAX_ZOOM = 0.1, 8.0

    def __init__(self, item: GridItem, parent=None):
        super().__init__(parent)
        self.grid_item = item
        self.setScene(QGraphicsScene(self))
        self.scene().addItem(item)
        self.scene().setBackgroundBrush(QColor("#2b2b2b"))
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setMouseTracking(True)
        self.tool = None  # editor.core.tools.Tool or any object with press/move/release
        self._pan_from: QPointF | None = None
        self._space = False
        self.zoom = 1.0
        #: fit the grid to the window on resize until the user zooms (a new tab shows the whole map)
        self.auto_fit = True
        self.hover_cell: Cell | None = None
        #: the last mouse position in the viewport (None when the mouse is outside)
        self.mouse_pos: QPointF | None = None
        #: the scene position of the last mouse event (lattice tools ask for the nearest point)
        self.scene_pos = QPointF()
        self.region_fill = QColor(255, 235, 59, 50)
        self.selection = self._overlay(Overlay(QColor("#ffeb3b"), Qt.PenStyle.DashLine, 3))
        self.marquee = self._overlay(Overlay(QColor("#ffeb3b"), Qt.PenStyle.DashLine, 2, QColor(255, 235, 59, 50)))
        self.preview = self._overlay(Overlay(QColor("#ffffff"), Qt.PenStyle.DotLine, 2, QColor(255, 255, 255, 90)))
        self.hover = self._overlay(Overlay(QColor(255, 255, 255, 160), Qt.PenStyle.SolidLine, 1))
        self._px = item.px
        self.horizontalScrollBar().valueChanged.connect(self.viewportMoved)
        self.verticalScrollBar().valueChanged.connect(self.viewportMoved)
        self.sync_scene_rect()

    def _overlay(self, o: Overlay) -> Overlay:
        self.scene().addItem(o)
        return o

    @property
    def geometry_(self) -> Geometry:
        return self.grid_item.geometry

    def sync_scene_rect(self) -> None:
        b = self.grid_item.boundingRect()
        m = self._px // 2
        self.scene().setSceneRect(b.adjusted(-m, -m, m, m))

    # ---- coordinates ----------------------------------------------------------------------
    def cell_at(self, view_pos) -> Cell | None:
        return self.geometry_.cell_at(self._to_scene(QPointF(view_pos)))

    def cell_rect(self, *cell) -> QRectF:
        """The scene rectangle of a cell; of the rectangle spanned by two square cells with four
        arguments (x0, y0, x1, y1)."""
        g = self.geometry_
        if len(cell) == 4 and g.name != "lattice":
            return g.outline(g.region(cell[:2], cell[2:])).boundingRect()
        return g.tile_rect(tuple(cell))

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def visible_cells(self) -> QRectF:
        """The visible part of the grid in cell units (square cells: columns and rows)."""
        r = self.visible_scene_rect()
        return QRectF(r.x() / self._px, r.y() / self._px, r.width() / self._px, r.height() / self._px)

    def center_on_cell(self, x: float, y: float) -> None:
        self.centerOn(QPointF(x * self._px, y * self._px))

    def select_cell(self, *cell) -> None:
        """Highlight a cell (a problem's location) and bring it into view."""
        g = self.geometry_
        cell = tuple(cell)
        self.selection.show_path(g.shape(cell))
        self.centerOn(g.center(cell))

    def show_preview(self, *args) -> None:
        """Preview what a tool will paint: `show_preview(cells)` (any geometry) or, for square
        grids, the rectangle `show_preview(x0, y0, x1, y1)`."""
        g = self.geometry_
        cells = list(args[0]) if len(args) == 1 else g.region(args[:2], args[2:])
        self.preview.show_path(g.outline(cells))

    def show_marquee(self, cells: list[Cell]) -> None:
        if cells:
            self.marquee.show_path(self.geometry_.outline(cells))
        else:
            self.marquee.hide()

    # ---- zoom -----------------------------------------------------------------------------
    def set_zoom(self, z: float, user: bool = True, anchor: QPointF | None = None) -> None:
        """Zoom to `z`, keeping the scene point under `anchor` (a viewport position; default: the
        mouse if it is over the view, else the centre) where it is."""
        if user:
            self.auto_fit = False
        z = max(self.MIN_ZOOM, min(self.MAX_ZOOM, z))
        if anchor is None:
            anchor = self.mouse_pos if self.mouse_pos is not None else QPointF(self.viewport().rect().center())
        before = self._to_scene(anchor)
        self.setTransform(QTransform.fromScale(z, z))
        after = self.viewportTransform().map(before)
        # scroll so that `before` is under the anchor again (scroll bars clamp at the edges)
        d = after - anchor
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + round(d.x()))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + round(d.y()))
        self.zoom = z
        self.zoomChanged.emit(z)
        self.viewportMoved.emit()
        self.refresh_hover()

    def _to_scene(self, pos: QPointF) -> QPointF:
        inv, _ok = self.viewportTransform().inverted()
        return inv.map(QPointF(pos))

    def zoom_in(self, anchor: QPointF | None = None) -> None:
        self.set_zoom(self.zoom * 1.25, anchor=anchor)

    def zoom_out(self, anchor: QPointF | None = None) -> None:
        self.set_zoom(self.zoom / 1.25, anchor=anchor)

    def zoom_fit(self) -> None:
        b = self.scene().sceneRect()  # the grid and its margin: fitted, no scroll bars are needed
        if self.grid_item.boundingRect().isEmpty():
            return
        vw, vh = max(1, self.viewport().width() - 4), max(1, self.viewport().height() - 4)
        self.set_zoom(min(vw / b.width(), vh / b.height()), user=False, anchor=QPointF(self.viewport().rect().center()))
        self.centerOn(b.center())
        self.refresh_hover()

    # ---- hover ----------------------------------------------------------------------------
    def refresh_hover(self, force: bool = False) -> None:
        """Say again which cell is under the mouse (after a zoom, a scroll or an edit)."""
        cell = self.cell_at(self.mouse_pos) if self.mouse_pos is not None else None
        if cell != self.hover_cell or force:
            self._set_hover(cell)

    def _set_hover(self, cell: Cell | None) -> None:
        self.hover_cell = cell
        if cell is None:
            self.hover.hide()
            self.cellHovered.emit(-1, -1)
        else:
            self.hover.show_path(self.geometry_.shape(cell))
            if len(cell) == 2:
                self.cellHovered.emit(*cell)
        self.hovered.emit(cell)
        if self.tool is not None and getattr(self.tool, "cell_api", False):
            self.tool.hover(cell)

    # ---- input ----------------------------------------------------------------------------
    def _call(self, method: str, cell, button) -> None:
        if getattr(self.tool, "cell_api", False):
            getattr(self.tool, method)(cell, button)
        elif cell is None:
            getattr(self.tool, method)(-1, -1, button)
        else:
            getattr(self.tool, method)(*cell, button)

    def wheelEvent(self, e) -> None:
        if e.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.mouse_pos = e.position()
            self.zoom_in(e.position()) if e.angleDelta().y() > 0 else self.zoom_out(e.position())
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
        self.mouse_pos = e.position()
        if e.button() == Qt.MouseButton.MiddleButton or (self._space and e.button() == Qt.MouseButton.LeftButton):
            self._pan_from = e.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        self.scene_pos = self._to_scene(e.position())
        cell = self.cell_at(e.position())
        if cell is not None and self.tool is not None:
            self._call("press", cell, e.button())

    def mouseMoveEvent(self, e) -> None:
        self.mouse_pos = e.position()
        if self._pan_from is not None:
            d = e.position() - self._pan_from
            self._pan_from = e.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(d.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(d.y()))
            return
        self.scene_pos = self._to_scene(e.position())
        cell = self.cell_at(e.position())
        if cell != self.hover_cell:
            self._set_hover(cell)
            if cell is not None and self.tool is not None and e.buttons() != Qt.MouseButton.NoButton:
                self._call("move", cell, e.buttons())
        elif (cell is not None and self.tool is not None and e.buttons() != Qt.MouseButton.NoButton
              and getattr(self.tool, "follows_points", False)):
            self._call("move", cell, e.buttons())  # a lattice stroke moves from point to point

    def mouseReleaseEvent(self, e) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor)
            return
        self.scene_pos = self._to_scene(e.position())
        if self.tool is not None:
            self._call("release", self.cell_at(e.position()) or self.hover_cell, e.button())

    def enterEvent(self, e) -> None:
        self.mouse_pos = QPointF(self.viewport().mapFromGlobal(QCursor.pos()))
        super().enterEvent(e)

    def leaveEvent(self, e) -> None:
        self.mouse_pos = None
        if self.hover_cell is not None:
            self._set_hover(None)
        super().leaveEvent(e)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.viewportMoved.emit()
        self.refresh_hover()  # the map moved under a still mouse

    def resizeEvent(self, e) -> None:
        super().resizeEvent(e)
        if self.auto_fit:
            self.zoom_fit()
        self.viewportMoved.emit()
