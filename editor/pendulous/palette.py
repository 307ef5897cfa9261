"""The painting palette of manual 4.1: the player radio group, the square-type radio group, and
the tools. Together they say which map character the brush paints."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QGroupBox,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ..core.toolbox import ToolBox
from .art import SEAT_NAMES, SEAT_QCOLOURS, WATER_COLOUR, char_for, seat_of, type_of

TYPES = (("land", "Land"), ("city", "City"), ("water", "Water"))
TYPE_TIPS = {
    "land": "Land square of the selected player: may hold one army; victory points while supplied (2.1, 2.3)",
    "city": "City of the selected player: a source of supply, holds no army, defends its neighbours (2.1, 2.8)",
    "water": "Water: no action takes place on it; it blocks supply; port cities reach across it (2.1)",
}


def swatch(colour: QColor, size: int = 14) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(colour)
    return QIcon(pm)


class Palette(QWidget):
    valueChanged = Signal(str)

    def __init__(self, document, tool_actions, parent=None):
        super().__init__(parent)
        self.document = document
        lay = QVBoxLayout(self)
        tools_box = ToolBox(tool_actions)
        self.tool_buttons = tools_box.tool_buttons
        lay.addWidget(tools_box)

        pbox = QGroupBox("Player")
        pl = QVBoxLayout(pbox)
        self.player_group = QButtonGroup(self)
        self.player_buttons: list[QRadioButton] = []
        for seat in range(1, 5):
            rb = QRadioButton()
            rb.setIcon(swatch(SEAT_QCOLOURS[seat - 1]))
            rb.setToolTip(f"Paint squares of seat {seat} ({SEAT_NAMES[seat - 1].lower()}); turns go red, gray, "
                          "green, blue (2.2)")
            self.player_group.addButton(rb, seat)
            self.player_buttons.append(rb)
            pl.addWidget(rb)
        lay.addWidget(pbox)

        tbox = QGroupBox("Square type")
        tl2 = QVBoxLayout(tbox)
        self.type_group = QButtonGroup(self)
        self.type_buttons: dict[str, QRadioButton] = {}
        for i, (key, label) in enumerate(TYPES):
            rb = QRadioButton(label)
            rb.setToolTip(TYPE_TIPS[key])
            if key == "water":
                rb.setIcon(swatch(WATER_COLOUR))
            self.type_group.addButton(rb, i)
            self.type_buttons[key] = rb
            tl2.addWidget(rb)
        lay.addWidget(tbox)
        lay.addStretch(1)

        self.player_buttons[0].setChecked(True)
        self.type_buttons["land"].setChecked(True)
        self.player_group.idToggled.connect(self._changed)
        self.type_group.idToggled.connect(self._changed)
        document.valueChanged.connect(self.refresh)
        self.refresh(())

    def seat(self) -> int:
        return self.player_group.checkedId()

    def square_type(self) -> str:
        return TYPES[self.type_group.checkedId()][0]

    def value(self) -> str:
        return char_for(self.seat(), self.square_type())

    def set_value(self, ch: str) -> None:
        """The picker: select the radio buttons that paint `ch`."""
        t = type_of(ch)
        if t not in self.type_buttons:  # not a map square, or a missing one
            return
        self.type_buttons[t].setChecked(True)
        seat = seat_of(ch)
        if seat is not None and seat <= len(self.document.model.players):
            self.player_buttons[seat - 1].setChecked(True)

    def _changed(self, _id: int, checked: bool) -> None:
        if checked:
            self.player_group.setExclusive(True)
            for b in self.player_buttons:
                b.setEnabled(self.square_type() != "water" and self.player_buttons.index(b) < len(self.document.model.players))
            self.valueChanged.emit(self.value())

    def refresh(self, path) -> None:
        if path and path[0] != "players":
            return
        players = self.document.model.players
        for i, b in enumerate(self.player_buttons):
            present = i < len(players)
            b.setText(f"{players[i].name} ({SEAT_NAMES[i].lower()})" if present else f"{SEAT_NAMES[i]} (no player)")
            b.setEnabled(present and self.square_type() != "water")
        if self.seat() > len(players):
            self.player_buttons[0].setChecked(True)
