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


class ValueBox(QGroupBox):
    """A palette's radio buttons, one per value a brush can paint: `value()` is the checked one,
    `set_value(v)` checks v (the picker). Any game's palette may use it."""

    def __init__(self, title: str, choices: Iterable[tuple[str, str]], checked: str | None = None) -> None:
        super().__init__(title)
        from PySide6.QtWidgets import QButtonGroup, QRadioButton, QVBoxLayout

        lay = QVBoxLayout(self)
        self.choices = list(choices)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        for i, (value, label) in enumerate(self.choices):
            rb = QRadioButton(label)
            self.group.addButton(rb, i)
            self.buttons[value] = rb
            lay.addWidget(rb)
        self.set_value(checked if checked is not None else self.choices[0][0])

    def value(self) -> str:
        return self.choices[self.group.checkedId()][0]

    def set_value(self, value: str) -> None:
        if value in self.buttons:
            self.buttons[value].setChecked(True)
