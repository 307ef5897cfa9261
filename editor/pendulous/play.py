"""FILE|PLAY SCENARIO (manual 4.3): test-play the scenario as it is in the editor, unsaved.

Seat assignment (a human or any registered computer player per seat, names overridable as in
4.2.4), then the game window of sections 2-3: owners' colours, unsupplied squares black outlined in
the owner's colour (2.1), armies, the left panel (force pool, resources, victory points, turn, and
the attack breakdown and chance of the square under the mouse, 2.7), click to place / pick up /
attack (2.5), End Turn, the end-of-turn score dialog that can be switched off (3.5), computer turns
in a worker thread at a watchable pace or fast, the three reports (3.1), Save Game / Reload Saved
Game (3.2, 3.3), the world view (3.4), and game over with the winner.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QKeySequence, QPainter, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gridsmith.engine.core import agents as agent_registry
from gridsmith.engine.core.loop import Match
from gridsmith.engine.pendulous import Attack, IllegalAction, attack_odds, reports, start_game
from gridsmith.engine.pendulous import save as saves
from gridsmith.engine.pendulous.events import GameOver
from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.pendulous.scenario import SEAT_COLOURS, Scenario

from ..core.agentworker import AgentWorker
from ..core.gridview import GridView, SquareGridItem, TileCache
from ..core.minimap import Minimap
from .colours import SEAT_NAMES, SEAT_QCOLOURS, WATER_COLOUR, grid_line, paint_city, paint_water

HUMAN = "human"
GAME = "pendulous"
#: milliseconds between computer actions: "watchable" lets a person follow the game, "fast" does not wait
PACES = {"watchable": 250, "fast": 0}


# ---- squares ---------------------------------------------------------------------------------
def paint_play_square(p: QPainter, r: QRect, key) -> None:
    kind, owner, armies, supplied = key
    if kind == "water":
        paint_water(p, r)
        grid_line(p, r)
        return
    colour = SEAT_QCOLOURS[owner] if owner >= 0 else QColor("#555555")
    if kind == "city":
        p.fillRect(r, colour)
        paint_city(p, r, colour)
    elif supplied:
        p.fillRect(r, colour)
    else:  # manual 2.1: black, outlined in the owner's colour
        p.fillRect(r, QColor("#111111"))
        w = max(2, r.width() // 8)
        p.setPen(QPen(colour, w))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(r).adjusted(w / 2 + 1, w / 2 + 1, -w / 2 - 1, -w / 2 - 1))
    if armies:
        d = r.width() * 0.56
        disc = QRectF(r.center().x() - d / 2 + 0.5, r.center().y() - d / 2 + 0.5, d, d)
        p.setPen(QPen(QColor("#1b1b1b"), max(1.5, r.width() / 14)))
        p.setBrush(QColor("#fafafa"))
        p.drawEllipse(disc)
        p.setBrush(colour.darker(130))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawEllipse(disc.adjusted(d * 0.22, d * 0.22, -d * 0.22, -d * 0.22))
        if armies > 1:
            p.setPen(QColor("black"))
            p.drawText(r, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, str(armies))
    grid_line(p, r)


def play_colour(key) -> QColor:
    kind, owner, _armies, supplied = key
    if kind == "water":
        return WATER_COLOUR
    c = SEAT_QCOLOURS[owner] if owner >= 0 else QColor("#555555")
    if kind == "city":
        return c.darker(170)
    return c if supplied else QColor("#111111")


# ---- seat assignment -------------------------------------------------------------------------
class SeatDialog(QDialog):
    """Who plays each seat: a human or one of the registered computer players (manual 1.2)."""

    def __init__(self, scenario: Scenario, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"Play {scenario.name}: player assignments")
        form = QFormLayout(self)
        self.kinds: list[QComboBox] = []
        self.names: list[QLineEdit] = []
        choices = [HUMAN] + agent_registry.available(GAME)
        for i, p in enumerate(scenario.players):
            combo = QComboBox()
            for c in choices:
                combo.addItem("Human" if c == HUMAN else f"Computer: {c}", c)
            if i > 0 and len(choices) > 1:  # default: you are red against the computer
                combo.setCurrentIndex(choices.index("greedy") if "greedy" in choices else 1)
            name = QLineEdit(p.name)
            name.setMaxLength(64)
            row = QWidget()
            rl = QGridLayout(row)
            rl.setContentsMargins(0, 0, 0, 0)
            rl.addWidget(combo, 0, 0)
            rl.addWidget(name, 0, 1)
            form.addRow(f"<b style='color:{SEAT_QCOLOURS[i].name()}'>■</b> {SEAT_NAMES[i]}", row)
            self.kinds.append(combo)
            self.names.append(name)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        self.seed.setToolTip("The game's random seed: the same seed and moves replay the same game")
        form.addRow("Seed", self.seed)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        bb.accepted.connect(self.accept)
        bb.rejected.connect(self.reject)
        form.addRow(bb)

    def seats(self) -> list[str]:
        return [c.currentData() for c in self.kinds]

    def player_names(self) -> list[str]:
        return [n.text().strip() for n in self.names]


def start_test_play(editor, main_window) -> "PlayWindow | None":
    doc = editor.document
    problems = editor.validate_now()
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if errors:
        listing = "\n".join(f"• {p.code}: {p.message}" for p in errors[:8])
        QMessageBox.warning(main_window, "Cannot play yet",
                            f"The scenario has {len(errors)} error(s) to fix before it can be played:\n\n{listing}")
        return None
    scenario = doc.snapshot()
    dlg = SeatDialog(scenario, main_window)
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    return open_play_window(main_window, scenario, dlg.seats(), dlg.seed.value(), dlg.player_names(),
                            scenario_file=doc.path, source_editor=editor)


def open_play_window(main_window, scenario: Scenario, seats: list[str], seed: int = 1,
                     names: list[str] | None = None, scenario_file: Path | None = None, source_editor=None,
                     pace: str = "watchable", end_turn_dialog: bool = True,
                     agent_seed: int | None = None) -> "PlayWindow":
    scenario = scenario.model_copy(deep=True)
    for i, n in enumerate(names or []):
        if n:
            scenario.players[i].name = n  # manual 4.2.4: names can be overridden when played
    w = PlayWindow(scenario, seats, seed, scenario_file, pace=pace, end_turn_dialog=end_turn_dialog,
                   agent_seed=agent_seed)
    w.source_editor = source_editor
    if main_window is not None:
        main_window.play_windows.append(w)
        w.closed.connect(lambda: _back_to_editor(main_window, w))
    w.show()
    w.begin()
    return w


def _back_to_editor(main_window, w) -> None:
    if w in main_window.play_windows:
        main_window.play_windows.remove(w)
    main_window.activateWindow()
    main_window.raise_()


# ---- the game window -------------------------------------------------------------------------
class PlayTool:
    """A click on a square does what it means for the human to move (manual 2.5)."""

    def __init__(self, window: "PlayWindow"):
        self.window = window

    def press(self, x, y, button) -> None:
        if button == Qt.MouseButton.LeftButton:
            self.window.click_square(y, x)

    def move(self, x, y, buttons) -> None: ...
    def release(self, x, y, button) -> None: ...
    def cancel(self) -> None: ...


class PlayWindow(QMainWindow):
    closed = Signal()
    changed = Signal()  # after every applied action (tests and the world view listen)
    gameOver = Signal(object)  # Result

    def __init__(self, scenario: Scenario, seats: list[str], seed: int = 1, scenario_file: Path | None = None,
                 pace: str = "watchable", end_turn_dialog: bool = True, agent_seed: int | None = None):
        super().__init__()
        self.scenario = scenario
        self.scenario_file = scenario_file
        self.seats = list(seats)
        self.seed = seed
        self.pace = pace
        self.source_editor = None
        self.worker: AgentWorker | None = None
        self._closing = False
        self.state, first_events = start_game(scenario, None, seed, scenario_file)
        self.agent_seed = agent_seed  # None: computer players' generators from a secret (engine.core.rng)
        self._new_match()
        self.setWindowTitle(f"Play: {scenario.name} — Gridsmith")
        self.resize(1200, 820)

        self.tiles = TileCache(paint_play_square)
        self.item = SquareGridItem(self._size, self._key, self.tiles)
        self.view = GridView(self.item)
        self.view.tool = PlayTool(self)
        self.view.cellHovered.connect(self._hovered)
        self.setCentralWidget(self.view)
        self._keys = {}

        self._build_panel()
        self._build_log()
        self.minimap = Minimap(self.view, self._size, lambda x, y: play_colour(self._key(x, y)))
        self.world = QDockWidget("World View", self)
        self.world.setObjectName("play-worldview")
        self.world.setWidget(self.minimap)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.world)
        self._build_menus(end_turn_dialog)
        self._log(first_events)
        self._remember_keys()
        self.hover: tuple[int, int] | None = None
        self._last_turn = self.state.turn
        self.refresh()
        self.table.setFixedHeight(self.table.horizontalHeader().sizeHint().height()
                                  + self.table.verticalHeader().length() + 2 * self.table.frameWidth())

    # ---- state -> squares ---------------------------------------------------------------------
    def _size(self) -> tuple[int, int]:
        b = self.state.board
        return (b.width, b.height)

    def _key(self, x: int, y: int):
        return self.state.square(y, x)

    def _remember_keys(self) -> None:
        w, h = self._size()
        self._keys = {(x, y): self._key(x, y) for y in range(h) for x in range(w)}

    def _changed_cells(self) -> list[tuple[int, int]]:
        w, h = self._size()
        changed = []
        for y in range(h):
            for x in range(w):
                k = self._key(x, y)
                if self._keys.get((x, y)) != k:
                    self._keys[(x, y)] = k
                    changed.append((x, y))
        return changed

    # ---- widgets ------------------------------------------------------------------------------
    def _build_panel(self) -> None:
        panel = QWidget()
        lay = QVBoxLayout(panel)
        self.turn_label = QLabel()
        self.turn_label.setWordWrap(True)
        self.to_move_label = QLabel()
        self.to_move_label.setWordWrap(True)
        lay.addWidget(self.turn_label)
        lay.addWidget(self.to_move_label)
        self.table = QTableWidget(len(self.scenario.players), 3)
        self.table.setHorizontalHeaderLabels(["Force pool", "Resources", "Victory pts"])
        self.table.setVerticalHeaderLabels([p.name for p in self.scenario.players])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay.addWidget(self.table)
        self.end_turn_btn = QPushButton("End Turn")
        self.end_turn_btn.clicked.connect(self.end_turn)
        lay.addWidget(self.end_turn_btn)
        box = QGroupBox("Square under the mouse")
        bl = QVBoxLayout(box)
        self.square_label = QLabel("—")
        self.square_label.setWordWrap(True)
        self.odds_label = QLabel("")
        self.odds_label.setWordWrap(True)
        self.odds_label.setTextFormat(Qt.TextFormat.RichText)
        bl.addWidget(self.square_label)
        bl.addWidget(self.odds_label)
        lay.addWidget(box)
        lay.addStretch(1)
        dock = QDockWidget("Game", self)
        dock.setObjectName("play-panel")
        dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        dock.setWidget(panel)
        dock.setMinimumWidth(300)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)

    def _build_log(self) -> None:
        self.log_view = QPlainTextEdit()
        self.log_view.setReadOnly(True)
        self.log_view.setMaximumBlockCount(5000)
        dock = QDockWidget("Game log", self)
        dock.setObjectName("play-log")
        dock.setWidget(self.log_view)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        self.resizeDocks([dock], [140], Qt.Orientation.Vertical)

    def _build_menus(self, end_turn_dialog: bool) -> None:
        mb = self.menuBar()
        f = mb.addMenu("&File")
        self.act_save = f.addAction("&Save Game…", lambda: self.save_game())
        self.act_save.setShortcut(QKeySequence.StandardKey.Save)
        self.act_reload = f.addAction("&Reload Saved Game…", lambda: self.reload_game())
        self.act_reload.setShortcut(QKeySequence.StandardKey.Open)
        f.addSeparator()
        back = f.addAction("&Back to Editor", self.close)
        back.setShortcut(QKeySequence.StandardKey.Close)
        t = mb.addMenu("&Turn")
        self.act_end = t.addAction("&End Turn", self.end_turn)
        self.act_end.setShortcut("Ctrl+E")
        r = mb.addMenu("&Reports")
        r.addAction("&Player Settings", lambda: self.show_report("player"))
        r.addAction("&Game Settings", lambda: self.show_report("game"))
        r.addAction("&Combat Report", lambda: self.show_report("combat"))
        o = mb.addMenu("&Options")
        self.act_end_dialog = QAction("&End Turn Dialog", self, checkable=True, checked=end_turn_dialog)
        o.addAction(self.act_end_dialog)
        self.act_world = self.world.toggleViewAction()
        self.act_world.setText("&World View")
        o.addAction(self.act_world)
        o.addSeparator()
        group = QActionGroup(self)
        self.pace_actions = {}
        for pace, label in (("watchable", "Computer Speed: &Watchable"), ("fast", "Computer Speed: &Fast")):
            a = QAction(label, self, checkable=True, checked=pace == self.pace)
            a.triggered.connect(lambda _c=False, pace=pace: setattr(self, "pace", pace))
            group.addAction(a)
            o.addAction(a)
            self.pace_actions[pace] = a
        v = mb.addMenu("&View")
        v.addAction("Zoom &In", self.view.zoom_in, QKeySequence.StandardKey.ZoomIn)
        v.addAction("Zoom &Out", self.view.zoom_out, QKeySequence.StandardKey.ZoomOut)
        v.addAction("&Fit Map", self.view.zoom_fit, "Ctrl+9")

    def _make_agents(self) -> dict[int, object]:
        out = {}
        for i, kind in enumerate(self.seats):
            if kind != HUMAN:
                out[i] = agent_registry.create(GAME, kind)
        return out

    def _new_match(self) -> None:
        """The shared play loop (engine.core.loop) over this window's state and seats."""
        agents = self._make_agents()
        self.match = Match(self.state, [agents.get(q) for q in range(len(self.seats))], self.agent_seed,
                           names=self.seats)
        self.agents = self.match.players  # per seat: its computer player, None for a human

    # ---- the flow of the game -------------------------------------------------------------------
    def begin(self) -> None:
        self._advance()

    def is_human_turn(self) -> bool:
        s = self.state
        return not s.is_over and self.seats[s.to_move] == HUMAN

    def _advance(self) -> None:
        """After every action: game over, or wait for the human, or let the computer think."""
        if self._closing:
            return
        s = self.state
        self.refresh()
        if s.is_over:
            return
        if self.seats[s.to_move] != HUMAN and self.worker is None:
            req = self.match.request()  # the shared loop: the seat's view, legal actions and generator
            self.worker = AgentWorker(req.agent, req.view, req.legal, req.rng, self)
            self.worker.chosen.connect(self._computer_chose)
            self.worker.failed.connect(self._computer_failed)
            self.worker.start()

    def _computer_chose(self, action) -> None:
        w, self.worker = self.worker, None
        if w is not None:
            w.wait()
            w.deleteLater()
        if self._closing:
            return
        why = self.state.why_illegal(action)
        if why is not None:
            self._computer_failed(f"the computer player chose an illegal action {action.to_text()}: {why}")
            return
        self.apply(action)
        QTimer.singleShot(PACES.get(self.pace, 0), self, self._advance)  # dropped if the window is gone

    def _computer_failed(self, message: str) -> None:
        if self.worker is not None:
            self.worker.wait()
            self.worker = None
        self.log_view.appendPlainText(f"!! {message}")
        self.statusBar().showMessage(message)

    def apply(self, action) -> list:
        events = self.match.apply(action)
        self._log(events)
        cells = self._changed_cells()
        self.item.update_cells(cells)
        self.minimap.update_cells(cells)
        self.refresh()
        self.changed.emit()
        if self.state.turn != self._last_turn and not self.state.is_over:
            self._last_turn = self.state.turn
            if self.act_end_dialog.isChecked():
                self.show_score_dialog()
        if any(isinstance(e, GameOver) for e in events) or self.state.is_over:
            self.game_over()
        return events

    def click_square(self, row: int, col: int) -> None:
        if not self.is_human_turn():
            self.statusBar().showMessage("Wait: a computer player is moving", 3000)
            return
        action = self.state.action_for_square(row, col)
        if action is None:
            from gridsmith.engine.pendulous import Place

            kind, owner, _armies, _sup = self.state.square(row, col)
            probe = Attack(row, col) if owner >= 0 and owner != self.state.to_move else Place(row, col)
            why = self.state.why_illegal(probe) if kind != "water" else "no action can take place on water (2.1)"
            self.statusBar().showMessage(f"Not possible: {why}", 5000)
            return
        try:
            self.apply(action)
        except IllegalAction as e:
            self.statusBar().showMessage(str(e), 5000)
            return
        self._advance()

    def end_turn(self) -> None:
        if not self.is_human_turn():
            return
        from gridsmith.engine.pendulous import END_TURN

        self.apply(END_TURN)
        self._advance()

    # ---- display --------------------------------------------------------------------------------
    def refresh(self) -> None:
        s = self.state
        turns = s.scenario.settings.turns
        self.turn_label.setText("<b>Setup turn</b> (placing and picking up are free, no attacks — 2.4)"
                                if s.turn == 0 else f"<b>Turn {min(s.turn, turns)} of {turns}</b>")
        if s.is_over:
            self.to_move_label.setText("<b>Game over</b>")
        else:
            p = s.to_move
            who = "you" if self.seats[p] == HUMAN else f"computer ({self.seats[p]})"
            self.to_move_label.setText(f"<b style='color:{SEAT_QCOLOURS[p].name()}'>■</b> "
                                       f"{s.scenario.players[p].name} to move — {who}")
        for q in range(len(s.scenario.players)):
            for col, value in enumerate((s.pool[q], s.resources[q], s.vp[q])):
                text = f"{value}" + (" (out)" if col == 2 and s.out[q] else "")
                item = self.table.item(q, col)
                if item is None:
                    self.table.setItem(q, col, QTableWidgetItem(text))
                elif item.text() != text:
                    item.setText(text)
        self.end_turn_btn.setEnabled(self.is_human_turn())
        self.act_end.setEnabled(self.is_human_turn())
        if self.hover is not None:
            self._hovered(*self.hover)

    def _hovered(self, x: int, y: int) -> None:
        if x < 0:
            self.hover = None
            self.square_label.setText("—")
            self.odds_label.setText("")
            return
        self.hover = (x, y)
        s = self.state
        kind, owner, armies, supplied = s.square(y, x)
        where = f"Column {x + 1}, row {y + 1}"
        if kind == "water":
            self.square_label.setText(f"{where}: water")
            self.odds_label.setText("")
            return
        text = f"{where}: {kind} of {s.scenario.players[owner].name} ({SEAT_COLOURS[owner]})"
        text += f", {armies} arm{'y' if armies == 1 else 'ies'}" if armies else ""
        text += "" if supplied or kind == "city" else ", OUT OF SUPPLY"
        self.square_label.setText(text)
        if s.is_over or owner == s.to_move:
            self.odds_label.setText("")
            return
        try:
            odds = attack_odds(s, (y, x))
        except ValueError:
            self.odds_label.setText("")
            return
        why = s.why_illegal(Attack(y, x))
        items_a = "".join(f"<br>&nbsp;&nbsp;{n}: {v:g}" for n, v in odds.attack_items)
        items_d = "".join(f"<br>&nbsp;&nbsp;{n}: {v:g}" for n, v in odds.defence_items)
        bonus = f"<br>&nbsp;&nbsp;+{odds.successive_bonus}% successive attacks" if odds.successive_bonus else ""
        self.odds_label.setText(
            f"<b>Attack {odds.attack:g}</b>{' (naval invasion)' if odds.naval else ''}{items_a}"
            f"<br>&nbsp;&nbsp;× {odds.attack_effectiveness}% effectiveness{bonus}"
            f"<br><b>Defence {odds.defence:g}</b>{items_d}"
            f"<br>&nbsp;&nbsp;× {odds.defence_effectiveness}% effectiveness"
            f"<br><b>Chance of success: {odds.chance * 100:.1f}%</b>"
            + (f"<br><i>Cannot attack now: {why}</i>" if why else ""))

    def _log(self, events) -> None:
        for e in events:
            self.log_view.appendPlainText(e.to_text())

    # ---- dialogs ----------------------------------------------------------------------------
    def score_text(self) -> str:
        s = self.state
        lines = [f"{p.name} ({SEAT_COLOURS[q]}): {s.vp[q]} victory points" + (" — out" if s.out[q] else "")
                 for q, p in enumerate(s.scenario.players)]
        return "\n".join(lines)

    def show_score_dialog(self) -> None:
        """Manual 3.5: the end-of-turn dialog with the current score (Options > End Turn Dialog)."""
        QMessageBox.information(self, f"End of turn {self.state.turn - 1}" if self.state.turn > 1 else "Setup done",
                                self.score_text())

    def game_over(self) -> None:
        res = self.state.result
        self.refresh()
        if res is None:
            return
        names = [self.scenario.players[w].name for w in res.winners]
        head = f"{names[0]} wins!" if len(names) == 1 else f"A tie between {', '.join(names)}."
        self.statusBar().showMessage(f"Game over: {head}")
        self.gameOver.emit(res)
        QMessageBox.information(self, "Game over", f"{head}\n\n{self.score_text()}\n\n{res.reason}")

    def report_rows(self, which: str) -> list[dict]:
        s = self.state
        if which == "player":
            return reports.player_settings(s)
        if which == "game":
            return [reports.game_settings(s)]
        return reports.combat_report(s)

    def show_report(self, which: str) -> QDialog:
        titles = {"player": "Player Settings Report (3.1.1)", "game": "Game Settings (3.1.2)",
                  "combat": "Combat Report (3.1.3)"}
        rows = self.report_rows(which)
        dlg = QDialog(self)
        dlg.setWindowTitle(titles[which])
        lay = QVBoxLayout(dlg)
        keys = list(rows[0]) if rows else []
        table = QTableWidget(len(rows), len(keys))
        table.setHorizontalHeaderLabels([k.replace("_", " ").capitalize() for k in keys])
        for r, row in enumerate(rows):
            for c, k in enumerate(keys):
                v = row[k]
                table.setItem(r, c, QTableWidgetItem("—" if v is None else str(v)))
        table.resizeColumnsToContents()
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        lay.addWidget(table)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        bb.accepted.connect(dlg.accept)
        lay.addWidget(bb)
        dlg.resize(900, 120 + 30 * len(rows))
        dlg.setModal(False)
        dlg.show()
        self.report = dlg  # tests and screenshots look at the last report
        return dlg

    # ---- saving -----------------------------------------------------------------------------
    def save_game(self, path: str | Path | None = None, description: str = "") -> Path | None:
        """Manual 3.2: save the game in progress (scenario, seed, actions and a snapshot)."""
        if path is None:
            base = self.scenario_file.with_suffix("").with_suffix(".sav.yaml") if self.scenario_file else "game.sav.yaml"
            path, _ = QFileDialog.getSaveFileName(self, "Save Game", str(base), "Saved games (*.sav.yaml)")
            if not path:
                return None
        target = saves.write_save(path, self.state, self.seats, description)
        self.statusBar().showMessage(f"Game saved to {target}", 5000)
        return target

    def reload_game(self, path: str | Path | None = None) -> bool:
        """Manual 3.3: continue a saved game: it is replayed and checked against its snapshot."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Reload Saved Game", "", "Saved games (*.sav.yaml)")
            if not path:
                return False
        try:
            model = saves.read_save(path)
            state = saves.load_game(model)
        except saves.SaveError as e:
            QMessageBox.critical(self, "Cannot reload", "\n".join(p.message for p in e.problems[:10]))
            return False
        if self.worker is not None:
            self.worker.chosen.disconnect()
            self.worker.wait()
            self.worker = None
        self.state = state
        self.scenario = state.scenario
        if model.seats and len(model.seats) == len(self.seats):
            self.seats = list(model.seats)
        self._new_match()
        self._last_turn = state.turn
        self.item.rebuild()
        self.view.sync_scene_rect()
        self.minimap.rebuild()
        self._remember_keys()
        self.log_view.appendPlainText(f"-- reloaded {path} ({len(state.log)} actions replayed and verified)")
        self._advance()
        return True

    def closeEvent(self, e) -> None:
        self._closing = True
        if self.worker is not None:
            self.worker.wait()
            self.worker = None
        self.closed.emit()
        e.accept()
