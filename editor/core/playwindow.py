"""The one play window: every game is test-played in it, driven by the one play loop
(engine.core.loop.Match), so the same scenario, seed, seats and agent seed play the same game here
as in `gridsmith play` and `gridsmith simulate`.

The window owns what every game shares: seat assignment (a human or any registered computer
player, with its options), computer turns in a worker thread (`AgentWorker`) with pace, pause and
stop, the event log naming the players, save and load (through the Game API: `Game.save`,
`Game.replay`, checked against the snapshot), replay with step, play and seek, game over with the
result and "Back to the editor", and where it opens (beside the editor when the screen has room,
else over it; usable at 1024x700).

A game whose state runs on a clock (engine.core.loop.clocked: Pendulum's sandglasses) plays in
**clock mode**: a timer lets the engine's clock follow the wall clock (times the chosen speed) with
`Match.advance(to=...)`, firing what falls due; computer seats are asked whenever the engine says one
may answer (the clock stands while it thinks); humans act whenever they like (`human_act(action,
seat)`, stamped with the clock at that moment); Pause stops the clock, Next Event moves it to the next
thing that happens (or lets the computer seat that may answer do so), and a replay seeks through the
clock-stamped actions. Nothing in it knows a game: it uses the clock protocol of engine.core.loop.

A game supplies a `PlayProvider` (docs/editor.md, "A game's play provider"): its board view, its
action input (clicks, buttons, menus that all do something) and its reports. The provider of game
`NAME` is `PROVIDER` in `gridsmith.editor.NAME.play`.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QDockWidget, QFileDialog, QFormLayout,
                               QFrame, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QListWidget, QMainWindow,
                               QPushButton, QScrollArea, QSizePolicy, QSlider, QSpinBox, QToolBar, QVBoxLayout,
                               QWidget)

from gridsmith.engine.core import games
from gridsmith.engine.core.errors import GameError, IllegalActionError, ReplayError
from gridsmith.engine.core.loop import Match, Step, clocked
from gridsmith.engine.core.rng import new_seed

from .agentworker import AgentWorker

HUMAN = "human"
#: milliseconds between computer actions: "watchable" lets a person follow the game, "fast" does not wait
PACES = {"watchable": 250, "fast": 0}
#: seat colours when a game names none (a provider usually gives its own)
DEFAULT_COLOURS = ("#c62828", "#546e7a", "#2e7d32", "#1565c0", "#f9a825", "#6a1b9a")
#: a replay keeps a copy of the state every this many actions, so seeking never replays a whole game
CHECKPOINT = 32
#: clock mode: game seconds per wall second offered, and how often the clock follows the wall clock (ms)
SPEEDS = (1, 2, 4, 16)
TICK_MS = 25


class PlayProvider:
    """What one game gives the play window. Subclass it in `editor/<game>/play.py` and name the class
    `PROVIDER` there. The window calls these; `self.window` is the `PlayWindow`."""

    #: the game's name in the `gridsmith.games` registry
    game_name = ""
    #: whether player names can be changed for one game in the seat dialog (Pendulous 4.2.4)
    renames_players = False

    def __init__(self, window: "PlayWindow") -> None:
        self.window = window

    # ---- seats -------------------------------------------------------------------------------
    @classmethod
    def player_names(cls, scenario: Any) -> list[str]:
        """A name per seat, as the log and the seat list call them."""
        return list(games.get(cls.game_name).seats(scenario))

    @classmethod
    def rename(cls, scenario: Any, names: list[str]) -> Any:
        """A copy of the scenario with players renamed for this game (only if `renames_players`)."""
        return scenario

    @classmethod
    def seat_colour(cls, seat: int) -> QColor:
        return QColor(DEFAULT_COLOURS[seat % len(DEFAULT_COLOURS)])

    def agent(self, seat: int, name: str, options: dict) -> Any:
        """The computer player of a seat (a game may pass it more, e.g. the scenario's level)."""
        return games.get(self.game_name).agent(name, **options)

    # ---- board view ----------------------------------------------------------------------------
    def board(self) -> QWidget:
        """The board widget (built once; the window's central widget)."""
        raise NotImplementedError

    def show_state(self, state: Any, viewer: int | None, full: bool = False) -> None:
        """Draw `state` as seat `viewer` may see it (None: everything, e.g. a replay); `full`: the
        state was replaced (new game, load, a replay's seek), not just changed by one action."""
        raise NotImplementedError

    # a provider whose board() builds the shared canvas (editor.core.playboard.PlayBoard) keeps it
    # here, and gets the world view and the View menu's zoom from it
    canvas: Any = None

    def minimap(self) -> QWidget | None:
        """The world view of the board (a dock on the right), if the board has one."""
        return None if self.canvas is None else self.canvas.minimap

    def zoomable(self) -> Any:
        """An object with zoom_in/zoom_out/zoom_fit for the View menu, or None."""
        return None if self.canvas is None else self.canvas.view

    # ---- action input ----------------------------------------------------------------------------
    def panel(self) -> QWidget | None:
        """The game's part of the left panel (scores, buttons, what the square under the mouse is)."""
        return None

    def menus(self, menubar) -> None:
        """Add the game's own menus; every entry must do something in this window."""

    def refresh(self) -> None:
        """After every action and state change: enable what the seat to move may do."""

    def before_think(self) -> None:
        """A computer player is about to think (clear what showed its last search)."""

    def hurry(self) -> bool:
        """Ask a thinking computer player to answer now with what it has found (True if it can)."""
        return False

    def thought(self, info: Any) -> None:
        """What a thinking computer player reported (only when `reports_thinking`)."""

    reports_thinking = False

    # ---- reports -------------------------------------------------------------------------------
    def describe(self, event: Any, viewer: int | None) -> str:
        """One event for the log, as `viewer` may know it (None: everything)."""
        return event.to_text()

    def after_step(self, step: Step) -> None:
        """After an action was applied (a game's end-of-turn dialog, animations)."""

    def show_clock(self, state: Any) -> None:
        """Clock mode: the clock moved (every tick of the real-time timer); animate what runs on it."""

    def result_text(self, result: Any) -> str:
        names = self.window.names
        if result.is_draw or not result.winners:
            head = "A draw."
        elif len(result.winners) == 1:
            head = f"{names[result.winners[0]]} wins!"
        else:
            head = f"A tie between {', '.join(names[w] for w in result.winners)}."
        return f"{head} {result.reason[:1].upper()}{result.reason[1:]}."

    # ---- saved games ------------------------------------------------------------------------------
    def start_of(self, save: Any) -> Any:
        """The state of a saved game before its first action (for the log and the replay)."""
        raise NotImplementedError

    def action_texts(self, state: Any) -> list[str]:
        """The text of every action played so far in `state` (a loaded game's history)."""
        raise NotImplementedError

    def shutdown(self) -> None:
        """The window closes: stop anything the provider started."""


def provider_class(game_name: str) -> type[PlayProvider]:
    """The play provider of a game: `PROVIDER` in `gridsmith.editor.<game>.play`."""
    return importlib.import_module(f"gridsmith.editor.{game_name}.play").PROVIDER


def agent_options(game, name: str) -> dict[str, Any]:
    """The keyword options of a computer player and their defaults (from its constructor)."""
    try:
        sig = inspect.signature(type(game.agent(name)).__init__)
    except (TypeError, ValueError):
        return {}
    # plain values only: not callbacks or events a window wires itself (Cheops' stop, on_think)
    return {p.name: p.default for p in sig.parameters.values()
            if p.name != "self" and p.default is not inspect.Parameter.empty
            and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and not callable(p.default)
            and not any(w in str(p.annotation) for w in ("Callable", "Event"))}


def parse_options(text: str, known: dict[str, Any]) -> dict[str, Any]:
    """`budget=300, reply_turns=1` -> {"budget": 300, "reply_turns": 1}; ValueError says what is wrong."""
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key:
            raise ValueError(f"{part!r} is not an option like name=value")
        if known and key not in known:
            raise ValueError(f"no option {key!r}; this computer player has: {', '.join(known) or 'none'}")
        try:
            out[key] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            out[key] = value.strip()
    return out


# ---- seat assignment ------------------------------------------------------------------------
class SeatDialog(QDialog):
    """Who plays each seat: a human or one of the registered computer players, with its options;
    the names (where the game allows it) and the seed."""

    def __init__(self, provider: type[PlayProvider], scenario: Any, parent=None, title: str = ""):
        super().__init__(parent)
        self.provider = provider
        self.game = games.get(provider.game_name)
        self.setWindowTitle(f"Play {title}" if title else f"Play {self.game.title}")
        self.setMinimumWidth(520)  # the title and the option fields are never clipped
        lay = QVBoxLayout(self)
        head = QLabel(f"<b>Who plays {title or 'this game'}?</b> A human clicks on the board; a computer "
                      "player moves by itself (its options are optional, e.g. <tt>level=2</tt>).")
        head.setWordWrap(True)
        lay.addWidget(head)
        grid = QGridLayout()
        lay.addLayout(grid)
        self.kinds: list[QComboBox] = []
        self.names: list[QLineEdit] = []
        self.options: list[QLineEdit] = []
        agents = self.game.agents()
        self._known = {a: agent_options(self.game, a) for a in agents}
        choices = [HUMAN] + agents
        names = provider.player_names(scenario)
        defaults = list(self.game.default_seats)
        for q, n in enumerate(names):
            colour = provider.seat_colour(q)
            label = QLabel(f"<b style='color:{colour.name()}'>■</b> {n}")
            combo = QComboBox()
            for c in choices:
                combo.addItem("Human" if c == HUMAN else f"Computer: {c}", c)
            want = defaults[q] if q < len(defaults) else (defaults[-1] if len(defaults) == 1 else HUMAN)
            if len(defaults) == 1 and q == 0 and HUMAN in choices:
                want = HUMAN  # one name for every seat: you play the first seat against it
            if want in choices:
                combo.setCurrentIndex(choices.index(want))
            opts = QLineEdit()
            opts.setMinimumWidth(160)
            combo.currentIndexChanged.connect(lambda _i, c=combo, o=opts: self._agent_changed(c, o))
            self._agent_changed(combo, opts)
            grid.addWidget(label, q, 0)
            grid.addWidget(combo, q, 1)
            grid.addWidget(opts, q, 2)
            if provider.renames_players:
                name = QLineEdit(n)
                name.setMaxLength(64)
                name.setToolTip("This player's name for this game only (the scenario keeps its own)")
                grid.addWidget(name, q, 3)
                self.names.append(name)
            self.kinds.append(combo)
            self.options.append(opts)
        form = QFormLayout()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        self.seed.setToolTip("The game's random seed: the same seed, seats and moves replay the same game")
        form.addRow("Seed", self.seed)
        lay.addLayout(form)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        lay.addWidget(self.error)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        bb.accepted.connect(self.accept)
        bb.rejected.connect(self.reject)
        lay.addWidget(bb)

    def _agent_changed(self, combo: QComboBox, opts: QLineEdit) -> None:
        known = self._known.get(combo.currentData(), {})
        opts.setEnabled(combo.currentData() != HUMAN and bool(known))
        opts.setPlaceholderText(", ".join(f"{k}={v!r}" for k, v in known.items()) if known else "no options")
        opts.setToolTip("Options of this computer player, name=value separated by commas; empty: its defaults")

    def seats(self) -> list[str]:
        return [c.currentData() for c in self.kinds]

    def player_names(self) -> list[str]:
        return [n.text().strip() for n in self.names]

    def agent_options(self) -> list[dict]:
        out = []
        for combo, opts in zip(self.kinds, self.options):
            out.append({} if combo.currentData() == HUMAN else
                       parse_options(opts.text(), self._known.get(combo.currentData(), {})))
        return out

    def accept(self) -> None:
        try:
            self.agent_options()
        except ValueError as e:
            self.error.setText(str(e))
            return
        super().accept()


# ---- the window -----------------------------------------------------------------------------
class PlayWindow(QMainWindow):
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
        scroll = QScrollArea()  # a long panel scrolls instead of squeezing its labels
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
        back = f.addAction("&Back to the Editor", self.close)
        back.setShortcut(QKeySequence.StandardKey.Close)
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
            w = AgentWorker(req.agent, req.view, req.legal, req.rng, self,
                            report_thinking=self.provider.reports_thinking)
            w.chosen.connect(lambda action, w=w: self._computer_chose(w, action))
            w.failed.connect(lambda msg, w=w: self._computer_failed(w, msg))
            w.thought.connect(self.provider.thought)
            self.worker = w
            self.refresh()
            w.start()

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
        w.wait()
        if w in self._abandoned:
            self._abandoned.remove(w)
        w.deleteLater()

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

    # ---- clock mode ----------------------------------------------------------------------------------
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

    def stop_computer(self) -> None:
        """Drop the computer player's pending answer and pause."""
        self._abandon_worker()
        self.act_pause.setChecked(True)
        self.refresh()

    # ---- display -------------------------------------------------------------------------------------
    def seat_text(self, q: int) -> str:
        who = "human" if self.seats[q] == HUMAN else f"computer: {self.seats[q]}"
        return f"<b style='color:{self.provider.seat_colour(q).name()}'>■</b> {self.names[q]} ({who})"

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
        from gridsmith.formats.atomic import atomic_write_text

        if path is None:
            base = (self.scenario_file.with_suffix("").with_suffix(".sav.yaml") if self.scenario_file
                    else Path("game.sav.yaml"))
            path, _ = QFileDialog.getSaveFileName(self, "Save Game", str(base), "Saved games (*.sav.yaml)")
            if not path:
                return None
        save = self.game.save(self.state, self.seats, self.title)
        atomic_write_text(path, self.game.save_text(save))
        self.statusBar().showMessage(f"Game saved to {path}", 5000)
        return Path(path)

    def _read_save(self, path: str | Path) -> tuple[Any, Any] | None:
        """(save model, replayed) or None after saying why it cannot be read."""
        from gridsmith.formats.loader import load_file

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

    # ---- replay ----------------------------------------------------------------------------------------
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

    # ---- window ------------------------------------------------------------------------------------------
    def place(self, main_window: QWidget | None) -> None:
        """Beside the editor when the screen has room for both, else over it; never larger than the
        screen (usable from 1024x700)."""
        screen = (main_window.screen() if main_window is not None else self.screen()).availableGeometry()
        w, h = min(1100, screen.width()), min(760, screen.height())
        self.resize(w, h)
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
        zoom = self.provider.zoomable()
        if zoom is not None and not getattr(self, "_fitted", False):
            self._fitted = True
            QTimer.singleShot(0, self, zoom.zoom_fit)  # the whole board in view once laid out

    def closeEvent(self, e) -> None:
        self._closing = True
        self.replay_timer.stop()
        self.clock_timer.stop()
        self.provider.shutdown()
        self._abandon_worker()
        for w in list(self._abandoned):
            w.wait()
        self._abandoned.clear()
        self.closed.emit()
        e.accept()


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
    from PySide6.QtWidgets import QMessageBox

    from gridsmith.formats.diagnostics import Severity

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
