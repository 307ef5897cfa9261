"""Small Circuit War widgets shared by the painter and play: the direction/flux rosette and the
energy bar that darkens by the cost of the selected build (manual: the bar shows what a build
would take)."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QLabel, QToolButton, QWidget

DIRS = "NESW"
#: (row, column) of each direction's button in the rosette's 3x3 grid
PLACES = {0: (0, 1), 1: (1, 2), 2: (2, 1), 3: (1, 0)}


class Rosette(QWidget):
    """Four buttons in a compass cross; one is chosen (N E S W = 0 1 2 3)."""

    changed = Signal(int)

    def __init__(self, title: str, value: int = 0, parent=None):
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setSpacing(1)
        grid.setContentsMargins(0, 0, 0, 0)
        self.group = QButtonGroup(self)
        for d, (r, c) in PLACES.items():
            b = QToolButton()
            b.setText(DIRS[d])
            b.setCheckable(True)
            b.setFixedSize(QSize(26, 22))
            b.setToolTip(f"{title}: {'north east south west'.split()[d]}")
            self.group.addButton(b, d)
            grid.addWidget(b, r, c)
        centre = QLabel(title[:1])
        centre.setAlignment(Qt.AlignmentFlag.AlignCenter)
        centre.setToolTip(title)
        grid.addWidget(centre, 1, 1)
        self.group.button(value).setChecked(True)
        self.group.idToggled.connect(lambda d, on: on and self.changed.emit(d))

    def value(self) -> int:
        return self.group.checkedId()

    def setValue(self, d: int) -> None:  # noqa: N802 - Qt's naming, like the other fields
        self.group.button(d).setChecked(True)


class EnergyBar(QWidget):
    """A side's energy out of the cap in its colour; `cost` darkens the part a build would take."""

    def __init__(self, colour: QColor, parent=None):
        super().__init__(parent)
        self.colour = colour
        self.energy, self.cap, self.cost = 0, 150, 0
        self._text = ""
        self.setMinimumSize(120, 20)

    def set_values(self, energy: int, cap: int, cost: int, text: str) -> None:
        self.energy, self.cap, self.cost, self._text = energy, max(1, cap), cost, text
        self.setToolTip(text)
        self.update()

    def text(self) -> str:
        return self._text

    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        r = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        p.fillRect(r, QColor("#f2f2f2"))
        w = r.width() * max(0, min(self.energy, self.cap)) / self.cap
        after = r.width() * max(0, min(self.energy - self.cost, self.cap)) / self.cap if self.cost else w
        p.fillRect(QRectF(r.left(), r.top(), after, r.height()), self.colour)
        if self.cost and w > after:
            p.fillRect(QRectF(r.left() + after, r.top(), w - after, r.height()), self.colour.darker(250))
        p.setPen(QColor("#555555"))
        p.drawRect(r)
        box = r.adjusted(4, 0, -4, 0)
        text = p.fontMetrics().elidedText(self._text, Qt.TextElideMode.ElideLeft, int(box.width()))
        back = p.fontMetrics().boundingRect(text)
        back.moveRight(int(box.right()) + 1)
        back.moveTop(int(box.center().y() - back.height() / 2))
        p.fillRect(QRectF(back).adjusted(-3, 1, 2, -1), QColor(255, 255, 255, 200))  # readable on the fill
        p.setPen(QColor("#111111"))
        p.drawText(box, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, text)
        p.end()
