"""The balance lab (Tools > Balance…): N seeded games of the document being edited — unsaved edits
included — played computer against computer by the same batch play as `gridsmith simulate`
(engine.core.simulate: a local process pool, or a Dask cluster's executor when a scheduler address
is given), with a progress bar and Cancel. It shows the win rate per seat with 95% intervals,
first-seat advantage, game length and a heat map in the board's own geometry of what the game
counts (`Presentation.heat`, named by `Presentation.heat_caption`: "hexes where Kongbots lost
modules"); a game with no board heat has no heat panel. It works for every game registered through
the Game API.

Runs are kept beside the document's undo history (`history(doc)`: each run remembers the undo
step it was played after), so a designer edits, reruns and sees this run and the previous one side
by side.
"""
from __future__ import annotations

import os
import re
import weakref
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QProgressBar, QPushButton, QScrollArea, QSizePolicy, QSpinBox,
                               QSplitter, QVBoxLayout, QWidget)

from gridsmith.engine.core import games
from gridsmith.engine.core.heatmap import GRID, KIND_GREY, NONE, colour, extent, intensity, kinds_of, shapes
from gridsmith.engine.core.simulate import (Batch, GameRecord, Summary, executor, heat_map, joined, make_specs,
                                            skill_share, skill_specs, strongest, summarize)
from gridsmith.formats import coords

from .detached import DetachedThread
from .geometry import GEOMETRIES, Geometry
from .play_provider import provider_class


# ---- what a run is and where runs are kept ---------------------------------------------------
@dataclass
class BalanceRun:
    """One balance run of a document: its settings, statistics and heat map."""

    seats: list[str]  # agent name per seat
    games: int  # seeds asked for
    rotate: bool
    seat_names: list[str]
    summary: Summary
    size: tuple[int, int] | None
    heat: dict[tuple[int, int], int]
    undo_index: int  # the document's undo-stack index when it ran
    edit: str  # the text of the undo step it ran after ("" at the document's start)
    cancelled: bool = False
    records: list[GameRecord] = field(default_factory=list, repr=False)

    @property
    def title(self) -> str:
        after = f"after “{self.edit}”" if self.edit else "as opened"
        what = f"{self.summary.games} games" + (" (cancelled)" if self.cancelled else "")
        return f"{what}, {after} (undo step {self.undo_index})"


_HISTORY: "weakref.WeakKeyDictionary[Any, list[BalanceRun]]" = weakref.WeakKeyDictionary()


def history(document: Any) -> list[BalanceRun]:
    """The balance runs of a document, oldest first (kept as long as the document lives)."""
    return _HISTORY.setdefault(document, [])


def game_of(document: Any):
    """The registered game whose scenarios this document is, or None (no balance lab)."""
    name = document.kind.split(".", 1)[0]
    try:
        g = games.get(name)
    except Exception:  # noqa: BLE001 - UnknownGameError: a kind without an engine
        return None
    return g if g.scenario_kind == document.kind else None


# ---- the run in the background ---------------------------------------------------------------
class BatchWorker(DetachedThread):
    """Plays a `Batch` off the GUI thread, in worker processes (or a Dask cluster); it outlives a
    dialog deleted mid-run (editor.core.detached)."""

    progress = Signal(int, int)  # games done, games in all
    done = Signal(object, bool)  # records, cancelled

    def __init__(self, specs, jobs: int, scheduler: str | None = None):
        super().__init__()
        self.specs, self.jobs, self.scheduler = specs, jobs, scheduler
        self.batch: Batch | None = None
        self._cancel_early = False

    def run(self) -> None:
        # "spawn": worker processes never inherit the editor's threads (a fork of a Qt program may hang)
        ex, close = executor(self.jobs, self.scheduler, mp_context="spawn")
        self.batch = Batch(self.specs, ex)
        if self._cancel_early:
            self.batch.cancel()
        records: list[tuple[int, GameRecord]] = []  # with their spec's index (the skill share's batches)
        try:
            for i, rec in self.batch.indexed():
                records.append((i, rec))
                self.progress.emit(len(records), len(self.specs))
                if self.batch.cancelled:
                    break
        finally:
            close()
        self.done.emit(records, self.batch.cancelled)

    def cancel(self) -> None:
        self._cancel_early = True
        if self.batch is not None:
            self.batch.cancel()


def seat_names(game, scenario: Any) -> list[str]:
    """"Red Army (red)": the seats as the play window names them (Pyramids' "Player", not the id
    "player"), with the game's colour word where the name does not already say it."""
    names = provider_class(game.name).player_names(scenario)
    out = []
    for q, n in enumerate(names):
        colour_word = game.colours[q] if q < len(game.colours) else f"seat {q + 1}"
        says_it = re.search(rf"\b{re.escape(colour_word)}\b", n, re.IGNORECASE)  # a word: not Fred's (red)
        out.append(n if says_it else f"{n} ({colour_word})")
    return out


# ---- the heat map on the map -------------------------------------------------------------------
class HeatMapView(QWidget):
    """The heat of a run over the map, in the board's own geometry (`Presentation.board_geometry`:
    squares, hexagons in axial rows, a lattice's circuits and points), drawn from the same outlines
    as `simulate --heatmap` (engine.core.heatmap.shapes), scaled to fill the widget and centred:
    each cell's own colour (the editor's world-view colour) in grey, the heat colour over it;
    hovering a cell names it (formats.coords) and says how often it was counted. `geom` is the
    editor's geometry of the same board (cell centres in scene units, `_scale()` pixels per unit)."""

    def __init__(self, base_colour=None, geometry: str = "square", caption: str = "", parent=None):
        super().__init__(parent)
        self.base_colour = base_colour  # (x, y) -> QColor or None
        self.geometry_name = geometry if geometry in GEOMETRIES else "square"
        self.caption = caption
        self.geom: Geometry | None = None
        self.size_ = None
        self.heat: dict[tuple[int, int], int] = {}
        self.level: dict[tuple[int, int], float] = {}
        self.polygons: dict[tuple[int, int], QPolygonF] = {}
        self.extent = (0.0, 0.0)
        self.games = 0
        self.setMouseTracking(True)
        self.setMinimumSize(160, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_heat(self, size, heat: dict, games: int) -> None:
        self.size_, self.heat, self.games = size, heat, games
        self.level = intensity(heat)
        name = self.geometry_name
        self.polygons = {c: QPolygonF([QPointF(x, y) for x, y in poly]) for c, poly in shapes(name, size).items()} \
            if size else {}
        self.extent = extent(name, size) if size else (0.0, 0.0)
        # a lattice's heat is in its doubled grid: the editor's lattice has the points
        points = ((size[0] + 1) // 2, (size[1] + 1) // 2) if size and name == "lattice" else size
        self.geom = GEOMETRIES[name](*points) if size else None
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(320, 320)

    def _unit(self) -> float:
        """Screen pixels per board unit (engine.core.heatmap.shapes): the whole board fills the widget."""
        w, h = self.extent
        if not w or not h:
            return 1.0
        return max(1e-3, min(self.width() / w, self.height() / h))

    def origin(self) -> QPointF:
        """Where the board's top-left corner is drawn: the board centred in the widget."""
        u = self._unit()
        return QPointF((self.width() - self.extent[0] * u) / 2, (self.height() - self.extent[1] * u) / 2)

    def _scale(self) -> float:
        """Screen pixels per scene unit of `geom` (whose cells are `px` scene units wide)."""
        return self._unit() / (self.geom.px if self.geom else 1)

    def cell_at(self, pos) -> tuple[int, int] | None:
        u, o = self._unit(), self.origin()
        at = QPointF((pos.x() - o.x()) / u, (pos.y() - o.y()) / u)
        for c in reversed(self.polygons):  # points are drawn over the circuits that meet at them
            if self.polygons[c].containsPoint(at, Qt.FillRule.OddEvenFill):
                return c
        return None

    def label(self, cell: tuple[int, int]) -> str:
        """The cell in the one notation (formats.coords) of its geometry."""
        if self.geometry_name == "lattice":
            return coords.label(coords.LatticeNotation.doubled(*cell), "lattice")
        return coords.label(cell, self.geometry_name)

    def mouseMoveEvent(self, e) -> None:
        c = self.cell_at(e.position())
        if c is None:
            self.setToolTip("")
            return
        n = self.heat.get(c, 0)
        self.setToolTip(f"{self.label(c)}: counted {n} time{'s' if n != 1 else ''} in {self.games} games"
                        + (f" ({self.caption})" if self.caption else ""))

    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), self.palette().window())
        if not self.size_:
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "The heat map appears after a run.")
            return
        u = self._unit()
        # small cells: no outlines (they would grey the whole map) and no antialiasing (its seams would)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, u >= 7)
        p.translate(self.origin())
        p.scale(u, u)
        edge = QPen(QColor(*GRID), 0)  # cosmetic: one pixel at any scale
        p.setPen(edge if u >= 7 else Qt.PenStyle.NoPen)
        for (x, y), shape in self.polygons.items():
            base = self.base_colour(x, y) if self.base_colour else None
            if base is None:
                fill = QColor(*NONE)
            else:  # the map in greys, so that only heat is in colour
                g = 150 + QColor(base).lightness() * 95 // 255
                fill = QColor(g, g, g)
            if (x, y) in self.level:
                fill = QColor(*colour(self.level[(x, y)]))
            p.setBrush(fill)
            if u < 7:  # a one-pixel edge of the cell's own colour closes the seams between cells
                p.setPen(QPen(fill, 0))
            p.drawPolygon(shape)
        p.end()


class RunView(QGroupBox):
    """One run's numbers and heat map (the lab shows this run and the previous one side by side).
    `caption` None: the game has no board heat (`Presentation.heat_caption`), and no heat panel."""

    def __init__(self, title: str, base_colour=None, geometry: str = "square", caption: str | None = "",
                 parent=None, turn_word: str = "turn"):
        super().__init__(title, parent)
        self.turn_word = turn_word  # Game.turn_word: Pendulum counts rounds
        lay = QVBoxLayout(self)
        self.heading = QLabel("—")
        self.heading.setWordWrap(True)
        self.table = QLabel()
        self.table.setTextFormat(Qt.TextFormat.RichText)
        self.table.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.caption = caption
        self.heatmap = HeatMapView(base_colour, geometry, caption or "")
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        lay.addWidget(self.heading)
        lay.addWidget(self.table)
        lay.addWidget(self.legend)
        lay.addWidget(self.heatmap, 1)
        if caption is None:
            self.heatmap.hide()
            self.legend.hide()
            lay.addStretch(1)

    def show_run(self, run: BalanceRun | None) -> None:
        if run is None:
            self.heading.setText("No run yet.")
            self.table.setText("")
            self.legend.setText("")
            self.heatmap.set_heat(None, {}, 0)
            return
        s = run.summary
        self.heading.setText(run.title)
        rows = []
        for q, prop in enumerate(s.seat_wins):
            who = run.seat_names[q] + ("" if run.rotate else f" — {run.seats[q]}")
            bar = "█" * round(prop.rate * 10)  # 10 points of win rate a block
            rows.append(f"<tr><td>{who}</td><td align=right><b>{prop.rate * 100:.1f}%</b></td>"
                        f"<td>[{prop.low * 100:.1f}, {prop.high * 100:.1f}]</td><td>{prop.k}/{prop.n}</td>"
                        f"<td style='color:#d95f0e'>{bar}</td></tr>")
        if len(s.agent_wins) > 1:  # different computer players (rotated or not): how each one does
            rows.append("<tr><th align=left>computer player</th><th>wins</th><th>95% interval</th><th></th></tr>")
            for a, prop in s.agent_wins.items():
                rows.append(f"<tr><td>{a}</td><td align=right><b>{prop.rate * 100:.1f}%</b></td>"
                            f"<td>[{prop.low * 100:.1f}, {prop.high * 100:.1f}]</td><td>{prop.k}/{prop.n}</td></tr>")
        fair = 100 / max(1, s.seats)
        length = s.length_turns if s.length_turns.n else s.length_actions
        unit = f"{self.turn_word}s" if s.length_turns.n else "actions"
        # no word wrap: a wrapped rich-text label is sized for a width it does not get and its last
        # lines are cut; each line is short, and the scroll area scrolls what does not fit
        self.table.setText(
            "<table cellspacing=4><tr><th align=left>seat</th><th>wins</th><th>95% interval</th><th></th></tr>"
            + "".join(rows) + "</table>"
            + f"draws {s.draws.rate * 100:.1f}%<br>"
            f"first-seat advantage <b>{s.first_seat_advantage * 100:+.1f}</b> points over a fair {fair:.1f}%<br>"
            f"game length {length.mean:.1f} {unit} (sd {length.sd:.1f}, {length.low:g}–{length.high:g})<br>"
            + measures(s)
            + (f"<br><span style='color:#b00'>{len(s.errors)} games failed: {s.errors[0].splitlines()[0][:80]}</span>"
               if s.errors else ""))
        top = max(run.heat.values(), default=0)
        what = self.caption or "cells"
        self.legend.setText(f"Heat map of the {what}: pale yellow once, dark red {top} times, in {s.games} games; "
                            "the map in grey." if top else f"Heat map of the {what}: none in these {s.games} games.")
        self.heatmap.set_heat(run.size, run.heat, s.games)


def run_controls(dialog: Any, run_text: str) -> QHBoxLayout:
    """Run and Cancel buttons and a progress bar in games, as `dialog.run_button`, `.cancel_button`
    and `.progress` (the dialog's `start` and `cancel` behind the buttons): the lab and the assistant."""
    row = QHBoxLayout()
    dialog.run_button = QPushButton(run_text)
    dialog.run_button.setDefault(True)
    dialog.run_button.clicked.connect(dialog.start)
    dialog.cancel_button = QPushButton("Cancel")
    dialog.cancel_button.setEnabled(False)
    dialog.cancel_button.clicked.connect(dialog.cancel)
    dialog.progress = QProgressBar()
    dialog.progress.setFormat("%v of %m games")
    row.addWidget(dialog.run_button)
    row.addWidget(dialog.cancel_button)
    row.addWidget(dialog.progress, 1)
    return row


def measures(s: Summary) -> str:
    """Completion, decisiveness and the skill share (engine.core.simulate.Summary), a line each."""
    bound = s.games - int(s.completion.k)
    lines = [f"completion {pct(s.completion)}: ended by the game's own rule"
             + (f" ({bound} reached a safety bound)" if bound else "")]
    if s.decisiveness is not None:
        d = s.decisiveness
        lines.append(f"decisiveness: the winner led for good after {d.mean * 100:.0f}% "
                     f"[{d.low * 100:.0f}, {d.high * 100:.0f}] of the game")
    if s.skill is not None:
        k = s.skill
        lines.append(f"skill share <b>{k.share.to_text()}</b>: against random players {k.strong} wins "
                     f"{pct(k.strong_vs_random)}, greedy {pct(k.greedy_vs_random)}")
    return "<br>".join(lines)


def pct(p) -> str:
    return f"{p.rate * 100:.1f}% [{p.low * 100:.1f}, {p.high * 100:.1f}]"


class BalanceDialog(QDialog):
    """Tools > Balance…: settings, Run / Cancel with a progress bar, this run beside the previous."""

    finished_run = Signal(object)  # BalanceRun

    def __init__(self, editor, parent=None):
        super().__init__(parent)
        self.editor = editor
        self.document = editor.document
        self.game = game_of(self.document)
        self.worker: BatchWorker | None = None
        self.setWindowTitle(f"Balance lab — {self.document.display_name}")
        scenario = self.document.snapshot()
        self.names = seat_names(self.game, scenario)
        lay = QVBoxLayout(self)

        form_box = QWidget()
        form = QGridLayout(form_box)
        form.setContentsMargins(0, 0, 0, 0)
        agents = self.game.agents()
        self.agent_boxes: list[QComboBox] = []
        seat_form = QFormLayout()
        for q, n in enumerate(self.names):
            box = QComboBox()
            box.addItems(agents)
            if "greedy" in agents:
                box.setCurrentText("greedy")
            box.setToolTip(f"The computer player of {n}")
            seat_form.addRow(n, box)
            self.agent_boxes.append(box)
        seats_group = QGroupBox("Computer players")
        seats_group.setLayout(seat_form)
        form.addWidget(seats_group, 0, 0, 2, 1)
        opts = QFormLayout()
        self.games = QSpinBox()
        self.games.setRange(1, 100000)
        self.games.setValue(20)
        self.games.setToolTip("Seeds to play (with rotation, each seed once per seat order)")
        opts.addRow("Games", self.games)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setToolTip("The first seed: seeds are SEED, SEED+1, … (the same as gridsmith simulate --seed)")
        opts.addRow("First seed", self.seed)
        self.rotate = QCheckBox("Rotate seats")
        self.rotate.setToolTip("Play every seed once per rotation of the seat order, so every computer player "
                               "plays every seat on the same games")
        opts.addRow("", self.rotate)
        self.skill = QCheckBox("Skill share")
        self.skill.setToolTip("Also play the strongest computer player and greedy, each in every seat against random "
                              "players, on the same seeds: how much thinking further than greedy pays (near zero: "
                              "dice decide). Three times the games.")
        opts.addRow("", self.skill)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, max(1, os.cpu_count() or 1) * 4)
        self.jobs.setValue(max(1, os.cpu_count() or 1))
        self.jobs.setToolTip("Worker processes (1: play in a background thread of the editor)")
        opts.addRow("Processes", self.jobs)
        self.scheduler = QLineEdit(os.environ.get("GRIDSMITH_DASK_SCHEDULER", ""))
        self.scheduler.setPlaceholderText("optional: tcp://host:8786")
        self.scheduler.setToolTip("A Dask distributed scheduler to send the games to instead of local processes")
        opts.addRow("Dask cluster", self.scheduler)
        form.addLayout(opts, 0, 1)
        lay.addWidget(form_box)

        row = run_controls(self, "Run")
        self.status = QLabel("The document is played as it is now, unsaved edits included.")
        self.status.setWordWrap(True)
        lay.addLayout(row)
        lay.addWidget(self.status)

        base, geometry = self._board()
        caption = self.game.presentation.heat_caption()
        self.current = RunView("This run", base, geometry, caption, turn_word=self.game.turn_word)
        self.previous = RunView("Previous run", base, geometry, caption, turn_word=self.game.turn_word)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.current)
        split.addWidget(self.previous)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(split)
        lay.addWidget(scroll, 1)
        self._show_history()
        # as large as the lab reads well, never larger than the screen (1024x700 and up)
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        self.resize(min(1280, screen.width() - 24), min(860, screen.height() - 48))

    def _board(self):
        """(base colour, geometry) of the heat map: the map's own colours where the editor has a grid
        (the world view's colour of each cell), else the game's words for its cells (`Presentation.cell_kind`,
        as `simulate --heatmap` draws them); the cells' shape from the game (`Presentation.board_geometry`)."""
        ed, doc = self.editor, self.document
        try:
            state = self.game.new_game(doc.snapshot(), 0, base=str(doc.path.parent) if doc.path else None)
        except Exception:  # noqa: BLE001 - a document that cannot start yet: a plain board
            state = None
        self._board_known = state is not None  # else asked again when a run starts (start)
        geometry = self.game.presentation.board_geometry(state) if state is not None else "square"
        # a lattice's cells are edges, not the heat map's (x, y) squares: the game's words then
        if not hasattr(ed, "colour_of") or getattr(doc.geometry(), "vertex_strokes", False):
            if state is None:
                return None, geometry
            size = self.game.presentation.board_size(state)
            kinds = kinds_of(self.game, state, size) if size else None
            return (lambda x, y: QColor(*KIND_GREY.get(kinds[y][x], NONE))
                    if kinds and 0 <= y < len(kinds) and 0 <= x < len(kinds[y]) else None), geometry

        def base(x: int, y: int):
            w, h = doc.grid_size()
            return ed.colour_of(doc.cell(x, y)) if 0 <= x < w and 0 <= y < h else None
        return base, geometry

    def _show_history(self) -> None:
        runs = history(self.document)
        self.current.show_run(runs[-1] if runs else None)
        self.previous.show_run(runs[-2] if len(runs) > 1 else None)

    # ---- running ---------------------------------------------------------------------------------
    def specs(self):
        doc = self.document
        scenario = doc.snapshot()  # unsaved edits included
        base = str(doc.path.parent) if doc.path else None
        seats = [b.currentText() for b in self.agent_boxes]
        batches = [make_specs(self.game.name, scenario, seats, self.games.value(), seed=self.seed.value(),
                              rotate=self.rotate.isChecked(), base=base, heat=True)]
        self._strong = strongest(self.game) if self.skill.isChecked() and "greedy" in self.game.agents() else None
        if self._strong is not None and self._strong != "random":
            batches += skill_specs(self.game.name, scenario, len(seats), self._strong, self.games.value(),
                                   seed=self.seed.value(), base=base)
        else:
            self._strong = None
        specs, self._owner = joined(batches)  # batch 0 the run, 1 and 2 the skill share's
        return seats, specs

    def start(self) -> None:
        if self.worker is not None:
            return
        try:  # a scenario that cannot start is one message, not N failed games
            scenario = self.document.snapshot()
            self.game.new_game(scenario, self.seed.value(),
                               base=str(self.document.path.parent) if self.document.path else None)
        except Exception as e:  # noqa: BLE001 - ScenarioError, or a model with errors
            self.status.setText(f"Cannot play this document yet: {e}")
            return
        if not self._board_known:  # the lab opened on a document that could not start: a hex arena drew as squares
            base, geometry = self._board()
            for view in (self.current, self.previous):
                view.heatmap.base_colour = base
                view.heatmap.geometry_name = geometry if geometry in GEOMETRIES else "square"
        seats, specs = self.specs()
        self._seats = seats
        self._undo = (self.document.undo_stack.index(),
                      self.document.undo_stack.text(self.document.undo_stack.index() - 1)
                      if self.document.undo_stack.index() > 0 else "")
        self.progress.setRange(0, len(specs))
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(f"Playing {len(specs)} games…")
        self.worker = BatchWorker(specs, self.jobs.value(), self.scheduler.text().strip() or None)
        # bound methods of the dialog: Qt disconnects them when the dialog is deleted, and a dialog
        # deleted mid-run cancels the games not yet started
        self.worker.progress.connect(self._progress)
        self.worker.done.connect(self._done)
        self.destroyed.connect(self.worker.cancel)
        self.worker.start()

    def _progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)

    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.status.setText("Cancelling: the games already running finish, the rest are not played…")
            self.cancel_button.setEnabled(False)

    def _done(self, played: list[tuple[int, GameRecord]], cancelled: bool) -> None:
        w, self.worker = self.worker, None
        if w is not None:
            w.wait()
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        n = len(self.names)
        batches: list[list[GameRecord]] = [[], [], []]
        for i, r in played:
            batches[self._owner[i]].append(r)
        records = batches[0]
        summary = summarize(records, n)
        if self._strong is not None and not cancelled:
            summary.skill = skill_share(batches[1], batches[2], self._strong, n)
        summary.seconds = sum(r.seconds for r in records)
        size, heat = heat_map(records)
        run = BalanceRun(self._seats, self.games.value(), self.rotate.isChecked(), self.names, summary, size, heat,
                         self._undo[0], self._undo[1], cancelled, records)
        if records:
            history(self.document).append(run)
        self._show_history()
        self.status.setText(("Cancelled after " if cancelled else "Done: ") + f"{len(records)} games played.")
        self.finished_run.emit(run)

    def _stop(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.worker.wait()
            self.worker = None

    def reject(self) -> None:
        self._stop()
        super().reject()

    def closeEvent(self, e) -> None:
        self._stop()
        super().closeEvent(e)
