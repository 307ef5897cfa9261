"""The reports of manual 3.1 in the play window: one column per player (named, not by colour), one row per
figure, so a report fits without sideways scrolling."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

REPORT_TITLES = {"player": "Player Settings Report (3.1.1)", "game": "Game Settings (3.1.2)",
                 "combat": "Combat Report (3.1.3)"}


class ReportDialog(QDialog):
    """A modeless table of `rows` (dicts of figures; a row with a `seat` is a player's, named from `names`)."""

    def __init__(self, parent: QWidget, title: str, rows: list[dict], names: list[str]) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(420)
        lay = QVBoxLayout(self)
        keys = [k for k in (rows[0] if rows else {}) if k not in ("seat", "name")]
        heads = [names[i] if "seat" in r else "Game" for i, r in enumerate(rows)]
        table = QTableWidget(len(keys), len(rows))
        table.setHorizontalHeaderLabels(heads)
        table.setVerticalHeaderLabels([k.replace("_", " ").capitalize() for k in keys])
        for c, row in enumerate(rows):
            for r, k in enumerate(keys):
                v = row[k]
                table.setItem(r, c, QTableWidgetItem("—" if v is None else str(v)))
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        lay.addWidget(table)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        bb.accepted.connect(self.accept)
        lay.addWidget(bb)
        self.resize(max(420, 160 + 130 * len(rows)), min(640, 110 + 30 * len(keys)))
        self.setModal(False)
