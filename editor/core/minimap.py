"""The world view (Pendulous manual 3.4): the whole map at a small scale, with the viewport outlined,
for every geometry.

It keeps a small image of the map (one pixel per square, as the manual's world view; each hexagon or
edge filled with its colour at `SCALE` image pixels per cell) and updates only the cells that changed; clicking or dragging in it moves the main view
there. It never draws the map larger than `MAX_PX` pixels per cell, so a small board's world view
stays an overview rather than a second, bigger canvas.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from .geometry import Cell, Geometry, SquareGeometry

BACKGROUND = QColor("#202020")
SCALE = 6  # image pixels per cell of a hex or lattice map (a square is one pixel)
MAX_PX = 12  # at most this many screen pixels per cell


class Minimap(QWidget):
    def __init__(self, view, geometry: Callable[[], Geometry] | Callable[[], tuple[int, int]],
                 colour_at: Callable[..., QColor], parent=None):
        """`geometry()` gives the map's Geometry (or, for square grids, its (w, h)); `colour_at(*cell)`
        the colour of a cell."""
        super().__init__(parent)
        self.view = view
        self._geometry_of = geometry
        self.colour_at = colour_at
        self.geometry_: Geometry = SquareGeometry(0, 0)
        self.image = QImage()
        self.setMinimumSize(80, 80)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip("World view: click or drag to move the map view")
        view.viewportMoved.connect(self.update)
        self.rebuild()

    def _current_geometry(self) -> Geometry:
        g = self._geometry_of()
        return g if isinstance(g, Geometry) else SquareGeometry(*g)

    @property
    def _f(self) -> float:
        """Image pixels per scene unit."""
        return (1 if self.geometry_.name == "square" else SCALE) / self.geometry_.px

    def sizeHint(self) -> QSize:
        b = self.geometry_.bounds()
        f = MAX_PX / self.geometry_.px
        return QSize(max(120, min(240, int(b.width() * f) + 8)), max(120, min(240, int(b.height() * f) + 8)))

    def rebuild(self) -> None:
        self.geometry_ = g = self._current_geometry()
        b = g.bounds()
        self.image = QImage(max(1, round(b.width() * self._f)), max(1, round(b.height() * self._f)),
                            QImage.Format.Format_RGB32)
        self.image.fill(BACKGROUND)
        self._paint_cells(g.cells())
        self.updateGeometry()
        self.update()

    def update_cells(self, cells: Iterable[Cell]) -> None:
        g = self.geometry_
        self._paint_cells(c for c in cells if g.contains(tuple(c)))
        self.update()

    def _paint_cells(self, cells: Iterable[Cell]) -> None:
        g = self.geometry_
        p = QPainter(self.image)
        p.scale(self._f, self._f)
        p.setPen(Qt.PenStyle.NoPen)
        square = g.name == "square"
        for c in cells:
            colour = self.colour_at(*c)
            if square:
                p.fillRect(g.tile_rect(c), colour)
            else:
                p.fillPath(g.shape(c), colour)
        p.end()

    def colour_of_cell(self, *cell: int) -> QColor:
        """The colour the world view shows at a cell's centre."""
        c = self.geometry_.center(cell)
        return self.image.pixelColor(int(c.x() * self._f), int(c.y() * self._f))

    def _target(self) -> QRectF:
        w, h = self.image.width(), self.image.height()
        s = min(self.width() / w, self.height() / h, MAX_PX / (self._f * self.geometry_.px))
        return QRectF((self.width() - w * s) / 2, (self.height() - h * s) / 2, w * s, h * s)

    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), BACKGROUND)
        t = self._target()
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, self.geometry_.name != "square")
        p.drawImage(t, self.image)
        s = t.width() / self.image.width() * self._f  # widget pixels per scene unit
        vis = self.view.visible_scene_rect()
        r = QRectF(t.x() + vis.x() * s, t.y() + vis.y() * s, vis.width() * s, vis.height() * s).intersected(t)
        p.setPen(QPen(QColor("#ffeb3b"), 2))
        p.drawRect(r)
        p.end()

    def _jump(self, pos) -> None:
        t = self._target()
        s = t.width() / self.image.width() * self._f
        self.view.centerOn(QPointF((pos.x() - t.x()) / s, (pos.y() - t.y()) / s))

    def mousePressEvent(self, e) -> None:
        if e.button() == Qt.MouseButton.LeftButton:
            self._jump(e.position())

    def mouseMoveEvent(self, e) -> None:
        if e.buttons() & Qt.MouseButton.LeftButton:
            self._jump(e.position())
