"""The one play window: every game is test-played in it, driven by the one play loop
(engine.core.loop.Match), so the same scenario, seed, seats and agent seed play the same game here
as in `gridsmith play` and `gridsmith simulate`.

The window owns what every game shares: seat assignment (a human or any registered computer
player, with its options: editor.core.seat_dialog), computer turns in a worker thread (`AgentWorker`) with pace, pause and
stop, the event log naming the players, save and load (through the Game API: `Game.save`,
`Game.replay`, checked against the snapshot), replay with step, play and seek (editor.core.play_replay),
game over with the
result and "Back to the editor", and where it opens (beside the editor when the screen has room,
else over it; usable at 1024x700).

A game whose state runs on a clock (engine.core.loop.clocked: Pendulum's sandglasses) plays in
**clock mode**: a timer lets the engine's clock follow the wall clock (times the chosen speed) with
`Match.advance(to=...)`, firing what falls due; computer seats are asked whenever the engine says one
may answer (the clock stands while it thinks); humans act whenever they like (`human_act(action,
seat)`, stamped with the clock at that moment); Pause stops the clock, Next Event moves it to the next
thing that happens (or lets the computer seat that may answer do so), and a replay seeks through the
clock-stamped actions. Nothing in it knows a game: it uses the clock protocol of engine.core.loop
(editor.core.play_clock).

A game supplies a `PlayProvider` (editor.core.play_provider; docs/editor.md, "A game's play provider"): its
board view, its
action input (clicks, buttons, menus that all do something) and its reports. The provider of game
`NAME` is `PROVIDER` in `gridsmith.editor.NAME.play`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, QTimer, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDialog, QDockWidget, QFileDialog, QFrame, QHBoxLayout, QLabel,
                               QListWidget, QMainWindow, QMessageBox, QPushButton, QScrollArea, QStyle, QToolBar,
                               QVBoxLayout, QWidget)

from gridsmith.engine.core import games
from gridsmith.engine.core.errors import GameError, IllegalActionError, ReplayError
from gridsmith.engine.core.loop import Match, Step, clocked
from gridsmith.engine.core.rng import new_seed
from gridsmith.formats.atomic import atomic_write_text
from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.loader import load_file

from .agentworker import AgentWorker
from .play_clock import TICK_MS, ClockControls
from .play_provider import HUMAN, PACES, PlayProvider, seat_mark
from .play_replay import ReplayControls
from .screenfit import available, fit_size, frame_extra, keep_inside
from .seat_dialog import SeatDialog

#: the play window's size on a screen with room for it (else the screen's, less the frame)
PLAY_SIZE = QSize(1100, 760)

# ---- the window -----------------------------------------------------------------------------
class PlayWindow(ClockControls, ReplayControls, QMainWindow):
    changed = Signal()  # after every applied action
    gameOver = Signal(object)  # Result
    computerDone = Signal()  # a computer player's action was applied
    closed = Signal()

    def __init__(self, provider: type[PlayProvider], scenario: Any, seats: list[str], seed: int | None = None,
                 base: str | Path | None = None, names: list[str] | None = None, agent_seed: int | None = None,
                 pace: str = "watchable", options: list[dict] | None = None, title: str = "",
                 scenario_file: Path | None = None, settings: dict | None = None):
        super().__init__()
        #: the game's own switches for this window (e.g. Pendulous' end_turn_dialog), read by its provider
        self.settings = dict(settings or {})
        self.provider = provider(self)
        self.game = games.get(provider.game_name)
        if names and provider.renames_players:
            scenario = self.provider.rename(scenario, names)
        self.scenario = scenario
        self.scenario_file = scenario_file
        self.base = str(base) if base is not None else None
        self.seats = list(seats)
        self.agent_options = list(options) if options else [{} for _ in seats]
        self.agent_seed = agent_seed  # None: computer players' generators from a secret (engine.core.rng)
        self.pace = pace
        self.title = title or getattr(scenario, "name", "") or self.game.title
        self.source_editor = None
        self.worker: AgentWorker | None = None
        self._abandoned: list[AgentWorker] = []
        self._closing = False
        self._ask_on_close = False
        self._saved_steps = 0  # the moves a saved file holds (nothing to lose up to there)
        self.paused = False
        self.replaying = False
        self.names = self.provider.player_names(scenario)
        self.setWindowTitle(f"Play: {self.title} — Gridsmith")
        self.seed = seed if seed is not None else new_seed()  # a seed nobody can guess
        self.state = self.game.new_game(scenario, self.seed, base=self.base)
        #: clock mode (a game on a clock): the speed and the (wall, game ms) the clock runs from
        self.clocked = clocked(self.state)
        self.speed: float = 1.0
        self._anchor: tuple[float, int] | None = None
        self._build()
        self._begin(self.state.clone(), [])

    # ---- building ---------------------------------------------------------------------------------
    def _build(self) -> None:
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.over_bar = QFrame()
        self.over_bar.setObjectName("game-over")
        self.over_bar.setStyleSheet("#game-over { background: #fff3c4; border-bottom: 1px solid #c9a227; }"
                                    "#game-over QLabel { color: #222; }")
        ob = QHBoxLayout(self.over_bar)
        self.over_label = QLabel()
        self.over_label.setWordWrap(True)
        ob.addWidget(self.over_label, 1)
        self.over_replay = QPushButton("Replay the game")
        self.over_replay.clicked.connect(self.start_replay)
        self.over_new = QPushButton("New game")
        self.over_new.clicked.connect(lambda: self.new_game())
        self.over_back = QPushButton("Back to the editor")
        self.over_back.clicked.connect(self.close)
        for b in (self.over_replay, self.over_new, self.over_back):
            ob.addWidget(b)
        self.over_bar.hide()
        lay.addWidget(self.over_bar)
        self._build_replay_bar()
        lay.addWidget(self.replay_bar)
        lay.addWidget(self.provider.board(), 1)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("QLabel { background: #fdecea; color: #611a15; padding: 4px; }")
        self.notice.hide()
        lay.addWidget(self.notice)
        self.setCentralWidget(central)

        panel = QWidget()
        pl = QVBoxLayout(panel)
        self.to_move_label = QLabel()
        self.to_move_label.setWordWrap(True)
        self.to_move_label.setMinimumHeight(self.to_move_label.fontMetrics().lineSpacing() * 2 + 4)
        pl.addWidget(self.to_move_label)
        self.seat_list = QLabel()
        self.seat_list.setWordWrap(True)
        self.seat_list.setTextFormat(Qt.TextFormat.RichText)
        pl.addWidget(self.seat_list)
        extra = self.provider.panel()
        if extra is not None:
            pl.addWidget(extra)
        pl.addStretch(1)
        scroll = _PanelScroll()  # a long panel scrolls instead of squeezing its labels
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(panel)
        self.panel_dock = QDockWidget("Game", self)
        self.panel_dock.setObjectName("play-panel")
        self.panel_dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.panel_dock.setWidget(scroll)
        self.panel_dock.setMinimumWidth(260)
        self.panel_dock.setMaximumWidth(380)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.panel_dock)

        self.log = QListWidget()
        self.log.setUniformItemSizes(True)  # one line each: appending and scrolling stay fast in long games
        self.log_dock = QDockWidget("Game log", self)
        self.log_dock.setObjectName("play-log")
        self.log_dock.setWidget(self.log)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
        self.resizeDocks([self.log_dock], [130], Qt.Orientation.Vertical)

        mini = self.provider.minimap()
        self.world = None
        if mini is not None:
            self.world = QDockWidget("World View", self)
            self.world.setObjectName("play-worldview")
            self.world.setWidget(mini)
            self.world.setMaximumWidth(200)
            self.world.setMinimumWidth(140)  # its title whole
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.world)
        self._build_controls()
        self._build_menus()

    def _build_controls(self) -> None:
        tb = QToolBar("Computer players", self)
        tb.setObjectName("play-computer")
        tb.setMovable(False)
        self.act_pause = QAction("Pause", self, checkable=True)
        self.act_pause.setToolTip("Computer players wait after the action they are thinking about")
        self.act_pause.toggled.connect(self.set_paused)
        self.act_stop = QAction("Stop", self)
        self.act_stop.setToolTip("Stop the computer player now: its answer is dropped and the computers pause")
        self.act_stop.triggered.connect(self.stop_computer)
        tb.addAction(self.act_pause)
        tb.addAction(self.act_stop)
        pace_label = tb.addWidget(QLabel(" Pace: "))
        self.pace_box = QComboBox()
        self.pace_box.addItem("Watchable", "watchable")
        self.pace_box.addItem("Fast", "fast")
        self.pace_box.setToolTip("Time between computer actions: watchable (250 ms) or fast (no wait)")
        self.pace_box.setCurrentIndex(0 if self.pace == "watchable" else 1)
        self.pace_box.currentIndexChanged.connect(lambda _i: self.set_pace(self.pace_box.currentData()))
        self._pace_widgets = (pace_label, tb.addWidget(self.pace_box))
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)
        self.computer_bar = tb
        tb.setVisible(any(s != HUMAN for s in self.seats) or self.clocked)
        self.clock_timer = QTimer(self, interval=TICK_MS)
        self.clock_timer.timeout.connect(self._tick)
        if self.clocked:
            self._build_clock_controls(tb)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        f = mb.addMenu("&File")
        self.act_save = f.addAction("&Save Game…", lambda: self.save_game())
        self.act_save.setShortcut(QKeySequence.StandardKey.Save)
        self.act_load = f.addAction("&Load Saved Game…", lambda: self.load_game())
        self.act_load.setShortcut(QKeySequence.StandardKey.Open)
        self.act_replay_file = f.addAction("Re&play a Saved Game…", lambda: self.replay_file())
        self.act_new = f.addAction("&New Game", lambda: self.new_game())
        self.act_new.setToolTip("The same scenario and seats, a new seed")
        f.addSeparator()
        back = f.addAction("&Back to the Editor", self.close_asking)
        back.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Close))  # Ctrl+W too, not only Ctrl+F4
        g = mb.addMenu("&Game")
        self.act_replay = g.addAction("&Replay This Game", self.start_replay)
        if self.clocked:
            g.addSeparator()
            g.addAction(self.act_step)
        if any(s != HUMAN for s in self.seats):
            g.addSeparator()
            g.addAction(self.act_pause)
            g.addAction(self.act_stop)
            group = QActionGroup(self)
            self.pace_actions = {}
            paces = () if self.clocked else (("watchable", "Computer Speed: &Watchable"), ("fast", "Computer Speed: &Fast"))
            for pace, label in paces:  # on a clock the engine's timing paces the computers
                a = QAction(label, self, checkable=True, checked=pace == self.pace)
                a.triggered.connect(lambda _c=False, pace=pace: self.set_pace(pace))
                group.addAction(a)
                g.addAction(a)
                self.pace_actions[pace] = a
        else:
            self.pace_actions = {}
        self.provider.menus(mb)
        v = mb.addMenu("&View")
        zoom = self.provider.zoomable()
        if zoom is not None:
            v.addAction("Zoom &In", zoom.zoom_in, QKeySequence.StandardKey.ZoomIn)
            v.addAction("Zoom &Out", zoom.zoom_out, QKeySequence.StandardKey.ZoomOut)
            v.addAction("&Fit Board", zoom.zoom_fit, "Ctrl+9")
        if self.world is not None:
            self.act_world = self.world.toggleViewAction()
            self.act_world.setText("&World View")
            v.addAction(self.act_world)
        act_log = self.log_dock.toggleViewAction()
        act_log.setText("Game &Log")
        v.addAction(act_log)

    # ---- seats and views ---------------------------------------------------------------------------
    def _players(self) -> list[Any]:
        return [None if s == HUMAN else self.provider.agent(q, s, self.agent_options[q] if q < len(self.agent_options)
                                                              else {})
                for q, s in enumerate(self.seats)]

    @property
    def agents(self) -> list[Any]:
        """Per seat: its computer player, None for a human (the match's players)."""
        return self.match.players

    def humans(self) -> list[int]:
        return [q for q, s in enumerate(self.seats) if s == HUMAN]

    def viewer(self) -> int | None:
        """Whose view the board shows: the human's (the seat to move when several humans share the
        screen), everything when only computers play or in a replay."""
        if self.replaying:
            return None
        humans = self.humans()
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        q = self.state.to_move
        return q if q in humans else humans[0]

    def is_human_turn(self) -> bool:
        if self.replaying or self.state.is_over:
            return False
        q = self.state.to_move
        return q is not None and self.seats[q] == HUMAN

    # ---- starting a game ---------------------------------------------------------------------------
    def _begin(self, initial: Any, actions: list[str], seats: list[str] | None = None) -> None:
        """Start from `initial` and play `actions` (a loaded game's history) through a new match."""
        self._abandon_worker()
        if seats:
            self.seats = list(seats)
        if self.clocked:
            initial.set_real_time(self.humans())  # the window runs the clock; humans act when they like
            self._anchor = None
        self.initial = initial.clone()
        self.state = initial
        self.match = Match(self.state, self._players(), self.agent_seed, names=self.seats)
        self.log.clear()
        self.over_bar.hide()
        self.notice.hide()
        self.leave_replay(redraw=False)
        for e in self.game.opening(self.state):
            self._log_line(None, e)
        for item in actions:
            if isinstance(item, tuple):  # a clocked game's history: (ms, seat, text)
                ms, seat, text = item
                passed = self.match.advance(to=ms)
                if passed is not None:
                    self._log_step(passed)
                self.match.apply(self.game.action_from_text(self.state, text), seat)
            else:
                self.match.apply(self.game.action_from_text(self.state, item))
            self._log_step(self.match.steps[-1])
        self._saved_steps = len(self.match.steps)  # a loaded game's moves are in its file
        self.provider.show_state(self.state, self.viewer(), full=True)
        self.refresh()
        if self.state.is_over:
            self.game_over()

    def begin(self) -> None:
        """Let the computer players start (the window is shown), and the clock run."""
        if self.clocked:
            self.clock_timer.start()
        self._advance()

    def new_game(self, seed: int | None = None) -> None:
        """Abandon this game; the same scenario and seats with a new seed."""
        self.seed = seed if seed is not None else new_seed()
        self._begin(self.game.new_game(self.scenario, self.seed, base=self.base), [])
        self._advance()

    # ---- the flow of the game ----------------------------------------------------------------------
    def _advance(self) -> None:
        """After every action: game over, or wait for a human, or let the computer think."""
        if self._closing or self.replaying:
            return
        self.refresh()
        if self.state.is_over or self.paused or self.worker is not None:
            return
        if self.clocked:  # never let the match run the clock on: the timer does, at the wall clock's pace
            q = self.state.to_move
            if q is None or not self.match.is_computer(q):
                return
        if self.match.computer_to_move():
            self.provider.before_think()
            req = self.match.request()  # the seat's own view, the legal actions and its generator
            w = AgentWorker(req.agent, req.view, req.legal, req.rng, report_thinking=self.provider.reports_thinking)
            # the window's own methods: Qt drops these connections when the window is deleted
            w.chosen.connect(self._worker_chose)
            w.failed.connect(self._worker_failed)
            w.thought.connect(self._worker_thought)
            self.worker = w
            self.refresh()
            w.start()

    def _worker_chose(self, action: Any) -> None:
        self._computer_chose(self.sender(), action)

    def _worker_failed(self, message: str) -> None:
        self._computer_failed(self.sender(), message)

    def _worker_thought(self, info: Any) -> None:
        if not self._closing:
            self.provider.thought(info)

    def _computer_chose(self, w: AgentWorker, action: Any) -> None:
        self._reap(w)
        if w is not self.worker or self._closing:
            return  # the answer of an abandoned search (stop, new game, load)
        self.worker = None
        if action is None:
            self._computer_failed(w, f"{self.names[self.state.to_move]}'s computer player gave no action")
            return
        try:
            self.apply(action)
        except (IllegalActionError, GameError) as e:
            self._computer_failed(w, f"{self.names[self.state.to_move]}'s computer player chose "
                                     f"{action.to_text()}, which the rules refuse: {e}")
            return
        self.computerDone.emit()
        pace = 0 if self.clocked else PACES.get(self.pace, 0)  # on a clock the engine's timing paces them
        QTimer.singleShot(pace, self, self._advance)  # dropped if the window is gone

    def _computer_failed(self, w: AgentWorker, message: str) -> None:
        self._reap(w)
        if w is self.worker:
            self.worker = None
        self.log.addItem(f"!! {message}")
        self.refuse(message + " — the computer players are paused.")
        self.act_pause.setChecked(True)

    def _reap(self, w: AgentWorker) -> None:
        """A worker has answered (it deletes itself once its thread has ended: agentworker)."""
        if w in self._abandoned:
            self._abandoned.remove(w)

    def _abandon_worker(self) -> None:
        """Drop the running search's answer (it finishes on its own thread, unused)."""
        if self.worker is not None:
            self._abandoned.append(self.worker)
            self.provider.hurry()
            self.worker = None

    def apply(self, action: Any, seat: int | None = None) -> list:
        """The seat to move plays `action` (IllegalActionError when the rules refuse it); `seat`: in
        clock mode, that seat acts now."""
        events = self.match.apply(action, seat)
        step = self.match.steps[-1]
        self.notice.hide()
        self._log_step(step)
        self.provider.show_state(self.state, self.viewer())
        self.refresh()
        self.changed.emit()
        self.provider.after_step(step)
        if self.state.is_over:
            self.game_over()
        return events

    def human_act(self, action: Any, seat: int | None = None) -> bool:
        """A human's input: applied, or refused with the rules' reason in words (never dropped).
        `seat`: in clock mode, the human seat acting now (whether or not it is to move)."""
        if seat is not None and self.clocked:
            return self._human_act_now(action, seat)
        if not self.is_human_turn():
            self.refuse(self.why_not_your_turn())
            return False
        try:
            self.apply(action)
        except IllegalActionError as e:
            self.refuse(f"Not possible: {e}")
            return False
        self._advance()
        return True

    def _human_act_now(self, action: Any, seat: int) -> bool:
        if self.replaying or self.state.is_over:
            self.refuse(self.why_not_your_turn())
            return False
        if self.seats[seat] != HUMAN:
            self.refuse(f"{self.names[seat]} is a computer player.")
            return False
        self.catch_up()  # the action happens at the clock the person sees
        if not self.state.may_act(seat):
            q = self.state.to_move
            self.refuse(f"Not now: {self.names[seat]} cannot act at this moment"
                        + (f" ({self.names[q]} is to act)." if q is not None and q != seat else "."))
            return False
        self._abandon_worker()  # a computer thinking about the old position is asked again
        try:
            self.apply(action, seat)
        except IllegalActionError as e:
            self.refuse(f"Not possible: {e}")
            self._advance()
            return False
        self._advance()
        return True

    def why_not_your_turn(self) -> str:
        if self.replaying:
            return "This is a replay: leave it (Leave replay) to play on."
        if self.state.is_over:
            return "The game is over."
        q = self.state.to_move
        if q is None:
            return "Wait: time passes until someone may act" + (" (paused)." if self.paused else ".")
        return f"Wait: it is {self.names[q]}'s turn, a computer player" + (" (paused)." if self.paused else ".")

    def refuse(self, text: str) -> None:
        """Say why an input was refused: under the board and in the status bar."""
        self.notice.setText(text)
        self.notice.show()
        self.statusBar().showMessage(text, 8000)

    # ---- pace, pause, stop -------------------------------------------------------------------------
    def set_pace(self, pace: str) -> None:
        self.pace = pace
        self.pace_box.setCurrentIndex(0 if pace == "watchable" else 1)
        a = self.pace_actions.get(pace)
        if a is not None and not a.isChecked():
            a.setChecked(True)

    def set_paused(self, on: bool) -> None:
        if self.act_pause.isChecked() != on:
            self.act_pause.setChecked(on)
            return
        self.paused = on
        self._anchor = None  # the clock runs on from where it stands
        self.refresh()
        if not on:
            self._advance()

    def stop_computer(self) -> None:
        """Drop the computer player's pending answer and pause."""
        self._abandon_worker()
        self.act_pause.setChecked(True)
        self.refresh()

    # ---- display -------------------------------------------------------------------------------------
    def seat_text(self, q: int) -> str:
        who = "human" if self.seats[q] == HUMAN else f"computer: {self.seats[q]}"
        return f"{seat_mark(self.provider.seat_colour(q))} {self.names[q]} ({who})"

    def refresh(self) -> None:
        s = self.state
        if self.replaying:
            self.to_move_label.setText("<b>Replay</b>")
        elif s.is_over:
            self.to_move_label.setText("<b>Game over</b>")
        else:
            q = s.to_move
            if q is None and self.clocked:
                self.to_move_label.setText("<b>Paused</b>: the clock stands" if self.paused else
                                           "<b>The clock runs</b>: act whenever you like" if self.humans() else
                                           "<b>The clock runs</b>")
            elif q is None:
                self.to_move_label.setText("Time passes…")
            else:
                state = ("your move" if self.seats[q] == HUMAN else
                         "paused" if self.paused else "thinking…" if self.worker is not None else "to move")
                self.to_move_label.setText(f"{self.seat_text(q)}<br><b>{state}</b>")
        self.seat_list.setText("<br>".join(("▶ " if q == s.to_move and not s.is_over else "&nbsp;&nbsp;&nbsp;")
                                           + self.seat_text(q) for q in range(len(self.seats))))
        computers = any(x != HUMAN for x in self.seats)
        self.act_stop.setEnabled(computers and self.worker is not None)
        self.act_pause.setEnabled((computers or self.clocked) and not s.is_over)
        self.act_save.setEnabled(not self.replaying)
        self.provider.refresh()

    def _log_line(self, seat: int | None, event: Any) -> None:
        text = self.provider.describe(event, self.viewer())
        if text:
            self.log.addItem(text)

    def _log_step(self, step: Step) -> None:
        for e in step.events:
            self._log_line(step.seat, e)
        self.log.scrollToBottom()

    def game_over(self) -> None:
        res = self.state.result
        if res is None:
            return
        text = self.provider.result_text(res)
        self.over_label.setText(f"<b>Game over.</b> {text}")
        self.over_bar.show()
        self.statusBar().showMessage(f"Game over: {text}")
        self.refresh()
        self.gameOver.emit(res)

    # ---- saved games ---------------------------------------------------------------------------------
    def save_game(self, path: str | Path | None = None) -> Path | None:
        """The game so far (scenario, seed, actions and a snapshot) in the game's saved-game format."""
        if path is None:
            base = (self.scenario_file.with_suffix("").with_suffix(".sav.yaml") if self.scenario_file
                    else Path("game.sav.yaml"))
            path, _ = QFileDialog.getSaveFileName(self, "Save Game", str(base), "Saved games (*.sav.yaml)")
            if not path:
                return None
        save = self.game.save(self.state, self.seats, self.title)
        atomic_write_text(path, self.game.save_text(save))
        self._saved_steps = len(self.match.steps)
        self.statusBar().showMessage(f"Game saved to {path}", 5000)
        return Path(path)

    def _read_save(self, path: str | Path) -> tuple[Any, Any] | None:
        """(save model, replayed) or None after saying why it cannot be read."""
        loaded = load_file(Path(path))
        errors = [d.format_text() for d in loaded.diagnostics if d.is_error]
        if errors:
            self.refuse("Cannot load: " + "; ".join(errors[:3]))
            return None
        if loaded.spec is None or loaded.spec.kind != self.game.save_kind:
            kind = loaded.spec.kind if loaded.spec is not None else "not a known kind"
            self.refuse(f"Cannot load {Path(path).name}: it is a {kind}, not a {self.game.save_kind}")
            return None
        try:
            replayed = self.game.replay(loaded.model)
        except (ReplayError, GameError, ValueError) as e:
            problems = getattr(e, "problems", None)
            self.refuse("Cannot load: " + ("; ".join(p.message for p in problems[:5]) if problems else str(e)))
            return None
        return loaded.model, replayed

    def load_game(self, path: str | Path | None = None) -> bool:
        """Continue a saved game: replayed from its log and checked against its snapshot."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Load Saved Game", "", "Saved games (*.sav.yaml)")
            if not path:
                return False
        got = self._read_save(path)
        if got is None:
            return False
        save, replayed = got
        seats = replayed.seats if replayed.seats and len(replayed.seats) == len(self.seats) else None
        self.seed = replayed.seed
        self._begin(self.provider.start_of(save), self.provider.action_texts(replayed.state), seats)
        if self.clocked and getattr(replayed.state, "now", 0) > self.state.now:
            self.match.advance(to=replayed.state.now)  # where the saved game's clock stood
        self.log.addItem(f"-- loaded {path} ({replayed.actions} actions replayed and checked against the snapshot)")
        self._advance()
        return True

    def replay_file(self, path: str | Path | None = None) -> bool:
        """Load a saved game and watch it from the start."""
        if not self.load_game(path):
            return False
        self.start_replay()
        return True

    # ---- window ------------------------------------------------------------------------------------------
    def place(self, main_window: QWidget | None) -> None:
        """Beside the editor when the screen has room for both, else over it; never larger than the
        screen (usable from 1024x700)."""
        self._placed = True
        screen = (main_window.screen() if main_window is not None else self.screen()).availableGeometry()
        size = fit_size(main_window or self, PLAY_SIZE)  # with its frame within the screen (screenfit)
        w, h = size.width(), size.height()
        self.resize(w, h)
        h += frame_extra(self).height()
        if main_window is None:
            return
        mg = main_window.frameGeometry()
        if mg.right() + w <= screen.right():
            x, y = mg.right() + 1, mg.top()
        elif mg.left() - w >= screen.left():
            x, y = mg.left() - w, mg.top()
        else:  # over the editor, centred on it
            x, y = mg.center().x() - w // 2, mg.center().y() - h // 2
        x = max(screen.left(), min(x, screen.right() - w))
        y = max(screen.top(), min(y, screen.bottom() - h))
        self.move(x, y)

    def showEvent(self, e) -> None:
        super().showEvent(e)
        if not getattr(self, "_placed", False):  # shown without place() (a game's own path): fit the screen anyway
            self._placed = True
            size = fit_size(self, self.size().expandedTo(PLAY_SIZE))
            self.resize(size)
            if not self.testAttribute(Qt.WidgetAttribute.WA_Moved):  # centred, before the window manager maps it
                area = available(self)
                self.move(area.center().x() - size.width() // 2, area.center().y() - size.height() // 2)
            keep_inside(self)
        zoom = self.provider.zoomable()
        if zoom is not None and not getattr(self, "_fitted", False):
            self._fitted = True
            QTimer.singleShot(0, self, zoom.zoom_fit)  # the whole board in view once laid out

    def in_progress(self) -> bool:
        """A game begun and not finished, with moves not saved since: closing would lose them."""
        return not self.state.is_over and len(self.match.steps) > self._saved_steps

    def confirm_close(self) -> bool:
        """True when the window may close: no game in progress, or the person chose to save it
        (and did) or to discard it. The default answer loses nothing (Save; Esc is Cancel)."""
        if not self.in_progress():
            return True
        box = QMessageBox(QMessageBox.Icon.Question, "Leave the game?",
                          f"The game of {self.title} is not finished. Save it before closing the window?",
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.button(QMessageBox.StandardButton.Discard).setText("&Close Without Saving")
        answer = box.exec()
        box.deleteLater()
        if answer == QMessageBox.StandardButton.Save:
            return self.save_game() is not None
        return answer == QMessageBox.StandardButton.Discard

    def close_asking(self) -> bool:
        """File > Back to the Editor (Ctrl+W): close, asking first when a game is in progress."""
        self._ask_on_close = True
        try:
            return self.close()
        finally:
            self._ask_on_close = False

    def closeEvent(self, e) -> None:
        # the person closed it (the title bar's button, Ctrl+W): ask. Code that closes the window (the
        # editor closing its tab or quitting) has asked already through confirm_close().
        if (e.spontaneous() or self._ask_on_close) and not self.confirm_close():
            e.ignore()
            return
        self._closing = True
        self.replay_timer.stop()
        self.clock_timer.stop()
        self.provider.shutdown()
        self._abandon_worker()  # it finishes on its own thread, unheard (agentworker: no wait, no abort)
        self._abandoned.clear()
        self.closed.emit()
        e.accept()


class _PanelScroll(QScrollArea):
    """The game panel's scroll area: as wide as the panel needs *beside* its vertical scroll bar (a
    panel that scrolls at 1024x700 lost its right edge under the bar: "2. Blue" and "End" were cut)."""

    def _with_bar(self, width: int) -> int:
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        return width + bar + 2 * self.frameWidth()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        w = self.widget()
        return QSize(self._with_bar(w.minimumSizeHint().width()), hint.height()) if w is not None else hint

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        w = self.widget()
        return QSize(self._with_bar(w.sizeHint().width()), hint.height()) if w is not None else hint


# ---- opening a window from an editor --------------------------------------------------------------------
def open_play_window(main_window, provider: type[PlayProvider], scenario: Any, seats: list[str],
                     seed: int | None = None, source_editor=None, **kw) -> PlayWindow:
    """A play window for `scenario` (a copy: the editor's document is never changed), placed beside
    or over the main window and closed with the document's tab."""
    w = PlayWindow(provider, scenario, seats, seed, **kw)
    w.source_editor = source_editor
    if main_window is not None:
        main_window.play_windows.append(w)
        w.closed.connect(lambda: _back_to_editor(main_window, w))
    w.place(main_window)
    w.show()
    w.begin()
    return w


def _back_to_editor(main_window, w) -> None:
    if w in main_window.play_windows:
        main_window.play_windows.remove(w)
    main_window.activateWindow()
    main_window.raise_()


def start_test_play(editor, main_window, provider: type[PlayProvider], scenario: Any | None = None,
                    errors_first: bool = True) -> PlayWindow | None:
    """Play the editor's document as it is (unsaved): refuse one with errors (listing them), ask who
    plays each seat, open the window."""
    doc = editor.document
    if errors_first:
        errors = [p for p in editor.validate_now() if p.severity is Severity.ERROR]
        if errors:
            listing = "\n".join(f"• {p.code}: {p.message}" for p in errors[:8])
            QMessageBox.warning(main_window, "Cannot play yet",
                                f"The scenario has {len(errors)} error(s) to fix before it can be played:\n\n{listing}")
            return None
    scenario = scenario if scenario is not None else doc.snapshot()
    title = getattr(scenario, "name", "") or getattr(doc.model, "name", "") or doc.display_name
    dlg = SeatDialog(provider, scenario, main_window, title=title)
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    return open_play_window(main_window, provider, scenario, dlg.seats(), dlg.seed.value(), source_editor=editor,
                            names=dlg.player_names(), options=dlg.agent_options(), title=title,
                            base=doc.path.parent if doc.path else None, scenario_file=doc.path)
