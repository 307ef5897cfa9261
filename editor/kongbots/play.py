"""Kongbots in the one play window (editor.core.playwindow): test-play a scenario, a computer team or
hotseat, save, load and replay.

What is Kongbots' own: the arena on the shared hex canvas with the Kongbots and the missiles on
their hexes; the pulse track and the phase box of the manual (turn, pulse 1-5, phases 1-6, which
team acts); orders by clicking (one of your Kongbots, then a highlighted enemy, missile or hex) or
dragging it there (the play board's piece input, editor.core.playboard), or from the list of legal orders, Done ends your part of the phase; for the enemy or missile under the
mouse the line of sight from your Kongbot (green clear, red blocked: the engine's
`KongbotsState.clear`) and the hit chance with its breakdown from the engine's odds
(`engine.kongbots.odds.laser_breakdown`: "need 9 = 5 + 4 hexes - 1 aimer + 1 shield: 27.8%"); a
dice log of every roll. No rule is computed here.
"""
from __future__ import annotations

from PySide6.QtCore import QLineF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import (QGraphicsLineItem, QGroupBox, QLabel, QListWidget, QPushButton, QVBoxLayout,
                               QWidget)

from gridsmith.engine.core.hexgrid import distance
from gridsmith.engine.kongbots.actions import DONE, Fire, Move
from gridsmith.engine.kongbots.events import PHASES
from gridsmith.engine.kongbots.odds import laser_breakdown
from gridsmith.engine.kongbots.saves import from_save
from gridsmith.engine.kongbots.state import CLAWS, LASERS, LAUNCH, MOVEMENT
from gridsmith.formats.coords import notation
from gridsmith.formats.kongbots.modules import AIMER, LASER, SHIELD, TEAMS

from ..core.geometry import HexGeometry
from ..core.playboard import PlayBoard
from ..core.play_provider import PlayProvider
from .art import TEAM_QCOLOURS, paint_play_hex, play_colour

HEX = notation("hex")
PX = 44


def pulse_track(turn: int, pulse: int, phase: int, team: int | None, pulses: int = 5) -> str:
    """The manual's pulse track and phase box as rich text: the current pulse and phase lit."""
    def box(text, on, colour="#ffd54f"):
        style = f"background:{colour}; font-weight:bold" if on else "color:#777"
        return f"<span style='{style}'>&nbsp;{text}&nbsp;</span>"

    pulses_row = " ".join(box(i, i == pulse) for i in range(1, pulses + 1))
    phases_row = "<br>".join(box(f"{i} {PHASES[i]}", i == phase) for i in range(1, 7))
    who = "" if team is None else f" — team {TEAMS[team]} acts"
    return f"<b>Turn {turn}</b>{who}<br>Pulse {pulses_row}<br>{phases_row}"


def modules_text(slots) -> str:
    """A Kongbot's remaining modules in short: `2 Ro, Lr, LA, Ls` (the manual's codes), or `none`."""
    counts: dict[str, int] = {}
    for m in slots:
        if m:
            counts[m] = counts.get(m, 0) + 1
    return ", ".join(f"{n} {c}" if n > 1 else c for c, n in counts.items()) or "none"


def why_not(s, label: str, cell) -> str:
    """Why Kongbot `label` has no order on hex `cell` in this phase, in the manual's words (a refusal;
    the legal orders are the engine's, this only explains a hex that is not one of them)."""
    b = s.bot(label)
    ch = s.arena.rows[cell[1]][cell[0]] if cell[0] < len(s.arena.rows[cell[1]]) else "-"
    other = next((o for o in s.bots if o.hex == cell and not o.out), None)
    missile = next((m for m in s.missiles if m.hex == cell), None)
    if s.phase == MOVEMENT:
        if ch == "#":
            return "that hex is a wall: Kongbots move only over floor"
        if ch == "-":
            return "that hex is outside the arena"
        if other is not None:
            return f"{other.label} stands there: two Kongbots never share a hex"
        if distance(b.hex, cell) > 1:
            return f"a Kongbot moves one hex at a time, onto a neighbouring hex ({s.p.move_hexes} a phase)"
        return f"it has moved as far as it may this pulse ({s.p.move_hexes} hexes a phase)"
    if s.phase in (LAUNCH, LASERS):
        weapon = "a missile is launched" if s.phase == LAUNCH else "a laser fires"
        if other is None and missile is None:
            return f"{weapon} at an enemy Kongbot" + (" or missile" if s.phase == LASERS else "") + \
                ", and there is none there"
        if (other is not None and other.team == b.team) or (missile is not None and missile.team == b.team):
            return f"{weapon} only at the other team"
        if not s.clear(b, cell, other):
            return "its line of sight there is blocked (a wall or a Kongbot in the way)"
        return "it has no weapon left to use in this phase (fired, or none carried)"
    if s.phase == CLAWS:
        if other is None or other.team == b.team:
            return "a claw attacks an enemy Kongbot, and there is none there"
        if distance(b.hex, cell) != 1:
            return "a claw reaches only an adjacent hex"
        return "it has no claw to use (attacked already, or none carried)"
    return f"nothing is ordered on the board in the {PHASES[s.phase]} phase"


class KongbotsProvider(PlayProvider):
    game_name = "kongbots"

    @classmethod
    def player_names(cls, scenario) -> list[str]:
        return [f"{t.name} ({TEAMS[i]})" for i, t in enumerate(scenario.teams)]

    @classmethod
    def seat_colour(cls, seat: int) -> QColor:
        return TEAM_QCOLOURS[TEAMS[seat]]

    def __init__(self, window) -> None:
        super().__init__(window)
        self.shown = None
        self.selected: str | None = None  # label of the human's chosen Kongbot
        self.targets: dict = {}  # hex -> legal order of the selected Kongbot there
        self.hover: tuple[int, int] | None = None

    # ---- board -----------------------------------------------------------------------------------------
    def _geometry(self) -> HexGeometry:
        a = self.window.state.arena
        return HexGeometry(a.width, a.height, px=PX)

    def _key(self, q: int, r: int):
        s = self.shown or self.window.state
        row = s.arena.rows[r]
        ch = row[q] if q < len(row) else "-"
        bot = next(((b.team, b.label, "out" if b.out else "malf" if b.malf else "")
                    for b in s.bots if b.hex == (q, r)), None)
        missiles = tuple((m.team, f"m{m.id}") for m in s.missiles if m.hex == (q, r))
        mark = ""  # the chosen Kongbot and its targets are the play board's overlay (editor.core.playboard)
        return (ch, bot, missiles, mark, ch not in "#-" and s.in_ecm((q, r)))

    def board(self):
        self.canvas = PlayBoard(self._geometry, self._key, paint_play_hex, play_colour, self.click, self.hovered,
                                pieces=self, on_deselect=lambda: self._select(None))
        self.view = self.canvas.view
        self.sight = QGraphicsLineItem()
        self.sight.setZValue(20)
        self.sight.hide()
        self.view.scene().addItem(self.sight)
        return self.view

    def show_state(self, state, viewer, full: bool = False) -> None:
        self.shown = state
        if full or self.selected is not None and not self._orders_of(self.selected):
            self.selected, self.targets = None, {}
        elif self.selected is not None:
            self._select(self.selected, redraw=False)
        self.canvas.redraw(full)
        self.hovered(self.hover)

    # ---- the left panel --------------------------------------------------------------------------------
    def panel(self):
        panel = QWidget()
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(0, 0, 0, 0)
        self.track = QLabel()
        self.track.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.track)
        self.status = QLabel()
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        target = QGroupBox("Under the mouse")
        tl = QVBoxLayout(target)
        self.odds = QLabel("—")
        self.odds.setWordWrap(True)
        self.odds.setMinimumHeight(self.odds.fontMetrics().lineSpacing() * 6)
        self.odds.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        tl.addWidget(self.odds)
        lay.addWidget(target)
        box = QGroupBox("Orders")
        ol = QVBoxLayout(box)
        self.orders = QListWidget()
        self.orders.setToolTip("The legal orders of your team now; double-click one to give it")
        self.orders.setMaximumHeight(self.orders.fontMetrics().lineSpacing() * 6)
        self.orders.itemDoubleClicked.connect(lambda it: self.give(it.text()))
        ol.addWidget(self.orders)
        self.done_button = QPushButton("Done (end this phase)")
        self.done_button.clicked.connect(lambda: self.give(DONE.to_text()))
        ol.addWidget(self.done_button)
        lay.addWidget(box)
        dice = QGroupBox("Dice")
        dl = QVBoxLayout(dice)
        self.dice = QListWidget()
        self.dice.setMaximumHeight(self.dice.fontMetrics().lineSpacing() * 6)
        dl.addWidget(self.dice)
        lay.addWidget(dice)
        self.bots = QLabel()
        self.bots.setWordWrap(True)
        self.bots.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.bots)
        return panel

    def refresh(self) -> None:
        w, s = self.window, self.window.state
        shown = self.shown or s
        self.track.setText(pulse_track(shown.turn, shown.pulse, shown.phase, shown.to_move, shown.p.pulses))
        human = w.is_human_turn() and not w.replaying and not s.is_over
        self.orders.clear()
        if human:
            self.orders.addItems([o.to_text() for o in s.legal_actions()])
        self.done_button.setEnabled(human)
        if w.replaying:
            self.status.setText("Replay.")
        elif s.is_over:
            self.status.setText("The battle is over.")
        elif human:
            self.status.setText(f"{w.names[s.to_move]}: {PHASES[s.phase]} phase. Click one of your Kongbots, then "
                                "a green hex (or double-click an order); Done ends your part of the phase.")
        else:
            self.status.setText(f"{w.names[s.to_move]} is thinking…")
        self.bots.setText("<br>".join(
            f"<span style='color:{TEAM_QCOLOURS[TEAMS[b.team]].name()}'><b>{b.label}</b></span> {b.name}: "
            f"{b.modules}/{b.start} modules" + (" (surrendered)" if b.out else " (malfunctioning)" if b.malf else "")
            for b in shown.bots))

    # ---- input -----------------------------------------------------------------------------------------------
    def _orders_of(self, label: str) -> list:
        s = self.window.state
        if not self.window.is_human_turn() or s.is_over:
            return []
        return [o for o in s.legal_actions() if getattr(o, "bot", None) == label]

    def _order_hex(self, order):
        s = self.window.state
        if isinstance(order, Move):
            return order.to
        if isinstance(order, Fire) and order.target.startswith("m"):
            return next((m.hex for m in s.missiles if f"m{m.id}" == order.target), None)
        return s.bot(order.target).hex

    def selected_cell(self):
        """The chosen Kongbot's hex (editor.core.playboard.Pieces: click, drag and the highlight)."""
        return None if self.selected is None else (self.shown or self.window.state).bot(self.selected).hex

    def target_cells(self):
        return list(self.targets)

    def _select(self, label: str | None, redraw: bool = True) -> None:
        self.selected = label
        self.targets = {}
        for o in self._orders_of(label) if label else []:
            self.targets.setdefault(self._order_hex(o), o)
        if redraw:
            self.canvas.redraw()
            self.hovered(self.hover)  # the odds under the mouse are now the chosen Kongbot's

    def click(self, cell) -> None:
        w, s = self.window, self.window.state
        if not w.is_human_turn():
            w.refuse(w.why_not_your_turn())
            return
        here = HEX.label(cell)
        if self.selected is not None and cell in self.targets:
            self.give(self.targets[cell].to_text())
            return
        mine = next((b for b in s.bots if b.hex == cell and b.team == s.to_move), None)
        if mine is not None:
            if not self._orders_of(mine.label):
                w.refuse(f"{mine.label} has no order to give in the {PHASES[s.phase]} phase (it has acted, or "
                         "nothing it carries works now).")
                self._select(None)
                return
            self._select(mine.label)
            return
        if self.selected is not None:
            w.refuse(f"{self.selected} cannot do anything at {here} in the {PHASES[s.phase]} phase: "
                     f"{why_not(s, self.selected, cell)}. The green hexes are what it can do.")
            return
        w.refuse(f"{HEX.title(cell)}: first click one of your own Kongbots.")

    def give(self, text: str) -> bool:
        w = self.window
        order = next((o for o in w.state.legal_actions() if o.to_text() == text), None) if w.is_human_turn() else None
        if order is None:
            w.refuse(f"{text} is not a legal order now.")
            return False
        self.selected, self.targets = None, {}
        return w.human_act(order)

    # ---- the target under the mouse: line of sight and the hit chance (engine numbers) -------------------
    def shooter(self, s):
        """The Kongbot whose odds are shown: the selected one, else the first of the team to move
        (or of team A) still fighting."""
        team = s.to_move if s.to_move is not None else 0
        if self.selected is not None:
            return s.bot(self.selected)
        return next((b for b in s.bots if b.team == team and not b.out and b.hex is not None), None)

    def odds_text(self, cell) -> tuple[str, bool | None]:
        """What the panel says about `cell` and whether the shooter sees it (None: no target there)."""
        s = self.shown or self.window.state
        # the hex named as the arena editor's status bar names it (formats.coords' long form)
        text = f"{HEX.label(cell)}: " + {"#": "wall", "-": "outside"}.get(s.arena.rows[cell[1]][cell[0]], "floor")
        if s.in_ecm(cell):
            text += (f" inside an ECM field (each of a missile's {s.p.warheads} warheads hits on "
                     f"{s.p.need_inside_ecm}+ here)")
        target = next((b for b in s.bots if b.hex == cell), None)
        missile = next((m for m in s.missiles if m.hex == cell), None)
        shooter = self.shooter(s)
        if shooter is None or shooter.hex is None or (target is None and missile is None):
            return text, None
        if target is not None:
            text += f"; {target.label} {target.name}, {target.chassis}: {modules_text(target.slots)}"
            if target.team == shooter.team:
                return text, None
        else:
            text += f"; missile m{missile.id} of team {TEAMS[missile.team]}"
            if missile.team == shooter.team:
                return text, None
        seen = s.clear(shooter, cell, target)
        d = distance(shooter.hex, cell)
        lasers = shooter.count(LASER)
        text += f"\n{shooter.label} → {HEX.label(cell)}: {d} hexes, line of sight {'clear' if seen else 'BLOCKED'}"
        if lasers:
            shields = target.count(SHIELD) if target is not None else 0
            text += f"\nlaser: {laser_breakdown(s.p, d, shooter.count(AIMER), shields, target is None)}"
            text += f" ({lasers} laser{'s' * (lasers != 1)})"
        return text, seen

    def hovered(self, cell) -> None:
        self.hover = cell
        if cell is None or self.window.state is None:
            self.odds.setText("—")
            self.sight.hide()
            return
        text, seen = self.odds_text(cell)
        self.odds.setText(text)
        self.view.setToolTip(text)
        shooter = self.shooter(self.shown or self.window.state)
        if seen is None or shooter is None:
            self.sight.hide()
            return
        g = self.canvas.item.geometry
        pen = QPen(QColor("#2ecc40") if seen else QColor("#e53935"), 3, Qt.PenStyle.SolidLine if seen else
                   Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.sight.setPen(pen)
        self.sight.setLine(QLineF(g.center(shooter.hex), g.center(cell)))
        self.sight.show()

    # ---- reports -----------------------------------------------------------------------------------------------
    def after_step(self, step) -> None:
        for e in step.events:
            if getattr(e, "rolls", None):
                self.dice.addItem(e.to_text())
        self.dice.scrollToBottom()

    # ---- saved games -------------------------------------------------------------------------------------------
    def start_of(self, save):
        return from_save(save, 0)

    def action_texts(self, state) -> list[str]:
        return [o.to_text() for o in state.log]


PROVIDER = KongbotsProvider
