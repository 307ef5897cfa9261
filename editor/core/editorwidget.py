"""The tab that edits one document: its view, its tools and its panels.

`DocumentEditor` is what the main window talks to; `GridEditor` implements it for grids of every
geometry (view, toolbar, tools, clipboard, live problems panel, world view) and leaves to a game's
subclass only what is game-specific: how a cell looks, the palette, the settings panel, test-play.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QKeySequence, QPainter, QResizeEvent
from PySide6.QtWidgets import QApplication, QBoxLayout, QLabel, QSpinBox, QToolBar, QVBoxLayout, QWidget

from . import commands, export, icons
from . import tools as core_tools
from .clipboard import Clip, ClipError
from .document import EditorDocument
from .geometry import Cell
from .gridview import GridItem, GridView, TileCache
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

    def edit_actions(self) -> list[QAction]:
        """Actions for the Edit menu besides Undo/Redo (cut, copy, paste, ...)."""
        return []

    def view_actions(self) -> list[QAction]:
        """Actions for the View menu besides zoom and panels (show grid, ...)."""
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
        self.problems_panel = ProblemsPanel(describe_path, model_of=lambda: self.document.model)
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


class GridEditor(ValidatedEditor):
    """A DocumentEditor for a grid of any geometry (the document's `geometry_class`: square, hex or
    lattice). Subclasses implement `render_tile`, `colour_of`, `current_value`, `set_current_value`,
    `erase_value`, `describe_cell`, `describe_path` and `focus_field`, may override `cell_key` (what a
    cell looks like, when more than its value), and may extend `panels()`.

    The tab holds a toolbar (tools with icons, cut/copy/paste, grid, zoom) and the brush size above the
    view: in one row when the tab is wide, in two with smaller icons when it is not (`_fit_toolbar`).
    Its Edit and View actions are also offered to the main window's menus (`edit_actions`,
    `view_actions`)."""

    erase_value: str = ""
    tool_classes = core_tools.ALL_TOOLS

    def __init__(self, document: EditorDocument, parent=None):
        super().__init__(document, parent)
        self.tiles = TileCache(self.render_tile)
        self.item = GridItem(document.geometry, self.cell_key, self.tiles)
        self.view = GridView(self.item)
        self.view.hovered.connect(self._hovered)
        self.brush_size = 1
        self.selection: list[Cell] = []
        self._stamp_from = None  # the tool to return to when a paste stamp is put away

        self.minimap = Minimap(self.view, document.geometry, lambda *c: self.colour_of(self.cell_key(*c)))
        self.start_validation(self.describe_path)
        self.problems_panel.problemActivated.connect(self.go_to_problem)

        document.cellsChanged.connect(self._cells_changed)
        document.gridReset.connect(self._grid_reset)

        self.tools = [cls(self) for cls in self.tool_classes if cls is not core_tools.EraserTool or self.erase_value]
        self._tool_group = QActionGroup(self)
        self._tool_actions: list[QAction] = []
        for t in self.tools:
            a = QAction(icons.icon(t.icon), t.label, self, checkable=True)
            a.setShortcut(t.shortcut)
            a.setToolTip(t.tooltip)
            a.setStatusTip(t.tooltip)
            a.setData(t.name)
            a.triggered.connect(lambda _c=False, tool=t: self.set_tool(tool.name))
            self._tool_group.addAction(a)
            self._tool_actions.append(a)
        self._build_actions()
        self.toolbar = self._build_toolbar()
        self.size_bar = self._build_size_bar()
        self._one_row = 0  # the width both bars take in one row at full icon size (measured at that size)
        # the two bars sit side by side when the tab is wide, one above the other when it is not
        self._bars = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self._bars.setSpacing(0)
        self._bars.addWidget(self.toolbar)
        self._bars.addWidget(self.size_bar)
        self._bars.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addLayout(self._bars)
        lay.addWidget(self.view, 1)  # the view takes the height (the bars' stretch is only sideways)
        self.set_tool("brush")
        self._selection_changed()

    def _action(self, icon: str, text: str, slot, shortcut=None, tip: str = "", checkable: bool = False) -> QAction:
        a = QAction(icons.icon(icon), text, self, checkable=checkable)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        keys = a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = f"{text.replace('&', '')} ({keys}): {tip}" if keys else f"{text.replace('&', '')}: {tip}"
        a.setToolTip(tip)
        a.setStatusTip(tip)
        a.triggered.connect(slot)
        return a

    def _build_actions(self) -> None:
        self.act_cut = self._action("cut", "Cu&t", self.cut, QKeySequence.StandardKey.Cut,
                                    "copy the selected cells and erase them (one undo step)")
        self.act_copy = self._action("copy", "&Copy", self.copy, QKeySequence.StandardKey.Copy,
                                     "copy the selected cells (as YAML text on the clipboard)")
        self.act_paste = self._action("paste", "&Paste", lambda: self.paste(), QKeySequence.StandardKey.Paste,
                                      "hold the copied cells under the mouse; a click places them")
        self.act_delete = self._action("", "&Delete", self.delete_selection, QKeySequence.StandardKey.Delete,
                                       "erase the selected cells (one undo step)")
        self.act_select_all = self._action("select", "Select &All", self.select_all, QKeySequence.StandardKey.SelectAll,
                                           "select every cell")
        self.act_deselect = self._action("", "Select &None", lambda: self.set_selection([]), "Ctrl+Shift+A",
                                         "clear the selection")
        self.act_grid = self._action("grid", "Show &Grid", self.set_grid_visible, "Ctrl+G",
                                     "grid lines on or off", checkable=True)
        self.act_grid.setChecked(True)
        self.act_zoom_in = self._action("zoom-in", "Zoom In", lambda: self.zoom_in(), None,
                                        "zoom in around the mouse (Ctrl+wheel, Ctrl++)")
        self.act_zoom_out = self._action("zoom-out", "Zoom Out", lambda: self.zoom_out(), None,
                                         "zoom out around the mouse (Ctrl+wheel, Ctrl+-)")
        self.act_zoom_fit = self._action("zoom-fit", "Fit Map", lambda: self.zoom_fit(), None,
                                         "show the whole map (Ctrl+9)")
        for a in self.edit_actions():
            a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(a)
        self.addAction(self.act_grid)

    def _build_toolbar(self) -> QToolBar:
        """The tools, cut/copy/paste, grid and zoom; the brush size is in `size_bar` beside it."""
        bar = QToolBar("Tools")
        bar.setIconSize(self.WIDE_ICONS)
        for a in self._tool_actions:
            bar.addAction(a)
        bar.addSeparator()
        for a in (self.act_cut, self.act_copy, self.act_paste):
            bar.addAction(a)
        bar.addSeparator()
        for a in (self.act_grid, self.act_zoom_out, self.act_zoom_in, self.act_zoom_fit):
            bar.addAction(a)
        return bar

    def _build_size_bar(self) -> QToolBar:
        bar = QToolBar("Brush size")
        label = QLabel(" Size ")
        self.size_spin = QSpinBox()
        self.size_spin.setRange(1, 9)
        self.size_spin.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.size_spin.setToolTip("Brush size: a square (a hexagon) this many cells across; also the width "
                                  "of a line")
        label.setToolTip(self.size_spin.toolTip())
        self.size_spin.valueChanged.connect(self.set_brush_size)
        bar.addSeparator()
        bar.addWidget(label)
        bar.addWidget(self.size_spin)
        return bar

    #: the toolbar's icons when the tab is wide, and when it is narrow (a 1024 screen with the docks open:
    #: the tab is ~390 px, and briefly ~360 while the docks settle; at 14 px the row takes ~345)
    WIDE_ICONS, NARROW_ICONS = QSize(22, 22), QSize(14, 14)

    def _fit_toolbar(self) -> None:
        """One row at full icon size when it fits the tab; else smaller icons with the brush size on a
        second row, so no button hides behind the toolbar's » (issue 30 item 6: the canvas at 1024 wide)."""
        if self.toolbar.iconSize() == self.WIDE_ICONS:
            self._one_row = self.toolbar.sizeHint().width() + self.size_bar.sizeHint().width()
        wide = self.width() >= self._one_row
        icons_size = self.WIDE_ICONS if wide else self.NARROW_ICONS
        if self.toolbar.iconSize() != icons_size:
            self.toolbar.setIconSize(icons_size)
        direction = QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
        if self._bars.direction() != direction:
            self._bars.setDirection(direction)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        self._fit_toolbar()
        super().resizeEvent(event)

    # ---- game-specific parts ----------------------------------------------------------------
    def render_tile(self, p: QPainter, r: QRect, key: Hashable) -> None:
        raise NotImplementedError

    def colour_of(self, key: Hashable) -> QColor:
        raise NotImplementedError

    def current_value(self) -> str:
        raise NotImplementedError

    def set_current_value(self, value: str) -> None:
        raise NotImplementedError

    def cell_key(self, *cell: int) -> Hashable:
        """What a cell looks like (its tile and world-view colour): by default its value."""
        return self.document.cell(*cell)

    def describe_cell(self, *cell: int) -> str:
        label = self.document.geometry().label(cell)
        return f"{label[0].upper()}{label[1:]}: {self.document.cell(*cell)!r}"

    def describe_path(self, path: tuple) -> str:
        loc = self.document.locate(tuple(path))
        if loc[0] == "cell":
            return self.describe_location(loc[1:])
        return " › ".join(str(p) for p in path) or "the file"

    def describe_location(self, cell) -> str:
        """A problem's cell for the problems panel: "square column 3, row 2", "hex column…", "edge…"."""
        g = self.document.geometry()
        noun = {"square": "square ", "hex": "hex "}.get(g.name, "")
        return noun + g.label(tuple(cell))

    def focus_field(self, path: tuple) -> None:
        """Show and focus the settings widget of a field (a problem was clicked)."""

    # ---- tools ----------------------------------------------------------------------------
    def tool_actions(self) -> list[QAction]:
        return self._tool_actions

    def edit_actions(self) -> list[QAction]:
        """Cut, Copy, Paste, Delete, Select All, Select None (for the Edit menu)."""
        return [self.act_cut, self.act_copy, self.act_paste, self.act_delete, self.act_select_all, self.act_deselect]

    def view_actions(self) -> list[QAction]:
        """Show Grid (for the View menu)."""
        return [self.act_grid]

    def set_tool(self, name: str) -> None:
        for t, a in zip(self.tools, self._tool_actions):
            if t.name == name:
                if self.view.tool is not None:
                    self.view.tool.cancel()
                self._stamp_from = None
                self.view.tool = t
                a.setChecked(True)
                t.hover(self.view.hover_cell)

    @property
    def tool(self):
        return self.view.tool

    def set_brush_size(self, n: int) -> None:
        self.brush_size = max(1, int(n))
        if self.size_spin.value() != self.brush_size:
            self.size_spin.setValue(self.brush_size)
        if self.view.tool is not None:
            self.view.tool.hover(self.view.hover_cell)

    def set_grid_visible(self, on: bool) -> None:
        self.item.show_grid = bool(on)
        self.act_grid.setChecked(bool(on))
        self.item.update()

    # ---- selection and clipboard --------------------------------------------------------------
    def set_selection(self, cells) -> None:
        g = self.document.geometry()
        self.selection = [tuple(c) for c in cells if g.contains(tuple(c))]
        self.view.show_marquee(self.selection)
        self._selection_changed()

    def _selection_changed(self) -> None:
        has = bool(self.selection)
        for a in (self.act_copy, self.act_delete, self.act_deselect):
            a.setEnabled(has)
        self.act_cut.setEnabled(has and bool(self.erase_value))
        self.act_delete.setEnabled(has and bool(self.erase_value))

    def select_all(self) -> None:
        self.set_selection(list(self.document.geometry().cells()))

    def clip(self) -> Clip | None:
        if not self.selection:
            return None
        doc = self.document
        return Clip.from_cells(doc.kind, doc.geometry(), {c: doc.cell(*c) for c in self.selection})

    def copy(self) -> bool:
        clip = self.clip()
        if clip is None:
            return False
        QApplication.clipboard().setText(clip.to_text())
        self.statusMessage.emit(f"Copied {len(clip.cells)} cells")
        return True

    def cut(self) -> bool:
        if not self.erase_value or not self.copy():
            return False
        commands.paint(self.document, {c: self.erase_value for c in self.selection}, "Cut")
        return True

    def delete_selection(self) -> bool:
        if not self.erase_value or not self.selection:
            return False
        return commands.paint(self.document, {c: self.erase_value for c in self.selection}, "Delete")

    def paste(self, text: str | None = None) -> bool:
        """Hold the clipboard's cells under the mouse (StampTool); False, with a status message,
        when the clipboard holds nothing this document can take."""
        text = QApplication.clipboard().text() if text is None else text
        doc = self.document
        try:
            clip = Clip.from_text(text)
        except ClipError as e:
            self.statusMessage.emit(f"Cannot paste: {e}")
            return False
        if clip.kind != doc.kind or clip.geometry != doc.geometry().name:
            self.statusMessage.emit(f"Cannot paste: the clipboard holds cells of a {clip.kind} ({clip.geometry}), "
                                    f"this is a {doc.kind}")
            return False
        if not clip.cells:
            return False
        previous = self._stamp_from or self.view.tool
        if self.view.tool is not None:
            self.view.tool.cancel()
        self.view.tool = core_tools.StampTool(self, clip.cells, doc.geometry().origin(clip.cells))
        self._stamp_from = previous
        self.view.tool.hover(self.view.hover_cell)
        self.statusMessage.emit(f"Pasting {len(clip.cells)} cells: click to place them, Esc to stop")
        return True

    def end_stamp(self) -> None:
        """Put the paste stamp away and go back to the tool used before."""
        previous, self._stamp_from = self._stamp_from, None
        if previous is not None:
            self.view.tool = previous
            for t, a in zip(self.tools, self._tool_actions):
                if t is previous:
                    a.setChecked(True)

    # ---- view and panels ------------------------------------------------------------------
    def panels(self) -> list[Panel]:
        return [
            *super().panels(),
            Panel("worldview", "World View", self.minimap, Qt.DockWidgetArea.RightDockWidgetArea, shortcut="Ctrl+M"),
        ]

    def go_to_problem(self, path) -> None:
        loc = self.document.locate(tuple(path or ()))
        if loc[0] == "cell":
            self.view.select_cell(*loc[1:])
            self.view.setFocus()
        elif loc[0] == "field":
            self.view.selection.hide()
            self.focus_field(loc[1])

    def _hovered(self, cell) -> None:
        self.statusMessage.emit("" if cell is None else self.describe_cell(*cell))

    def _cells_changed(self, cells) -> None:
        self.item.update_cells(cells)
        self.minimap.update_cells(cells)
        hover = self.view.hover_cell
        if hover is not None and hover in cells:  # the status bar describes the cell as it is now
            self._hovered(hover)

    def _grid_reset(self) -> None:
        self.item.rebuild()
        self.view.sync_scene_rect()
        self.minimap.rebuild()
        if self.selection:
            self.set_selection(self.selection)  # drops cells that no longer exist
        self.view.refresh_hover(force=True)

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

    def export_png(self, path: str, scale: float = 1.0) -> bool:
        return export.export_png(self.item, path, scale)


#: the name from before geometries (a square grid is a GridEditor whose document is square)
SquareGridEditor = GridEditor
