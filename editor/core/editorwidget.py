"""The tab that edits one document: its view, its tools and its panels.

`DocumentEditor` is what the main window talks to; `SquareGridEditor` implements it for
square-cell grids (view, tools, live problems panel, world view) and leaves to a game's subclass
only what is game-specific: how a cell looks, the palette, the settings panel, test-play.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QPainter
from PySide6.QtWidgets import QVBoxLayout, QWidget

from . import tools as core_tools
from .document import EditorDocument
from .gridview import GridView, SquareGridItem, TileCache
from .minimap import Minimap
from .problems import LiveValidator, ProblemsPanel


@dataclass
class Panel:
    """A dock panel that an editor offers; the main window shows the current editor's panels."""

    id: str  # stable id; panels with the same id of different editors share one dock
    title: str
    widget: QWidget
    area: Qt.DockWidgetArea = Qt.DockWidgetArea.LeftDockWidgetArea
    visible: bool = True
    #: an entry in View > Panels toggles it (e.g. the world view, manual 3.4)
    shortcut: str = ""
    extra: dict = field(default_factory=dict)


class DocumentEditor(QWidget):
    """Interface between the main window and a game's editor."""

    #: text for the status bar (square under the mouse and what is on it)
    statusMessage = Signal(str)
    #: asks the main window to show (and raise) one of this editor's panels, by id
    showPanel = Signal(str)

    def __init__(self, document: EditorDocument, parent=None):
        super().__init__(parent)
        self.document = document

    def panels(self) -> list[Panel]:
        return []

    def tool_actions(self) -> list[QAction]:
        return []

    def can_play(self) -> bool:
        return False

    def play(self, main_window) -> None:  # pragma: no cover - games without test-play
        raise NotImplementedError

    def problems(self) -> list:
        return []

    def validate_now(self) -> list:
        return self.document.check()

    def zoom_in(self) -> None: ...
    def zoom_out(self) -> None: ...
    def zoom_reset(self) -> None: ...
    def zoom_fit(self) -> None: ...

    def export_png(self, path: str) -> bool:
        return False

    def close_editor(self) -> None:
        """Called when the tab closes: stop timers and threads."""


class ValidatedEditor(DocumentEditor):
    """A DocumentEditor whose document is checked as it is edited, with a problems panel."""

    def start_validation(self, describe_path) -> None:
        """Call once from __init__: `describe_path` names a problem's place for the panel."""
        self.problems_panel = ProblemsPanel(describe_path)
        self.validator = LiveValidator(self.document, parent=self)
        self.validator.problemsChanged.connect(self.problems_panel.set_problems)

    def panels(self) -> list[Panel]:
        return [Panel("problems", "Problems", self.problems_panel, Qt.DockWidgetArea.BottomDockWidgetArea)]

    def problems(self) -> list:
        return self.validator.problems

    def validate_now(self) -> list:
        return self.validator.run_now()

    def close_editor(self) -> None:
        self.validator.shutdown()


class SquareGridEditor(ValidatedEditor):
    """A DocumentEditor for square grids. Subclasses implement `render_tile`, `colour_of`,
    `current_value`, `set_current_value`, `erase_value`, `describe_cell`, `describe_path` and
    `focus_field`, and may extend `panels()`."""

    erase_value: str = ""
    tool_classes = core_tools.ALL_TOOLS

    def __init__(self, document: EditorDocument, parent=None):
        super().__init__(document, parent)
        self.tiles = TileCache(self.render_tile)
        self.item = SquareGridItem(document.grid_size, document.cell, self.tiles)
        self.view = GridView(self.item)
        self.view.cellHovered.connect(self._hovered)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.view)

        self.minimap = Minimap(self.view, document.grid_size, lambda x, y: self.colour_of(document.cell(x, y)))
        self.start_validation(self.describe_path)
        self.problems_panel.problemActivated.connect(self.go_to_problem)

        document.cellsChanged.connect(self._cells_changed)
        document.gridReset.connect(self._grid_reset)

        self.tools = [cls(self) for cls in self.tool_classes if cls is not core_tools.EraserTool or self.erase_value]
        self._tool_group = QActionGroup(self)
        self._tool_actions: list[QAction] = []
        for t in self.tools:
            a = QAction(t.label, self, checkable=True)
            a.setShortcut(t.shortcut)
            a.setToolTip(t.tooltip)
            a.setStatusTip(t.tooltip)
            a.setData(t.name)
            a.triggered.connect(lambda _c=False, tool=t: self.set_tool(tool.name))
            self._tool_group.addAction(a)
            self._tool_actions.append(a)
        self.set_tool("brush")

    # ---- game-specific parts ----------------------------------------------------------------
    def render_tile(self, p: QPainter, r: QRect, key: Hashable) -> None:
        raise NotImplementedError

    def colour_of(self, key: Hashable) -> QColor:
        raise NotImplementedError

    def current_value(self) -> str:
        raise NotImplementedError

    def set_current_value(self, value: str) -> None:
        raise NotImplementedError

    def describe_cell(self, x: int, y: int) -> str:
        return f"column {x + 1}, row {y + 1}: {self.document.cell(x, y)!r}"

    def describe_path(self, path: tuple) -> str:
        loc = self.document.locate(tuple(path))
        if loc[0] == "cell":
            return f"square column {loc[1] + 1}, row {loc[2] + 1}"
        return " › ".join(str(p) for p in path) or "the file"

    def focus_field(self, path: tuple) -> None:
        """Show and focus the settings widget of a field (a problem was clicked)."""

    # ---- tools ----------------------------------------------------------------------------
    def tool_actions(self) -> list[QAction]:
        return self._tool_actions

    def set_tool(self, name: str) -> None:
        for t, a in zip(self.tools, self._tool_actions):
            if t.name == name:
                if self.view.tool is not None:
                    self.view.tool.cancel()
                self.view.tool = t
                a.setChecked(True)

    @property
    def tool(self):
        return self.view.tool

    # ---- view and panels ------------------------------------------------------------------
    def panels(self) -> list[Panel]:
        return [
            *super().panels(),
            Panel("worldview", "World View", self.minimap, Qt.DockWidgetArea.RightDockWidgetArea, shortcut="Ctrl+M"),
        ]

    def go_to_problem(self, path) -> None:
        loc = self.document.locate(tuple(path or ()))
        if loc[0] == "cell":
            self.view.select_cell(loc[1], loc[2])
            self.view.setFocus()
        elif loc[0] == "field":
            self.view.selection.hide()
            self.focus_field(loc[1])

    def _hovered(self, x: int, y: int) -> None:
        self.statusMessage.emit("" if x < 0 else self.describe_cell(x, y))

    def _cells_changed(self, cells) -> None:
        self.item.update_cells(cells)
        self.minimap.update_cells(cells)

    def _grid_reset(self) -> None:
        self.item.rebuild()
        self.view.sync_scene_rect()
        self.minimap.rebuild()

    def zoom_in(self) -> None:
        self.view.zoom_in()

    def zoom_out(self) -> None:
        self.view.zoom_out()

    def zoom_reset(self) -> None:
        self.view.auto_fit = False
        self.view.set_zoom(1.0)

    def zoom_fit(self) -> None:
        self.view.auto_fit = True  # and keep fitting as the window resizes
        self.view.zoom_fit()

    def export_png(self, path: str) -> bool:
        return self.item.image.save(path, "PNG")
