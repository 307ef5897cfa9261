"""The time-track editor (Zeitanzeigetableau, rulebook "Spiel ohne aktive Sanduhren"): the steps of
one board side drawn as a strip, each with the three glasses it flips (a click on a glass toggles
it, one undo step), Add step and Remove last step, and the purple count beside the side's purple
markers ("the last marker on the last step"); steps a problem names are outlined red. The rules
(first step flips all three, purple flips = markers, the last flips purple) are the formats'
`formats.pendulum.board` checks, shown live in the problems panel."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.pendulum.board import TimeStep, purple_markers
from gridsmith.formats.pendulum.effects import AREAS

from .art import AREA_COLOUR, GOLD_FRAME, INK, PARCHMENT

STEP_W, STEP_H, GLASS = 86, 214, 40
ERROR = QColor("#d32f2f")


def glass_rect(step: int, j: int) -> QRectF:
    """Where glass `j` (purple, green, black) of step `step` is drawn."""
    return QRectF(10 + step * (STEP_W + 8) + (STEP_W - GLASS) / 2, 34 + j * (GLASS + 8), GLASS, GLASS)


class TimeTrackStrip(QWidget):
    """The steps; `glassClicked(step, area)` on a click on a glass."""

    glassClicked = Signal(int, str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.steps: list[TimeStep] = []
        self.bad: set[int] = set()
        self.all_bad = False
        self.rects: dict[tuple[int, str], QRectF] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_steps(self, steps, bad: set[int], all_bad: bool) -> None:
        self.steps, self.bad, self.all_bad = list(steps), bad, all_bad
        self.rects = {(i, area): glass_rect(i, j) for i in range(len(self.steps)) for j, area in enumerate(AREAS)}
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(20 + len(self.steps) * (STEP_W + 8), STEP_H + 20)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, _e) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        f = QFont(self.font())
        purple_seen = 0
        n_purple = sum("purple" in st.flip for st in self.steps)
        for i, st in enumerate(self.steps):
            x = 10 + i * (STEP_W + 8)
            box = QRectF(x, 8, STEP_W, STEP_H)
            p.setPen(QPen(ERROR if i in self.bad or self.all_bad else GOLD_FRAME, 3 if i in self.bad else 2))
            p.setBrush(PARCHMENT)
            p.drawRoundedRect(box, 6, 6)
            f.setBold(True)
            f.setPixelSize(12)
            p.setFont(f)
            p.setPen(INK)
            p.drawText(QRectF(x, 12, STEP_W, 16), Qt.AlignmentFlag.AlignCenter, f"step {i + 1}")
            for j, area in enumerate(AREAS):
                r = self.rects[(i, area)]
                on = area in st.flip
                p.setPen(QPen(AREA_COLOUR[area], 2))
                p.setBrush(AREA_COLOUR[area] if on else QColor("white"))
                # a sandglass: two triangles tip to tip
                c = r.center()
                h, w = r.height() / 2 - 2, r.width() / 2 - 6
                p.drawPolygon([QPointF(c.x() - w, c.y() - h), QPointF(c.x() + w, c.y() - h), c,
                               QPointF(c.x() - w, c.y() + h), QPointF(c.x() + w, c.y() + h), c])
            f.setBold(False)
            f.setPixelSize(10)
            p.setFont(f)
            if "purple" in st.flip:
                purple_seen += 1
                label = f"marker {purple_seen}/{n_purple}" + ("\nopening" if i == 0 else "")
                if i == len(self.steps) - 1:
                    label += "\ncouncil"
                p.setPen(AREA_COLOUR["purple"])
                p.drawText(QRectF(x, 34 + 3 * (GLASS + 8), STEP_W, 30), Qt.AlignmentFlag.AlignCenter, label)

    def mousePressEvent(self, e) -> None:  # noqa: N802 - Qt's name
        for (i, area), r in self.rects.items():
            if r.contains(e.position()):
                self.glassClicked.emit(i, area)
                return


class TimeTrackEditor(QWidget):
    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.side_name = "1-3"
        lay = QVBoxLayout(self)
        intro = QLabel("Rounds without active sandglasses: on each step everyone acts untimed; when all are done "
                       "the marker advances and the glasses shown are flipped. Click a glass to toggle it.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.strip = TimeTrackStrip()
        self.strip.glassClicked.connect(self.toggle)
        scroll = QScrollArea()
        scroll.setWidget(self.strip)
        scroll.setWidgetResizable(True)
        scroll.setMinimumHeight(STEP_H + 40)
        lay.addWidget(scroll)
        row = QHBoxLayout()
        self.add_button = QPushButton("Add step")
        self.add_button.clicked.connect(self.add_step)
        self.remove_button = QPushButton("Remove last step")
        self.remove_button.clicked.connect(self.remove_step)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        lay.addLayout(row)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        lay.addStretch(1)

    def side(self):
        return self.doc.side(self.side_name)

    def toggle(self, i: int, area: str) -> None:
        side = self.side()
        if side is None:
            return
        flip = list(side.time_track[i].flip)
        flip = [a for a in AREAS if (a in flip) != (a == area)]
        self.doc.edit(("sides", self.side_name, "time_track", i, "flip"), flip,
                      f"Time track step {i + 1}: {'flip' if area in flip else 'keep'} {area}")

    def add_step(self) -> None:
        if self.side() is None:
            return
        name = self.side_name
        self.doc.restructure("Add time-track step", lambda m: m.sides[name].time_track.append(
            TimeStep(flip=["black"])))

    def remove_step(self) -> None:
        side = self.side()
        if side is None or not side.time_track:
            return
        name = self.side_name
        self.doc.restructure("Remove time-track step", lambda m: m.sides[name].time_track.pop())

    def show_side(self, name: str, problems) -> None:
        self.side_name = name
        side = self.side()
        self.setEnabled(side is not None)
        if side is None:
            self.strip.set_steps([], set(), False)
            self.summary.setText("This side is missing.")
            return
        tp = ("sides", name, "time_track")
        mine = [p for p in problems if tuple(p.path[:3]) == tp]
        bad = {p.path[3] for p in mine if len(p.path) > 3 and isinstance(p.path[3], int)}
        all_bad = any(len(p.path) == 3 and p.severity is Severity.ERROR for p in mine)
        self.strip.set_steps(side.time_track, bad, all_bad)
        purple = sum("purple" in st.flip for st in side.time_track)
        markers = purple_markers(side)
        text = (f"{len(side.time_track)} steps; purple is flipped {purple} times and the side has {markers} purple "
                f"markers (the opening flip takes the first, the last step's flip the last and calls the council).")
        if mine:
            text += "\n" + "\n".join(f"{'✖' if p.severity is Severity.ERROR else '⚠'} {p.message}" for p in mine)
        self.summary.setText(text)
        self.remove_button.setEnabled(bool(side.time_track))
