"""The circuit painter's palette: the owner (a side's colour or grey), the object to place (with a
capacitor's charge), the gridrunner level, and the beam tracer's direction and flux."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QRadioButton, QSpinBox, QVBoxLayout, QWidget)

from gridsmith.formats.circuitwar import lattice as L

from ..core.forms import guard_wheel
from .art import GREY_COLOUR, SEAT_COLOURS
from .widgets import Rosette

OBJECTS = (("R", "Resistor"), ("C", "Capacitor"), ("S", "Switch on (closed)"), ("O", "Switch off (open)"),
           (">", "Diode (drag its direction)"), ("G", "Ground"), ("T", "Transformer"))
LEVELS = (("", "the ruleset's build level"), ("w", "weak"), ("n", "nominal"), ("s", "strong"))


def swatch(colour: QColor) -> QIcon:
    pm = QPixmap(14, 14)
    pm.fill(colour)
    return QIcon(pm)


class Palette(QWidget):
    changed = Signal()
    traceChanged = Signal()

    def __init__(self, names: list[str], max_charge: int, start_charge: int, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.owner_box = QGroupBox("Owner")
        self.owner_layout = QVBoxLayout(self.owner_box)
        self.owners = QButtonGroup(self)
        self.owners.idToggled.connect(lambda *_: self.changed.emit())
        self.set_sides(names)
        lay.addWidget(self.owner_box)

        obj_box = QGroupBox("Object")
        ol = QVBoxLayout(obj_box)
        self.objects = QButtonGroup(self)
        for i, (ch, text) in enumerate(OBJECTS):
            b = QRadioButton(text)
            b.setProperty("char", ch)
            self.objects.addButton(b, i)
            ol.addWidget(b)
        self.objects.button(0).setChecked(True)
        row = QHBoxLayout()
        row.addWidget(QLabel("Capacitor charge"))
        self.charge = QSpinBox()
        self.charge.setRange(0, max_charge)
        self.charge.setValue(start_charge)
        self.start_charge = start_charge
        self.charge.setToolTip(f"Stored energy of a placed capacitor (0-{max_charge}; the ruleset starts "
                               f"one at {start_charge})")
        row.addWidget(self.charge)
        ol.addLayout(row)
        lay.addWidget(obj_box)

        form_box = QGroupBox("Gridrunner and beam")
        form = QFormLayout(form_box)
        self.level = QComboBox()
        for ch, text in LEVELS:
            self.level.addItem(text, ch)
        form.addRow("Level", self.level)
        self.direction = Rosette("Direction to fire", 1)
        self.flux = Rosette("Flux (where it turns at a T)", 0)
        form.addRow("Beam direction", self.direction)
        form.addRow("Flux", self.flux)
        self.direction.changed.connect(lambda *_: self.traceChanged.emit())
        self.flux.changed.connect(lambda *_: self.traceChanged.emit())
        self.trace_label = QLabel("Beam tracer (T): click a gridrunner")
        self.trace_label.setWordWrap(True)
        form.addRow(self.trace_label)
        lay.addWidget(form_box)
        lay.addStretch(1)
        guard_wheel(self)

    def set_sides(self, names: list[str]) -> None:
        """One radio button per side in its colour, and grey (a circuit nobody owns)."""
        current = self.owner_char() if self.owners.buttons() else "1"
        for b in self.owners.buttons():
            self.owners.removeButton(b)
            b.deleteLater()
        entries = [(str(i + 1), name, SEAT_COLOURS[i]) for i, name in enumerate(names[:4])]
        entries.append((L.GREY, "Grey (nobody's)", GREY_COLOUR))
        for i, (ch, text, colour) in enumerate(entries):
            b = QRadioButton(text)
            b.setIcon(swatch(colour))
            b.setProperty("char", ch)
            self.owners.addButton(b, i)
            self.owner_layout.addWidget(b)
            if ch == current:
                b.setChecked(True)
        if self.owners.checkedButton() is None:
            self.owners.button(0).setChecked(True)

    def owner_char(self) -> str:
        b = self.owners.checkedButton()
        return b.property("char") if b is not None else "1"

    def set_owner(self, ch: str) -> None:
        for b in self.owners.buttons():
            if b.property("char") == ch:
                b.setChecked(True)

    def object_char(self) -> str:
        return self.objects.checkedButton().property("char")

    def set_object(self, ch: str) -> None:
        ch = ">" if ch in L.DIODE_CHARS else ch
        for b in self.objects.buttons():
            if b.property("char") == ch:
                b.setChecked(True)

    def charge_value(self) -> int | None:
        """The capacitor's charge to write, None when it is the ruleset's start charge."""
        v = self.charge.value()
        return None if v == self.start_charge else v

    def level_char(self) -> str:
        return self.level.currentData()

    def beam(self) -> tuple[int, int]:
        return self.direction.value(), self.flux.value()


