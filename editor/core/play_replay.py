"""The play window's replay: every position of the game so far, from the start, with step, play and
seek (from checkpoints, so seeking never replays a whole game). A mixin of `PlayWindow`."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QSlider

from .play_provider import PACES

#: a replay keeps a copy of the state every this many actions, so seeking never replays a whole game
CHECKPOINT = 32


class ReplayControls:
    """Replay in the play window: the replay bar, seeking and stepping through the actions played."""

    def _build_replay_bar(self) -> None:
        self.replay_bar = QFrame()
        rb = QHBoxLayout(self.replay_bar)
        self.replay_label = QLabel()
        self.rep_start = QPushButton("|◀")
        self.rep_start.setToolTip("The start of the game")
        self.rep_start.clicked.connect(lambda: self.seek(0))
        self.rep_back = QPushButton("◀")
        self.rep_back.setToolTip("One action back")
        self.rep_back.clicked.connect(lambda: self.replay_step(-1))
        self.rep_play = QPushButton("▶ Play")
        self.rep_play.setToolTip("Play the game on from here at the computer pace")
        self.rep_play.clicked.connect(self.toggle_replay_play)
        self.rep_fwd = QPushButton("▶")
        self.rep_fwd.setToolTip("One action on")
        self.rep_fwd.clicked.connect(lambda: self.replay_step(1))
        self.rep_end = QPushButton("▶|")
        self.rep_end.setToolTip("The end of the game")
        self.rep_end.clicked.connect(lambda: self.seek(self.slider.maximum()))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip("Seek: drag to any action of the game")
        self.slider.valueChanged.connect(self.seek)
        self.rep_leave = QPushButton("Leave replay")
        self.rep_leave.setToolTip("Back to the game as it stands")
        self.rep_leave.clicked.connect(self.leave_replay)
        for w in (self.rep_start, self.rep_back, self.rep_fwd, self.rep_end):
            w.setFixedWidth(40)
        self.rep_play.setFixedWidth(84)
        self.rep_leave.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        for w in (self.rep_start, self.rep_back, self.rep_play, self.rep_fwd, self.rep_end):
            rb.addWidget(w)
        self.slider.setMinimumWidth(80)
        self.replay_label.setMinimumWidth(110)
        rb.addWidget(self.slider, 1)
        rb.addWidget(self.replay_label)
        rb.addWidget(self.rep_leave)
        self.replay_bar.hide()
        self.replay_timer = QTimer(self, interval=400)
        self.replay_timer.timeout.connect(lambda: self.replay_step(1))

    def start_replay(self) -> None:
        """Every position of the game so far, from the start: step, play and seek (everything revealed)."""
        self._abandon_worker()
        self.replay_timer.stop()
        self.replaying = True
        steps = [s for s in self.match.steps if s.seat is not None]
        self._actions = [s.action for s in steps]
        self._stamps = [(s.ms, s.seat) for s in steps]  # clock mode: when and by whom
        self._checkpoints = {0: self.initial.clone()}
        self.replay_bar.show()
        self.over_bar.hide()
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(self._actions))
        self.slider.setValue(0)
        self.slider.blockSignals(False)
        self.seek(0)
        self.refresh()

    def frame(self, i: int) -> Any:
        """The state after the first `i` actions (from the nearest checkpoint)."""
        k = max(c for c in self._checkpoints if c <= i)
        s = self._checkpoints[k].clone()
        for n in range(k, i):
            if self.clocked:
                ms, seat = self._stamps[n]
                s.advance_to(ms)
                s.apply(self._actions[n], seat)
            else:
                s.apply(self._actions[n])
            if (n + 1) % CHECKPOINT == 0 and n + 1 not in self._checkpoints:
                self._checkpoints[n + 1] = s.clone()
        return s

    def seek(self, i: int) -> None:
        if not self.replaying:
            return
        i = max(0, min(i, len(self._actions)))
        if self.slider.value() != i:
            self.slider.setValue(i)  # calls seek again
            return
        self.replay_state = self.frame(i)
        self.provider.show_state(self.replay_state, None, full=True)
        last = f": {self._actions[i - 1].to_text()}" if i else ""
        self.replay_label.setText(f"action {i} of {len(self._actions)}"
                                  + (f" · {self.clock_text(self.replay_state.now)}" if self.clocked else ""))
        self._show_clock()
        self.statusBar().showMessage(f"Replay: action {i} of {len(self._actions)}{last}")

    def replay_step(self, delta: int) -> None:
        if not self.replaying:
            return
        i = self.slider.value() + delta
        if not 0 <= i <= len(self._actions):
            self.replay_timer.stop()
            self.rep_play.setText("▶ Play")
            return
        self.seek(i)

    def toggle_replay_play(self) -> None:
        if self.replay_timer.isActive():
            self.replay_timer.stop()
            self.rep_play.setText("▶ Play")
        else:
            self.replay_timer.setInterval(max(40, PACES.get(self.pace, 0) or 40))
            self.replay_timer.start()
            self.rep_play.setText("⏸ Pause")

    def leave_replay(self, redraw: bool = True) -> None:
        if not self.replaying:
            return
        self.replaying = False
        self.replay_timer.stop()
        self.rep_play.setText("▶ Play")
        self.replay_bar.hide()
        if redraw:
            self.provider.show_state(self.state, self.viewer(), full=True)
            if self.state.is_over:
                self.game_over()
            self._advance()
