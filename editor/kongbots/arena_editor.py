"""The Kongbots arena painter on the shared hex canvas: floor, walls, outside and each team's entry
hexes; a diamond generator of any size; a symmetry lock that mirrors every edit through the centre
(team A's entries become team B's); overlays for the line of sight from the hex under the mouse and
the ECM coverage an ECM carrier there would give — both computed by the engine
(engine.kongbots.arena, engine.core.hexgrid), never by the editor."""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QGroupBox, QHBoxLayout, QLineEdit, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from gridsmith.engine.core.hexgrid import within
from gridsmith.engine.kongbots.arena import arena_map
from gridsmith.formats.kongbots import arena as fmt
from gridsmith.formats.kongbots.modules import TEAMS
from gridsmith.formats.kongbots.templates import new_ruleset as default_ruleset

from ..core import commands
from ..core.commands import ModelSnapshot
from ..core.document import EditorDocument
from ..core.editorwidget import GridEditor, Panel
from ..core.forms import guard_wheel
from ..core.geometry import HexGeometry
from ..core.gridview import Overlay
from ..core.toolbox import ToolBox, ValueBox
from .art import HEXES, hex_colour, paint_hex

KIND = fmt.KIND
MIRROR = {TEAMS[0]: TEAMS[1], TEAMS[1]: TEAMS[0]}


class ArenaDocument(EditorDocument):
    """Cell (q, r) is character q of row r (formats.kongbots.arena)."""

    kind = KIND
    geometry_class = HexGeometry

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: the symmetry lock: every paint also writes the mirror image through the centre
        self.symmetric = False

    def grid_size(self) -> tuple[int, int]:
        return (max((len(r) for r in self.model.rows), default=0), len(self.model.rows))

    def cell(self, q: int, r: int) -> str:
        row = self.model.rows[r]
        return row[q] if q < len(row) else fmt.OUTSIDE

    def _write_cell(self, q: int, r: int, value: str) -> None:
        row = self.model.rows[r].ljust(q + 1, fmt.OUTSIDE)
        self.model.rows[r] = row[:q] + value + row[q + 1:]

    def mirror(self, cell: tuple[int, int]) -> tuple[int, int]:
        """The hex opposite `cell` through the arena's centre (a half turn of the rhombus)."""
        w, h = self.grid_size()
        return (w - 1 - cell[0], h - 1 - cell[1])

    def paint_values(self, values: dict) -> dict:
        if not self.symmetric:
            return values
        out = dict(values)
        for c, v in values.items():
            m = self.mirror(c)
            if m not in values:
                out[m] = MIRROR.get(v, v)
        return out

    def locate(self, path: tuple) -> tuple:
        if len(path) >= 3 and path[0] == "rows" and isinstance(path[1], int) and isinstance(path[2], int):
            return ("cell", path[2], path[1])
        if len(path) == 2 and path[0] == "rows" and isinstance(path[1], int) and path[1] < len(self.model.rows):
            return ("cell", 0, path[1])
        return ("field", tuple(path)) if path else ("none",)

    def generate_diamond(self, size: int, entries: int) -> None:
        """Undoable: the whole arena becomes a `size` x `size` diamond (formats.kongbots.arena.diamond)."""
        rows = fmt.diamond(size, min(entries, size * size // 2))

        def mutate(m: fmt.Arena) -> None:
            m.rows = rows

        self.undo_stack.push(ModelSnapshot(self, f"Diamond {size}x{size}", mutate))


class ArenaPanel(QWidget):
    """Tools, the hex palette, the name, the symmetry lock, the diamond generator, the overlays."""

    def __init__(self, editor: "ArenaEditor"):
        super().__init__()
        self.editor = editor
        doc = editor.document
        lay = QVBoxLayout(self)
        lay.addWidget(ToolBox(editor.tool_actions()))
        self.hexes = ValueBox("Hex", [(ch, f"{label} ({ch})") for ch, label in HEXES], fmt.WALL)
        lay.addWidget(self.hexes)
        form = QFormLayout()
        self.name = QLineEdit(doc.model.name)
        self.name.editingFinished.connect(lambda: self.name.text() and self.name.text() != doc.model.name
                                          and commands.set_value(doc, ("name",), self.name.text(), "Rename arena"))
        form.addRow("Name", self.name)
        lay.addLayout(form)
        self.symmetry = QCheckBox("Symmetry lock")
        self.symmetry.setToolTip("Mirror every edit through the arena's centre (an entry of team A becomes one "
                                 "of team B), so both teams get the same arena")
        self.symmetry.toggled.connect(lambda on: setattr(doc, "symmetric", on))
        lay.addWidget(self.symmetry)
        gen = QGroupBox("Diamond generator")
        gl = QFormLayout(gen)
        self.size = QSpinBox()
        self.size.setRange(2, fmt.MAX_SIDE)
        self.size.setValue(fmt.CLASSIC_SIZE)
        self.entries = QSpinBox()
        self.entries.setRange(1, 12)
        self.entries.setValue(3)
        gl.addRow("Size (hexes a side)", self.size)
        gl.addRow("Entry hexes a team", self.entries)
        self.generate = go = QPushButton("Generate diamond")
        go.setToolTip("Replace the arena with a diamond of floor, team A entering at the top corner and team B "
                      "at the bottom one (one undo step)")
        go.clicked.connect(lambda: doc.generate_diamond(self.size.value(), self.entries.value()))
        gl.addRow(go)
        lay.addWidget(gen)
        ov = QGroupBox("Overlays (hex under the mouse)")
        ol = QHBoxLayout(ov)
        self.sight = QCheckBox("Line of sight")
        self.sight.setToolTip("Tint every hex a Kongbot on the hex under the mouse could see (walls and outside "
                              "block; the engine's hex line of sight)")
        self.ecm = QCheckBox("ECM coverage")
        self.ecm.setToolTip("Outline the hexes an ECM module on the hex under the mouse protects "
                            "(the default ruleset's ECM radius)")
        for c in (self.sight, self.ecm):
            c.toggled.connect(lambda _on: editor.update_overlays())
            ol.addWidget(c)
        lay.addWidget(ov)
        lay.addStretch(1)
        guard_wheel(self)
        doc.valueChanged.connect(self.refresh)

    def refresh(self, _path=()) -> None:
        m = self.editor.document.model
        if self.name.text() != m.name:
            self.name.setText(m.name)


class ArenaEditor(GridEditor):
    erase_value = fmt.FLOOR

    def __init__(self, document: ArenaDocument, parent=None):
        super().__init__(document, parent)
        self.panel = ArenaPanel(self)
        self.ecm_radius = default_ruleset().ecm.radius
        self.sight_overlay = self.view._overlay(Overlay(QColor(255, 230, 90, 200), Qt.PenStyle.NoPen, 0,
                                                        QColor(255, 230, 90, 95)))
        self.ecm_overlay = self.view._overlay(Overlay(QColor("#27c4d6"), Qt.PenStyle.SolidLine, 3,
                                                      QColor(39, 196, 214, 70)))
        self.view.hovered.connect(lambda _c: self.update_overlays())
        document.cellsChanged.connect(lambda _c: self.update_overlays())
        document.gridReset.connect(self.update_overlays)

    # ---- overlays (engine numbers) --------------------------------------------------------------
    def visible_from(self, cell: tuple[int, int]) -> list[tuple[int, int]]:
        """Floor hexes in line of sight of `cell` (engine.kongbots.arena.ArenaMap.clear)."""
        amap = arena_map(tuple(self.document.model.rows))
        if not amap.is_floor(cell):
            return []
        return sorted(h for h in amap.floor if h != cell and amap.clear(cell, h))

    def ecm_field(self, cell: tuple[int, int]) -> list[tuple[int, int]]:
        """The hexes an ECM on `cell` protects: its hex and every hex within the ECM radius."""
        g = self.document.geometry()
        return [h for h in within(cell, self.ecm_radius) if g.contains(h)]

    def _hexes_path(self, cells) -> QPainterPath:
        g = self.document.geometry()
        path = QPainterPath()
        for c in cells:
            path.addPath(g.shape(c))
        return path

    def update_overlays(self) -> None:
        cell = self.view.hover_cell
        if cell is not None and self.panel.sight.isChecked():
            self.sight_overlay.show_path(self._hexes_path(self.visible_from(cell)))
        else:
            self.sight_overlay.hide()
        if cell is not None and self.panel.ecm.isChecked():
            self.ecm_overlay.show_path(self.document.geometry().outline(self.ecm_field(cell)))
        else:
            self.ecm_overlay.hide()

    # ---- the canvas ---------------------------------------------------------------------------
    def render_tile(self, p: QPainter, r: QRect, key) -> None:
        paint_hex(p, r, key)

    def colour_of(self, key) -> QColor:
        return hex_colour(key)

    def current_value(self) -> str:
        return self.panel.hexes.value()

    def set_current_value(self, value) -> None:
        self.panel.hexes.set_value(value)

    def describe_cell(self, q: int, r: int) -> str:
        ch = self.document.cell(q, r)
        what = dict(HEXES).get(ch, f"{ch!r} (not an arena hex)")
        what = what[0].lower() + what[1:]
        text = f"{self.document.geometry().label((q, r))}: {what}"
        if self.panel.sight.isChecked() and ch not in (fmt.WALL, fmt.OUTSIDE):
            text += f"; sees {len(self.visible_from((q, r)))} floor hexes"
        return text

    def panels(self) -> list[Panel]:
        return [Panel("palette", "Arena", self.panel, Qt.DockWidgetArea.LeftDockWidgetArea), *super().panels()]
