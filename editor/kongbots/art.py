"""The look of Kongbots hexes: floor, walls, outside, the teams' entry hexes (team colours from
formats.kongbots.modules), shared by the arena painter and the play view."""
from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from gridsmith.formats.kongbots.arena import FLOOR, OUTSIDE, WALL
from gridsmith.formats.kongbots.modules import TEAM_COLOURS, TEAMS

FLOOR_COLOUR = QColor("#d9d4c5")
WALL_COLOUR = QColor("#55514a")
OUTSIDE_COLOUR = QColor("#1f1f1f")
TEAM_QCOLOURS = {t: QColor({"red": "#c0392b", "blue": "#2e6fbf"}.get(c, c)) for t, c in zip(TEAMS, TEAM_COLOURS)}
HEXES = ((FLOOR, "Floor"), (WALL, "Wall"), (OUTSIDE, "Outside"),
         *((t, f"Entry of team {t}") for t in TEAMS))
ECM_TINT = QColor(39, 196, 214, 70)  # a hex inside an ECM field (KongbotsState.in_ecm)
MARKS = {"sel": QColor(255, 235, 59, 160), "target": QColor(80, 200, 80, 120)}


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


def paint_play_hex(p: QPainter, r: QRect, key) -> None:
    """An arena hex with what stands on it: key = (hex, bot, missiles, mark, ecm); bot = (team, label,
    state) with state "" / "malf" / "out"; missiles = ((team, "m3"), ...); ecm: inside an ECM field."""
    ch, bot, missiles, mark, ecm = key
    paint_hex(p, r, "." if ch in TEAMS else ch)
    if ecm:
        p.fillRect(r, ECM_TINT)
    if mark:
        p.fillRect(r, MARKS[mark])
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    f = QFont()
    f.setBold(True)
    if bot is not None:
        team, label, state = bot
        colour = QColor("#8a8a8a") if state == "out" else TEAM_QCOLOURS[TEAMS[team]]
        box = QRectF(r).adjusted(r.width() * 0.16, r.height() * 0.2, -r.width() * 0.16, -r.height() * 0.2)
        p.setPen(QPen(QColor("#ffeb3b") if mark == "sel" else colour.darker(160), 3 if mark == "sel" else 1.5))
        p.setBrush(colour)
        p.drawEllipse(box)
        p.setPen(QColor("white"))
        f.setPixelSize(max(7, int(r.height() * 0.26)))
        p.setFont(f)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, label + ("!" if state == "malf" else ""))
    for i, (team, name) in enumerate(missiles):
        c = TEAM_QCOLOURS[TEAMS[team]]
        w = r.width() * 0.34
        box = QRectF(r.left() + r.width() * 0.08 + i * w * 0.6, r.top() + r.height() * 0.62, w, r.height() * 0.2)
        p.setPen(QPen(c.darker(170), 1))
        p.setBrush(c.lighter(125))
        p.drawRoundedRect(box, 3, 3)
        p.setPen(QColor("black"))
        f.setPixelSize(max(6, int(r.height() * 0.15)))
        p.setFont(f)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, name)


def play_colour(key) -> QColor:
    ch, bot, _missiles, _mark, _ecm = key
    if bot is not None and bot[2] != "out":
        return TEAM_QCOLOURS[TEAMS[bot[0]]]
    return hex_colour("." if ch in TEAMS else ch)
