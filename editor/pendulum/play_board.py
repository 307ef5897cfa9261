"""Pendulum's board in the play window: the areas, rows and spaces of the scenario's side, the three
sandglasses running down with the engine's clock, the workers on their spaces and at home. Input: drag
a worker onto a space (or home), or click it and then the space; a click on a glass flips it. The
provider (editor.pendulum.play) turns them into actions and says which worker is selected and where it
may go (`selected`, `targets`, `home_target`), which the board highlights."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QRadialGradient
from PySide6.QtWidgets import QWidget

from gridsmith.formats.pendulum.effects import AREAS, effect_text

if TYPE_CHECKING:
    from .play import PendulumProvider

AREA_COLOURS = {"purple": QColor("#7b4ea3"), "green": QColor("#3f8f4f"), "black": QColor("#3a3a3a")}
GOLD = QColor("#c9a227")
TARGET = QColor("#2e9d4f")  # where the selected worker may go
SELECTED = QColor("#1565c0")  # the ring round the selected worker


def _secs(ms: int) -> str:
    s = (ms + 999) // 1000
    return f"{s // 60}:{s % 60:02d}"


def glass_reading(st, area: str) -> tuple[float, str, str, bool]:
    """What a sandglass shows: (sand left in the upper bulb 0..1, the area's title, the text under the
    glass, whether it calls for a flip). Before the opening placements are done the glasses have not
    been flipped yet (rulebook, Start: "Then all glasses are flipped"): full, not expired; only a glass
    a seat may flip now says "flip!"."""
    total = st.rules.sandglasses.duration(area)
    if st.phase == "start":
        return 1.0, "not started", _secs(total), False
    if st.phase == "untimed":  # the glasses lie still: the time track says when they move
        return 0.0, "time track", "", False
    left = max(0, st.glasses[area].expires - st.now)
    if left:
        return min(1.0, left / total), f"runs {_secs(left)}", _secs(left), False
    if st.can_flip(area):
        return 0.0, "run out: flip it", "flip!", True
    return 0.0, "run out", "0:00", False


def _fit_text(p: QPainter, f: QFont, box: QRectF, text: str, largest: int = 13, smallest: int = 9,
              align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> None:
    """One line in `box`: the largest size from `largest` down to `smallest` that fits, else elided
    (a narrow window keeps every title readable instead of cutting it off)."""
    for size in range(largest, smallest - 1, -1):
        f.setPixelSize(size)
        if QFontMetricsF(f).horizontalAdvance(text) <= box.width():
            break
    p.setFont(f)
    text = QFontMetricsF(f).elidedText(text, Qt.TextElideMode.ElideRight, box.width())
    p.drawText(box, align, text)


def _label_box(top: QRectF) -> QRectF:
    """Where a space's reward is written in its gold frame."""
    return top.adjusted(2.5, 2, -2, -2)


WRAP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def _wrap_size(f: QFont, box: QRectF, text: str, largest: int, smallest: int) -> int:
    """The largest pixel size at which `text`'s longest word fits `box`'s width and its wrapped lines
    its height (a space's reward in a narrow window: "production" whole, not "productio")."""
    for size in range(largest, smallest - 1, -1):
        f.setPixelSize(size)
        fm = QFontMetricsF(f)
        widest = max((fm.horizontalAdvance(word) for word in text.split()), default=0)
        if widest <= box.width() and fm.boundingRect(box, WRAP, text).height() <= box.height():
            return size
    return smallest


class PendulumBoard(QWidget):
    """The areas, rows, spaces, glasses and workers, painted from the engine's state; drag and click."""

    dropped = Signal(int, str, object)  # seat, worker id, space id (None: home)
    pressed_worker = Signal(int, str)  # a press on a worker (a drag may follow): show where it may go
    clicked_worker = Signal(int, str)
    clicked_target = Signal(object)  # a click on a space (its id), or on the selected worker's home (None)
    clicked_glass = Signal(str)
    let_go = Signal()  # Esc, a right-click or a click on nothing: the selection is dropped

    def __init__(self, provider: "PendulumProvider") -> None:
        super().__init__()
        self.provider = provider
        self.setMinimumSize(600, 380)  # fits a 1024x700 screen beside the panel, with the log and a notice
        self.setMouseTracking(True)
        self.state = None  # the PendulumState shown
        self.painted_ms: int | None = None  # the clock the last paint showed
        self.label_px = 11  # the spaces' reward text size
        self._label_for: tuple | None = None  # the board size label_px was found for
        self.space_rects: dict[str, tuple[QRectF, QRectF]] = {}
        self.glass_rects: dict[str, QRectF] = {}
        self.home_rects: dict[int, QRectF] = {}
        self.worker_spots: list[tuple[QRectF, int, str]] = []
        self.drag: tuple[int, str, QPointF, QPointF] | None = None  # seat, worker, press point, now
        # the worker the provider selected and where it may go now (highlighted)
        self.selected: tuple[int, str] | None = None
        self.targets: set[str] = set()
        self.home_target = False
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # Esc lets go of the selected worker

    # ---- layout ----------------------------------------------------------------------------------
    def _home_step(self, st) -> int:
        """The height of a seat's home row: smaller with many seats on a low board, so the spaces keep
        room for their rewards."""
        return 34 if st.n <= 3 or self.height() >= 560 else 28
    def _layout(self) -> None:
        st = self.state
        self.space_rects.clear()
        self.glass_rects.clear()
        self.home_rects.clear()
        w, h = self.width(), self.height()
        homes_h = self._home_step(st) * max(1, st.n)
        col_w = (w - 16) / 3
        area_h = h - homes_h - 16
        row_h = (area_h - 26) / 2
        for i, a in enumerate(AREAS):
            x0 = 8 + i * col_w
            for r, row in enumerate(st.res.side.areas[a].rows):
                y0 = 8 + 22 + r * row_h
                glass_w = 30
                n = max(1, len(row.spaces))
                sw = (col_w - glass_w - 12) / n
                for k, sp in enumerate(row.spaces):
                    box = QRectF(x0 + glass_w + 6 + k * sw, y0 + 4, sw - 4, row_h - 10)
                    top = QRectF(box.left(), box.top(), box.width(), box.height() * 0.55)
                    bottom = QRectF(box.left(), top.bottom(), box.width(), box.height() * 0.45)
                    self.space_rects[sp.id] = (top, bottom)
                g = st.glasses[a]
                if g.row == r:
                    self.glass_rects[a] = QRectF(x0 + 4, y0 + row_h / 2 - 30, glass_w - 6, 56)
        for q in range(st.n):
            step = self._home_step(st)
            self.home_rects[q] = QRectF(8, h - homes_h - 4 + q * step, w - 16, step - 4)

    # ---- painting ----------------------------------------------------------------------------------
    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#efe6d2"))
        st = self.state
        if st is None:
            return
        self._layout()
        self.painted_ms = st.now
        self.worker_spots = []
        f = QFont()
        col_w = (self.width() - 16) / 3
        # one size for every space's reward: the largest at which each fits its gold frame (per size
        # of the board: the clock repaints it 40 times a second)
        if self._label_for != (self.width(), self.height(), st.n):
            self._label_for = (self.width(), self.height(), st.n)
            self.label_px = min((_wrap_size(QFont(), _label_box(top), self._label(st.spaces[sid][2]),
                                            11, 7) for sid, (top, _bottom) in self.space_rects.items()), default=11)
        for i, a in enumerate(AREAS):
            x0 = 8 + i * col_w
            area_rect = QRectF(x0, 8, col_w - 6, self.height() - self._home_step(st) * max(1, st.n) - 20)
            p.setPen(QPen(AREA_COLOURS[a], 2))
            p.setBrush(AREA_COLOURS[a].lighter(185))
            p.drawRoundedRect(area_rect, 8, 8)
            f.setBold(True)
            p.setPen(AREA_COLOURS[a].darker(130))
            head = f"{a.capitalize()} — " + glass_reading(st, a)[1]
            if a == "purple":
                head += f" · markers {st.markers[0]}/{st.markers[1]}"
            _fit_text(p, f, QRectF(x0 + 8, 10, col_w - 20, 18), head)
            rows = st.res.side.areas[a].rows
            for r, row in enumerate(rows):
                self._paint_row_marks(p, st, a, r)
                for sp in row.spaces:
                    self._paint_space(p, st, sp, a, r)
            if a in self.glass_rects:
                self._paint_glass(p, st, a, self.glass_rects[a])
        self._paint_homes(p, st)
        if self.drag is not None:
            q, wid, _start, now = self.drag
            w = st.worker(q, wid)
            self._paint_worker(p, q, w.size, QPointF(now), drag=True)

    def _paint_row_marks(self, p: QPainter, st, a: str, r: int) -> None:
        """The golden circles beside a row (purple: markers on the empty ones)."""
        if a != "purple":
            return
        top, _b = self.space_rects[st.res.side.areas[a].rows[r].spaces[0].id] if st.res.side.areas[a].rows[r].spaces \
            else (None, None)
        if top is None:
            return
        x = top.left() - 30
        for k in range(st.markers[r]):
            c = QPointF(x + 6 + k * 9, top.top() + 4)
            p.setPen(QPen(GOLD.darker(140), 1))
            p.setBrush(QColor("#b388d9"))
            p.drawEllipse(c, 4, 4)

    def _paint_space(self, p: QPainter, st, sp, a: str, r: int) -> None:
        top, bottom = self.space_rects[sp.id]
        glass_here = st.glasses[a].row == r
        p.setPen(QPen(GOLD, 2.5 if glass_here else 1.2))
        p.setBrush(QColor("#fff8e1") if glass_here else QColor("#f7f1e3"))
        p.drawRect(top)
        p.setPen(QPen(QColor("#8d7b5a"), 1))
        p.setBrush(QColor("#e9dfc8"))
        p.drawRect(bottom)
        if sp.id in self.targets:  # the selected worker may go here: a green wash and frame
            p.setPen(QPen(TARGET, 3))
            p.setBrush(QColor(46, 157, 79, 95))
            p.drawRect(top.adjusted(1.5, 1.5, -1.5, -1.5))
        f = QFont()
        p.setPen(QColor("#333"))
        f.setPixelSize(self.label_px)
        p.setFont(f)
        p.drawText(_label_box(top), WRAP, self._label(sp))
        p.setPen(QColor("#7a6a4a"))
        _fit_text(p, f, bottom.adjusted(3, 1, -3, -1), sp.id, largest=9, smallest=6,
                  align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom)
        if sp.id in st.neutral:
            p.setPen(QPen(QColor("#555"), 1))
            p.setBrush(QColor("#9e9e9e"))
            p.drawRect(QRectF(top.right() - 14, top.bottom() - 14, 10, 10))
        for part, rect in (("top", top), ("bottom", bottom)):
            here = [(q, w) for q, s in enumerate(st.seats) for w in s.workers if w.space == sp.id and w.part == part]
            for k, (q, w) in enumerate(here):
                if self.drag is not None and (q, w.wid) == self.drag[:2]:
                    continue
                c = QPointF(rect.left() + 12 + k * 20, rect.bottom() - 12)
                self._paint_worker(p, q, w.size, c, selected=(q, w.wid) == self.selected)
                self.worker_spots.append((QRectF(c.x() - 10, c.y() - 10, 20, 20), q, w.wid))

    @staticmethod
    def _label(sp) -> str:
        return ("◆ " if sp.size == "small" else "") + effect_text(sp.reward)

    def _paint_worker(self, p: QPainter, q: int, size: str, c: QPointF, drag: bool = False,
                      selected: bool = False) -> None:
        """A disc in the seat's colour, shaded like a wooden piece, with an outline that contrasts with
        it (a pale worker on the cream board gets a dark one) and a shadow; the selected one ringed."""
        colour = QColor(self.provider.seat_colour(q))
        radius = 8.5 if size == "large" else 6
        if selected:
            p.setPen(QPen(SELECTED, 2.5))
            p.setBrush(QColor(21, 101, 192, 50))
            p.drawEllipse(c, radius + 4.5, radius + 4.5)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 70))
        p.drawEllipse(c + QPointF(1.2, 1.6), radius, radius)
        shade = QRadialGradient(c - QPointF(radius * 0.35, radius * 0.4), radius * 1.5)
        shade.setColorAt(0, colour.lighter(125) if colour.lightness() < 200 else QColor("#ffffff"))
        shade.setColorAt(1, colour.darker(125))
        if drag:
            shade.setColorAt(0, QColor(255, 255, 255, 200))
        outline = QColor("#262626") if colour.lightness() > 110 else QColor("#f2f2f2")
        p.setPen(QPen(outline, 2 if drag or colour.lightness() > 180 else 1.5))
        p.setBrush(shade)
        p.drawEllipse(c, radius, radius)

    def _paint_glass(self, p: QPainter, st, a: str, r: QRectF) -> None:
        """A sandglass whose sand runs from the upper bulb to the lower one with the clock."""
        frac, _head, under, alarm = glass_reading(st, a)
        cx, top, bot, mid = r.center().x(), r.top() + 4, r.bottom() - 4, r.center().y()
        half = r.width() / 2 - 2
        frame = QPainterPath()
        frame.moveTo(cx - half, top)
        frame.lineTo(cx + half, top)
        frame.lineTo(cx + 2, mid)
        frame.lineTo(cx + half, bot)
        frame.lineTo(cx - half, bot)
        frame.lineTo(cx - 2, mid)
        frame.closeSubpath()
        p.setPen(QPen(AREA_COLOURS[a].darker(150), 1.5))
        p.setBrush(QColor(255, 255, 255, 170))
        p.drawPath(frame)
        sand = QColor("#c62828") if alarm else QColor("#e0b049")
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(sand)
        # upper bulb: what is left; lower bulb: what has run
        h_up = (mid - top) * frac
        if h_up > 0.5:
            w_up = half * (h_up / (mid - top))
            up = QPainterPath()
            up.moveTo(cx - w_up, mid - h_up)
            up.lineTo(cx + w_up, mid - h_up)
            up.lineTo(cx + 1, mid)
            up.lineTo(cx - 1, mid)
            up.closeSubpath()
            p.drawPath(up)
        h_down = (bot - mid) * (1 - frac)
        if h_down > 0.5:
            w_top = half * (1 - h_down / (bot - mid))
            down = QPainterPath()
            down.moveTo(cx - w_top, bot - h_down)
            down.lineTo(cx + w_top, bot - h_down)
            down.lineTo(cx + half, bot)
            down.lineTo(cx - half, bot)
            down.closeSubpath()
            p.drawPath(down)
        if 0 < frac < 1:  # the thin stream while it runs
            p.setPen(QPen(sand, 1))
            p.drawLine(QPointF(cx, mid), QPointF(cx, bot - h_down))
        f = QFont()
        f.setPixelSize(9)
        f.setBold(True)
        p.setFont(f)
        p.setPen(QColor("#c62828") if alarm else QColor("#222"))
        p.drawText(QRectF(r.left() - 6, r.bottom(), r.width() + 12, 12), Qt.AlignmentFlag.AlignCenter, under)

    def _paint_homes(self, p: QPainter, st) -> None:
        f = QFont()
        f.setPixelSize(11)
        for q, rect in self.home_rects.items():
            target = self.home_target and self.selected is not None and self.selected[0] == q
            p.setPen(QPen(TARGET, 3) if target else QPen(self.provider.seat_colour(q).darker(130), 1))
            p.setBrush(QColor("#e3f2e6") if target else QColor("#f9f5ea"))
            p.drawRoundedRect(rect, 5, 5)
            p.setFont(f)
            p.setPen(QColor("#333"))
            name = self.provider.window.names[q]
            p.drawText(rect.adjusted(8, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, f"{name} — home")
            home = [w for w in st.seats[q].workers if w.space is None]
            for k, w in enumerate(home):
                if self.drag is not None and (q, w.wid) == self.drag[:2]:
                    continue
                c = QPointF(rect.left() + 190 + k * 24, rect.center().y())
                self._paint_worker(p, q, w.size, c, selected=(q, w.wid) == self.selected)
                self.worker_spots.append((QRectF(c.x() - 10, c.y() - 10, 20, 20), q, w.wid))

    # ---- input ------------------------------------------------------------------------------------
    def worker_at(self, pos: QPointF) -> tuple[int, str] | None:
        for rect, q, wid in reversed(self.worker_spots):
            if rect.contains(pos):
                return q, wid
        return None

    def space_at(self, pos: QPointF) -> str | None:
        for sid, (top, bottom) in self.space_rects.items():
            if top.contains(pos) or bottom.contains(pos):
                return sid
        return None

    def home_at(self, pos: QPointF) -> int | None:
        return next((q for q, r in self.home_rects.items() if r.contains(pos)), None)

    def glass_at(self, pos: QPointF) -> str | None:
        return next((a for a, r in self.glass_rects.items() if r.adjusted(-4, -4, 4, 16).contains(pos)), None)

    def mousePressEvent(self, e) -> None:
        if self.state is None:
            return
        if e.button() == Qt.MouseButton.RightButton:
            self.let_go.emit()
            return
        if e.button() != Qt.MouseButton.LeftButton:
            return
        pos = e.position()
        hit = self.worker_at(pos)
        if hit is not None:
            self.drag = (hit[0], hit[1], QPointF(pos), QPointF(pos))
            self.pressed_worker.emit(*hit)
            return
        area = self.glass_at(pos)
        if area is not None:
            self.clicked_glass.emit(area)
            return
        sid = self.space_at(pos)
        if sid is not None:
            self.clicked_target.emit(sid)
        elif self.selected is not None and self.home_at(pos) == self.selected[0]:
            self.clicked_target.emit(None)
        elif self.selected is not None:
            self.let_go.emit()

    def mouseMoveEvent(self, e) -> None:
        if self.drag is not None:
            q, wid, start, _now = self.drag
            self.drag = (q, wid, start, QPointF(e.position()))
            self.update()

    def mouseReleaseEvent(self, e) -> None:
        if self.drag is None:
            return
        q, wid, start, _now = self.drag
        self.drag = None
        pos = e.position()
        self.update()
        if (pos - start).manhattanLength() < 6:
            self.clicked_worker.emit(q, wid)
            return
        sid = self.space_at(pos)
        if sid is not None:
            self.dropped.emit(q, wid, sid)
        elif self.home_at(pos) is not None:
            self.dropped.emit(q, wid, None)
        else:
            self.let_go.emit()  # dropped on nothing: the worker stays where it was

    def keyPressEvent(self, e) -> None:
        if e.key() == Qt.Key.Key_Escape and self.selected is not None:
            self.let_go.emit()
            return
        super().keyPressEvent(e)
