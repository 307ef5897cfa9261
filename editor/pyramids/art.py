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
#: what a piece's token shows: its rank, or a sign for the three special pieces
SIGN = {"P": "▲", "S": "S", "C": "C", "?": "?"}
MARKS = {"sel": QColor(255, 235, 59, 150), "target": QColor(80, 200, 80, 110), "last": QColor(255, 193, 7, 70)}


def paint_terrain(p: QPainter, r: QRect, ch: str, grid: bool = True) -> None:
    """A board square; `grid` outlines it (the editor's canvas draws its own grid lines)."""
    if ch not in ".DP":
        p.fillRect(r, BAD_COLOUR)
        return
    p.fillRect(r, DESERT_COLOUR if ch == DESERT else OPEN_COLOUR)
    w, h = r.width(), r.height()  # everything in proportion: the canvas renders tiles at any zoom
    if ch == DESERT:
        p.setPen(QPen(QColor("#a9803a"), max(1.0, w / 32)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for k in range(3):
            y = r.top() + h * (k + 1) / 4
            p.drawArc(QRectF(r.left() + w * (0.1 + 0.19 * (k % 2)), y - h * 0.1, w / 2, h * 0.19), 0, 180 * 16)
    if ch == POWER:
        p.setPen(QPen(POWER_COLOUR.darker(130), max(1.0, w * 0.09)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QRectF(r).adjusted(w * 0.16, h * 0.16, -w * 0.16, -h * 0.16))
    if grid:
        p.setPen(QPen(GRID_COLOUR, 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(r.adjusted(0, 0, -1, -1))


def paint_piece(p: QPainter, r: QRect, side: int, ch: str, highlight: bool = False, faded: bool = False) -> None:
    """A piece token: `ch` is a piece character, or "?" for an unknown enemy piece."""
    u = r.width() / 32  # one pixel of the 32-pixel design
    box = QRectF(r).adjusted(3 * u, 3 * u, -3 * u, -3 * u)
    colour = QColor(SIDE_COLOURS[side])
    if faded:
        colour.setAlpha(110)
    p.setPen(QPen(QColor("#ffeb3b") if highlight else colour.darker(150), max(1.0, (3 if highlight else 1) * u)))
    p.setBrush(colour)
    p.drawRoundedRect(box, 5 * u, 5 * u)
    p.setPen(QColor("white"))
    f = QFont()
    f.setBold(True)
    f.setPixelSize(max(8, int(r.height() * 0.5)))
    p.setFont(f)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, PIECE_TEXT.get(ch, ch))


def paint_setup_square(p: QPainter, r: QRect, ch: str) -> None:
    """A square of the setup painter: sand, with the piece (or nothing for an empty square); the
    canvas draws the grid lines."""
    p.fillRect(r, OPEN_COLOUR)
    if ch == EMPTY:
        return
    if ch not in NAME_OF_CHAR:
        q = r.width() // 8
        p.fillRect(r.adjusted(q, q, -q, -q), BAD_COLOUR)
        return
    paint_piece(p, r, 0, ch)


def piece_label(ch: str) -> str:
    name = NAME_OF_CHAR.get(ch, "?")
    return f"{name} ({ch})" if ch.isdigit() else name


def paint_play_square(p: QPainter, r: QRect, key) -> None:
    terrain, piece, mark, label = key
    paint_terrain(p, r, terrain)
    if mark:
        p.fillRect(r, MARKS[mark])
    if piece is not None:
        side, ch = piece
        box = QRectF(r).adjusted(3, 3, -3, -3)
        colour = QColor(SIDE_COLOURS[side])
        p.setPen(QPen(QColor("#ffeb3b") if mark == "sel" else colour.darker(150), 3 if mark == "sel" else 1))
        p.setBrush(colour)
        p.drawRoundedRect(box, 5, 5)
        p.setPen(QColor("white"))
        f = QFont()
        f.setBold(True)
        f.setPixelSize(max(8, int(r.height() * 0.42)))
        p.setFont(f)
        top = QRectF(box.left(), box.top(), box.width(), box.height() * 0.68)
        p.drawText(top, Qt.AlignmentFlag.AlignCenter, SIGN.get(ch, ch))
        f.setBold(False)
        f.setPixelSize(max(6, int(r.height() * 0.17)))
        p.setFont(f)
        word = "" if ch == "?" else NAME_OF_CHAR.get(ch, "?")
        p.drawText(QRectF(box.left(), box.top() + box.height() * 0.62, box.width(), box.height() * 0.36),
                   Qt.AlignmentFlag.AlignCenter, word)
    if label:  # the square's name on the left column and the bottom row (a1 … k11), readable over pieces
        f = QFont()
        f.setBold(True)
        f.setPixelSize(max(7, int(r.height() * 0.22)))
        p.setFont(f)
        box = p.fontMetrics().boundingRect(label).adjusted(-2, 0, 2, 0)
        box.moveTopLeft(r.topLeft())
        p.fillRect(box, QColor(255, 248, 225, 210))
        p.setPen(QColor("#3a3226"))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)


def play_colour(key) -> QColor:
    terrain, piece, _mark, _label = key
    if piece is not None:
        return SIDE_COLOURS[piece[0]]
    return {"D": DESERT_COLOUR, "P": POWER_COLOUR}.get(terrain, OPEN_COLOUR)
