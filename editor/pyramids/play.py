"""Pyramids in the one play window (editor.core.playwindow): test-play a scenario against Cheops (or
any seats), save, load and replay.

What is Pyramids' own: the board on the shared canvas (zoom, world view) as the human's *view*
(engine.pyramids.state.View): Cheops' unknown pieces are drawn as "?", nothing the engine withholds
reaches the window (a replay, or computers only, shows everything); pieces drawn with their rank and
name and a legend of which beats which; click a piece, then a highlighted square — every refused
click says why; "Stop thinking" makes Cheops play the best move found so far (manual F1 notes) and
"Show Cheops' thinking" lists his candidates as he searches (manual F6).
"""
from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget

from gridsmith.engine.pyramids.actions import SIDE_NAMES
from gridsmith.engine.pyramids.cheops import CheopsAgent
from gridsmith.engine.pyramids.movegen import forbidden_by_repetition
from gridsmith.engine.pyramids.pieces import ANTELOPE, CAMEL, CHAR, HAWK, MOBILE, WINS_BY_OPTION
from gridsmith.engine.pyramids.saves import from_save
from gridsmith.formats import coords
from gridsmith.formats.pyramids.pieces import NAME_OF_CHAR

from ..core.geometry import SquareGeometry
from ..core.playboard import PlayBoard
from ..core.play_provider import HUMAN as HUMAN_SEAT
from ..core.play_provider import PlayProvider
from .art import SIDE_COLOURS, paint_play_square, play_colour

HUMAN, CHEOPS = 0, 1
SQ = 48

def legend_text(lion_vs_lion: str = "defender") -> str:
    """Which piece beats which, under the scenario's `lion_vs_lion` option (a lion attacking a lion)."""
    lions = ("a lion attacking a lion loses ('Only the cobra can defeat the lion')" if lion_vs_lion == "defender"
             else "a lion attacking a lion wins")
    return (
        "<b>Which beats which</b> (the attacker moves onto the defender):<br>"
        "<b>1</b> lion … <b>8</b> antelope: a lower number is stronger — an attacker beats a numbered "
        f"piece of its own number or higher, except that {lions}.<br>"
        "<b>S</b> sphinx: cannot move; beats every attacker except the <b>7</b> cat.<br>"
        "<b>C</b> cobra: beats the <b>1</b> lion when it attacks, loses any other attack; any attacker "
        "beats it.<br>"
        "<b>▲</b> pyramid: cannot move; any attacker takes it, and taking it wins the game.<br>"
        "<b>?</b> a piece of Cheops you have not seen yet.<br>"
        "Squares: sand open, dunes desert, gold ring power square.")


def square_name(sq: int, height: int) -> str:
    """a1 … k11: the manual's notation (columns from the left, rows from the bottom), formats.coords'."""
    r, c = divmod(sq, 11)
    return coords.algebraic(height).short((c, r))


def why_not_reach(s, frm: int, to: int) -> str:
    """Why the human's piece on `frm` cannot go to `to`, in the manual's words (Movement, Attacks,
    Move Repetition), for a refusal. The legal moves are the engine's; this only explains a square
    that is not one of them, from what the player sees (no hidden rank is read but the mover's)."""
    geo, me = s.geo, s.to_move
    w, h = geo.w, geo.h
    name = coords.algebraic(h).short
    cell = lambda sq: (sq % w, sq // w)  # noqa: E731
    t = s.type_at[frm]
    piece = NAME_OF_CHAR.get(CHAR[t], "piece")
    if s.side_at[to] == me:
        return f"{name(cell(to))} holds one of your own pieces, and a piece never moves onto its own side"
    if geo.desert[to]:
        return f"{name(cell(to))} is desert: no piece stands on a desert (a camel crosses one to the square beyond)"
    (fx, fy), (tx, ty) = cell(frm), cell(to)
    if geo.power[frm] and geo.power[to]:
        return ("a power square links only to a vacant power square in another lane (Movement 6), and this "
                "one is in the same lane")
    if fx != tx and fy != ty:
        return "pieces move in a straight line, up, down, left or right (Movement)"
    step = (1 if tx > fx else -1 if tx < fx else 0) + w * (1 if ty > fy else -1 if ty < fy else 0)
    between = list(range(frm + step, to, step))
    d = len(between) + 1
    if any(geo.desert[x] for x in between):
        if t == CAMEL:
            return "a camel crosses a desert only to the first square beyond it (Movement 5)"
        return "a desert lies in the way, and only a camel crosses deserts (Movement 5)"
    blocker = next((x for x in between if s.side_at[x] >= 0), None)
    if blocker is not None:
        if t == HAWK and d == 2:
            return "a hawk flies over a piece only onto an empty square or an opponent's piece"
        return (f"the piece on {name(cell(blocker))} is in the way: a piece never passes another "
                "(only a hawk flies over one adjacent piece)")
    if s.side_at[to] >= 0 and d > 1:
        return "a piece attacks only an adjacent opponent's piece (Attacks; a hawk also over one piece)"
    if d > s.slide and t != ANTELOPE:
        return (f"the slide is {s.slide}: a {piece} moves at most {s.slide} square{'s' * (s.slide != 1)} at a "
                "time (only the antelope slides further)")
    if forbidden_by_repetition(s.hist[me]) == (frm, to):
        return ("the repetition rule: no piece may move from one square to another, back, and there again in "
                "three consecutive moves")
    return "it is not one of its legal moves"


def piece_name(ch: str) -> str:
    if ch == "?":
        return "unknown piece"
    name = NAME_OF_CHAR.get(ch, "?")
    return f"{name} ({ch})" if ch.isdigit() else name


class PyramidsProvider(PlayProvider):
    game_name = "pyramids"
    reports_thinking = True

    @classmethod
    def player_names(cls, scenario) -> list[str]:
        return ["Player", "Cheops"]

    @classmethod
    def seat_colour(cls, seat: int) -> QColor:
        return SIDE_COLOURS[seat]

    def __init__(self, window) -> None:
        super().__init__(window)
        self.stop_event = threading.Event()
        self.selected = -1
        self.targets: set[int] = set()
        self.cells: list = []
        self.shown = None
        self.viewer = None
        self._last: tuple[int, ...] = ()
        self._hover = (-1, -1)  # the square under the mouse: said again when a move changes what stands there

    def agent(self, seat: int, name: str, options: dict):
        if name == "cheops":  # the scenario's level and thinking time (manual F2, F4), stopped by "Stop thinking"

            o = self.window.state.resolved.options
            kw = {"level": o.level, "time_limit": o.think_seconds, **options}
            return CheopsAgent(stop=self.stop_event, **kw)
        return super().agent(seat, name, options)

    @property
    def cheops(self):
        """The Cheops computer player of this game, if one plays."""
        return next((a for a in self.window.agents if isinstance(a, CheopsAgent)), None)

    # ---- board --------------------------------------------------------------------------------------
    def _height(self) -> int:
        return len(self.window.state.geo.rows)

    def _geometry(self) -> SquareGeometry:
        return SquareGeometry(11, self._height(), px=SQ)

    def _key(self, x: int, y: int):
        sq = y * 11 + x
        rows = self.window.state.geo.rows
        h = len(rows)
        mark = "last" if sq in self._last else ""  # the chosen piece and its targets: the play board's overlay
        name = coords.algebraic(h).short((x, y))  # the edge labels: the column's letter, the row's number
        label = (name[0] if y == h - 1 else "") + (name[1:] if x == 0 else "")
        piece = self.cells[sq] if sq < len(self.cells) else None
        return (rows[y][x], piece, mark, label)

    def board(self):
        """The board on the shared canvas: click a piece, then a square, or drag it there (the play
        board's piece input); the mouse over a square says what stands there."""
        self.canvas = PlayBoard(self._geometry, self._key, paint_play_square, play_colour,
                                lambda cell: self.click(cell[1] * 11 + cell[0]),
                                lambda cell: self.hovered(*(cell or (-1, -1))), pieces=self,
                                on_deselect=lambda: self._select(-1),
                                on_drop=lambda cell: self.drop(cell[1] * 11 + cell[0]))
        self.view, self.tiles = self.canvas.view, self.canvas.tiles
        return self.view

    def show_state(self, state, viewer, full: bool = False) -> None:
        self.shown, self.viewer = state, viewer
        if getattr(self, "legend", None) is not None:
            self.legend.setText(legend_text(state.lion_vs_lion))
        if viewer is None:  # everything (a replay, computers only)
            self.cells = [None if s < 0 else (s, CHAR[t]) for s, t in zip(state.side_at, state.type_at)]
        else:
            self.cells = [None if c is None else (c[0], CHAR[c[2]] if c[2] else "?") for c in state.view(viewer).squares]
        self._last = (state.log[-1].frm, state.log[-1].to) if state.log else ()
        if full:
            self.selected, self.targets = -1, set()
        self._redraw(full)
        if self._hover[0] >= 0:
            self.hovered(*self._hover)  # a piece moved onto (or off) the square under a still mouse

    def _redraw(self, full: bool = False) -> None:
        self.canvas.redraw(full)

    # ---- the left panel -------------------------------------------------------------------------------
    def panel(self):
        panel = QWidget()
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(0, 0, 0, 0)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setMinimumHeight(self.status.fontMetrics().lineSpacing() * 3)
        lay.addWidget(self.status)
        self.square_label = QLabel("—")
        self.square_label.setWordWrap(True)
        lay.addWidget(self.square_label)
        cheops = QGroupBox("Cheops")
        cl = QVBoxLayout(cheops)
        self.best = QLabel()
        self.best.setWordWrap(True)
        cl.addWidget(self.best)
        self.stop_button = QPushButton("Stop thinking")
        self.stop_button.setToolTip("Cheops plays the best move he has found so far")
        self.stop_button.clicked.connect(self.stop_thinking)
        cl.addWidget(self.stop_button)
        self.show_thinking = QCheckBox("Show Cheops' thinking")
        self.show_thinking.setToolTip("List the moves Cheops considers and their scores as he searches")
        cl.addWidget(self.show_thinking)
        self.think = QListWidget()
        self.think.setVisible(False)
        self.show_thinking.toggled.connect(self.think.setVisible)
        cl.addWidget(self.think)
        self.cheops_box = cheops
        lay.addWidget(cheops)
        legend = QLabel(legend_text())
        legend.setWordWrap(True)
        legend.setTextFormat(Qt.TextFormat.RichText)
        legend.setStyleSheet("QLabel { font-size: 9pt; }")
        self.legend = legend
        lay.addWidget(legend)
        return panel

    def refresh(self) -> None:
        w, s = self.window, self.window.state
        self.cheops_box.setVisible("cheops" in w.seats)
        self.stop_button.setEnabled(w.worker is not None and "cheops" in w.seats)
        if w.replaying:
            self.status.setText("Replay: every piece is shown.")
        elif s.is_over:
            self.status.setText("Game over — Replay the game to watch it again with every piece shown.")
        elif w.is_human_turn():
            self.status.setText(f"Your move ({len(s.legal_actions())} legal): click one of your pieces, then one "
                                "of the green squares.")
        else:
            self.status.setText(f"{w.names[s.to_move]} is thinking…")

    def before_think(self) -> None:
        self.stop_event.clear()
        self.think.clear()
        self.best.setText("")

    def hurry(self) -> bool:
        self.stop_event.set()
        return True

    def shutdown(self) -> None:
        self.stop_event.set()

    def stop_thinking(self) -> None:
        """"Cheops will select the best move he has found thus far." """
        self.stop_event.set()

    def thought(self, info) -> None:
        if self.think.isVisible():
            self.think.addItem(f"{info.move.to_text():8} initial {info.initial:8.2f}  score {info.score:9.2f}")
            if self.think.count() > 400:
                self.think.takeItem(0)
            self.think.scrollToBottom()
        self.best.setText(f"best so far: {info.best.to_text() if info.best else '-'} ({info.best_score:.2f})")

    def after_step(self, step) -> None:
        if step.seat is not None and self.window.seats[step.seat] != HUMAN_SEAT:
            self.best.setText(f"{self.window.names[step.seat]} played {step.action.to_text()}")

    # ---- input --------------------------------------------------------------------------------------------
    def selected_cell(self):
        """The chosen piece's square as a board cell (editor.core.playboard.Pieces)."""
        return None if self.selected < 0 else (self.selected % 11, self.selected // 11)

    def target_cells(self):
        return [(t % 11, t // 11) for t in self.targets]

    def _select(self, sq: int) -> None:
        self.selected = sq
        self.targets = {m.to for m in self.window.state.legal_actions() if m.frm == sq} if sq >= 0 else set()
        self._redraw()

    def click(self, sq: int) -> None:
        """A click on square `sq`: pick one of your pieces, then one of its highlighted squares."""
        w = self.window
        if not w.is_human_turn():
            w.refuse(w.why_not_your_turn())
            return
        s, h = w.state, self._height()
        me = s.to_move
        here = square_name(sq, h)
        legal = s.legal_actions()
        if self.selected >= 0:
            move = next((m for m in legal if m.frm == self.selected and m.to == sq), None)
            if move is not None:
                self.try_move(self.selected, sq)
                return
        if s.side_at[sq] == me:
            ch = CHAR[s.type_at[sq]]
            if not MOBILE[s.type_at[sq]]:
                w.refuse(f"Your {piece_name(ch)} on {here} cannot move: the pyramid and the sphinxes never move.")
                self._select(-1)
                return
            if not any(m.frm == sq for m in legal):
                w.refuse(f"Your {piece_name(ch)} on {here} has no legal move now (blocked by the board's edge, "
                         "your own pieces, or the repetition rule).")
                self._select(-1)
                return
            self._select(sq)
            return
        if self.selected >= 0:
            self._cannot_reach(sq)
            return
        what = "empty" if s.side_at[sq] < 0 else f"{w.names[s.side_at[sq]]}'s piece"
        w.refuse(f"{here} is {what}: first click one of your own pieces.")

    def _cannot_reach(self, sq: int) -> None:
        """Refuse sending the chosen piece to `sq`, saying the rule that stops it."""
        w, s, h = self.window, self.window.state, self._height()
        ch = CHAR[s.type_at[self.selected]]
        where = ", ".join(sorted(square_name(t, h) for t in self.targets))
        w.refuse(f"Your {piece_name(ch)} on {square_name(self.selected, h)} cannot reach {square_name(sq, h)}: "
                 f"{why_not_reach(s, self.selected, sq)}; it can move to {where} (the green squares). Click "
                 "another of your pieces to choose it instead.")

    def drop(self, sq: int) -> None:
        """The chosen piece dropped on `sq`: moved there if it can go, else refused with the reason (a
        drop on another of your pieces does not choose it, as a click would)."""
        if self.selected >= 0 and sq in self.targets and self.window.is_human_turn():
            self.try_move(self.selected, sq)
        elif self.selected >= 0 and self.window.is_human_turn():
            self._cannot_reach(sq)
        else:
            self.click(sq)

    def try_move(self, frm: int, to: int) -> bool:
        """Play the human's move frm->to if legal (what two clicks do)."""
        w = self.window
        move = next((m for m in w.state.legal_actions() if m.frm == frm and m.to == to), None) \
            if w.is_human_turn() else None
        if move is None:
            return False
        self.selected, self.targets = -1, set()
        return w.human_act(move)

    def hovered(self, x: int, y: int) -> None:
        self._hover = (x, y)
        if x < 0 or self.shown is None:
            self.square_label.setText("—")
            return
        sq = y * 11 + x
        h = self._height()
        terrain = {"D": "desert", "P": "power square"}.get(self.window.state.geo.rows[y][x], "open sand")
        text = f"{square_name(sq, h)}: {terrain}"
        cell = self.cells[sq] if sq < len(self.cells) else None
        if cell is not None:
            side, ch = cell
            text += f"; {self.window.names[side]}'s {piece_name(ch)}"
            if ch.isdigit():
                beaten = [d for d in range(1, 9) if WINS_BY_OPTION[self.shown.lion_vs_lion][int(ch)][d]]
                numbers = "another 8" if beaten[0] == 8 else f"numbers {beaten[0]} to 8"  # not "numbers 8 to 8"
                text += (f" — attacking, it beats {numbers}, the cobra and the pyramid"
                         + ("; it also takes the sphinx" if ch == "7" else "; the sphinx beats it"))
            elif ch == "S":
                text += " — never moves; only the cat (7) takes it"
            elif ch == "C":
                text += " — takes the lion (1) when it attacks; any attacker takes it"
            elif ch == "P":
                text += " — never moves; whoever takes it wins"
            elif ch == "?":
                text += " — not seen yet"
        self.square_label.setText(text)
        self.view.setToolTip(text)

    # ---- reports --------------------------------------------------------------------------------------------
    def describe(self, event, viewer) -> str:
        e = event.redacted(viewer) if viewer is not None and hasattr(event, "redacted") else event
        text = e.to_text()
        for q, side in enumerate(SIDE_NAMES):
            if text.startswith(side + " "):
                return self.window.names[q] + text[len(side):]
        return text

    # ---- saved games ------------------------------------------------------------------------------------------
    def start_of(self, save):
        state = from_save(save, 0)
        state.scenario_name = save.scenario
        return state

    def action_texts(self, state) -> list[str]:
        return [m.to_text() for m in state.log]


PROVIDER = PyramidsProvider
