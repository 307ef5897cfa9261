"""The Pendulum scenario editor: name, ruleset, board and decks (bundled names or paths), the seats
(2-5: leader, side, colour, and per player the advanced placement and Fame; a computer seat's
reaction and action times), the starting privilege, the rounds played without active sandglasses
(on the time track) — and Test-play (F5) in the one play window, with the scenario resolved as the
engine takes it (`formats.pendulum.scenario.resolve`, which also feeds the problems panel)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QSpinBox, QVBoxLayout)

from gridsmith.formats.content import bundled_names
from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.pendulum.refs import BOARD, DECK, LEADER, RULESET
from gridsmith.formats.pendulum.scenario import COLOURS, KIND, Scenario, Seat, resolve
from gridsmith.formats.references import model_of

from ..core.editorwidget import ValidatedEditor
from ..core.forms import guard_wheel
from ..core.reffield import RefField, RefListField
from ..core.playwindow import start_test_play
from .document import PendulumDocument, path_text
from .widgets import TextEdit

SEAT_FIELDS = ("leader", "side", "colour", "advanced_placement", "fame", "reaction_ms", "action_ms")


class ScenarioDocument(PendulumDocument):
    kind = KIND

    def rounds(self) -> int:
        rules = model_of(self.model.ruleset, RULESET, self.context())
        return rules.limits.rounds if rules is not None else 4

    def add_seat(self) -> None:
        """Undoable: a seat with the first leader and colour no seat has."""
        used_l = {s.leader for s in self.model.seats}
        used_c = {s.colour for s in self.model.seats}
        leader = next((n for n in bundled_names("pendulum", ".leader.yaml") if n not in used_l), "gambal")
        colour = next((c for c in COLOURS if c not in used_c), COLOURS[0])
        self.restructure("Add seat", lambda m: m.seats.append(Seat(leader=leader, colour=colour)))

    def remove_seat(self) -> None:
        if self.model.seats:
            self.restructure("Remove seat", lambda m: m.seats.pop())


class SeatRow:
    """The widgets of one seat in the seats grid."""

    def __init__(self, editor: "ScenarioEditor", grid: QGridLayout, i: int):
        self.editor, self.i = editor, i
        self.number = QLabel(f"Seat {i + 1}")
        self.leader = RefField(LEADER, lambda: editor.document.path)  # picked, not typed (editor.core.reffield)
        self.leader.changed.connect(lambda text: self.set("leader", text))
        self.side = QComboBox()
        self.side.addItems(["basic", "advanced"])
        self.side.activated.connect(lambda _i: self.set("side", self.side.currentText()))
        self.colour = QComboBox()
        self.colour.addItems(COLOURS)
        self.colour.activated.connect(lambda _i: self.set("colour", self.colour.currentText()))
        self.placement = QCheckBox("advanced placement")
        self.placement.setToolTip(Seat.model_fields["advanced_placement"].description)
        self.placement.clicked.connect(lambda on: self.set("advanced_placement", on))
        self.fame = QCheckBox("Fame")
        self.fame.setToolTip(Seat.model_fields["fame"].description)
        self.fame.clicked.connect(lambda on: self.set("fame", on))
        self.times = {}
        for key in ("reaction_ms", "action_ms"):
            spin = QSpinBox()
            spin.setRange(-1, 60_000)
            spin.setSingleStep(100)
            spin.setSpecialValueText("ruleset")
            spin.setSuffix(" ms")
            spin.setToolTip(Seat.model_fields[key].description + " (ruleset: use the ruleset's)")
            spin.valueChanged.connect(lambda v, k=key: self.set(k, None if v < 0 else v, merge=True))
            self.times[key] = spin
        for j, w in enumerate((self.number, self.leader, self.side, self.colour, self.placement, self.fame,
                               self.times["reaction_ms"], self.times["action_ms"])):
            grid.addWidget(w, i + 1, j)
            w.show()  # a row added to a shown editor

    def widgets(self):
        return (self.number, self.leader, self.side, self.colour, self.placement, self.fame, *self.times.values())

    def set(self, field: str, value, merge: bool = False) -> None:
        if self.editor.refreshing or self.i >= len(self.editor.document.model.seats):
            return
        self.editor.document.edit(("seats", self.i, field), value, f"Seat {self.i + 1} {field.replace('_', ' ')}",
                                  merge=merge)

    def show(self, seat: Seat) -> None:
        self.leader.set_value(seat.leader)
        self.side.setCurrentText(seat.side)
        self.colour.setCurrentText(seat.colour)
        self.placement.setChecked(seat.advanced_placement)
        self.fame.setChecked(seat.fame)
        for key, spin in self.times.items():
            v = getattr(seat, key)
            spin.setValue(-1 if v is None else v)


class ScenarioEditor(ValidatedEditor):
    def __init__(self, document: ScenarioDocument, parent=None):
        super().__init__(document, parent)
        doc = document
        self.refreshing = False
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.fields: dict[str, TextEdit] = {}
        for key, label, tip in (
                ("name", "Name", ""), ("description", "Description", ""),
                ("ruleset", "Ruleset", "A bundled ruleset (default) or a path to a *.rules.yaml file"),
                ("board", "Board", "A bundled board (default) or a path to a *.board.yaml file; the side follows "
                 "the number of seats (1-3 / 4-5)")):
            refs = {"ruleset": RULESET, "board": BOARD}  # picked, not typed (editor.core.reffield)
            f = RefField(refs[key], lambda: doc.path) if key in refs else TextEdit(tip)
            f.changed.connect(lambda t, k=key: doc.edit((k,), t, f"Scenario {k}"))
            form.addRow(label, f)
            self.fields[key] = f
        self.decks = RefListField(DECK, lambda: doc.path)  # the deck files whose cards are joined: picked, not typed
        self.decks.changed.connect(lambda ids: doc.edit(("decks",), ids, "Scenario decks"))
        form.addRow("Decks", self.decks)
        self.privilege = QComboBox()
        self.privilege.addItems(["random", "seat_order"])
        self.privilege.setToolTip(Scenario.model_fields["privilege"].description)
        self.privilege.activated.connect(lambda _i: doc.edit(("privilege",), self.privilege.currentText(),
                                                             "Starting privilege"))
        form.addRow("Starting privilege", self.privilege)
        lay.addLayout(form)

        seats = QGroupBox("Seats (2 to 5; the rulebook has no solo rules)")
        sl = QVBoxLayout(seats)
        self.seat_grid = QGridLayout()
        for j, h in enumerate(("", "Leader", "Side", "Colour", "Advanced variant", "", "Reaction (computer)",
                               "Per action (computer)")):
            self.seat_grid.addWidget(QLabel(f"<b>{h}</b>"), 0, j)
        sl.addLayout(self.seat_grid)
        self.seat_rows: list[SeatRow] = []
        buttons = QHBoxLayout()
        self.add_seat_button = QPushButton("Add seat")
        self.add_seat_button.clicked.connect(doc.add_seat)
        self.remove_seat_button = QPushButton("Remove last seat")
        self.remove_seat_button.clicked.connect(doc.remove_seat)
        buttons.addWidget(self.add_seat_button)
        buttons.addWidget(self.remove_seat_button)
        buttons.addStretch(1)
        sl.addLayout(buttons)
        lay.addWidget(seats)

        rounds = QGroupBox("Rounds without active sandglasses (played on the board's time track)")
        self.rounds_layout = QHBoxLayout(rounds)
        self.round_boxes: list[QCheckBox] = []
        lay.addWidget(rounds)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.summary)
        self.play_button = QPushButton("Test-play… (F5)")
        self.play_button.setToolTip("Play the scenario as it is in the editor (unsaved) in the play window")
        self.play_button.clicked.connect(lambda: self.play(self.window()))
        lay.addWidget(self.play_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.status = QLabel()
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        lay.addStretch(1)

        self.start_validation(self.describe_path)
        self.problems_panel.set_subject("Pendulum scenario file")
        self.problems_panel.problemActivated.connect(self.go_to_problem)
        doc.valueChanged.connect(self.refresh)
        self.refresh()

    def describe_path(self, path: tuple) -> str:
        if len(path) >= 2 and path[0] == "seats" and isinstance(path[1], int):
            return f"seat {path[1] + 1}" + (f" › {path_text(path[2:])}" if len(path) > 2 else "")
        return path_text(path) or "the scenario"

    def go_to_problem(self, path) -> None:
        path = tuple(path or ())
        if len(path) >= 2 and path[0] == "seats" and isinstance(path[1], int) and path[1] < len(self.seat_rows):
            row = self.seat_rows[path[1]]
            target = {"leader": row.leader, "side": row.side, "colour": row.colour}.get(
                path[2] if len(path) > 2 else "leader", row.leader)
            target.setFocus()
        elif path and path[0] in self.fields:
            self.fields[path[0]].setFocus()
        elif path and path[0] == "decks":
            self.decks.setFocus()

    def refresh(self, _path=()) -> None:
        self.refreshing = True
        doc = self.document
        m: Scenario = doc.model
        for key, f in self.fields.items():
            f.set_value(getattr(m, key))
        self.decks.set_value(m.decks)
        self.privilege.setCurrentText(m.privilege)
        while len(self.seat_rows) < len(m.seats):
            self.seat_rows.append(SeatRow(self, self.seat_grid, len(self.seat_rows)))
        while len(self.seat_rows) > len(m.seats):
            for w in self.seat_rows.pop().widgets():
                w.setParent(None)
                w.deleteLater()
        for row, seat in zip(self.seat_rows, m.seats):
            row.show(seat)
        self.add_seat_button.setEnabled(len(m.seats) < 5)
        self.remove_seat_button.setEnabled(len(m.seats) > 0)
        rounds = doc.rounds()
        while len(self.round_boxes) < rounds:
            r = len(self.round_boxes) + 1
            box = QCheckBox(f"round {r}")
            box.clicked.connect(lambda _on, r=r: self._toggle_round(r))
            self.rounds_layout.addWidget(box)
            box.show()
            self.round_boxes.append(box)
        for i, box in enumerate(self.round_boxes):
            box.setVisible(i < rounds)
            box.setChecked(i + 1 in m.untimed_rounds)
        guard_wheel(self)
        self.summary.setText(self._summary())
        self.refreshing = False

    def _toggle_round(self, r: int) -> None:
        rounds = self.document.model.untimed_rounds
        new = sorted(set(rounds) ^ {r})
        self.document.edit(("untimed_rounds",), new, f"Round {r} {'untimed' if r in new else 'timed'}")

    def _summary(self) -> str:
        """What the engine will play, from the resolver (or why it cannot)."""
        res, problems = resolve(self.document.snapshot(), self.document.context())
        if res is None:
            errors = [p for p in problems if p.severity is Severity.ERROR]
            return f"Not playable yet: {len(errors)} error{'s' * (len(errors) != 1)} (see Problems)."
        n = len(res.scenario.seats)
        seats = "; ".join(f"{s.colour}: {res.leaders[i].name} {res.leader_side(i).title} ({s.side})"
                          for i, s in enumerate(res.scenario.seats))
        c = res.cards
        return (f"Plays {n} seats on board side {'1-3' if n <= 3 else '4-5'}, {res.ruleset.limits.rounds} rounds. "
                f"{seats}. Cards: {len(c.stratagems)} stratagems, {len(c.provinces)} provinces, "
                f"{len(c.achievements)} achievements, {len(c.council_rewards)} council rewards.")

    def can_play(self) -> bool:
        return True

    def play(self, main_window):
        """Test-play the scenario as it is in the editor (unsaved), resolved as the engine takes it:
        the seat dialog, then the one play window."""
        from .play import PendulumProvider  # test-play only: the play provider loads the game's engine

        res, problems = resolve(self.document.snapshot(), self.document.context())
        if res is None:
            self.status.setText("Cannot play: " + "; ".join(
                p.message for p in problems if p.severity is Severity.ERROR)[:400])
            return None
        self.status.setText("")
        return start_test_play(self, main_window, PendulumProvider, scenario=res, errors_first=False)
