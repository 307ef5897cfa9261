"""How Circuit War looks, in the painter and in play: circuits as bars in their owner's colour,
objects as glyphs on them, CPUs as squares and gridrunners as discs on the points (a
`PointsItem` over the shared canvas, which draws only the edges), and a traced beam (`BeamItem`);
the lattice's names along its edges (`LabelsItem`), and the painter's tool icons (registered with
editor.core.icons under `circuitwar-*` names)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from gridsmith.formats import coords
from gridsmith.formats.circuitwar import lattice as L

from ..core import icons
from .document import split_value

SEAT_COLOURS = (QColor("#d0342c"), QColor("#2f62c8"), QColor("#2e9a43"), QColor("#d8b11c"))
GREY_COLOUR = QColor("#8a8a8a")
EMPTY_COLOUR = QColor("#20242b")
LATTICE_COLOUR = QColor("#7a8699")  # an edge without a circuit in the world view: the lattice shows
BAD_COLOUR = QColor("#ff00ff")
OBJECT_LETTERS = {"R": "R", "C": "C", "S": "S", "O": "O", "G": "G", "T": "T"}
LEVEL_NAMES = dict(zip(L.LEVEL_CHARS, ("weak", "nominal", "strong")))
BEAM_COLOUR = QColor("#ffffff")
PUSH_COLOUR = QColor("#ff9f1a")
LABEL_COLOUR = QColor("#9aa3b2")


def owner_colour(ch: str) -> QColor:
    """The colour of a grid character: `1`-`4`/`A`-`D`/`a`-`d` a seat, `0` grey."""
    for chars in (L.OWNER_CHARS, L.CPU_CHARS, L.RUNNER_CHARS):
        if ch in chars:
            return SEAT_COLOURS[chars.index(ch)]
    return GREY_COLOUR if ch == L.GREY else EMPTY_COLOUR


def ink_on(colour: QColor) -> QColor:
    """Black or white, whichever reads on `colour` (yellow takes black)."""
    luminance = 0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue()
    return QColor("#111111") if luminance > 150 else QColor("white")


def world_colour(value: str) -> QColor:
    """An edge's colour in the world view (an edge value, editor.circuitwar.document): its circuit's
    owner; no circuit a light lattice line on the view's dark ground (magenta: an object on nothing)."""
    owner, obj, _charge = split_value(value)
    if owner in (".", " "):
        return BAD_COLOUR if obj else LATTICE_COLOUR
    return owner_colour(owner)


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
    if obj:
        paint_glyph(p, QRectF(r).center(), horizontal, t * 0.95, obj, charge)


def paint_glyph(p: QPainter, c: QPointF, horizontal: bool, s: float, obj: str, charge: int | None) -> None:
    """An object's glyph centred on `c`, `s` across the bar (a diode an arrow, the others a box
    with their letter; a capacitor its charge)."""
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


#: the least size, in screen pixels across the bar, of an object's glyph and a gridrunner's disc: at a
#: zoom where the tiles draw them smaller (the fit zoom of a big lattice) they are drawn this size
MIN_GLYPH_PX = 13.0
MIN_RUNNER_PX = 14.0
MIN_CPU_PX = 18.0


def _scale(p: QPainter) -> float:
    """Screen pixels per scene unit of the painter (the view's zoom)."""
    return max(1e-6, abs(p.worldTransform().m11()) + abs(p.worldTransform().m21()))


class LabelsItem(QGraphicsItem):
    """The column letters above the top row of points and the row numbers left of the first column,
    so a place a log line, a problem or the status bar names (`j6`, `a6-b6`: formats.coords) can be
    found on the board. Drawn in the canvas's margin outside the lattice, under everything else."""

    def __init__(self, geometry: Callable):
        super().__init__()
        self.geometry = geometry
        self.setZValue(-1)

    def boundingRect(self) -> QRectF:
        g = self.geometry()
        return g.bounds().adjusted(-g.px / 2, -g.px / 2, 0, 0)

    def paint(self, p: QPainter, option, widget=None) -> None:
        g = self.geometry()
        band = g.px * 0.5  # the canvas's margin outside the lattice's bounds, which the view keeps in sight
        font = QFont(p.font())
        font.setPixelSize(max(1, round(min(band * 0.6, max(g.px * 0.26, 8 / _scale(p))))))
        p.setFont(font)
        p.setPen(LABEL_COLOUR)
        names = coords.notation("lattice")
        for x in range(g.w):
            c = g.point((x, 0))
            p.drawText(QRectF(c.x() - g.px / 2, -band, g.px, band + g.px * 0.1),
                       Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, names.column(x))
        for y in range(g.h):
            c = g.point((0, y))
            p.drawText(QRectF(-band, c.y() - g.px / 2, band + g.px * 0.1, g.px),
                       Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, str(y + 1))

    def changed(self) -> None:
        self.prepareGeometryChange()
        self.update()


class ObjectsItem(QGraphicsItem):
    """The objects' glyphs again, larger, over the tiles when the view is zoomed out so far that the
    tiles draw them below MIN_GLYPH_PX (a few pixels across at fit zoom); nothing at other zooms.
    `edges()` -> {(x, y, d): edge value} of the edges holding an object."""

    def __init__(self, geometry: Callable, edges: Callable[[], dict]):
        super().__init__()
        self.geometry, self.edges = geometry, edges
        self.setZValue(4)

    def boundingRect(self) -> QRectF:
        return self.geometry().bounds()

    def paint(self, p: QPainter, option, widget=None) -> None:
        g = self.geometry()
        natural = g.px * 0.28 * 0.95  # the glyph's size in the tile (paint_edge), scene units
        least = MIN_GLYPH_PX / _scale(p)
        if natural >= least:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for e, value in self.edges().items():
            _owner, obj, charge = split_value(value)
            if obj:
                paint_glyph(p, g.center(e), e[2] == 0, least, obj, charge)

    def changed(self) -> None:
        self.update()


def paint_point(p: QPainter, centre: QPointF, px: float, value: str) -> None:
    """A CPU (a square with its seat's letter) or a gridrunner (a disc with its level's letter)."""
    ch = value[:1]
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    f = QFont()
    f.setBold(True)
    scale = _scale(p)
    if ch in L.CPU_CHARS:
        s = max(px * 0.56, MIN_CPU_PX / scale)
        box = QRectF(centre.x() - s / 2, centre.y() - s / 2, s, s)
        p.setPen(QPen(QColor("#111111"), s / 13))
        p.setBrush(owner_colour(ch))
        p.drawRect(box)
        f.setPixelSize(max(5, int(s * 0.42)))
        p.setFont(f)
        p.setPen(ink_on(owner_colour(ch)))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, "CPU")
    elif ch in L.RUNNER_CHARS:
        rad = max(px * 0.24, MIN_RUNNER_PX / 2 / scale)
        p.setPen(QPen(QColor("white"), rad / 5))
        p.setBrush(owner_colour(ch))
        p.drawEllipse(centre, rad, rad)
        f.setPixelSize(max(5, int(rad * 1.1)))
        p.setFont(f)
        p.setPen(ink_on(owner_colour(ch)))
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
            scale = _scale(p)
            p.setPen(QPen(QColor("#ffffff"), max(g.px / 12, 2.5 / scale), Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            rad = max(g.px * 0.3, 11 / scale)
            p.drawEllipse(g.point(self.anchor), rad, rad)

    def changed(self) -> None:
        self.prepareGeometryChange()
        self.update()


TARGET_COLOUR = QColor("#5df08a")  # where the selected gridrunner may go or strike


class TargetsItem(QGraphicsItem):
    """The legal targets of the human's selected gridrunner (or of a gridrunner build): green rings
    on points, green glows along edges; at least readable at fit zoom."""

    def __init__(self, geometry: Callable):
        super().__init__()
        self.geometry = geometry
        self.points: set = set()
        self.edges: set = set()
        self.setZValue(5.5)

    def boundingRect(self) -> QRectF:
        return self.geometry().bounds()

    def show_targets(self, points: set, edges: set) -> None:
        self.points, self.edges = set(points), set(edges)
        self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        g = self.geometry()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        scale = _scale(p)
        glow = QColor(TARGET_COLOUR)
        glow.setAlpha(150)
        p.setPen(QPen(glow, max(g.px * 0.2, 6 / scale), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for e in self.edges:
            a, b = g.ends(e)
            p.drawLine(g.point(a), g.point(b))
        p.setBrush(Qt.BrushStyle.NoBrush)
        rad = max(g.px * 0.32, 10 / scale)
        p.setPen(QPen(TARGET_COLOUR, max(g.px * 0.07, 2.5 / scale)))
        for v in self.points:
            p.drawEllipse(g.point(v), rad, rad)


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


# ---- the painter's tool icons (24 x 24 drawings, editor.core.icons renders them) -------------------------
def _icon_bar(p: QPainter, bar: QRectF) -> None:
    """A red circuit bar."""
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(SEAT_COLOURS[0])
    p.drawRect(bar)


def _icon_circuit(p: QPainter) -> None:
    """Two points joined by a red circuit bar."""
    _icon_bar(p, QRectF(5, 10, 14, 4))
    p.setPen(QPen(icons.INK, 1.2))
    p.setBrush(QColor("#ffffff"))
    for x in (4, 20):
        p.drawEllipse(QPointF(x, 12), 3, 3)


def _icon_object(p: QPainter) -> None:
    """A resistor on a circuit: the bar with a boxed R on it."""
    _icon_bar(p, QRectF(2, 10.5, 20, 3))
    p.setPen(QPen(icons.INK, 1.4))
    p.setBrush(QColor("#f4f4f4"))
    p.drawRoundedRect(QRectF(6, 6, 12, 12), 2, 2)
    f = QFont()
    f.setPixelSize(10)
    f.setBold(True)
    p.setFont(f)
    p.drawText(QRectF(6, 6, 12, 12), Qt.AlignmentFlag.AlignCenter, "R")


def _icon_cpu(p: QPainter) -> None:
    """A chip: a square with pins on every side."""
    p.setPen(QPen(icons.INK, 1.4))
    for k in (8, 12, 16):
        p.drawLine(QPointF(k, 2), QPointF(k, 22))
        p.drawLine(QPointF(2, k), QPointF(22, k))
    p.setBrush(SEAT_COLOURS[1])
    p.drawRect(QRectF(5, 5, 14, 14))
    p.setPen(QPen(QColor("#ffffff"), 1.4))
    p.drawRect(QRectF(9, 9, 6, 6))


def _icon_runner(p: QPainter) -> None:
    """A gridrunner: a disc on a point where two circuits cross."""
    p.setPen(QPen(icons.INK, 1.6))
    p.drawLine(QPointF(2, 12), QPointF(22, 12))
    p.drawLine(QPointF(12, 2), QPointF(12, 22))
    p.setPen(QPen(QColor("#ffffff"), 1.4))
    p.setBrush(SEAT_COLOURS[0])
    p.drawEllipse(QPointF(12, 12), 6.5, 6.5)


def _icon_beam(p: QPainter) -> None:
    """A beam: a dashed path turning a corner, ending in an arrow."""
    pen = QPen(QColor("#ff9f1a"), 2.4, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
    pen.setDashPattern([2, 1.5])
    p.setPen(pen)
    p.drawPolyline(QPolygonF([QPointF(4, 20), QPointF(4, 8), QPointF(16, 8)]))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(icons.INK)
    p.drawPolygon(QPolygonF([QPointF(22, 8), QPointF(15, 3.5), QPointF(15, 12.5)]))
    p.setBrush(SEAT_COLOURS[0])
    p.drawEllipse(QPointF(4, 20), 3, 3)


def tool_icon(tool: str) -> str:
    """The editor.core.icons name of a painter tool's icon (registered below)."""
    return f"circuitwar-{tool}"


TOOL_ICONS = {"circuitwar-circuit": _icon_circuit, "circuitwar-object": _icon_object, "circuitwar-cpu": _icon_cpu,
              "circuitwar-gridrunner": _icon_runner, "circuitwar-beam": _icon_beam}
for _name, _draw in TOOL_ICONS.items():  # the shared icon table, by names no other game uses
    icons.DRAWINGS.setdefault(_name, _draw)
