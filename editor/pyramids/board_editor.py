"""The Pyramids board painter: open squares, deserts and power squares on the 11-wide board, with
both home zones tinted (they must stay free of desert, PYR404)."""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (QButtonGroup, QFormLayout, QGroupBox, QLineEdit, QPushButton,
                               QRadioButton, QSpinBox, QVBoxLayout, QWidget)

from gridsmith.formats import coords
from gridsmith.formats.pyramids.board import MAX_HEIGHT, MIN_HEIGHT, Board
from gridsmith.formats.pyramids.pieces import BOARD_WIDTH, HOME_ROWS, OPEN

from ..core import commands
from ..core.commands import ModelSnapshot
from ..core.document import EditorDocument
from ..core.editorwidget import GridEditor, Panel
from ..core.toolbox import ToolBox
from .art import DESERT_COLOUR, HOME_TINT, OPEN_COLOUR, POWER_COLOUR, paint_terrain

KIND = "pyramids.board"
TERRAIN = ((".", "Open"), ("D", "Desert"), ("P", "Power square"))


class BoardDocument(EditorDocument):
    kind = KIND

    def grid_size(self) -> tuple[int, int]:
        return (BOARD_WIDTH, len(self.model.rows))

    def cell(self, x: int, y: int) -> str:
        row = self.model.rows[y]
        return row[x] if x < len(row) else OPEN

    def home_of_row(self, y: int) -> int:
        """0: the player's home zone, 1: Cheops', -1: between them."""
        return 0 if y >= len(self.model.rows) - HOME_ROWS else 1 if y < HOME_ROWS else -1

    def _write_cell(self, x: int, y: int, value: str) -> None:
        row = self.model.rows[y].ljust(BOARD_WIDTH, OPEN)
        self.model.rows[y] = row[:x] + value + row[x + 1:]

    def locate(self, path: tuple) -> tuple:
        if len(path) >= 3 and path[0] == "rows" and isinstance(path[1], int) and isinstance(path[2], int):
            return ("cell", path[2], path[1])
        if len(path) == 2 and path[0] == "rows" and isinstance(path[1], int):
            return ("cell", 0, path[1])
        return ("field", tuple(path)) if path else ("none",)

    def set_height(self, height: int) -> bool:
        """Undoable: rows are added or removed in the middle, so both home zones keep their rows."""
        h0 = len(self.model.rows)
        if height == h0 or not MIN_HEIGHT <= height <= MAX_HEIGHT:
            return False

        def mutate(m: Board) -> None:
            mid = len(m.rows) // 2
            if height > h0:
                m.rows = m.rows[:mid] + [OPEN * BOARD_WIDTH] * (height - h0) + m.rows[mid:]
            else:
                cut = h0 - height
                start = mid - cut // 2
                m.rows = m.rows[:start] + m.rows[start + cut:]

        self.undo_stack.push(ModelSnapshot(self, f"Board height {height}", mutate))
        return True


class BoardPanel(QWidget):
    """Tools, the terrain palette, the name and the height."""

    def __init__(self, editor: "BoardEditor"):
        super().__init__()
        self.editor = editor
        doc = editor.document
        lay = QVBoxLayout(self)
        lay.addWidget(ToolBox(editor.tool_actions()))
        box = QGroupBox("Square")
        bl = QVBoxLayout(box)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        for i, (ch, label) in enumerate(TERRAIN):
            rb = QRadioButton(f"{label} ({ch})")
            self.group.addButton(rb, i)
            self.buttons[ch] = rb
            bl.addWidget(rb)
        self.buttons["D"].setChecked(True)
        lay.addWidget(box)
        form = QFormLayout()
        self.name = QLineEdit(doc.model.name)
        self.name.editingFinished.connect(lambda: self.name.text() and commands.set_value(
            doc, ("name",), self.name.text(), "Rename board"))
        form.addRow("Name", self.name)
        self.height = QSpinBox()
        self.height.setRange(MIN_HEIGHT, MAX_HEIGHT)
        self.height.setValue(len(doc.model.rows))
        self.height.editingFinished.connect(lambda: doc.set_height(self.height.value()))
        form.addRow("Rows", self.height)
        lay.addLayout(form)
        mirror = QPushButton("Mirror top half onto bottom")
        mirror.setToolTip("Make the board symmetric for both sides (point symmetry)")
        mirror.clicked.connect(self.mirror)
        lay.addWidget(mirror)
        lay.addStretch(1)
        doc.valueChanged.connect(self.refresh)

    def value(self) -> str:
        return TERRAIN[self.group.checkedId()][0]

    def set_value(self, ch: str) -> None:
        if ch in self.buttons:
            self.buttons[ch].setChecked(True)

    def refresh(self, _path=()) -> None:
        m = self.editor.document.model
        if self.name.text() != m.name:
            self.name.setText(m.name)
        self.height.setValue(len(m.rows))

    def mirror(self) -> None:
        doc = self.editor.document
        rows = doc.model.rows
        h = len(rows)
        values = {}
        for y in range((h + 1) // 2, h):
            src = rows[h - 1 - y]
            for x in range(BOARD_WIDTH):
                values[(x, y)] = src[BOARD_WIDTH - 1 - x]
        commands.paint(doc, values, "Mirror board")


class BoardEditor(GridEditor):
    erase_value = OPEN

    def __init__(self, document: BoardDocument, parent=None):
        super().__init__(document, parent)
        self.panel = BoardPanel(self)

    def cell_key(self, x: int, y: int):
        """Tiles show the home zones too: the key is (square, zone)."""
        return (self.document.cell(x, y), self.document.home_of_row(y))

    def render_tile(self, p: QPainter, r: QRect, key) -> None:
        ch, home = key
        paint_terrain(p, r, ch, grid=False)
        if home >= 0:
            p.fillRect(r, HOME_TINT[home])

    def colour_of(self, key) -> QColor:
        ch, home = key
        c = {"D": DESERT_COLOUR, "P": POWER_COLOUR}.get(ch, OPEN_COLOUR)
        return c.darker(112) if home >= 0 else c

    def current_value(self) -> str:
        return self.panel.value()

    def set_current_value(self, value) -> None:
        self.panel.set_value(value)

    def describe_cell(self, x: int, y: int) -> str:
        ch, home = self.document.cell(x, y), self.document.home_of_row(y)
        h = len(self.document.model.rows)
        name = dict(TERRAIN).get(ch, f"{ch!r} (not a board square)")
        zone = ["the player's home zone", "Cheops' home zone"][home] if home >= 0 else "between the home zones"
        return f"{coords.algebraic(h).short((x, y))}: {name.lower()}, {zone}"

    def describe_location(self, cell) -> str:
        """A problem's square in the manual's notation, as the status bar and the play window name it."""
        return f"square {coords.algebraic(len(self.document.model.rows)).short(tuple(cell))}"

    def panels(self) -> list[Panel]:
        return [Panel("palette", "Board", self.panel, Qt.DockWidgetArea.LeftDockWidgetArea), *super().panels()]
