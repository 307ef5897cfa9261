"""The world view (manual 3.4): the whole map at a small scale, with the viewport outlined.

It keeps a one-pixel-per-square image and updates only the squares that changed; clicking or
dragging in it moves the main view there.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget


class Minimap(QWidget):
    def __init__(self, view, size: Callable[[], tuple[int, int]], colour_at: Callable[[int, int], QColor], parent=None):
        super().__init__(parent)
        self.view = view
        self._size = size
        self.colour_at = colour_at
        self.image = QImage()
        self.setMinimumSize(120, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip("World view: click or drag to move the map view")
        view.viewportMoved.connect(self.update)
        self.rebuild()

    def sizeHint(self) -> QSize:
        return QSize(200, 200)

    def rebuild(self) -> None:
        w, h = self._size()
        self.image = QImage(max(1, w), max(1, h), QImage.Format.Format_RGB32)
        for y in range(h):
            for x in range(w):
                self.image.setPixelColor(x, y, self.colour_at(x, y))
        self.update()

    def update_cells(self, cells: Iterable[tuple[int, int]]) -> None:
        w, h = self.image.width(), self.image.height()
        for x, y in cells:
            if 0 <= x < w and 0 <= y < h:
                self.image.setPixelColor(x, y, self.colour_at(x, y))
        self.update()

    def _target(self) -> QRectF:
        w, h = self.image.width(), self.image.height()
        s = min(self.width() / w, self.height() / h)
        return QRectF((self.width() - w * s) / 2, (self.height() - h * s) / 2, w * s, h * s)

    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#202020"))
        t = self._target()
        p.drawImage(t, self.image)
        vis = self.view.visible_cells()
        s = t.width() / self.image.width()
        r = QRectF(t.x() + vis.x() * s, t.y() + vis.y() * s, vis.width() * s, vis.height() * s).intersected(t)
        p.setPen(QPen(QColor("#ffeb3b"), 2))
        p.drawRect(r)
        p.end()

    def _jump(self, pos) -> None:
        t = self._target()
        s = t.width() / self.image.width()
        self.view.center_on_cell((pos.x() - t.x()) / s, (pos.y() - t.y()) / s)

    def mousePressEvent(self, e) -> None:
        if e.button() == Qt.MouseButton.LeftButton:
            self._jump(e.position())

    def mouseMoveEvent(self, e) -> None:
        if e.buttons() & Qt.MouseButton.LeftButton:
            self._jump(e.position())
