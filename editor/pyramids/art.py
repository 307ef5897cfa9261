"""How Pyramids squares and pieces look: sand for open squares, dunes for deserts, a gold ring for
power squares; the player's pieces blue, Cheops' pieces red-brown; unknown pieces show "?"."""
from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from gridsmith.formats.pyramids.pieces import DESERT, EMPTY, NAME_OF_CHAR, POWER

OPEN_COLOUR = QColor("#e9dcb5")
DESERT_COLOUR = QColor("#c9a25a")
POWER_COLOUR = QColor("#e6c229")
GRID_COLOUR = QColor("#9c8a62")
SIDE_COLOURS = (QColor("#2f5fb3"), QColor("#a3452b"))  # player, Cheops
HOME_TINT = (QColor(47, 95, 179, 28), QColor(163, 69, 43, 28))
BAD_COLOUR = QColor("#ff00ff")
PIECE_TEXT = {"P": "▲", "S": "S", "C": "C"}


def paint_terrain(p: QPainter, r: QRect, ch: str) -> None:
    if ch not in ".DP":
        p.fillRect(r, BAD_COLOUR)
        return
    p.fillRect(r, DESERT_COLOUR if ch == DESERT else OPEN_COLOUR)
    if ch == DESERT:
        p.setPen(QPen(QColor("#a9803a"), 1))
        for k in range(3):
            y = r.top() + r.height() * (k + 1) // 4
            p.drawArc(QRect(r.left() + 3 + 6 * (k % 2), y - 3, r.width() // 2, 6), 0, 180 * 16)
    if ch == POWER:
        p.setPen(QPen(POWER_COLOUR.darker(130), 3))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QRectF(r).adjusted(5, 5, -5, -5))
    p.setPen(QPen(GRID_COLOUR, 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(r.adjusted(0, 0, -1, -1))


def paint_piece(p: QPainter, r: QRect, side: int, ch: str, highlight: bool = False, faded: bool = False) -> None:
    """A piece token: `ch` is a piece character, or "?" for an unknown enemy piece."""
    box = QRectF(r).adjusted(3, 3, -3, -3)
    colour = QColor(SIDE_COLOURS[side])
    if faded:
        colour.setAlpha(110)
    p.setPen(QPen(QColor("#ffeb3b") if highlight else colour.darker(150), 3 if highlight else 1))
    p.setBrush(colour)
    p.drawRoundedRect(box, 5, 5)
    p.setPen(QColor("white"))
    f = QFont()
    f.setBold(True)
    f.setPixelSize(max(8, int(r.height() * 0.5)))
    p.setFont(f)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, PIECE_TEXT.get(ch, ch))


def paint_setup_square(p: QPainter, r: QRect, ch: str) -> None:
    """A square of the setup painter: sand, with the piece (or nothing for an empty square)."""
    p.fillRect(r, OPEN_COLOUR)
    p.setPen(QPen(GRID_COLOUR, 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(r.adjusted(0, 0, -1, -1))
    if ch == EMPTY:
        return
    if ch not in NAME_OF_CHAR:
        p.fillRect(r.adjusted(4, 4, -4, -4), BAD_COLOUR)
        return
    paint_piece(p, r, 0, ch)


def piece_label(ch: str) -> str:
    name = NAME_OF_CHAR.get(ch, "?")
    return f"{name} ({ch})" if ch.isdigit() else name
