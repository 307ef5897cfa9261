"""Pendulum's board in the play window: the areas, rows and spaces of the scenario's side, the three
sandglasses running down with the engine's clock, the workers on their spaces and at home; drag a
worker, click a worker or a glass (the provider, editor.pendulum.play, turns them into actions)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QWidget

from gridsmith.formats.pendulum.effects import AREAS, effect_text

if TYPE_CHECKING:
    from .play import PendulumProvider

AREA_COLOURS = {"purple": QColor("#7b4ea3"), "green": QColor("#3f8f4f"), "black": QColor("#3a3a3a")}
GOLD = QColor("#c9a227")


def _secs(ms: int) -> str:
    s = (ms + 999) // 1000
    return f"{s // 60}:{s % 60:02d}"


class PendulumBoard(QWidget):
    """The areas, rows, spaces, glasses and workers, painted from the engine's state; drag and click."""

    dropped = Signal(int, str, object)  # seat, worker id, space id (None: home)
    clicked_worker = Signal(int, str)
    clicked_glass = Signal(str)

    def __init__(self, provider: "PendulumProvider") -> None:
        super().__init__()
        self.provider = provider
        self.setMinimumSize(620, 420)
        self.setMouseTracking(True)
        self.state = None  # the PendulumState shown
        self.painted_ms: int | None = None  # the clock the last paint showed
        self.space_rects: dict[str, tuple[QRectF, QRectF]] = {}
        self.glass_rects: dict[str, QRectF] = {}
        self.home_rects: dict[int, QRectF] = {}
        self.worker_spots: list[tuple[QRectF, int, str]] = []
        self.drag: tuple[int, str, QPointF, QPointF] | None = None  # seat, worker, press point, now

    # ---- layout ----------------------------------------------------------------------------------
    def _layout(self) -> None:
        st = self.state
        self.space_rects.clear()
        self.glass_rects.clear()
        self.home_rects.clear()
        w, h = self.width(), self.height()
        homes_h = 34 * max(1, st.n)
        col_w = (w - 16) / 3
        area_h = h - homes_h - 16
        row_h = (area_h - 26) / 2
        for i, a in enumerate(AREAS):
            x0 = 8 + i * col_w
            for r, row in enumerate(st.res.side.areas[a].rows):
                y0 = 8 + 22 + r * row_h
                glass_w = 34
                n = max(1, len(row.spaces))
                sw = (col_w - glass_w - 14) / n
                for k, sp in enumerate(row.spaces):
                    box = QRectF(x0 + glass_w + 6 + k * sw, y0 + 4, sw - 4, row_h - 10)
                    top = QRectF(box.left(), box.top(), box.width(), box.height() * 0.55)
                    bottom = QRectF(box.left(), top.bottom(), box.width(), box.height() * 0.45)
                    self.space_rects[sp.id] = (top, bottom)
                g = st.glasses[a]
                if g.row == r:
                    self.glass_rects[a] = QRectF(x0 + 4, y0 + row_h / 2 - 30, glass_w - 6, 56)
        for q in range(st.n):
            self.home_rects[q] = QRectF(8, h - homes_h - 4 + q * 34, w - 16, 30)

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
        for i, a in enumerate(AREAS):
            x0 = 8 + i * col_w
            area_rect = QRectF(x0, 8, col_w - 6, self.height() - 34 * max(1, st.n) - 20)
            p.setPen(QPen(AREA_COLOURS[a], 2))
            p.setBrush(AREA_COLOURS[a].lighter(185))
            p.drawRoundedRect(area_rect, 8, 8)
            f.setBold(True)
            f.setPixelSize(13)
            p.setFont(f)
            p.setPen(AREA_COLOURS[a].darker(130))
            g = st.glasses[a]
            left = max(0, g.expires - st.now)
            untimed = st.phase == "untimed"
            head = f"{a.capitalize()} — " + ("time track" if untimed else f"runs {_secs(left)}" if left else "expired")
            if a == "purple":
                head += f" · markers {st.markers[0]}/{st.markers[1]}"
            p.drawText(QRectF(x0 + 8, 10, col_w - 20, 18), Qt.AlignmentFlag.AlignLeft, head)
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
        f = QFont()
        f.setPixelSize(max(8, min(11, int(top.width() / 9))))
        p.setFont(f)
        p.setPen(QColor("#333"))
        label = ("◆ " if sp.size == "small" else "") + effect_text(sp.reward)
        p.drawText(top.adjusted(3, 2, -3, -2), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                   | Qt.TextFlag.TextWordWrap, label)
        f.setPixelSize(8)
        p.setFont(f)
        p.setPen(QColor("#7a6a4a"))
        p.drawText(bottom.adjusted(3, 1, -3, -1), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, sp.id)
        if sp.id in st.neutral:
            p.setPen(QPen(QColor("#555"), 1))
            p.setBrush(QColor("#9e9e9e"))
            p.drawRect(QRectF(top.right() - 14, top.bottom() - 14, 10, 10))
        for part, rect in (("top", top), ("bottom", bottom)):
            here = [(q, w) for q, s in enumerate(st.seats) for w in s.workers if w.space == sp.id and w.part == part]
            for k, (q, w) in enumerate(here):
                if self.drag is not None and (q, w.wid) == self.drag[:2]:
                    continue
                c = QPointF(rect.left() + 12 + k * 18, rect.bottom() - 11)
                self._paint_worker(p, q, w.size, c)
                self.worker_spots.append((QRectF(c.x() - 9, c.y() - 9, 18, 18), q, w.wid))

    def _paint_worker(self, p: QPainter, q: int, size: str, c: QPointF, drag: bool = False) -> None:
        colour = self.provider.seat_colour(q)
        radius = 8 if size == "large" else 5.5
        p.setPen(QPen(QColor("#000") if colour.lightness() > 120 else QColor("#ddd"), 1.5 if drag else 1))
        colour = QColor(colour)
        if drag:
            colour.setAlpha(200)
        p.setBrush(colour)
        p.drawEllipse(c, radius, radius)

    def _paint_glass(self, p: QPainter, st, a: str, r: QRectF) -> None:
        """A sandglass whose sand runs from the upper bulb to the lower one with the clock."""
        g = st.glasses[a]
        total = st.rules.sandglasses.duration(a)
        left = max(0, g.expires - st.now)
        frac = 0.0 if st.phase == "untimed" else min(1.0, left / total)
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
        untimed = st.phase == "untimed"  # the glasses lie still: the time track says when they move
        sand = QColor("#e0b049") if left or untimed else QColor("#c62828")
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
        if left and frac < 1:
            p.setPen(QPen(sand, 1))
            p.drawLine(QPointF(cx, mid), QPointF(cx, bot - h_down))
        f = QFont()
        f.setPixelSize(9)
        f.setBold(True)
        p.setFont(f)
        p.setPen(QColor("#222") if left or untimed else QColor("#c62828"))
        p.drawText(QRectF(r.left() - 6, r.bottom(), r.width() + 12, 12), Qt.AlignmentFlag.AlignCenter,
                   "" if untimed else _secs(left) if left else "flip!")

    def _paint_homes(self, p: QPainter, st) -> None:
        f = QFont()
        f.setPixelSize(11)
        for q, rect in self.home_rects.items():
            p.setPen(QPen(self.provider.seat_colour(q).darker(130), 1))
            p.setBrush(QColor("#f9f5ea"))
            p.drawRoundedRect(rect, 5, 5)
            p.setFont(f)
            p.setPen(QColor("#333"))
            name = self.provider.window.names[q]
            p.drawText(rect.adjusted(8, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, f"{name} — home")
            home = [w for w in st.seats[q].workers if w.space is None]
            for k, w in enumerate(home):
                if self.drag is not None and (q, w.wid) == self.drag[:2]:
                    continue
                c = QPointF(rect.left() + 190 + k * 22, rect.center().y())
                self._paint_worker(p, q, w.size, c)
                self.worker_spots.append((QRectF(c.x() - 9, c.y() - 9, 18, 18), q, w.wid))

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
        if self.state is None or e.button() != Qt.MouseButton.LeftButton:
            return
        pos = e.position()
        hit = self.worker_at(pos)
        if hit is not None:
            self.drag = (hit[0], hit[1], QPointF(pos), QPointF(pos))
            return
        area = self.glass_at(pos)
        if area is not None:
            self.clicked_glass.emit(area)

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
