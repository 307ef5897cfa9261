"""Map > Generate…: start from a generated, playable map (formats.pendulous.mapgen) instead of a
blank one. One undo step; the scenario's name, description and settings stay, seats that remain
keep their values."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
)

from gridsmith.formats.pendulous.mapgen import MAX_SIZE, MIN_SIZE, STYLES, default_players, generate_map

from ..core.commands import ModelSnapshot


class GenerateMapDialog(QDialog):
    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Generate map")
        w, h = doc.grid_size()
        form = QFormLayout(self)
        self.style = QComboBox()
        self.style.addItems(STYLES)
        self.style.setToolTip("continent: one landmass with seas, rivers and lakes; archipelago: islands, "
                              "so naval invasions are the only way to fight")
        self.width_spin = QSpinBox(minimum=MIN_SIZE, maximum=MAX_SIZE, value=max(MIN_SIZE, min(MAX_SIZE, w)))
        self.height_spin = QSpinBox(minimum=MIN_SIZE, maximum=MAX_SIZE, value=max(MIN_SIZE, min(MAX_SIZE, h)))
        self.players = QSpinBox(minimum=2, maximum=4, value=max(2, min(4, len(doc.model.players))))
        self.seed = QSpinBox(minimum=0, maximum=2**31 - 1, value=1)
        self.naval = QCheckBox("Naval invasions")
        self.naval.setChecked(doc.model.settings.naval_invasions)
        form.addRow("Style", self.style)
        form.addRow("Width", self.width_spin)
        form.addRow("Height", self.height_spin)
        form.addRow("Players", self.players)
        form.addRow("Seed", self.seed)
        form.addRow("", self.naval)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        bb.accepted.connect(self.accept)
        bb.rejected.connect(self.reject)
        form.addRow(bb)

    def options(self) -> dict:
        return dict(seed=self.seed.value(), width=self.width_spin.value(), height=self.height_spin.value(),
                    players=self.players.value(), style=self.style.currentText(), naval=self.naval.isChecked())


def generate_into(doc, seed: int, width: int, height: int, players: int, style: str, naval: bool) -> None:
    """Replace the map (and the seat list, if the number of players changes) by a generated one.
    ValueError / RuntimeError from the generator when it cannot (the caller shows it)."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        rows = generate_map(seed, width, height, players, style=style, naval_invasions=naval)
    finally:
        QApplication.restoreOverrideCursor()
    fresh = default_players(rows, players)

    def mutate(m) -> None:
        m.map = rows
        m.players = [*m.players[:players], *fresh[len(m.players):players]]
        m.settings.naval_invasions = naval

    doc.undo_stack.push(ModelSnapshot(doc, f"Generate {style} map {width}x{height}", mutate))
