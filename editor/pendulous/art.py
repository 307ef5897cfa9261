"""Pendulous colours (manual 2.1, 2.2): red, gray, green, blue seats; water is a lighter blue so that
it never reads as the blue player's land; unsupplied land is black outlined in the owner's colour."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from gridsmith.formats.pendulous.scenario import CITY_CHARS, LAND_CHARS, SEAT_COLOURS, WATER

SEAT_QCOLOURS = (QColor("#cf3a2e"), QColor("#9a9a9a"), QColor("#3c9a44"), QColor("#2b56c9"))
WATER_COLOUR = QColor("#8cc2e6")
WATER_DARK = QColor("#6aa6d2")
MISSING_COLOUR = QColor("#3a3a3a")  # a ragged row's missing square ("")
BAD_COLOUR = QColor("#ff00ff")
SEAT_NAMES = tuple(c.capitalize() for c in SEAT_COLOURS)


def seat_of(ch: str) -> int | None:
    """1-based seat owning a map character, None for water."""
    if len(ch) != 1:  # "" (a ragged row's missing square) is `in` every string: nobody's
        return None
    if ch in LAND_CHARS:
        return LAND_CHARS.index(ch) + 1
    if ch in CITY_CHARS:
        return CITY_CHARS.index(ch) + 1
    return None


def char_for(seat: int | None, square_type: str) -> str:
    if square_type == "water" or seat is None:
        return WATER
    return (CITY_CHARS if square_type == "city" else LAND_CHARS)[seat - 1]


def type_of(ch: str) -> str:
    return "water" if ch == WATER else "invalid" if len(ch) != 1 else "city" if ch in CITY_CHARS \
        else "land" if ch in LAND_CHARS else "invalid"


def minimap_colour(ch: str) -> QColor:
    seat = seat_of(ch)
    if ch == WATER:
        return WATER_COLOUR
    if ch == "":
        return MISSING_COLOUR
    if seat is None:
        return BAD_COLOUR
    c = SEAT_QCOLOURS[seat - 1]
    return c.darker(170) if ch in CITY_CHARS else c


def paint_water(p: QPainter, r: QRect) -> None:
    p.fillRect(r, WATER_COLOUR)
    pen = QPen(WATER_DARK, max(1.0, r.width() / 20))
    p.setPen(pen)
    w, h = r.width(), r.height()
    for fy in (0.35, 0.7):
        path = QPainterPath(QPointF(r.x() + w * 0.15, r.y() + h * fy))
        path.cubicTo(QPointF(r.x() + w * 0.3, r.y() + h * (fy - 0.1)), QPointF(r.x() + w * 0.45, r.y() + h * (fy + 0.1)),
                     QPointF(r.x() + w * 0.6, r.y() + h * fy))
        p.drawPath(path)


def paint_city(p: QPainter, r: QRect, colour: QColor) -> None:
    """A small walled town: a light keep with three crenels, outlined in a dark shade of the owner."""
    w, h = r.width(), r.height()
    body = QRectF(r.x() + w * 0.24, r.y() + h * 0.38, w * 0.52, h * 0.42)
    p.setPen(QPen(colour.darker(250), max(1.0, w / 16)))
    p.setBrush(QColor("#f5f0e1"))
    path = QPainterPath()
    path.addRect(body)
    for i in range(3):
        path.addRect(QRectF(body.x() + i * body.width() * 0.4, body.y() - h * 0.12, body.width() * 0.2, h * 0.12))
    p.drawPath(path.simplified())
    p.setBrush(colour.darker(200))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawRect(QRectF(body.center().x() - w * 0.06, body.bottom() - h * 0.2, w * 0.12, h * 0.2))


def paint_square(p: QPainter, r: QRect, ch: str) -> None:
    """The editor's tile of one map character (the canvas draws the grid lines over it)."""
    if ch == WATER:
        paint_water(p, r)
    elif ch == "":  # a missing square of a ragged row: shown as missing, never as a value
        p.fillRect(r, MISSING_COLOUR)
        p.setPen(QPen(QColor("#777777"), max(1.0, r.width() / 24)))
        for k in range(1, 4):
            f = k / 4
            p.drawLine(QPointF(r.left(), r.top() + r.height() * f), QPointF(r.left() + r.width() * f, r.top()))
            p.drawLine(QPointF(r.left() + r.width() * f, r.bottom()), QPointF(r.right(), r.top() + r.height() * f))
    else:
        seat = seat_of(ch)
        if seat is None:  # outside the alphabet
            p.fillRect(r, BAD_COLOUR)
            p.setPen(QPen(Qt.GlobalColor.black, 2))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, "?")
            return
        colour = SEAT_QCOLOURS[seat - 1]
        p.fillRect(r, colour)
        if ch in CITY_CHARS:
            paint_city(p, r, colour)


def grid_line(p: QPainter, r: QRect) -> None:
    p.setPen(QPen(QColor(0, 0, 0, 60), 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(r.adjusted(0, 0, -1, -1))


# ---- squares ---------------------------------------------------------------------------------
def paint_play_square(p: QPainter, r: QRect, key) -> None:
    kind, owner, armies, supplied = key
    if kind == "water":
        paint_water(p, r)
        grid_line(p, r)
        return
    colour = SEAT_QCOLOURS[owner] if owner >= 0 else QColor("#555555")
    if kind == "city":
        p.fillRect(r, colour)
        paint_city(p, r, colour)
    elif supplied:
        p.fillRect(r, colour)
    else:  # manual 2.1: black, outlined in the owner's colour
        p.fillRect(r, QColor("#111111"))
        w = max(2, r.width() // 8)
        p.setPen(QPen(colour, w))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(r).adjusted(w / 2 + 1, w / 2 + 1, -w / 2 - 1, -w / 2 - 1))
    if armies:
        d = r.width() * 0.56
        disc = QRectF(r.center().x() - d / 2 + 0.5, r.center().y() - d / 2 + 0.5, d, d)
        p.setPen(QPen(QColor("#1b1b1b"), max(1.5, r.width() / 14)))
        p.setBrush(QColor("#fafafa"))
        p.drawEllipse(disc)
        p.setBrush(colour.darker(130))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawEllipse(disc.adjusted(d * 0.22, d * 0.22, -d * 0.22, -d * 0.22))
        if armies > 1:
            p.setPen(QColor("black"))
            p.drawText(r, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, str(armies))
    grid_line(p, r)


def play_colour(key) -> QColor:
    kind, owner, _armies, supplied = key
    if kind == "water":
        return WATER_COLOUR
    c = SEAT_QCOLOURS[owner] if owner >= 0 else QColor("#555555")
    if kind == "city":
        return c.darker(170)
    return c if supplied else QColor("#111111")
