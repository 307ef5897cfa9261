"""The piece-set editor of the SETUP program: "Simply add and subtract from each piece rank, making
sure that you finish with a surplus of zero for each side. There must be one pyramid and one cobra."
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QFormLayout, QGridLayout, QLabel, QLineEdit, QPushButton, QSpinBox,
                               QVBoxLayout)

from gridsmith.formats.pyramids.pieces import PIECES, PIECES_PER_SIDE

from ..core import commands
from ..core.forms import guard_wheel
from ..core.document import EditorDocument
from ..core.editorwidget import ValidatedEditor
from .art import piece_label

KIND = "pyramids.pieceset"


class PieceSetDocument(EditorDocument):
    kind = KIND

    def grid_size(self) -> tuple[int, int]:
        return (0, 0)

    def surplus(self) -> int:
        """Pieces still to add (positive) or to remove (negative) to reach 44."""
        return PIECES_PER_SIDE - self.model.counts.total

    def change(self, name: str, delta: int) -> bool:
        n = getattr(self.model.counts, name) + delta
        if n < 0 or n > PIECES_PER_SIDE:
            return False
        return commands.set_value(self, ("counts", name), n, f"{name} {'+' if delta > 0 else '-'}{abs(delta)}")


class PieceSetEditor(ValidatedEditor):
    def __init__(self, document: PieceSetDocument, parent=None):
        super().__init__(document, parent)
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit(document.model.name)
        self.name.editingFinished.connect(lambda: self.name.text() and commands.set_value(
            document, ("name",), self.name.text(), "Rename piece set"))
        form.addRow("Name", self.name)
        lay.addLayout(form)
        grid = QGridLayout()
        self.spins: dict[str, QSpinBox] = {}
        self.plus: dict[str, QPushButton] = {}
        self.minus: dict[str, QPushButton] = {}
        for i, (name, ch) in enumerate(PIECES):
            grid.addWidget(QLabel(piece_label(ch).capitalize()), i, 0)
            minus, plus = QPushButton("−"), QPushButton("+")
            minus.setFixedWidth(32)
            plus.setFixedWidth(32)
            spin = QSpinBox()
            spin.setRange(0, PIECES_PER_SIDE)
            spin.setValue(getattr(document.model.counts, name))
            spin.valueChanged.connect(lambda v, n=name: getattr(self.document.model.counts, n) != v and
                                      commands.set_value(self.document, ("counts", n), v, f"Set {n}", merge=True))
            minus.clicked.connect(lambda _c=False, n=name: document.change(n, -1))
            plus.clicked.connect(lambda _c=False, n=name: document.change(n, +1))
            grid.addWidget(minus, i, 1)
            grid.addWidget(spin, i, 2)
            grid.addWidget(plus, i, 3)
            self.spins[name], self.plus[name], self.minus[name] = spin, plus, minus
        lay.addLayout(grid)
        self.surplus = QLabel()
        self.surplus.setAlignment(Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(self.surplus)
        lay.addStretch(1)
        self.start_validation(lambda p: " › ".join(map(str, p)) or "the piece set")
        guard_wheel(self)  # the wheel changes a field only when it has the focus
        document.valueChanged.connect(self.refresh)
        self.refresh()

    def refresh(self, _path=()) -> None:
        c = self.document.model.counts
        for name, spin in self.spins.items():
            if spin.value() != getattr(c, name):
                spin.blockSignals(True)
                spin.setValue(getattr(c, name))
                spin.blockSignals(False)
        s = self.document.surplus()
        ok = s == 0 and c.pyramid == 1 and c.cobra == 1
        self.surplus.setText(f"Surplus: {s}   (total {c.total} of {PIECES_PER_SIDE})" +
                             ("" if ok else " — must end at zero, with one pyramid and one cobra"))
        self.surplus.setStyleSheet("" if ok else "color: #c62828; font-weight: bold;")
        if self.name.text() != self.document.model.name:
            self.name.setText(self.document.model.name)

