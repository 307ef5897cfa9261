"""FILE|PLAY SCENARIO (manual 4.3): Pendulous in the one play window (editor.core.playwindow).

What is Pendulous' own: the board (owners' colours, unsupplied land black outlined in the owner's
colour (2.1), armies) on the shared canvas with its world view (3.4); the left panel (turn, force
pool, resources and victory points of every player, End Turn, and for the square under the mouse
what it is and, for an enemy square, the itemized attack and defence points of 2.7 with the chance
of success); click to place / pick up / attack (2.5) with every refusal said in words; the
end-of-turn score dialog that can be switched off (3.5); the three reports (3.1) with the players'
names; player names overridable for one game (4.2.4). Seats, computer turns, save/load (3.2, 3.3),
replay and game over are the shared window's.
"""
from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import (QDialog, QGroupBox, QHeaderView, QLabel, QMessageBox, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from gridsmith.engine.pendulous import Attack, END_TURN, Place, attack_odds, reports
from gridsmith.engine.pendulous.events import PickedUp, Placed, TurnStarted
from gridsmith.engine.pendulous.saves import replay
from gridsmith.engine.pendulous.terminal import shared_text
from gridsmith.formats.pendulous.scenario import SEAT_COLOURS, Scenario

from gridsmith.formats.coords import notation

from ..core.geometry import SquareGeometry
from ..core.playboard import PlayBoard
from ..core.play_provider import PlayProvider
from .art import SEAT_QCOLOURS, paint_play_square, play_colour
from .report_dialog import REPORT_TITLES, ReportDialog


def square_name(row: int, col: int) -> str:
    """A square in the one coordinate notation (formats.coords): column first, counted from 1."""
    return notation("square").short((col, row))


class PendulousProvider(PlayProvider):
    game_name = "pendulous"
    renames_players = True

    @classmethod
    def player_names(cls, scenario: Scenario) -> list[str]:
        return [p.name for p in scenario.players]

    @classmethod
    def rename(cls, scenario: Scenario, names: list[str]) -> Scenario:
        scenario = scenario.model_copy(deep=True)
        for i, n in enumerate(names):
            if n:
                scenario.players[i].name = n  # manual 4.2.4: names can be overridden when played
        return scenario

    @classmethod
    def seat_colour(cls, seat: int) -> QColor:
        return SEAT_QCOLOURS[seat]

    def __init__(self, window) -> None:
        super().__init__(window)
        self.shown = None  # the state on the board (the game's, or a replay's frame)
        self.hover: tuple[int, int] | None = None
        self._last_turn = 0

    # ---- board ---------------------------------------------------------------------------------
    def _geometry(self) -> SquareGeometry:
        b = (self.shown or self.window.state).board
        return SquareGeometry(b.width, b.height)

    def _key(self, x: int, y: int):
        return (self.shown or self.window.state).square(y, x)

    def board(self):
        """The map on the shared canvas; a click acts (2.5), the mouse over a square explains it."""
        self.canvas = PlayBoard(self._geometry, self._key, paint_play_square, play_colour,
                                lambda cell: self.click_square(cell[1], cell[0]),
                                lambda cell: self.hovered(*(cell or (-1, -1))))
        self.view, self.tiles = self.canvas.view, self.canvas.tiles
        return self.view

    def show_state(self, state, viewer, full: bool = False) -> None:
        self.shown = state
        if full:
            self._last_turn = state.turn
        self.canvas.redraw(full, None if full else self._touched(state))

    def _touched(self, state):
        """The squares the last action can have changed when it only placed or picked up armies
        (supply stays as it was); None (compare every square) after anything else."""
        steps = self.window.match.steps
        if state is not self.window.state or not steps:
            return None
        events = steps[-1].events
        if events and all(isinstance(e, (Placed, PickedUp)) for e in events):
            return [(e.col, e.row) for e in events]
        return None

    # ---- the left panel -----------------------------------------------------------------------------
    def panel(self):
        panel = QWidget()
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(0, 0, 0, 0)
        self.turn_label = QLabel()
        self.turn_label.setWordWrap(True)
        lay.addWidget(self.turn_label)
        players = self.window.scenario.players
        self.table = QTableWidget(len(players), 3)
        self.table.setHorizontalHeaderLabels(["Pool", "Resources", "Victory"])
        self.table.horizontalHeaderItem(0).setToolTip("Force pool: armies to place")
        self.table.horizontalHeaderItem(2).setToolTip("Victory points")
        self.table.setVerticalHeaderLabels([p.name for p in players])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)  # headers whole, never clipped
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay.addWidget(self.table)
        self.end_turn_btn = QPushButton("End Turn")
        self.end_turn_btn.setToolTip("End your turn (Ctrl+E)")
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
        self.table.setFixedHeight(self.table.horizontalHeader().sizeHint().height()
                                  + self.table.verticalHeader().length() + 2 * self.table.frameWidth())
        return panel

    def menus(self, mb) -> None:
        t = mb.addMenu("&Turn")
        self.act_end = t.addAction("&End Turn", self.end_turn)
        self.act_end.setShortcut("Ctrl+E")
        r = mb.addMenu("&Reports")
        r.addAction("&Player Settings", lambda: self.show_report("player"))
        r.addAction("&Game Settings", lambda: self.show_report("game"))
        r.addAction("&Combat Report", lambda: self.show_report("combat"))
        o = mb.addMenu("&Options")
        self.act_end_dialog = QAction("&End Turn Dialog", self.window, checkable=True,
                                      checked=self.window.settings.get("end_turn_dialog", True))
        self.act_end_dialog.setToolTip("Show the score at the end of every turn (3.5)")
        o.addAction(self.act_end_dialog)

    def refresh(self) -> None:
        s = self.shown or self.window.state
        turns = s.scenario.settings.turns
        self.turn_label.setText("<b>Setup turn</b> (placing and picking up are free, no attacks — 2.4)"
                                if s.turn == 0 else f"<b>Turn {min(s.turn, turns)} of {turns}</b>")
        for q in range(len(s.scenario.players)):
            for col, value in enumerate((s.pool[q], s.resources[q], s.vp[q])):
                text = f"{value}" + (" (out)" if col == 2 and s.out[q] else "")
                item = self.table.item(q, col)
                if item is None:
                    self.table.setItem(q, col, QTableWidgetItem(text))
                elif item.text() != text:
                    item.setText(text)
        mine = self.window.is_human_turn()
        self.end_turn_btn.setEnabled(mine)
        self.act_end.setEnabled(mine)
        if self.hover is not None:
            self.hovered(*self.hover)

    # ---- input ------------------------------------------------------------------------------------
    def click_square(self, row: int, col: int) -> None:
        w = self.window
        if not w.is_human_turn():
            w.refuse(w.why_not_your_turn())
            return
        s = w.state
        action = s.action_for_square(row, col)
        if action is None:
            kind, owner, _armies, _sup = s.square(row, col)
            probe = Attack(row, col) if owner >= 0 and owner != s.to_move else Place(row, col)
            why = s.why_illegal(probe) if kind != "water" else "no action can take place on water (2.1)"
            w.refuse(f"Not possible on {square_name(row, col)}: {why}")
            return
        w.human_act(action)

    def end_turn(self) -> None:
        w = self.window
        if not w.is_human_turn():
            w.refuse(w.why_not_your_turn())
            return

        w.human_act(END_TURN)

    def hovered(self, x: int, y: int) -> None:
        if x < 0:
            self.hover = None
            self.square_label.setText("—")
            self.odds_label.setText("")
            return
        self.hover = (x, y)
        s = self.shown or self.window.state
        kind, owner, armies, supplied = s.square(y, x)
        where = notation("square").title((x, y))  # as the editor's status bar says it
        if kind == "water":
            self.square_label.setText(f"{where}: water")
            self.view.setToolTip(f"{where}: water — nothing can stand or happen here (2.1)")
            self.odds_label.setText("")
            return
        text = f"{where}: {kind} of {s.scenario.players[owner].name} ({SEAT_COLOURS[owner]})"
        text += f", {armies} arm{'y' if armies == 1 else 'ies'}" if armies else ""
        text += "" if supplied or kind == "city" else ", OUT OF SUPPLY (black: it reverts unless reconnected, 2.8)"
        self.square_label.setText(text)
        self.view.setToolTip(text)
        if s.is_over or owner == s.to_move or self.window.replaying:
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

    # ---- reports ----------------------------------------------------------------------------------
    def describe(self, event, viewer) -> str:
        """The engine's line with the players' names for colours and squares in the shared notation."""
        names = self.window.names
        by_colour = {c: names[q] for q, c in enumerate(SEAT_COLOURS[:len(names)])}
        text = shared_text(event.to_text())  # the terminal's translation: one notation everywhere
        return re.sub(r"\b(" + "|".join(by_colour) + r")\b", lambda m: by_colour[m.group(1)], text)

    def after_step(self, step) -> None:
        s = self.window.state
        if s.turn != self._last_turn and not s.is_over:
            self._last_turn = s.turn
            if self.act_end_dialog.isChecked() and any(isinstance(e, TurnStarted) for e in step.events):
                self.show_score_dialog()

    def score_text(self) -> str:
        s = self.window.state
        return "\n".join(f"{p.name} ({SEAT_COLOURS[q]}): {s.vp[q]} victory points" + (" — out" if s.out[q] else "")
                         for q, p in enumerate(s.scenario.players))

    def show_score_dialog(self) -> None:
        """Manual 3.5: the end-of-turn dialog with the current score (Options > End Turn Dialog)."""
        s = self.window.state
        QMessageBox.information(self.window, f"End of turn {s.turn - 1}" if s.turn > 1 else "Setup done",
                                self.score_text())

    def result_text(self, result) -> str:
        return super().result_text(result) + " " + "; ".join(self.score_text().splitlines())

    def report_rows(self, which: str) -> list[dict]:
        s = self.window.state
        if which == "player":
            return reports.player_settings(s)
        if which == "game":
            return [reports.game_settings(s)]
        return reports.combat_report(s)

    def show_report(self, which: str) -> QDialog:
        """A report of 3.1 in a dialog of its own (editor.pendulous.report_dialog)."""
        dlg = ReportDialog(self.window, REPORT_TITLES[which], self.report_rows(which), self.window.names)
        dlg.show()
        self.report = dlg  # tests and screenshots look at the last report
        return dlg

    # ---- saved games --------------------------------------------------------------------------------
    def start_of(self, save):
        return replay(save, 0)[0]

    def action_texts(self, state) -> list[str]:
        return list(state.log)


PROVIDER = PendulousProvider
