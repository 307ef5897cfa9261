"""The strategic-setup library (manual "Start of Game": "Up to 255 strategic setups may be stored")
and the setup painter: the 4 x 11 home zone of the selected setup, a palette with the remaining count
of each piece of the library's piece set, drag to swap, random fill, clear and mirror.

The painter shows the home zone as the owner sees it from his seat: the front row on top, facing the
enemy, the back row at the bottom. An empty square is `.` while editing (PYR409 until it is filled).
"""
from __future__ import annotations

import random
from collections import Counter

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (QButtonGroup, QGridLayout, QGroupBox, QHBoxLayout, QInputDialog, QLabel,
                               QLineEdit, QListWidget, QPushButton, QRadioButton, QVBoxLayout,
                               QWidget)

from gridsmith.formats.pyramids.pieces import BOARD_WIDTH, EMPTY, HOME_ROWS, PIECES
from gridsmith.formats.pyramids.pieceset import Counts, PieceSet
from gridsmith.formats.pyramids.refs import PIECESET, RefError, load_ref
from gridsmith.formats.pyramids.setups import MAX_SETUPS, Setup
from gridsmith.formats.registry import CheckContext

from ..core import commands, tools as core_tools
from ..core.commands import ModelSnapshot
from ..core.document import EditorDocument
from ..core.editorwidget import GridEditor, Panel
from ..core.reffield import RefField
from ..core.toolbox import ToolBox
from .art import OPEN_COLOUR, SIDE_COLOURS, paint_setup_square, piece_label

KIND = "pyramids.setups"
EMPTY_ROW = EMPTY * BOARD_WIDTH


class SetupsDocument(EditorDocument):
    kind = KIND

    def __init__(self, model, file=None, path=None, parent=None):
        super().__init__(model, file, path, parent)
        self.current = 0

    # ---- the grid: the current setup, front row on top ----------------------------------------
    def setup(self) -> Setup | None:
        s = self.model.setups
        if not s:
            return None
        self.current = max(0, min(self.current, len(s) - 1))
        return s[self.current]

    def grid_size(self) -> tuple[int, int]:
        return (BOARD_WIDTH, HOME_ROWS) if self.model.setups else (0, 0)

    def cell(self, x: int, y: int) -> str:
        s = self.setup()
        row = s.rows[HOME_ROWS - 1 - y] if s and HOME_ROWS - 1 - y < len(s.rows) else ""
        return row[x] if x < len(row) else EMPTY

    def _write_cell(self, x: int, y: int, value: str) -> None:
        s = self.setup()
        r = HOME_ROWS - 1 - y
        while len(s.rows) <= r:
            s.rows.append(EMPTY_ROW)
        row = s.rows[r].ljust(BOARD_WIDTH, EMPTY)
        s.rows[r] = row[:x] + value + row[x + 1:]

    def select(self, index: int) -> None:
        if index != self.current and 0 <= index < len(self.model.setups):
            self.current = index
            self.gridReset.emit()
            self.valueChanged.emit(("current",))

    def locate(self, path: tuple) -> tuple:
        if len(path) >= 3 and path[0] == "setups" and isinstance(path[1], int) and path[2] == "rows":
            if path[1] != self.current:
                self.select(path[1])
            if len(path) >= 5 and isinstance(path[3], int) and isinstance(path[4], int):
                return ("cell", path[4], HOME_ROWS - 1 - path[3])
            if len(path) == 4 and isinstance(path[3], int):
                return ("cell", 0, HOME_ROWS - 1 - path[3])
        return ("field", tuple(path)) if path else ("none",)

    # ---- the library's piece set ----------------------------------------------------------
    def counts(self) -> Counts:
        try:
            return load_ref(self.model.pieceset, ".pieceset.yaml", PieceSet, CheckContext(file=self.path)).counts
        except RefError:
            return Counts()

    def remaining(self) -> dict[str, int]:
        """Pieces of the piece set not yet placed in the current setup (negative: too many)."""
        s = self.setup()
        used = Counter("".join(s.rows)) if s else Counter()
        return {ch: n - used.get(ch, 0) for ch, n in self.counts().by_char().items()}

    # ---- library edits (undoable) -------------------------------------------------------------
    def _library_edit(self, text: str, mutate, select: int | None = None) -> bool:
        self.undo_stack.push(ModelSnapshot(self, text, mutate))
        if select is not None:
            self.select(select)
        return True

    def _unique(self, base: str) -> str:
        names = {s.name for s in self.model.setups}
        if base not in names:
            return base
        k = 2
        while f"{base} {k}" in names:
            k += 1
        return f"{base} {k}"

    def add_setup(self) -> bool:
        if len(self.model.setups) >= MAX_SETUPS:
            return False
        name = self._unique("New setup")
        n = len(self.model.setups)
        return self._library_edit(f"Add setup {name}", lambda m: m.setups.append(
            Setup(name=name, rows=[EMPTY_ROW] * HOME_ROWS)), n)

    def duplicate_setup(self) -> bool:
        s = self.setup()
        if s is None or len(self.model.setups) >= MAX_SETUPS:
            return False
        i = self.current
        copy = s.model_copy(deep=True)
        copy.name = self._unique(f"{s.name} copy")
        return self._library_edit(f"Duplicate {s.name}", lambda m: m.setups.insert(i + 1, copy), i + 1)

    def rename_setup(self, name: str) -> bool:
        s = self.setup()
        if s is None or not name or name == s.name:
            return False
        return commands.set_value(self, ("setups", self.current, "name"), name, f"Rename {s.name} to {name}")

    def move_setup(self, delta: int) -> bool:
        i, j = self.current, self.current + delta
        if not 0 <= j < len(self.model.setups):
            return False

        def mutate(m):
            m.setups[i], m.setups[j] = m.setups[j], m.setups[i]

        return self._library_edit("Reorder setups", mutate, j)

    def delete_setup(self) -> bool:
        s = self.setup()
        if s is None:
            return False
        i = self.current
        return self._library_edit(f"Delete {s.name}", lambda m: m.setups.pop(i), max(0, i - 1))

    # ---- whole-setup edits ------------------------------------------------------------------
    def _all_cells(self, rows_back_to_front: list[str]) -> dict:
        return {(x, HOME_ROWS - 1 - r): rows_back_to_front[r][x] for r in range(HOME_ROWS) for x in range(BOARD_WIDTH)}

    def clear(self) -> bool:
        return commands.paint(self, self._all_cells([EMPTY_ROW] * HOME_ROWS), "Clear setup")

    def mirror(self) -> bool:
        s = self.setup()
        return s is not None and commands.paint(self, self._all_cells([r[::-1] for r in s.rows]), "Mirror setup")

    def random_fill(self, rng: random.Random | None = None) -> bool:
        """Fill the empty squares with the pieces still to place; the pyramid, if still to place, goes
        to one of the two back rows when there is room (as the game's random setups do)."""
        rng = rng or random.Random()
        s = self.setup()
        if s is None:
            return False
        rows = [r.ljust(BOARD_WIDTH, EMPTY) for r in s.rows]
        pool = [ch for ch, n in self.remaining().items() for _ in range(max(0, n))]
        empty = [(r, c) for r in range(HOME_ROWS) for c in range(BOARD_WIDTH) if rows[r][c] == EMPTY]
        grid = [list(r) for r in rows]
        if "P" in pool:
            back = [rc for rc in empty if rc[0] < 2] or empty
            if back:
                r, c = rng.choice(back)
                grid[r][c] = "P"
                empty.remove((r, c))
                pool.remove("P")
        rng.shuffle(pool)
        for (r, c), ch in zip(empty, pool):
            grid[r][c] = ch
        return commands.paint(self, self._all_cells(["".join(g) for g in grid]), "Random fill")


class SwapTool(core_tools.Tool):
    """Drag a piece onto another square: the two squares swap (one undo step)."""

    name, label, shortcut, icon = "swap", "Swap", "S", "swap"
    tooltip = "Swap (S): drag a piece onto another square to swap them"

    def __init__(self, host):
        super().__init__(host)
        self.start = None

    def press(self, cell, button) -> None:
        if button == Qt.MouseButton.LeftButton:
            self.start = cell
            self.view.show_preview([cell])

    def move(self, cell, buttons) -> None:
        if self.start is not None:
            self.view.show_preview([self.start, cell])

    def release(self, cell, button) -> None:
        start, self.start = self.start, None
        self.view.preview.hide()
        if start is None or cell is None or cell == start:
            return
        a, b = self.doc.cell(*start), self.doc.cell(*cell)
        commands.paint(self.doc, {start: b, cell: a}, "Swap pieces")

    def cancel(self) -> None:
        self.start = None
        self.view.preview.hide()


class PiecePalette(QWidget):
    """One button per rank with the number still to place; red when too many are placed."""

    def __init__(self, editor: "SetupsEditor"):
        super().__init__()
        self.editor = editor
        doc = editor.document
        lay = QVBoxLayout(self)
        lay.addWidget(ToolBox(editor.tool_actions()))
        box = QGroupBox("Pieces (still to place)")
        bl = QVBoxLayout(box)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        for i, (_name, ch) in enumerate(PIECES):
            rb = QRadioButton()
            self.group.addButton(rb, i)
            self.buttons[ch] = rb
            bl.addWidget(rb)
        self.buttons["8"].setChecked(True)
        lay.addWidget(box)
        row = QHBoxLayout()
        for label, slot, tip in (("Random fill", doc.random_fill, "Fill the empty squares with the pieces left"),
                                 ("Clear", doc.clear, "Empty every square"),
                                 ("Mirror", doc.mirror, "Mirror the setup left to right")):
            b = QPushButton(label)
            b.setToolTip(tip)
            b.clicked.connect(lambda _c=False, f=slot: f())
            row.addWidget(b)
        lay.addLayout(row)
        self.total = QLabel()
        lay.addWidget(self.total)
        lay.addStretch(1)
        doc.cellsChanged.connect(self.refresh)
        doc.gridReset.connect(self.refresh)
        doc.valueChanged.connect(self.refresh)
        self.refresh()

    def value(self) -> str:
        return PIECES[self.group.checkedId()][1]

    def set_value(self, ch: str) -> None:
        if ch in self.buttons:
            self.buttons[ch].setChecked(True)

    def refresh(self, *_args) -> None:
        rem = self.editor.document.remaining()
        for ch, b in self.buttons.items():
            n = rem.get(ch, 0)
            b.setText(f"{piece_label(ch)}: {n}")
            b.setStyleSheet("color: #c62828;" if n < 0 else "")
        left = sum(n for n in rem.values() if n > 0)
        extra = -sum(n for n in rem.values() if n < 0)
        self.total.setText(f"{left} to place" + (f", {extra} too many" if extra else ""))


class LibraryPanel(QWidget):
    """The setups of the library: select, add, duplicate, rename, reorder, delete (at most 255)."""

    def __init__(self, doc: SetupsDocument):
        super().__init__()
        self.doc = doc
        lay = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.currentRowChanged.connect(lambda i: i >= 0 and doc.select(i))
        lay.addWidget(self.list)
        grid = QGridLayout()
        self.buttons = {}
        for i, (key, label, slot) in enumerate((
                ("add", "Add", doc.add_setup), ("duplicate", "Duplicate", doc.duplicate_setup),
                ("rename", "Rename…", self.rename), ("delete", "Delete", doc.delete_setup),
                ("up", "Move up", lambda: doc.move_setup(-1)), ("down", "Move down", lambda: doc.move_setup(1)))):
            b = QPushButton(label)
            b.clicked.connect(lambda _c=False, f=slot: f())
            grid.addWidget(b, i // 2, i % 2)
            self.buttons[key] = b
        lay.addLayout(grid)
        self.name = QLineEdit(doc.model.name)
        self.name.setPlaceholderText("library name")
        self.name.editingFinished.connect(lambda: self.name.text() and commands.set_value(
            doc, ("name",), self.name.text(), "Rename library"))
        lay.addWidget(self.name)
        self.pieceset = RefField(PIECESET, lambda: doc.path)  # the setups are checked against it: picked, not typed
        self.pieceset.setToolTip("The piece set the setups are checked against")
        self.pieceset.changed.connect(lambda t: commands.set_value(doc, ("pieceset",), t or "default", "Piece set"))
        lay.addWidget(QLabel("Piece set"))
        lay.addWidget(self.pieceset)
        self.count = QLabel()
        lay.addWidget(self.count)
        doc.valueChanged.connect(self.refresh)
        doc.gridReset.connect(self.refresh)
        self.refresh()

    def rename(self, name: str | None = None) -> None:
        s = self.doc.setup()
        if s is None:
            return
        if name is None:
            name, ok = QInputDialog.getText(self, "Rename setup", "Name:", text=s.name)
            if not ok:
                return
        self.doc.rename_setup(name.strip())

    def refresh(self, *_args) -> None:
        names = [s.name for s in self.doc.model.setups]
        if [self.list.item(i).text() for i in range(self.list.count())] != names:
            self.list.blockSignals(True)
            self.list.clear()
            self.list.addItems(names)
            self.list.blockSignals(False)
        self.list.blockSignals(True)
        self.list.setCurrentRow(self.doc.current if names else -1)
        self.list.blockSignals(False)
        full = len(names) >= MAX_SETUPS
        self.buttons["add"].setEnabled(not full)
        self.buttons["duplicate"].setEnabled(bool(names) and not full)
        self.count.setText(f"{len(names)} of {MAX_SETUPS} setups")
        self.pieceset.set_value(self.doc.model.pieceset)


class SetupsEditor(GridEditor):
    erase_value = EMPTY
    tool_classes = (core_tools.BrushTool, SwapTool, core_tools.EraserTool, core_tools.PickerTool,
                    core_tools.SelectTool)

    def __init__(self, document: SetupsDocument, parent=None):
        super().__init__(document, parent)
        self.palette_panel = PiecePalette(self)
        self.library_panel = LibraryPanel(document)

    def render_tile(self, p: QPainter, r: QRect, key) -> None:
        paint_setup_square(p, r, key)

    def colour_of(self, key) -> QColor:
        """The world view: sand for an empty square; a piece in the player's blue, darker the
        stronger it is (pyramid, sphinx, cobra, then 1 to 8), so a full setup is not one blue block."""
        if key == EMPTY:
            return OPEN_COLOUR
        rank = next((i for i, (_n, ch) in enumerate(PIECES) if ch == key), None)
        if rank is None:
            return QColor("#ff00ff")
        return SIDE_COLOURS[0].lighter(60 + 12 * rank)

    def current_value(self) -> str:
        return self.palette_panel.value()

    def set_current_value(self, value: str) -> None:
        self.palette_panel.set_value(value)

    @staticmethod
    def _square(x: int, y: int) -> str:
        """A square of the home zone in the painter's words (y 0 is the front row, on top)."""
        return f"{['front row', 'third row', 'second row', 'back row'][y]}, column {x + 1}"

    def describe_cell(self, x: int, y: int) -> str:
        ch = self.document.cell(x, y)
        what = "empty" if ch == EMPTY else piece_label(ch)
        return f"{self._square(x, y)}: {what}"

    def describe_path(self, path: tuple) -> str:
        path = tuple(path)
        if len(path) >= 2 and path[0] == "setups" and isinstance(path[1], int):
            setups = self.document.model.setups
            name = setups[path[1]].name if path[1] < len(setups) else f"setup {path[1] + 1}"
            if (len(path) >= 5 and path[2] == "rows" and isinstance(path[3], int) and isinstance(path[4], int)
                    and 0 <= path[3] < HOME_ROWS):  # a square (PYR409), as the status bar names it
                return f"setup {name!r} › {self._square(path[4], HOME_ROWS - 1 - path[3])}"
            return f"setup {name!r}" + (" › " + " › ".join(map(str, path[2:3])) if len(path) > 2 else "")
        return super().describe_path(path)

    def panels(self) -> list[Panel]:
        return [
            Panel("palette", "Pieces", self.palette_panel, Qt.DockWidgetArea.LeftDockWidgetArea),
            Panel("settings", "Setup library", self.library_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            *super().panels(),
        ]
