"""Circuit War in the shared play window (editor.core.playwindow): the board on the lattice canvas,
the side order of the turn, the phase and actions remaining, energy bars, builds, moves, attacks,
switch toggles and beams fired with a direction and a flux — the beam traced by the engine
(beam.preview) and drawn before firing.

Input on the board (the nearest point, or the edge when the click is between points), by click or by
drag (press on your gridrunner, release on its target):
* Build: choose what in the panel; click an edge for a circuit or an object (a diode passes towards
  the end nearer the click), a point next to your CPU for a gridrunner (those points are ringed).
* Move: click your gridrunner (it is ringed, the points it may move to ringed in green), then one of
  them; or drag it there. Click a switch to toggle it.
* Action: click your gridrunner, then an edge next to it to attack it (the edges it may attack are
  highlighted); Fire shoots its beam in the panel's direction and flux (the traced path shows first).
* Right-click or Esc lets go of the gridrunner. A capacitor clicked or hovered says its charge; End
  ends your part of the phase. A refusal says the rule (editor.circuitwar.reasons); places are named
  in the one notation (formats.coords: `c4`, `c4-d4`, as the files and the engine name them).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGridLayout, QGroupBox, QLabel, QPushButton, QVBoxLayout,
                               QWidget)

from gridsmith.engine.circuitwar.actions import BUILD_ITEMS, Action
from gridsmith.engine.circuitwar.board import CAPACITOR, CHAR_OF_OBJECT, EMPTY, GREY, NO_CIRCUIT, NONE
from gridsmith.engine.circuitwar.game import new_game
from gridsmith.formats import coords
from gridsmith.formats.circuitwar import lattice as L

from ..core.geometry import LatticeGeometry
from ..core.playboard import PlayBoard
from ..core.play_provider import PlayProvider
from . import art
from .document import OBJECT_WORDS, edge_rc, join_value, rc_edge, split_value
from .reasons import why_not
from .tracing import describe_trace, point_cell, trace_state
from .widgets import DIRS, EnergyBar, Rosette

PX = 40
#: milliseconds between two points of a fired beam's animation
BEAM_STEP_MS = 70

NAMES = coords.notation("lattice")  # points `c4`, edges `c4-d4`: the names the files and the log use


@dataclass(frozen=True)
class FiredBeam:
    """A fired beam as the board's cells (from the engine's BeamFired event), or a prefix of it."""

    path: tuple[int, ...]
    levels: tuple[int, ...]
    pushes: tuple[tuple[int, int], ...]
    end: str

    @classmethod
    def of(cls, event, board) -> "FiredBeam":
        pt = board.parse_point
        return cls(tuple(pt(n) for n in event.path), tuple(event.levels),
                   tuple((pt(a), pt(b)) for a, b in event.pushes), event.end)

    def prefix(self, k: int) -> "FiredBeam":
        shown = set(self.path[:k])
        return FiredBeam(self.path[:k], self.levels[:k],
                         tuple((a, b) for a, b in self.pushes if a in shown and b in shown), self.end)


def edge_key(board, x: int, y: int, d: int) -> str:
    """An edge of a game's board in the painter's value form (a capacitor always with its charge)."""
    i = board.cell(*edge_rc(x, y, d))
    o = board.owner[i]
    if o == NO_CIRCUIT:
        return "."
    owner = L.GREY if o == GREY else str(o + 1)
    obj = CHAR_OF_OBJECT.get(board.obj[i], "")
    return join_value(owner, obj, board.charge[i] if board.obj[i] == CAPACITOR else None)


def board_points(board) -> dict[tuple[int, int], str]:
    out = {}
    for p in board.points:
        r, c = board.rc(p)
        if board.cpu[p] != EMPTY:
            out[(c // 2, r // 2)] = L.CPU_CHARS[board.cpu[p]]
        elif board.runner[p] != EMPTY:
            out[(c // 2, r // 2)] = L.RUNNER_CHARS[board.runner[p]] + L.LEVEL_CHARS[board.level[p]]
    return out


def board_objects(board) -> dict[tuple[int, int, int], str]:
    """The edges of a game's board holding an object, in the painter's value form."""
    out = {}
    for i in board.circuits:
        if board.obj[i] != NONE:
            r, c = board.rc(i)
            e = rc_edge(r, c)
            out[e] = edge_key(board, *e)
    return out


class CircuitWarProvider(PlayProvider):
    game_name = "circuitwar"

    @classmethod
    def seat_colour(cls, seat: int) -> QColor:
        return art.SEAT_COLOURS[seat % 4]

    def __init__(self, window) -> None:
        super().__init__(window)
        self.shown = None
        self.selected: tuple[int, int] | None = None
        self.trace = None
        #: the beam being animated along its path, and how many of its points show
        self.fired: FiredBeam | None = None
        self._shown_points = 0
        self.timer = QTimer()
        self.timer.setInterval(BEAM_STEP_MS)
        self.timer.timeout.connect(self._animate)

    # ---- board -------------------------------------------------------------------------------------
    def _state(self):
        return self.shown if self.shown is not None else self.window.state

    def _geometry(self) -> LatticeGeometry:
        b = self._state().board
        return LatticeGeometry((b.cols + 1) // 2, (b.rows + 1) // 2, px=PX)

    def _key(self, x: int, y: int, d: int) -> str:
        return edge_key(self._state().board, x, y, d)

    def board(self):
        self.canvas = PlayBoard(self._geometry, self._key, self._render, self._colour, self.click, self.hovered)
        self.view = self.canvas.view
        self.view.tool = PlayInput(self)  # click and drag (the shared board's tool only clicks)
        self.targets_item = art.TargetsItem(self._geometry)
        self.view.scene().addItem(self.targets_item)
        self.points_item = art.PointsItem(self._geometry, lambda: board_points(self._state().board))
        self.objects_item = art.ObjectsItem(self._geometry, lambda: board_objects(self._state().board))
        self.beam_item = art.BeamItem(self._geometry)
        self.labels_item = art.LabelsItem(self._geometry)
        self.view.scene().addItem(self.labels_item)
        self.view.scene().addItem(self.objects_item)
        self.view.scene().addItem(self.points_item)
        self.view.scene().addItem(self.beam_item)
        self.beam_item.hide()
        return self.view

    @staticmethod
    def _render(p, r, key) -> None:
        art.paint_edge(p, r, *split_value(key))

    @staticmethod
    def _colour(key) -> QColor:
        return art.world_colour(key)

    def show_state(self, state, viewer, full: bool = False) -> None:
        self.shown = state
        if full:
            self.select(None)
        self.canvas.redraw(full)
        self.points_item.changed()
        self.objects_item.changed()
        self._show_targets()
        self._update_panel()

    # ---- the left panel ------------------------------------------------------------------------------
    def panel(self):
        panel = QWidget()
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(0, 0, 0, 0)
        self.turn_label = QLabel()
        self.turn_label.setWordWrap(True)
        lay.addWidget(self.turn_label)
        self.order_row = QGridLayout()  # two blocks a row: four names fit the panel
        self.order_labels: list[QLabel] = []
        lay.addLayout(self.order_row)
        self.end_button = QPushButton("End (phase)")  # high up: the control used most, visible on a small screen
        self.end_button.setToolTip("End your part of this phase (the manual's End Turn)")
        self.end_button.clicked.connect(self.end)
        lay.addWidget(self.end_button)
        energy = QGroupBox("Energy")
        self.energy_form = QFormLayout(energy)
        self.bars: list[EnergyBar] = []
        lay.addWidget(energy)

        build = QGroupBox("Build")
        bl = QFormLayout(build)
        self.build_item = QComboBox()
        for item in BUILD_ITEMS:
            self.build_item.addItem(item.replace("_", " "), item)
        self.build_item.currentIndexChanged.connect(lambda *_: (self._update_panel(), self._show_targets()))
        bl.addRow("What", self.build_item)
        lay.addWidget(build)

        beam = QGroupBox("Beam")
        fl = QFormLayout(beam)
        roses = QGridLayout()  # the titles over the rosettes: the row fits the narrowest panel
        self.direction = Rosette("Direction to fire", 1)
        self.flux = Rosette("Flux (where it turns at a T)", 0)
        self.direction.changed.connect(lambda *_: self._retrace())
        self.flux.changed.connect(lambda *_: self._retrace())
        for col, (title, rose) in enumerate((("Direction", self.direction), ("Flux", self.flux))):
            roses.addWidget(QLabel(title), 0, col, Qt.AlignmentFlag.AlignHCenter)
            roses.addWidget(rose, 1, col, Qt.AlignmentFlag.AlignHCenter)
        fl.addRow(roses)
        self.fire_button = QPushButton("Fire")
        self.fire_button.setToolTip("Fire the selected gridrunner's beam along the traced path (Action phase)")
        self.fire_button.clicked.connect(self.fire)
        fl.addRow(self.fire_button)
        self.trace_label = QLabel()
        self.trace_label.setWordWrap(True)
        fl.addRow(self.trace_label)
        lay.addWidget(beam)

        self.info = QLabel("—")
        self.info.setWordWrap(True)
        lay.addWidget(self.info)
        self.charge_label = QLabel()
        self.charge_label.setToolTip("Click a capacitor to read its charge")
        lay.addWidget(self.charge_label)
        lay.addStretch(1)
        return panel

    def _ensure_seat_widgets(self, n: int) -> None:
        while len(self.bars) < n:
            i = len(self.bars)
            bar = EnergyBar(art.SEAT_COLOURS[i])
            self.bars.append(bar)
            self.energy_form.addRow(QLabel(self.window.names[i]), bar)
            lab = QLabel()
            lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lab.setMinimumWidth(24)
            self.order_labels.append(lab)
            self.order_row.addWidget(lab, i // 2, i % 2)

    def build_cost(self) -> int:
        s = self._state()
        return getattr(s.rules.build.costs, self.build_item.currentData())

    def _update_panel(self) -> None:
        s = self._state()
        if s is None or not hasattr(self, "bars"):
            return
        self._ensure_seat_widgets(s.n)
        names = self.window.names
        mover = s.to_move
        if s.is_over:
            self.turn_label.setText(f"Turn {s.turn}: the game is over.")
        else:
            self.turn_label.setText(f"Turn {s.turn}, {s.phase} phase: <b>{names[mover]}</b> — {s.left} "
                                    f"action{'s' if s.left != 1 else ''} left")
        # the turn's side order, the side to move framed
        for lab in self.order_labels:
            lab.hide()
        for k, seat in enumerate(s.order):
            lab = self.order_labels[k]
            c = art.SEAT_COLOURS[seat]
            frame = "3px solid black" if seat == mover else "1px solid #888"
            lab.setStyleSheet(f"QLabel {{ background: {c.name()}; color: {art.ink_on(c).name()}; border: {frame}; "
                              "padding: 2px; }")
            lab.setText(f"{k + 1}. {names[seat]}")
            lab.setToolTip(f"{names[seat]} plays {k + 1}{'st' if k == 0 else 'nd' if k == 1 else 'rd' if k == 2 else 'th'} "
                           "in every phase of this turn")
            lab.show()
        cap = s.rules.energy.cap
        cost = self.build_cost() if s.phase == "build" and mover is not None else 0
        for i, bar in enumerate(self.bars[:s.n]):
            if not s.alive[i]:
                bar.set_values(0, cap, 0, "killed")
            elif i == mover and cost:
                # the manual's bar darkens by the cost of the selected build
                bar.set_values(s.energy[i], cap, cost,
                               f"{s.energy[i]} → {s.energy[i] - cost} after a {self.build_item.currentText()}")
            else:
                bar.set_values(s.energy[i], cap, 0, f"{s.energy[i]} / {cap}")
        human = self.window.is_human_turn()
        self.end_button.setEnabled(human)
        self.fire_button.setEnabled(human and s.phase == "action" and self.selected is not None)

    def refresh(self) -> None:
        self._update_panel()

    # ---- input -------------------------------------------------------------------------------------
    def _hit(self, cell):
        """A click or hover: ("point", (x, y)) when near a point, else ("edge", cell)."""
        g = self._geometry()
        pos = self.view.scene_pos
        v = g.vertex_at(pos)
        if v is not None:
            c = g.point(v)
            if math.hypot(pos.x() - c.x(), pos.y() - c.y()) < g.px * 0.3:
                return "point", v
        return ("edge", cell) if cell is not None else (None, None)

    def select(self, v) -> None:
        self.selected = v
        if v is not None:
            self.timer.stop()
            self.fired = None
        self.points_item.anchor = v
        self.points_item.update()
        self._show_targets()
        self._retrace()

    def targets(self) -> tuple[set, set]:
        """Where the human to move may act now: (points, edges) — the selected gridrunner's moves
        (move phase) or attacks (action phase); in the build phase with Build: gridrunner, the points
        a gridrunner may be built on. Read from the engine's legal actions."""
        w = self.window
        s = w.state
        if s is None or w.replaying or s.is_over or not w.is_human_turn():
            return set(), set()
        b = s.board

        def pt(i: int) -> tuple[int, int]:
            r, c = b.rc(i)
            return c // 2, r // 2

        legal = s.legal_actions()
        if s.phase == "build":
            if self.build_item.currentData() != "gridrunner":
                return set(), set()
            return {pt(a.a) for a in legal if a.op == "build" and a.item == "gridrunner"}, set()
        if self.selected is None:
            return set(), set()
        p = point_cell(s, self.selected)
        points = {pt(a.b) for a in legal if a.op == "move" and a.a == p}
        edges = {rc_edge(*b.rc(a.b)) for a in legal if a.op == "attack" and a.a == p}
        return points, edges

    def _show_targets(self) -> None:
        if hasattr(self, "targets_item"):
            self.targets_item.show_targets(*self.targets())

    def grab(self, cell) -> bool:
        """A press: on the human's own gridrunner in the move or action phase it is selected at once,
        so a drag from it shows its targets; True then (the release may be the target)."""
        w = self.window
        what, where = self._hit(cell)
        s = w.state
        if what != "point" or not w.is_human_turn() or s.phase not in ("move", "action"):
            return False
        if s.board.runner[point_cell(s, where)] != s.to_move:
            return False
        self.select(where)
        w.statusBar().showMessage(f"Gridrunner on {NAMES.short(where)} selected: click or drag to a "
                                  "highlighted target" + (" (or Fire)" if s.phase == "action" else "")
                                  + "; right-click or Esc lets go", 8000)
        return True

    def click(self, cell) -> None:
        w = self.window
        what, where = self._hit(cell)
        s = w.state
        b = s.board
        if what == "edge":
            i = b.cell(*edge_rc(*where))
            if b.obj[i] == CAPACITOR:
                self.charge_label.setText(f"Capacitor on {NAMES.short(where)}: charge {b.charge[i]}")
        if not w.is_human_turn():
            w.refuse(w.why_not_your_turn())
            return
        me, cols = s.to_move, b.cols
        if what == "point":
            p = point_cell(s, where)
            if s.phase == "build":
                self.try_act(Action("build", p, item="gridrunner", cols=cols))
            elif b.runner[p] == me:
                self.select(where)
            elif self.selected is not None and s.phase == "move":
                q = point_cell(s, self.selected)
                if self.try_act(Action("move", q, p, cols=cols)):
                    self.select(where if b.runner[p] == me else None)
            elif self.selected is not None and s.phase == "action":
                w.refuse(f"Not possible: {NAMES.short(where)} is a point; in the action phase your gridrunner "
                         "attacks an edge next to it (click the edge) or fires (Fire)")
            else:
                w.refuse(f"Not possible: {NAMES.short(where)} — click one of your gridrunners first")
        elif what == "edge":
            e = b.cell(*edge_rc(*where))
            item = self.build_item.currentData()
            if s.phase == "build":
                if item == "gridrunner":
                    w.refuse("Not possible: a gridrunner is built on a point next to your CPU (ringed): "
                             "click the point")
                    return
                if item == "diode":
                    g = self._geometry()
                    a, c = g.ends(where)
                    pos = self.view.scene_pos
                    near = min((a, c), key=lambda v: math.hypot(pos.x() - g.point(v).x(), pos.y() - g.point(v).y()))
                    self.try_act(Action("build", e, point_cell(s, near), "diode", cols))
                else:
                    self.try_act(Action("build", e, item=item, cols=cols))
            elif any(a.op == "toggle" and a.a == e for a in s.legal_actions()):
                self.try_act(Action("toggle", e, cols=cols))
            elif s.phase == "action" and self.selected is not None:
                self.try_act(Action("attack", point_cell(s, self.selected), e, cols=cols))
            else:
                w.refuse(f"Not possible: {NAMES.short(where)} — in the {s.phase} phase click your gridrunner, "
                         "then " + ("a neighbouring point" if s.phase == "move" else "an edge next to it to attack it"))

    def try_act(self, action: Action) -> bool:
        s = self.window.state
        if action not in set(s.legal_actions()):
            self.window.refuse(f"Not possible: {action.to_text()} — "
                               f"{why_not(s, action, self.window.names)}")
            return False
        return self.window.human_act(action)

    def fire(self) -> bool:
        s = self.window.state
        if self.selected is None:
            self.window.refuse("Click one of your gridrunners first")
            return False
        d, f = DIRS[self.direction.value()], DIRS[self.flux.value()]
        return self.try_act(Action("fire", point_cell(s, self.selected), DIRS.index(d), f, s.board.cols))

    def end(self) -> bool:
        if not self.window.is_human_turn():
            self.window.refuse(self.window.why_not_your_turn())
            return False
        return self.window.human_act(Action("end", cols=self.window.state.board.cols))

    # ---- the beam tracer ---------------------------------------------------------------------------
    def _retrace(self) -> None:
        s = self._state()
        self.trace = None
        if self.fired is not None and (self.animating or self.selected is None):
            return  # the fired beam is on show
        self.fired = None
        if self.selected is not None and s is not None and s.phase != "action":
            # a beam is fired in the action phase: before that the trace would cover the move targets
            self.trace_label.setText("The beam is traced here in the action phase.")
        elif self.selected is not None and s is not None:
            try:
                self.trace = trace_state(s, self.selected, self.direction.value(), self.flux.value())
            except (ValueError, RuntimeError) as e:
                self.trace_label.setText(f"No beam: {e}")
        self.beam_item.show_trace(self.trace, s.board.cols if s is not None else 0)
        if self.trace is not None:
            self.trace_label.setText(describe_trace(self.trace, s.board.cols))
        self._update_panel()

    def hovered(self, cell) -> None:
        if cell is None or self.shown is None:
            self.info.setText("—")
            return
        b = self._state().board
        owner, obj, charge = split_value(edge_key(b, *cell))
        names = self.window.names
        who = "no circuit" if owner == "." else "grey circuit" if owner == L.GREY else f"circuit of {names[int(owner) - 1]}"
        text = f"Edge {NAMES.short(cell)}: {who}" + (f", {OBJECT_WORDS[obj]}" if obj else "")
        if charge is not None:
            text += f" charged {charge}"
        self.info.setText(text)

    # ---- beams animated along their path ------------------------------------------------------------
    def after_step(self, step) -> None:
        fired = [e for e in step.events if type(e).__name__ == "BeamFired"]
        if fired and self.shown is not None:
            self.fired = FiredBeam.of(fired[-1], self.shown.board)
            self._shown_points = 1
            self.timer.start()
            self._animate()

    @property
    def animating(self) -> bool:
        return self.timer.isActive()

    def _animate(self) -> None:
        if self.fired is None:
            self.timer.stop()
            return
        self._shown_points += 1
        cols = self.shown.board.cols
        self.beam_item.show_trace(self.fired.prefix(self._shown_points), cols)
        if self._shown_points >= len(self.fired.path):
            self.timer.stop()  # the whole trip stays drawn until the next selection or trace

    def shutdown(self) -> None:
        self.timer.stop()

    # ---- reports ------------------------------------------------------------------------------------
    def describe(self, event, viewer) -> str:
        text = event.to_text()
        for q, colour in enumerate(L.SEAT_COLOURS):
            if q < len(self.window.names):
                text = text.replace(f"{colour} ", f"{self.window.names[q]} ")
        return text

    def start_of(self, save):
        return new_game(save.scenario, save.seed, ruleset=save.ruleset)

    def action_texts(self, state) -> list[str]:
        return [a.to_text() for a in state.log]


class PlayInput:
    """The play board's tool: a click is the provider's click; a press on the human's gridrunner
    selects it and a release elsewhere (a drag) is the click on its target. Right-click and Esc let
    go of the gridrunner."""

    cell_api = True
    follows_points = False

    def __init__(self, provider: CircuitWarProvider):
        self.provider = provider
        self.pressed = None  # what the left button went down on
        self.grabbed = False  # it went down on the human's gridrunner (selected at once)

    def press(self, cell, button) -> None:
        if button == Qt.MouseButton.RightButton:
            self.cancel()
            return
        if button != Qt.MouseButton.LeftButton:
            return
        pv = self.provider
        self.pressed = pv._hit(cell)
        self.grabbed = pv.grab(cell)

    def release(self, cell, button) -> None:
        if button != Qt.MouseButton.LeftButton or self.pressed is None:
            return
        pv = self.provider
        pressed, self.pressed = self.pressed, None
        if not self.grabbed:
            if cell is not None and pv._hit(cell) == pressed:
                pv.click(cell)
        elif cell is not None and pv._hit(cell) != pressed:
            pv.click(cell)  # dragged from the gridrunner to its target

    def move(self, cell, buttons) -> None: ...
    def hover(self, cell) -> None: ...

    def cancel(self) -> None:
        self.pressed = None
        if self.provider.selected is not None:
            self.provider.select(None)
            self.provider.window.statusBar().showMessage("Gridrunner let go", 3000)


PROVIDER = CircuitWarProvider
