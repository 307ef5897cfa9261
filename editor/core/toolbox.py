"""The "Tools" box of a palette: one button per tool action, two to a row (shared by every game)."""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QGridLayout, QGroupBox, QToolButton


class ToolBox(QGroupBox):
    def __init__(self, actions: Iterable[QAction], title: str = "Tools") -> None:
        super().__init__(title)
        grid = QGridLayout(self)
        self.tool_buttons: list[QToolButton] = []
        for i, action in enumerate(actions):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setToolTip(action.toolTip())
            button.setMinimumWidth(72)
            grid.addWidget(button, i // 2, i % 2)
            self.tool_buttons.append(button)
