"""Test-play a Pyramids scenario against Cheops, and replay a finished game.

The board shows the player's *view* (engine.pyramids.state.View): Cheops' unknown pieces are drawn as
"?", revealed ones with their rank; nothing the engine withholds reaches this window. Cheops thinks
in a worker thread; "Stop thinking" makes him play the best move found so far (manual F1 notes), and
"Show Cheops' thinking" lists his candidate moves and scores as he searches them (manual F6).
Games save to and load from `pyramids.save` files; the replay shows the whole game, both sides'
pieces revealed, with step and play controls (manual "End of Game").
"""
from __future__ import annotations

import threading
import time
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QThread, QTimer, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (QCheckBox, QFileDialog, QHBoxLayout, QLabel, QListWidget, QMainWindow,
                               QPushButton, QSlider, QSplitter, QVBoxLayout, QWidget)

from gridsmith.engine.core.loop import Match
from gridsmith.engine.core.rng import SeatRng, new_seed
from gridsmith.engine.pyramids.actions import Attacked, GameOver, Move, Moved
from gridsmith.engine.pyramids.cheops import CheopsAgent
from gridsmith.engine.pyramids.game import new_game
from gridsmith.engine.pyramids.pieces import CHAR
from gridsmith.engine.pyramids.saves import from_save, to_save
from gridsmith.formats.pyramids.scenario import ResolvedScenario

from .art import paint_piece, paint_terrain

HUMAN, CHEOPS = 0, 1
SQ = 48


class ThinkWorker(QThread):
    """Runs Cheops' choice off the GUI thread; his view and the legal moves are copies."""

    thought = Signal(object)  # ThinkInfo
    chosen = Signal(object, float)  # Move, seconds

    def __init__(self, agent: CheopsAgent, view, legal, rng: SeatRng):
        super().__init__()
        self.agent, self.view, self.legal, self.rng = agent, view, legal, rng

    def run(self) -> None:
        t0 = time.perf_counter()
        self.agent.on_think = self.thought.emit
        move = self.agent.choose(self.view, self.legal, self.rng)
        self.chosen.emit(move, time.perf_counter() - t0)


class BoardWidget(QWidget):
    """The board as one side sees it (or everything, in a replay)."""

    squareClicked = Signal(int)

    def __init__(self, rows: tuple[str, ...]):
        super().__init__()
        self.rows = rows
        self.h = len(rows)
        self.cells: list = [None] * (11 * self.h)  # None or (side, char or "?", faded)
        self.selected = -1
        self.targets: set[int] = set()
        self.last: tuple[int, int] | None = None
        self.setMinimumSize(11 * SQ + 24, self.h * SQ + 24)

    def sizeHint(self):
        return self.minimumSize()

    def set_view(self, view) -> None:
        self.cells = [None if c is None else (c[0], CHAR[c[2]] if c[2] else "?", False) for c in view.squares]
        self.update()

    def set_full(self, side_at, type_at) -> None:
        self.cells = [None if s < 0 else (s, CHAR[t], False) for s, t in zip(side_at, type_at)]
        self.update()

    def square_at(self, pos) -> int:
        x, y = int((pos.x() - 12) // SQ), int((pos.y() - 12) // SQ)
        return y * 11 + x if 0 <= x < 11 and 0 <= y < self.h else -1

    def square_center(self, sq: int) -> QPointF:
        r, c = divmod(sq, 11)
        return QPointF(12 + c * SQ + SQ / 2, 12 + r * SQ + SQ / 2)

    def mousePressEvent(self, e) -> None:
        sq = self.square_at(e.position())
        if sq >= 0:
            self.squareClicked.emit(sq)

    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#3a3226"))
        p.setPen(QColor("#e9dcb5"))
        for c in range(11):
            p.drawText(QRectF(12 + c * SQ, 0, SQ, 12), Qt.AlignmentFlag.AlignCenter, "abcdefghijk"[c])
        for r in range(self.h):
            p.drawText(QRectF(0, 12 + r * SQ, 12, SQ), Qt.AlignmentFlag.AlignCenter, str(self.h - r))
        for sq in range(11 * self.h):
            r, c = divmod(sq, 11)
            rect = QRectF(12 + c * SQ, 12 + r * SQ, SQ, SQ).toRect()
            paint_terrain(p, rect, self.rows[r][c])
            if sq in self.targets:
                p.fillRect(rect, QColor(80, 200, 80, 90))
            cell = self.cells[sq]
            if cell is not None:
                paint_piece(p, rect, cell[0], cell[1], highlight=sq == self.selected, faded=cell[2])
        if self.last is not None:
            p.setPen(QPen(QColor(255, 235, 59, 200), 3))
            p.drawLine(self.square_center(self.last[0]), self.square_center(self.last[1]))
        p.end()


class PlayWindow(QMainWindow):
    """A game of the player (bottom) against Cheops (top)."""

    moveApplied = Signal()
    cheopsDone = Signal()

    def __init__(self, scenario: ResolvedScenario, seed: int | None = None, scenario_name: str = "",
                 agent_seed: int | None = None):
        super().__init__()
        self.agent_seed = agent_seed  # None: Cheops' generator from a secret (engine.core.rng)
        self.setWindowTitle(f"Pyramids — {scenario_name or 'test play'}")
        self.scenario_name = scenario_name
        self.source_editor = None
        self.stop_event = threading.Event()
        self.worker: ThinkWorker | None = None
        self.selected = -1
        self.replay_frames: list | None = None
        self._build()
        self.start(scenario, seed if seed is not None else new_seed())  # a seed nobody can guess

    # ---- layout ---------------------------------------------------------------------------
    def _build(self) -> None:
        central = QWidget()
        lay = QHBoxLayout(central)
        self.board_box = QVBoxLayout()
        lay.addLayout(self.board_box, 3)
        side = QVBoxLayout()
        self.status = QLabel()
        self.status.setWordWrap(True)
        side.addWidget(self.status)
        split = QSplitter(Qt.Orientation.Vertical)
        self.moves = QListWidget()
        self.think = QListWidget()
        self.think.setVisible(False)
        split.addWidget(self.moves)
        split.addWidget(self.think)
        side.addWidget(split, 1)
        self.best = QLabel()
        side.addWidget(self.best)
        self.show_thinking = QCheckBox("Show Cheops' thinking (F6)")
        self.show_thinking.toggled.connect(self.think.setVisible)
        side.addWidget(self.show_thinking)
        buttons = QHBoxLayout()
        self.stop_button = QPushButton("Stop thinking")
        self.stop_button.clicked.connect(self.stop_thinking)
        self.stop_button.setEnabled(False)
        buttons.addWidget(self.stop_button)
        self.save_button = QPushButton("Save game…")
        self.save_button.clicked.connect(lambda: self.save_game())
        buttons.addWidget(self.save_button)
        self.load_button = QPushButton("Load game…")
        self.load_button.clicked.connect(lambda: self.load_game())
        buttons.addWidget(self.load_button)
        self.new_button = QPushButton("New game")
        self.new_button.setToolTip("Start again with the same scenario and a new seed (manual F9)")
        self.new_button.clicked.connect(lambda: self.new_game())
        buttons.addWidget(self.new_button)
        side.addLayout(buttons)
        rep = QHBoxLayout()
        self.replay_button = QPushButton("Replay")
        self.replay_button.clicked.connect(self.start_replay)
        self.back_button = QPushButton("◀")
        self.back_button.clicked.connect(lambda: self.replay_step(-1))
        self.play_button = QPushButton("▶ Play")
        self.play_button.clicked.connect(self.toggle_replay_play)
        self.fwd_button = QPushButton("▶|")
        self.fwd_button.clicked.connect(lambda: self.replay_step(1))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.valueChanged.connect(self.show_frame)
        for w in (self.replay_button, self.back_button, self.play_button, self.fwd_button):
            rep.addWidget(w)
        side.addLayout(rep)
        side.addWidget(self.slider)
        self.replay_timer = QTimer(self, interval=400)
        self.replay_timer.timeout.connect(lambda: self.replay_step(1))
        lay.addLayout(side, 2)
        self.setCentralWidget(central)

    # ---- game --------------------------------------------------------------------------------
    def start(self, scenario: ResolvedScenario, seed: int, state=None) -> None:
        self.scenario, self.seed = scenario, seed
        self.state = state if state is not None else new_game(scenario, seed)
        opts = scenario.options
        self.agent = CheopsAgent(level=opts.level, time_limit=opts.think_seconds, stop=self.stop_event)
        # the shared play loop (engine.core.loop): the human clicks, Cheops thinks on a thread
        self.match = Match(self.state, [None, self.agent], self.agent_seed, names=["human", "cheops"])
        if getattr(self, "board", None) is not None:
            self.board.setParent(None)
        self.board = BoardWidget(self.state.geo.rows)
        self.board.squareClicked.connect(self.click)
        self.board_box.addWidget(self.board)
        self.moves.clear()
        for m in self.state.log:
            self.moves.addItem(m.to_text())
        self.replay_frames = None
        self._set_replay_enabled(False)
        self.refresh()
        self._maybe_cheops()

    def refresh(self) -> None:
        self.board.set_view(self.state.view(HUMAN))
        self.board.selected = self.selected
        self.board.targets = {m.to for m in self.state.legal_actions() if m.frm == self.selected}
        self.board.last = (self.state.log[-1].frm, self.state.log[-1].to) if self.state.log else None
        self.board.update()
        s = self.state
        if s.is_over:
            w = s.result.winners
            who = "draw" if not w else ("you win" if w[0] == HUMAN else "Cheops wins")
            self.status.setText(f"Game over: {who} — {s.result.reason}. Press Replay to watch it again.")
            self.replay_button.setEnabled(True)
        elif s.to_move == HUMAN:
            self.status.setText(f"Your move ({len(s.legal_actions())} legal). Click a piece, then a square.")
        else:
            self.status.setText(f"Cheops (level {self.agent.level}) is thinking…")

    def click(self, sq: int) -> None:
        if self.replay_frames is not None or self.state.is_over or self.state.to_move != HUMAN:
            return
        if self.selected >= 0 and any(m.frm == self.selected and m.to == sq for m in self.state.legal_actions()):
            self.try_move(self.selected, sq)
            return
        own = self.state.side_at[sq] == HUMAN
        self.selected = sq if own else -1
        self.refresh()

    def try_move(self, frm: int, to: int) -> bool:
        """Play the player's move frm->to if legal (what two clicks do)."""
        if self.state.is_over or self.state.to_move != HUMAN:
            return False
        move = next((m for m in self.state.legal_actions() if m.frm == frm and m.to == to), None)
        if move is None:
            return False
        self._apply(move)
        return True

    def _apply(self, move: Move) -> None:
        events = self.match.apply(move)
        self.selected = -1
        for e in events:
            self.moves.addItem(self._describe(e.redacted(HUMAN)))
        self.moves.scrollToBottom()
        self.refresh()
        self.moveApplied.emit()
        self._maybe_cheops()

    @staticmethod
    def _describe(e) -> str:
        if isinstance(e, (Moved, Attacked, GameOver)):
            return e.to_text()
        return str(e)

    def _maybe_cheops(self) -> None:
        if self.state.is_over or self.state.to_move != CHEOPS or self.worker is not None:
            return
        self.stop_event.clear()
        self.think.clear()
        self.best.setText("")
        req = self.match.request()
        self.worker = ThinkWorker(req.agent, req.view, req.legal, req.rng)
        self.worker.thought.connect(self._thought)
        w = self.worker
        self.worker.chosen.connect(lambda move, seconds, w=w: self._cheops_chose(w, move, seconds))
        self.stop_button.setEnabled(True)
        self.worker.start()

    def _thought(self, info) -> None:
        if self.think.isVisible():
            self.think.addItem(f"{info.move.to_text():8} initial {info.initial:8.2f}  score {info.score:9.2f}")
            if self.think.count() > 400:
                self.think.takeItem(0)
            self.think.scrollToBottom()
        self.best.setText(f"best so far: {info.best.to_text() if info.best else '-'} ({info.best_score:.2f})")

    def _cheops_chose(self, worker: ThinkWorker, move: Move, seconds: float) -> None:
        if worker is not self.worker:  # a search of an abandoned game (new game, loaded game)
            return
        self.worker = None
        worker.wait()
        self.stop_button.setEnabled(False)
        if self.state.is_over or self.state.to_move != CHEOPS:
            return
        self.best.setText(f"Cheops played {move.to_text()} after {seconds:.2f} s")
        self._apply(move)
        self.cheopsDone.emit()

    def stop_thinking(self) -> None:
        """"Cheops will select the best move he has found thus far." """
        self.stop_event.set()

    def new_game(self, seed: int | None = None) -> None:
        """Abandon this game and start another from the same scenario (manual "Starting a New Game")."""
        self.stop_thinking()
        if self.worker is not None:
            self.worker.wait()
            self.worker = None
        self.replay_timer.stop()
        self.start(self.scenario, seed if seed is not None else new_seed())

    # ---- saved games -----------------------------------------------------------------------
    def save_game(self, path: str | Path | None = None) -> Path | None:
        from gridsmith.formats.atomic import atomic_write_text
        from gridsmith.formats.document import new_text

        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save game", "game.sav.yaml", "Saved games (*.sav.yaml)")
            if not path:
                return None
        text = new_text(to_save(self.state, self.seed, self.scenario_name))
        atomic_write_text(path, text)
        return Path(path)

    def load_game(self, path: str | Path | None = None) -> bool:
        from gridsmith.formats.loader import load_file
        from gridsmith.formats.pyramids.save import SavedGame

        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Load game", "", "Saved games (*.sav.yaml)")
            if not path:
                return False
        loaded = load_file(Path(path))
        errors = [d.format_text() for d in loaded.diagnostics if d.is_error]
        if errors or not isinstance(loaded.model, SavedGame):
            self.status.setText("Cannot load: " + ("; ".join(errors) or "not a pyramids.save file"))
            return False
        try:
            state = from_save(loaded.model)
        except ValueError as e:
            self.status.setText(f"Cannot load: {e}")
            return False
        self.stop_thinking()
        if self.worker is not None:
            self.worker.wait()
            self.worker = None
        self.scenario_name = loaded.model.scenario
        self.start(state.resolved, loaded.model.seed, state)
        return True

    # ---- replay ----------------------------------------------------------------------------
    def start_replay(self) -> None:
        """Every position of the game from the start, all pieces shown."""
        s = self.state
        replay = new_game(s.resolved, self.seed, first=s.first, setups=s.setups)
        frames = [(list(replay.side_at), list(replay.type_at), None)]
        for m in s.log:
            replay.apply(m)
            frames.append((list(replay.side_at), list(replay.type_at), (m.frm, m.to)))
        self.replay_frames = frames
        self.slider.setRange(0, len(frames) - 1)
        self._set_replay_enabled(True)
        self.slider.setValue(0)
        self.show_frame(0)

    def _set_replay_enabled(self, on: bool) -> None:
        for w in (self.back_button, self.play_button, self.fwd_button, self.slider):
            w.setEnabled(on)

    def show_frame(self, i: int) -> None:
        if not self.replay_frames:
            return
        side_at, type_at, last = self.replay_frames[i]
        self.board.set_full(side_at, type_at)
        self.board.last = last
        self.board.selected = -1
        self.board.targets = set()
        self.status.setText(f"Replay: move {i} of {len(self.replay_frames) - 1}")

    def replay_step(self, delta: int) -> None:
        if not self.replay_frames:
            return
        i = self.slider.value() + delta
        if not 0 <= i < len(self.replay_frames):
            self.replay_timer.stop()
            self.play_button.setText("▶ Play")
            return
        self.slider.setValue(i)

    def toggle_replay_play(self) -> None:
        if self.replay_timer.isActive():
            self.replay_timer.stop()
            self.play_button.setText("▶ Play")
        else:
            self.replay_timer.start()
            self.play_button.setText("⏸ Pause")

    def closeEvent(self, e) -> None:
        self.stop_event.set()
        self.replay_timer.stop()
        if self.worker is not None:
            self.worker.wait()
        super().closeEvent(e)

