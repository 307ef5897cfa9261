"""The play window's clock mode (engine.core.loop.clocked: a game whose state runs on a clock, Pendulum's
sandglasses): the engine's clock follows the wall clock times a speed, Next Event moves it to the next
thing that happens. A mixin of `PlayWindow`, which owns the state, the match and the timer."""
from __future__ import annotations

import time

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLabel, QToolBar

#: clock mode: game seconds per wall second offered, and how often the clock follows the wall clock (ms)
SPEEDS = (1, 2, 4, 16)
TICK_MS = 25


class ClockControls:
    """Clock mode of the play window: its toolbar part, the speed, the tick and Next Event."""

    def _build_clock_controls(self, tb: QToolBar) -> None:
        """Clock mode: Pause stops the clock, a speed, Next Event, and the clock itself."""
        self.act_pause.setToolTip("Stop the clock (and the computer players); again to let it run")
        for a in self._pace_widgets:  # the engine's reaction and action times pace the computers
            a.setVisible(False)
        tb.addSeparator()
        tb.addWidget(QLabel(" Speed: "))
        self.speed_box = QComboBox()
        for x in SPEEDS:
            self.speed_box.addItem(f"{x}×", float(x))
        self.speed_box.setToolTip("Game seconds per second: 1× is real time")
        self.speed_box.currentIndexChanged.connect(lambda _i: self.set_speed(self.speed_box.currentData()))
        tb.addWidget(self.speed_box)
        self.act_step = QAction("Next Event", self)
        self.act_step.setShortcut("Ctrl+Right")
        self.act_step.setToolTip("Pause and move the clock to the next thing that happens (or let the computer "
                                 "player that may answer now do so)")
        self.act_step.triggered.connect(self.step_event)
        tb.addAction(self.act_step)
        self.clock_label = QLabel()
        self.clock_label.setMinimumWidth(110)
        self.clock_label.setToolTip("The game clock (minutes:seconds)")
        tb.addWidget(self.clock_label)
        self._show_clock()

    def set_speed(self, speed: float) -> None:
        """Game seconds per wall second (clock mode)."""
        self.catch_up()
        self.speed = float(speed)
        self._anchor = None
        box = getattr(self, "speed_box", None)
        if box is not None and box.currentData() != self.speed:
            i = box.findData(self.speed)
            if i < 0:
                box.addItem(f"{speed:g}×", self.speed)
                i = box.count() - 1
            box.setCurrentIndex(i)
        self._show_clock()

    def clock_held(self) -> bool:
        """Whether the clock stands now: paused, a replay, the game over, a computer thinking, or a
        seat to answer in a phase without running time."""
        return (self._closing or self.replaying or self.paused or self.state.is_over or self.worker is not None
                or self.state.to_move is not None)

    def _tick(self) -> None:
        if not self.clocked:
            return
        if self.clock_held():
            self._anchor = None
            return
        now = time.monotonic()
        if self._anchor is None:
            self._anchor = (now, self.state.now)
            return
        self.run_clock(int(self._anchor[1] + (now - self._anchor[0]) * 1000 * self.speed))

    def catch_up(self) -> None:
        """Bring the engine's clock to the time the window shows (before a human acts)."""
        if self.clocked and self._anchor is not None and not self.clock_held():
            self._tick()

    def run_clock(self, target: int) -> None:
        """Let the engine's clock run to `target` ms, firing what falls due, until a seat may answer."""
        changed = False
        while not self.state.is_over:
            q = self.state.to_move
            if q is not None:  # someone answers first: the clock stands meanwhile
                self._anchor = None
                break
            due = self.state.next_time()
            if due is None or due > target:
                self.match.advance(to=max(target, self.state.now))
                break
            step = self.match.advance(to=due)
            if step is not None:
                changed = True
                self._log_step(step)
                self.provider.after_step(step)
        self._clock_moved(changed)

    def step_event(self) -> None:
        """Pause, then one thing: the computer seat that may answer does, or the clock moves to the
        next event."""
        if not self.clocked or self.replaying or self.state.is_over:
            return
        if not self.paused:
            self.act_pause.setChecked(True)
        if self.worker is not None:
            self.statusBar().showMessage("A computer player is thinking: its answer comes first", 4000)
            return
        q = self.state.to_move
        if q is not None:
            if not self.match.is_computer(q):
                self.refuse(f"{self.names[q]} (human) is to act now: the clock stands until then.")
                return
            req = self.match.request()
            action = req.agent.choose(req.view, req.legal, req.rng)
            if action is not None:
                self.apply(action)
            return
        due = self.state.next_time()
        if due is None:
            self.statusBar().showMessage("Nothing is scheduled: the clock waits for someone to act", 5000)
            return
        step = self.match.advance(to=due)
        if step is not None:
            self._log_step(step)
            self.provider.after_step(step)
        self._clock_moved(step is not None)

    def _clock_moved(self, changed: bool) -> None:
        if changed:
            self.provider.show_state(self.state, self.viewer())
            self.refresh()
            self.changed.emit()
            if self.state.is_over:
                self.game_over()
                return
        q = self.state.to_move
        if q is not None and self.match.is_computer(q) and self.worker is None:
            self._advance()  # a computer seat may answer now (its reaction time is up)
        self.provider.show_clock(self.state)
        self._show_clock()

    def clock_text(self, ms: int | None = None) -> str:
        ms = self.state.now if ms is None else ms
        return f"{ms // 60000}:{ms // 1000 % 60:02d}.{ms // 100 % 10}"

    def _show_clock(self) -> None:
        label = getattr(self, "clock_label", None)
        if label is not None:
            state = self.replay_state if self.replaying else self.state
            label.setText(f"  Clock {self.clock_text(state.now)} ")
