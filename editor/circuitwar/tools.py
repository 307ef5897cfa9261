"""The circuit painter's tools on the shared lattice canvas (editor.core.tools' Tool protocol):
circuits laid from point to point (drag, or click one point then another), objects on edges (a
diode's direction is the drag's), CPUs and gridrunners on points, and the beam tracer."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QToolTip

from gridsmith.formats.circuitwar import lattice as L

from ..core import commands
from ..core.tools import StampTool, Tool
from .art import tool_icon
from .document import NO_CIRCUIT, join_value, split_value


class CircuitTool(Tool):
    """Drag from point to point to lay circuits in the current owner's colour (objects on the edges
    stay); or click a point, then another: the path between them. One undo step per path."""

    name, label, shortcut, icon = "circuit", "Circuit", "B", tool_icon("circuit")
    tooltip = ("Circuit (B): drag from point to point to lay circuits in the owner's colour, or click "
               "a point and then another; right-click forgets the first point")
    follows_points = True

    def __init__(self, host):
        super().__init__(host)
        self.start = self.last = None
        self.edges: list = []
        self.anchor = None

    def press(self, cell, button) -> None:
        if button == Qt.MouseButton.RightButton:
            self.set_anchor(None)
            return
        if button != Qt.MouseButton.LeftButton:
            return
        self._begin()
        self.start = self.last = self.geometry.vertex_at(self.view.scene_pos)
        self.edges = []

    def move(self, cell, buttons) -> None:
        if self.start is None:
            return
        v = self.geometry.vertex_at(self.view.scene_pos)
        if v is None or v == self.last:
            return
        for e in self.geometry.edge_path(self.last, v):
            if e not in self.edges:
                self.edges.append(e)
        self.last = v
        self.view.show_preview(self.edges)

    def release(self, cell, button) -> None:
        if self.start is None:
            return
        v = self.geometry.vertex_at(self.view.scene_pos)
        start, edges, self.start = self.start, self.edges, None
        if edges:
            self.set_anchor(None)
            self.lay(edges)
        elif self.anchor is not None and v != self.anchor:
            edges = self.geometry.edge_path(self.anchor, v)
            self.set_anchor(None)
            self.lay(edges)
        else:
            self.set_anchor(start)
            self.host.statusMessage.emit(f"From {self.geometry.label(start)}: click another point to lay the "
                                         "circuits between them")
        self._end()

    def lay(self, edges) -> None:
        owner = self.host.owner_char()
        values = {}
        for e in edges:
            _old, obj, charge = split_value(self.doc.cell(*e))
            values[e] = join_value(owner, obj, charge)
        commands.paint(self.doc, values, "Lay circuit")

    def set_anchor(self, v) -> None:
        self.anchor = v
        self.host.points_item.anchor = v
        self.host.points_item.update()

    def cancel(self) -> None:
        if self.start is not None:
            self.start = None
            self._end()
        self.set_anchor(None)


class ObjectTool(Tool):
    """Click a circuit to put the palette's object on it. An edge without a circuit is refused with
    the reason (an object sits on a circuit, CW407): lay the circuit first — laying it too would
    choose an owner the designer did not pick. A diode takes the direction of a drag from one point
    to the next; a click puts it pointing east or south."""

    name, label, shortcut, icon = "object", "Object", "O", tool_icon("object")
    tooltip = ("Object (O): click a circuit to put the palette's object on it (lay the circuit first with "
               "the Circuit tool); drag from a point to the next to lay a diode passing that way")
    follows_points = True

    def __init__(self, host):
        super().__init__(host)
        self.start = None
        self.cell = None

    def press(self, cell, button) -> None:
        if button == Qt.MouseButton.LeftButton:
            self.start = self.geometry.vertex_at(self.view.scene_pos)
            self.cell = cell

    def release(self, cell, button) -> None:
        if self.start is None:
            return
        start, pressed, self.start = self.start, self.cell, None
        g = self.geometry
        v = g.vertex_at(self.view.scene_pos)
        obj, charge = self.host.object_char(), self.host.charge_value()
        if v != start and abs(v[0] - start[0]) + abs(v[1] - start[1]) == 1:
            edge = g.edge(start, v)
            if obj in L.DIODE_CHARS:
                obj = {(1, 0): ">", (-1, 0): "<", (0, 1): "v", (0, -1): "^"}[(v[0] - start[0], v[1] - start[1])]
        else:
            edge = pressed
            if obj in L.DIODE_CHARS:
                obj = ">" if edge[2] == 0 else "v"
        if edge is None:
            return
        owner, _o, _c = split_value(self.doc.cell(*edge))
        if owner == NO_CIRCUIT:
            why = (f"No object on {g.label(edge)}: it has no circuit, and an object sits on a circuit (CW407). "
                   "Lay the circuit first (Circuit tool, B)")
            self.host.statusMessage.emit(why)
            QToolTip.showText(QCursor.pos(), why, self.view)  # at the pointer too: the next hover rewrites the status bar
            return
        commands.paint(self.doc, {edge: join_value(owner, obj, charge)}, "Place object")


class PointTool(Tool):
    """A click on a point (the nearest one) puts something there; right-click empties it."""

    def press(self, cell, button) -> None:
        v = self.geometry.vertex_at(self.view.scene_pos)
        if v is None:
            return
        if button == Qt.MouseButton.RightButton:
            self.doc.set_points({v: L.POINT}, "Clear point")
        elif button == Qt.MouseButton.LeftButton:
            self.place(v)

    def place(self, v) -> None: ...


class CpuTool(PointTool):
    name, label, shortcut, icon = "cpu", "CPU", "U", tool_icon("cpu")
    tooltip = "CPU (U): click a point on the edge of the grid to put the owner's CPU there (it moves); " \
              "right-click empties a point"

    def place(self, v) -> None:
        seat = self.host.seat()
        if seat is None:
            self.host.statusMessage.emit("A CPU belongs to a side: choose a side's colour, not grey")
            return
        self.doc.place_cpu(seat, v)


class RunnerTool(PointTool):
    name, label, shortcut, icon = "gridrunner", "Gridrunner", "G", tool_icon("gridrunner")
    tooltip = "Gridrunner (G): click a point to put the owner's gridrunner there at the palette's level " \
              "(again: remove it); right-click empties a point"

    def place(self, v) -> None:
        seat = self.host.seat()
        if seat is None:
            self.host.statusMessage.emit("A gridrunner belongs to a side: choose a side's colour, not grey")
            return
        here = self.doc.point(*v)
        if here[:1] in L.CPU_CHARS:
            self.host.statusMessage.emit(f"A CPU stands on {self.geometry.label(v)}: a gridrunner goes on "
                                         "another point")
            return
        value = L.RUNNER_CHARS[seat] + self.host.level_char()
        self.doc.set_points({v: L.POINT if here == value else value},
                            "Remove gridrunner" if here == value else "Place gridrunner")


class BeamTool(Tool):
    """The beam tracer: click a gridrunner's point; the engine traces the beam in the palette's
    direction and flux (beam.preview on a game of the scenario as it is) and the path is drawn."""

    name, label, shortcut, icon = "beam", "Beam tracer", "T", tool_icon("beam")
    tooltip = "Beam tracer (T): click a gridrunner to see where its beam goes in the palette's direction " \
              "and flux (traced by the engine); nothing changes"

    def press(self, cell, button) -> None:
        if button == Qt.MouseButton.LeftButton:
            v = self.geometry.vertex_at(self.view.scene_pos)
            if v is not None:
                self.host.trace_from(v)

    def cancel(self) -> None:
        self.host.clear_trace()


class CircuitStampTool(StampTool):
    """Pasted circuitry held under the mouse (editor.circuitwar.clipboard): a click lays its circuits,
    objects and charges and puts its CPUs and gridrunners on their points, one undo step."""

    def __init__(self, host, clip):
        super().__init__(host, clip.edges, (0, 0, 0))
        self.clip = clip

    def press(self, cell, button) -> None:
        if button != Qt.MouseButton.LeftButton:
            super().press(cell, button)
            return
        edges, points = self.clip.placed(self.doc, cell[:2])
        paste(self.doc, edges, points, "Paste")
        self.host.set_selection(list(edges))


def paste(doc, edges: dict, points: dict, text: str) -> bool:
    """Edge values and point values in one undo step; False when nothing changes."""
    edges = {c: v for c, v in edges.items() if doc.cell(*c) != v}
    points = {p: v for p, v in points.items() if doc.point(*p) != v}
    if not edges and not points:
        return False
    stack = doc.undo_stack
    stack.beginMacro(text)
    commands.paint(doc, edges, text)
    doc.set_points(points, text)
    stack.endMacro()
    return True
