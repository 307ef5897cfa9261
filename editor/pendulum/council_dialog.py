"""Pendulum's council in the play window: a guided dialog, one step per decision a human seat makes."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout

from gridsmith.engine.pendulum.actions import Action, Pass, Reward

if TYPE_CHECKING:
    from .play import PendulumProvider

COUNCIL_STEPS = {2: "choose a council reward", 3: "trim your province columns", 5: "move or place workers"}


class CouncilDialog(QDialog):
    """The council as a guided dialog: the step, the privilege order, and the one decision of the
    human seat to act (a reward and how to take it; the provinces to keep; pass once workers moved)."""

    def __init__(self, provider: "PendulumProvider") -> None:
        super().__init__(provider.window)
        self.provider = provider
        self.setWindowTitle("Council (Ratsphase)")
        self.setModal(False)
        self.setMinimumWidth(460)
        lay = QVBoxLayout(self)
        self.head = QLabel()
        self.head.setWordWrap(True)
        lay.addWidget(self.head)
        self.cards = QListWidget()
        self.cards.currentRowChanged.connect(self._card_chosen)
        lay.addWidget(self.cards)
        self.how_label = QLabel("How:")
        lay.addWidget(self.how_label)
        self.choices = QListWidget()
        self.choices.itemDoubleClicked.connect(lambda _i: self.confirm())
        lay.addWidget(self.choices)
        row = QHBoxLayout()
        self.ok = QPushButton("Confirm")
        self.ok.clicked.connect(self.confirm)
        self.pass_button = QPushButton("Pass")
        self.pass_button.clicked.connect(lambda: self.provider.act(Pass()))
        row.addStretch(1)
        row.addWidget(self.pass_button)
        row.addWidget(self.ok)
        lay.addLayout(row)
        self.seat: int | None = None
        self.groups: dict[str, list[Action]] = {}

    def show_step(self, st, q: int) -> None:
        """Show the decision seat `q` makes now."""
        self.seat = q
        names = self.provider.window.names
        order = " › ".join("neutral" if s < 0 else names[s] for s in st.privilege)
        step = st.council_step
        text = (f"<b>Council {st.round} — step {step} of 6: {COUNCIL_STEPS.get(step, '')}</b><br>"
                f"{names[q]} decides now. Privilege order: {order}.")
        if step == 2:
            text += "<br>Pick a reward, then how to take it (with your privilege bonus, if any), and Confirm."
        elif step == 3:
            text += "<br>A column holds at most 2 provinces (3 with the province-limit card): keep which?"
        elif step == 5:
            text += "<br>Drag workers on the board under the normal rules, then Pass."
        self.head.setText(text)
        legal = [a for a in st.legal_actions(q) if not isinstance(a, Pass)]
        self.groups = {}
        for a in legal:
            self.groups.setdefault(a.reward if isinstance(a, Reward) else a.verb, []).append(a)
        self.cards.blockSignals(True)
        self.cards.clear()
        for key in self.groups:
            self.cards.addItem(self.provider.card_label(st, key))
        self.cards.blockSignals(False)
        passing = step == 5
        for w in (self.cards, self.choices, self.how_label, self.ok):
            w.setVisible(not passing)
        self.pass_button.setVisible(passing)
        if self.groups:
            self.cards.setCurrentRow(0)
            self._card_chosen(0)

    def _card_chosen(self, row: int) -> None:
        self.choices.clear()
        if row < 0 or row >= len(self.groups):
            return
        for a in list(self.groups.values())[row]:
            item = QListWidgetItem(self.provider.choice_text(a))
            item.setData(Qt.ItemDataRole.UserRole, a)
            self.choices.addItem(item)
        self.choices.setCurrentRow(0)

    def confirm(self) -> None:
        item = self.choices.currentItem()
        if item is not None and self.seat is not None:
            self.provider.window.human_act(item.data(Qt.ItemDataRole.UserRole), self.seat)
