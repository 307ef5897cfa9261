"""The look of Kongbots hexes: floor, walls, outside, the teams' entry hexes (team colours from
formats.kongbots.modules), shared by the arena painter and the play view."""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QPainter

from gridsmith.formats.kongbots.arena import FLOOR, OUTSIDE, WALL
from gridsmith.formats.kongbots.modules import TEAM_COLOURS, TEAMS

FLOOR_COLOUR = QColor("#d9d4c5")
WALL_COLOUR = QColor("#55514a")
OUTSIDE_COLOUR = QColor("#1f1f1f")
TEAM_QCOLOURS = {t: QColor({"red": "#c0392b", "blue": "#2e6fbf"}.get(c, c)) for t, c in zip(TEAMS, TEAM_COLOURS)}
HEXES = ((FLOOR, "Floor"), (WALL, "Wall"), (OUTSIDE, "Outside"),
         *((t, f"Entry of team {t}") for t in TEAMS))


def hex_colour(ch: str) -> QColor:
    if ch in TEAM_QCOLOURS:
        return TEAM_QCOLOURS[ch].lighter(150)
    return {FLOOR: FLOOR_COLOUR, WALL: WALL_COLOUR, OUTSIDE: OUTSIDE_COLOUR}.get(ch, QColor("#ff00ff"))


def paint_hex(p: QPainter, r: QRect, ch: str) -> None:
    """One arena hex into `r` (clipped to the hexagon by the canvas): its colour; a wall's bricks
    line; an entry hex its team letter."""
    p.fillRect(r, hex_colour(ch))
    if ch == WALL:
        p.setPen(QColor("#3b3833"))
        for i in range(1, 4):
            y = r.top() + r.height() * i // 4
            p.drawLine(r.left(), y, r.right(), y)
    elif ch in TEAM_QCOLOURS:
        f = QFont()
        f.setPixelSize(max(6, int(r.height() * 0.4)))
        f.setBold(True)
        p.setFont(f)
        p.setPen(TEAM_QCOLOURS[ch].darker(140))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, ch)
