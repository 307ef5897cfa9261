"""How Circuit War looks, in the painter and in play: circuits as bars in their owner's colour,
objects as glyphs on them, CPUs as squares and gridrunners as discs on the points (a
`PointsItem` over the shared canvas, which draws only the edges), and a traced beam (`BeamItem`)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from gridsmith.formats.circuitwar import lattice as L

SEAT_COLOURS = (QColor("#d0342c"), QColor("#2f62c8"), QColor("#2e9a43"), QColor("#d8b11c"))
GREY_COLOUR = QColor("#8a8a8a")
EMPTY_COLOUR = QColor("#20242b")
BAD_COLOUR = QColor("#ff00ff")
OBJECT_LETTERS = {"R": "R", "C": "C", "S": "S", "O": "O", "G": "G", "T": "T"}
LEVEL_NAMES = dict(zip(L.LEVEL_CHARS, ("weak", "nominal", "strong")))
BEAM_COLOUR = QColor("#ffffff")
PUSH_COLOUR = QColor("#ff9f1a")


def owner_colour(ch: str) -> QColor:
    """The colour of a grid character: `1`-`4`/`A`-`D`/`a`-`d` a seat, `0` grey."""
    for chars in (L.OWNER_CHARS, L.CPU_CHARS, L.RUNNER_CHARS):
        if ch in chars:
            return SEAT_COLOURS[chars.index(ch)]
    return GREY_COLOUR if ch == L.GREY else EMPTY_COLOUR


def paint_edge(p: QPainter, r: QRect, owner: str, obj: str, charge: int | None) -> None:
    """One edge's tile: the circuit bar (none: nothing), then its object (an object on nothing is
    drawn on a magenta bar: the validator reports it)."""
    horizontal = r.width() >= r.height()
    t = min(r.width(), r.height())
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if owner not in (".", " "):
        bar = QRectF(r).adjusted(t * 0.18, t * 0.18, -t * 0.18, -t * 0.18)
        p.fillRect(bar, owner_colour(owner))
    elif obj:
        bar = QRectF(r).adjusted(t * 0.3, t * 0.3, -t * 0.3, -t * 0.3)
        p.fillRect(bar, BAD_COLOUR)
    if not obj:
        return
    c = QRectF(r).center()
    s = t * 0.95  # the glyph's box, across the bar
    box = QRectF(c.x() - s * 0.8, c.y() - s / 2, s * 1.6, s) if horizontal else \
        QRectF(c.x() - s / 2, c.y() - s * 0.8, s, s * 1.6)
    if obj in L.DIODE_CHARS:
        dr, dc = L.DIODE_CHARS[obj]
        tip = QPointF(c.x() + dc * s * 0.8, c.y() + dr * s * 0.8)
        back = QPointF(c.x() - dc * s * 0.6, c.y() - dr * s * 0.6)
        side = QPointF(-dr * s * 0.55, dc * s * 0.55)
        p.setPen(QPen(QColor("#111111"), max(1.0, s / 10)))
        p.setBrush(QColor("#f4f4f4"))
        p.drawPolygon(QPolygonF([tip, back + side, back - side]))
        return
    p.setPen(QPen(QColor("#111111"), max(1.0, s / 12)))
    fill = {"S": QColor("#b8f0b0"), "O": QColor("#f0b8b0"), "C": QColor("#bcd8ff"),
            "G": QColor("#d8d0b8"), "T": QColor("#f0e0ff"), "R": QColor("#f4f4f4")}.get(obj, BAD_COLOUR)
    p.setBrush(fill)
    p.drawRoundedRect(box, s * 0.2, s * 0.2)
    f = QFont()
    f.setPixelSize(max(5, int(s * 0.8)))
    f.setBold(True)
    p.setFont(f)
    text = obj if charge is None or obj != "C" else f"{charge}"
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def paint_point(p: QPainter, centre: QPointF, px: float, value: str) -> None:
    """A CPU (a square with its seat's letter) or a gridrunner (a disc with its level's letter)."""
    ch = value[:1]
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    f = QFont()
    f.setBold(True)
    if ch in L.CPU_CHARS:
        s = px * 0.56
        box = QRectF(centre.x() - s / 2, centre.y() - s / 2, s, s)
        p.setPen(QPen(QColor("#111111"), px / 24))
        p.setBrush(owner_colour(ch))
        p.drawRect(box)
        f.setPixelSize(max(5, int(s * 0.42)))
        p.setFont(f)
        p.setPen(QColor("white"))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, "CPU")
    elif ch in L.RUNNER_CHARS:
        rad = px * 0.24
        p.setPen(QPen(QColor("white"), px / 20))
        p.setBrush(owner_colour(ch))
        p.drawEllipse(centre, rad, rad)
        f.setPixelSize(max(5, int(rad * 1.1)))
        p.setFont(f)
        p.drawText(QRectF(centre.x() - rad, centre.y() - rad, 2 * rad, 2 * rad), Qt.AlignmentFlag.AlignCenter,
                   value[1:2].upper() or "·")


class PointsItem(QGraphicsItem):
    """The CPUs and gridrunners over a lattice canvas: `points()` -> {(x, y): value} (see
    CircuitWarDocument.point); `anchor` marks the first point of a click-click circuit."""

    def __init__(self, geometry: Callable, points: Callable[[], dict]):
        super().__init__()
        self.geometry, self.points = geometry, points
        self.anchor: tuple[int, int] | None = None
        self.setZValue(5)

    def boundingRect(self) -> QRectF:
        return self.geometry().bounds()

    def paint(self, p: QPainter, option, widget=None) -> None:
        g = self.geometry()
        for v, value in self.points().items():
            paint_point(p, g.point(v), g.px, value)
        if self.anchor is not None:
            p.setPen(QPen(QColor("#ffffff"), g.px / 12, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(g.point(self.anchor), g.px * 0.3, g.px * 0.3)

    def changed(self) -> None:
        self.prepareGeometryChange()
        self.update()


class BeamItem(QGraphicsItem):
    """A traced beam (engine.circuitwar.beam.BeamTrace) over the canvas: its path, the level it has
    arriving at each point, its pushes (orange arrows) and why it stopped."""

    def __init__(self, geometry: Callable):
        super().__init__()
        self.geometry = geometry
        self.trace = None
        self.cols = 0
        self.setZValue(6)

    def boundingRect(self) -> QRectF:
        return self.geometry().bounds().adjusted(-40, -40, 40, 40)

    def show_trace(self, trace, cols: int) -> None:
        self.prepareGeometryChange()
        self.trace, self.cols = trace, cols
        self.setVisible(trace is not None)
        self.update()

    def _pt(self, cell: int) -> QPointF:
        r, c = divmod(cell, self.cols)
        return self.geometry().point((c // 2, r // 2))

    def paint(self, p: QPainter, option, widget=None) -> None:
        if self.trace is None:
            return
        g = self.geometry()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        pts = [self._pt(c) for c in self.trace.path]
        path.moveTo(pts[0])
        for q in pts[1:]:
            path.lineTo(q)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(0, 0, 0, 160), g.px * 0.22, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        p.drawPath(path)
        p.setPen(QPen(BEAM_COLOUR, g.px * 0.1, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
        p.drawPath(path)
        f = QFont()
        f.setPixelSize(max(6, int(g.px * 0.3)))
        f.setBold(True)
        p.setFont(f)
        for q, level in zip(pts[1:], self.trace.levels[1:]):
            box = QRectF(q.x() + g.px * 0.08, q.y() - g.px * 0.48, g.px * 0.42, g.px * 0.36)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 190))
            p.drawRoundedRect(box, 3, 3)
            p.setPen(BEAM_COLOUR)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, "WNS"[max(0, min(2, level))])
        for a, b in self.trace.pushes:
            pa, pb = self._pt(a), self._pt(b)
            p.setPen(QPen(PUSH_COLOUR, g.px * 0.12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(pa, pb)
            d = pb - pa
            n = max(1e-6, (d.x() ** 2 + d.y() ** 2) ** 0.5)
            u = QPointF(d.x() / n, d.y() / n)
            side = QPointF(-u.y(), u.x())
            head = g.px * 0.22
            p.setBrush(PUSH_COLOUR)
            p.drawPolygon(QPolygonF([pb, pb - u * head + side * head * 0.6, pb - u * head - side * head * 0.6]))
        end = pts[-1]
        p.setPen(QPen(QColor("#ffdd55"), g.px * 0.08))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(end, g.px * 0.32, g.px * 0.32)
