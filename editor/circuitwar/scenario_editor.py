"""The circuit painter: the Circuit War scenario editor on the shared lattice canvas."""
from __future__ import annotations


from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QApplication, QLabel

from gridsmith.formats.circuitwar import lattice as L
from gridsmith.formats.circuitwar.refs import RULESET

from ..core import playwindow
from ..core import tools as core_tools
from ..core.clipboard import ClipError
from ..core import commands
from ..core.editorwidget import GridEditor, Panel
from ..core.reffield import RefField
from . import art
from .clipboard import CircuitClip
from .document import NO_CIRCUIT, OBJECT_WORDS, CircuitWarDocument, split_value
from .palette import Palette
from .play import PROVIDER
from .tools import BeamTool, CircuitStampTool, CircuitTool, CpuTool, ObjectTool, RunnerTool
from .tools import paste as paste_circuitry
from .tracing import describe_trace, trace_scenario


def point_words(value: str, names: list[str]) -> str:
    ch = value[:1]

    def side(i: int) -> str:
        return names[i] if i < len(names) else f"seat {i + 1}"

    if ch in L.CPU_CHARS:
        return f"the CPU of {side(L.CPU_CHARS.index(ch))}"
    if ch in L.RUNNER_CHARS:
        level = art.LEVEL_NAMES.get(value[1:2], "build-level")
        return f"a {level} gridrunner of {side(L.RUNNER_CHARS.index(ch))}"
    return ""


class CircuitWarEditor(GridEditor):
    erase_value = NO_CIRCUIT
    tool_classes = (CircuitTool, ObjectTool, CpuTool, RunnerTool, core_tools.EraserTool, BeamTool,
                    core_tools.SelectTool)

    def __init__(self, document: CircuitWarDocument, parent=None):
        rules = document.ruleset()
        self.palette = Palette([p.name for p in document.model.players],
                               rules.capacitor.max_charge if rules else 20, rules.capacitor.start_charge if rules else 10)
        super().__init__(document, parent)
        self.points_item = art.PointsItem(document.geometry, document.points)
        self.objects_item = art.ObjectsItem(document.geometry, document.objects)
        self.beam_item = art.BeamItem(document.geometry)
        self.labels_item = art.LabelsItem(document.geometry)
        self.view.scene().addItem(self.labels_item)
        self.view.scene().addItem(self.objects_item)
        self.view.scene().addItem(self.points_item)
        self.view.scene().addItem(self.beam_item)
        self.beam_item.hide()
        self.trace = None
        self._trace_at = None
        document.gridReset.connect(self._model_reset)
        document.edited.connect(self._retrace)
        document.cellsChanged.connect(lambda *_: self.objects_item.changed())
        self.palette.traceChanged.connect(self._retrace)
        # the scenario's ruleset, picked, not typed (editor.core.reffield), at the top of the palette
        self.ruleset_field = RefField(RULESET, lambda: document.path)
        self.ruleset_field.changed.connect(lambda t: commands.set_value(document, ("ruleset",), t or "default", "Ruleset"))
        self.ruleset_field.set_value(document.model.ruleset)
        document.valueChanged.connect(lambda _p=(): self.ruleset_field.set_value(document.model.ruleset))
        self.palette.layout().insertWidget(0, self.ruleset_field)
        self.palette.layout().insertWidget(0, QLabel("Ruleset"))
        self.set_tool("circuit")

    # ---- palette state --------------------------------------------------------------------------
    def owner_char(self) -> str:
        return self.palette.owner_char()

    def seat(self) -> int | None:
        ch = self.owner_char()
        return int(ch) - 1 if ch in L.OWNER_CHARS else None

    def object_char(self) -> str:
        return self.palette.object_char()

    def charge_value(self) -> int | None:
        return self.palette.charge_value()

    def level_char(self) -> str:
        return self.palette.level_char()

    def current_value(self) -> str:
        return self.owner_char()

    def set_current_value(self, value: str) -> None:
        owner, obj, charge = split_value(value)
        if owner != NO_CIRCUIT:
            self.palette.set_owner(owner)
        if obj:
            self.palette.set_object(obj)
        if charge is not None:
            self.palette.charge.setValue(charge)

    # ---- looks ------------------------------------------------------------------------------------
    def render_tile(self, p: QPainter, r: QRect, key) -> None:
        owner, obj, charge = split_value(key)
        art.paint_edge(p, r, owner, obj, charge)

    def colour_of(self, key) -> QColor:
        return art.world_colour(key)

    def describe_cell(self, x: int, y: int, d: int) -> str:
        g = self.document.geometry()
        label = g.label((x, y, d))
        (ax, ay), (bx, by) = g.ends((x, y, d))
        owner, obj, charge = split_value(self.document.cell(x, y, d))
        names = [p.name for p in self.document.model.players]
        if owner == NO_CIRCUIT:
            what = "no circuit"
        elif owner == L.GREY:
            what = "grey circuit (nobody's)"
        else:
            i = int(owner) - 1
            what = f"circuit of {names[i] if i < len(names) else 'seat ' + owner}"
        if obj:
            what += (", " if owner != NO_CIRCUIT else " but a ") + OBJECT_WORDS.get(obj, obj)
            if obj == "C":
                rules = self.document.ruleset()
                what += f" charged {charge if charge is not None else (rules.capacitor.start_charge if rules else '?')}"
        ends = [w for v in ((ax, ay), (bx, by)) if (w := point_words(self.document.point(*v), names))]
        text = f"{label[0].upper()}{label[1:]}: {what}"
        return text + ("; " + ", ".join(ends) if ends else "")

    def describe_path(self, path: tuple) -> str:
        path = tuple(path)
        if len(path) >= 3 and path[0] in ("grid", "objects") and isinstance(path[1], int) \
                and isinstance(path[2], int) and path[1] % 2 == 0 and path[2] % 2 == 0:
            r, c = path[1], path[2]
            return self.document.geometry().label((c // 2, r // 2))
        return super().describe_path(path)

    def panels(self) -> list[Panel]:
        return [Panel("palette", "Palette", self.palette, Qt.DockWidgetArea.LeftDockWidgetArea), *super().panels()]

    # ---- changes ----------------------------------------------------------------------------------
    def _model_reset(self) -> None:
        self.palette.set_sides([p.name for p in self.document.model.players])
        self.points_item.changed()
        self.objects_item.changed()
        self.labels_item.changed()  # a resized lattice has other columns and rows

    # ---- beam tracer -------------------------------------------------------------------------------
    def trace_from(self, v) -> bool:
        """Trace the beam of the gridrunner on point v with the palette's direction and flux, by the
        engine on a game of the scenario as it is (engine.circuitwar.beam.preview); False, with a
        status message, when there is nothing to trace."""
        self._trace_at = v
        return self._retrace()

    def clear_trace(self) -> None:
        self._trace_at, self.trace = None, None
        self.beam_item.show_trace(None, 0)

    def _retrace(self) -> bool:
        if self._trace_at is None:
            return False

        d, flux = self.palette.beam()
        try:
            self.trace, cols = trace_scenario(self.document.snapshot(), self.document.ruleset(),
                                              self._trace_at, d, flux, self.document.path)
        except ValueError as e:
            self.trace = None
            self.beam_item.show_trace(None, 0)
            self._say_trace(f"Beam tracer: {e}")
            return False
        self.beam_item.show_trace(self.trace, cols)
        self._say_trace("Beam tracer: " + describe_trace(self.trace, cols))
        return True

    def _say_trace(self, text: str) -> None:
        self.palette.trace_label.setText(text)
        self.statusMessage.emit(text)

    # ---- clipboard: circuits, objects, charges and the CPUs and gridrunners on their points ---------
    def copy(self) -> bool:
        clip = CircuitClip.from_selection(self.document, self.selection)
        if clip is None:
            return False
        QApplication.clipboard().setText(clip.to_text())
        n = sum(1 for v in clip.edges.values() if v[:1] != NO_CIRCUIT)
        things = sum(1 for v in clip.points.values() if v != L.POINT)
        self.statusMessage.emit(f"Copied {n} circuit{'s' if n != 1 else ''} and {things} CPU"
                                f"{'s' if things != 1 else ''} or gridrunners")
        return True

    def delete_selection(self) -> bool:
        """Erase the selected circuits with their objects, and the CPUs and gridrunners on the points
        they join: one undo step."""
        return self._erase_selection("Delete")

    def cut(self) -> bool:
        return self.copy() and self._erase_selection("Cut")

    def _erase_selection(self, text: str) -> bool:
        if not self.selection:
            return False
        g = self.document.geometry()
        points = {v: L.POINT for e in self.selection for v in g.ends(e)}
        return paste_circuitry(self.document, {tuple(c): NO_CIRCUIT for c in self.selection}, points, text)

    def paste(self, text: str | None = None) -> bool:
        """Hold the clipboard's circuitry under the mouse (CircuitStampTool); a click places it."""
        text = QApplication.clipboard().text() if text is None else text
        try:
            clip = CircuitClip.from_text(text, self.document.kind)
        except ClipError as e:
            self.statusMessage.emit(f"Cannot paste: {e}")
            return False
        if not clip.edges:
            return False
        previous = self._stamp_from or self.view.tool
        if self.view.tool is not None:
            self.view.tool.cancel()
        self.view.tool = CircuitStampTool(self, clip)
        self._stamp_from = previous
        self.view.tool.hover(self.view.hover_cell)
        self.statusMessage.emit(f"Pasting {len(clip.edges)} edges: click to place them (the copy's top-left "
                                "point goes where the mouse is), Esc to stop")
        return True

    # ---- test-play ---------------------------------------------------------------------------------
    def can_play(self) -> bool:
        return True

    def play(self, main_window):
        return playwindow.start_test_play(self, main_window, PROVIDER)
