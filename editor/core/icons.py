"""Toolbar icons drawn with QPainter (vectors, so they stay sharp on any screen): one small picture
per tool and canvas action, rendered at 16, 24 and 32 pixels."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

INK = QColor("#37474f")
ACCENT = QColor("#1e88e5")
PINK = QColor("#f48fb1")

Draw = Callable[[QPainter], None]  # draws in a 24 x 24 box


def _pen(p: QPainter, colour: QColor = INK, width: float = 1.8) -> None:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)


def _brush(p: QPainter) -> None:
    _pen(p, INK, 2.2)
    p.drawLine(QPointF(19, 4), QPointF(11, 13))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ACCENT)
    path = QPainterPath(QPointF(11, 12))
    path.cubicTo(QPointF(6, 12), QPointF(7, 18), QPointF(3, 20))
    path.cubicTo(QPointF(9, 21), QPointF(14, 18), QPointF(12.5, 14))
    path.closeSubpath()
    p.drawPath(path)


def _line(p: QPainter) -> None:
    _pen(p, ACCENT, 2.6)
    p.drawLine(QPointF(4, 19), QPointF(20, 5))
    p.setBrush(INK)
    _pen(p, INK, 1)
    for pt in (QPointF(4, 19), QPointF(20, 5)):
        p.drawEllipse(pt, 2.2, 2.2)


def _rectangle(p: QPainter) -> None:
    _pen(p, INK, 1.6)
    p.setBrush(ACCENT)
    p.drawRect(QRectF(4, 6, 16, 12))


def _fill(p: QPainter) -> None:
    _pen(p, INK, 1.6)
    p.setBrush(QColor("#eceff1"))
    p.drawPolygon(QPolygonF([QPointF(4, 11), QPointF(11, 4), QPointF(18, 11), QPointF(11, 18)]))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ACCENT)
    drop = QPainterPath(QPointF(19.5, 13))
    drop.cubicTo(QPointF(23, 18), QPointF(22, 21), QPointF(19.5, 21))
    drop.cubicTo(QPointF(17, 21), QPointF(16, 18), QPointF(19.5, 13))
    p.drawPath(drop)


def _eraser(p: QPainter) -> None:
    p.translate(12, 12)
    p.rotate(-40)
    _pen(p, INK, 1.5)
    p.setBrush(PINK)
    p.drawRoundedRect(QRectF(-4, -9, 8, 10), 1.5, 1.5)
    p.setBrush(QColor("#eceff1"))
    p.drawRoundedRect(QRectF(-4, 1, 8, 7), 1.5, 1.5)


def _picker(p: QPainter) -> None:
    _pen(p, INK, 2.4)
    p.drawLine(QPointF(5, 19), QPointF(14, 10))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(INK)
    p.drawEllipse(QPointF(17, 7), 4, 4)
    p.setBrush(ACCENT)
    p.drawEllipse(QPointF(5, 19), 2, 2)


def _select(p: QPainter) -> None:
    pen = QPen(INK, 1.6, Qt.PenStyle.DashLine)
    p.setPen(pen)
    p.setBrush(QColor(30, 136, 229, 50))
    p.drawRect(QRectF(4, 5, 16, 14))


def _swap(p: QPainter) -> None:
    _pen(p, INK, 2)
    p.drawLine(QPointF(4, 8), QPointF(19, 8))
    p.drawLine(QPointF(15, 4), QPointF(19, 8))
    p.drawLine(QPointF(20, 16), QPointF(5, 16))
    p.drawLine(QPointF(9, 20), QPointF(5, 16))


def _grid(p: QPainter) -> None:
    _pen(p, INK, 1.2)
    for i in range(4):
        p.drawLine(QPointF(4 + i * 16 / 3, 4), QPointF(4 + i * 16 / 3, 20))
        p.drawLine(QPointF(4, 4 + i * 16 / 3), QPointF(20, 4 + i * 16 / 3))


def _copy(p: QPainter) -> None:
    _pen(p, INK, 1.5)
    p.setBrush(QColor("#eceff1"))
    p.drawRect(QRectF(8, 8, 11, 12))
    p.drawRect(QRectF(4, 4, 11, 12))


def _paste(p: QPainter) -> None:
    _pen(p, INK, 1.5)
    p.setBrush(QColor("#d7ccc8"))
    p.drawRoundedRect(QRectF(5, 5, 14, 16), 2, 2)
    p.setBrush(QColor("#eceff1"))
    p.drawRect(QRectF(9, 3, 6, 4))
    p.setBrush(ACCENT)
    p.drawRect(QRectF(9, 11, 8, 7))


def _cut(p: QPainter) -> None:
    _pen(p, INK, 1.8)
    p.drawLine(QPointF(7, 4), QPointF(15, 15))
    p.drawLine(QPointF(17, 4), QPointF(9, 15))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(QPointF(7, 18), 3, 3)
    p.drawEllipse(QPointF(17, 18), 3, 3)


def _zoom(sign: str) -> Draw:
    def draw(p: QPainter) -> None:
        _pen(p, INK, 2)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(10, 10), 6, 6)
        p.drawLine(QPointF(14.5, 14.5), QPointF(20, 20))
        p.drawLine(QPointF(7, 10), QPointF(13, 10))
        if sign == "+":
            p.drawLine(QPointF(10, 7), QPointF(10, 13))
    return draw


def _fit(p: QPainter) -> None:
    _pen(p, INK, 1.8)
    for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        cx, cy = 12 - sx * 8, 12 - sy * 8
        p.drawLine(QPointF(cx, cy), QPointF(cx + sx * 5, cy))
        p.drawLine(QPointF(cx, cy), QPointF(cx, cy + sy * 5))


def _export(p: QPainter) -> None:
    _pen(p, INK, 1.5)
    p.setBrush(QColor("#c8e6c9"))
    p.drawRect(QRectF(3, 6, 14, 12))
    _pen(p, ACCENT, 2)
    p.drawLine(QPointF(12, 12), QPointF(21, 12))
    p.drawLine(QPointF(18, 9), QPointF(21, 12))
    p.drawLine(QPointF(18, 15), QPointF(21, 12))


DRAWINGS: dict[str, Draw] = {
    "brush": _brush, "line": _line, "rectangle": _rectangle, "fill": _fill, "eraser": _eraser,
    "picker": _picker, "select": _select, "swap": _swap, "grid": _grid, "copy": _copy, "paste": _paste,
    "cut": _cut, "zoom-in": _zoom("+"), "zoom-out": _zoom("-"), "zoom-fit": _fit, "export": _export,
}


def icon(name: str) -> QIcon:
    """The icon called `name` (an empty icon for an unknown name)."""
    draw = DRAWINGS.get(name)
    ic = QIcon()
    if draw is None:
        return ic
    for size in (16, 24, 32):
        pm = QPixmap(size, size)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(size / 24, size / 24)
        draw(p)
        p.end()
        ic.addPixmap(pm)
    return ic
