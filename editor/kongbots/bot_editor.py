"""The Kongbots build designer: the chassis class, its tenders of six module interfaces, a module
palette, live counts against the gladiatorial limits with the offending interface marked and a
one-click fix, and the matchup panel: expected hits a turn of this build against each bundled build
at ranges 1-6 (engine.kongbots.matchup, closed form from the hit table).

The designer checks nothing itself: the marks and counts come from `formats.kongbots.bot.build_problems`,
the one validator that `validate`, the scenario check and the saved-game check also use."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QSizePolicy, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from gridsmith.engine.kongbots.matchup import table as matchup_table
from gridsmith.formats.content import bundled_names
from gridsmith.formats.diagnostics import Problem, Severity
from gridsmith.formats.kongbots.bot import KIND, Bot, build_problems
from gridsmith.formats.kongbots.modules import CLASSES, CODES, EMPTY, NAME, PLURAL
from gridsmith.formats.kongbots.refs import BUILD, RULESET
from gridsmith.formats.kongbots.ruleset import Ruleset
from gridsmith.formats.references import model_of
from gridsmith.formats.registry import CheckContext

from ..core import commands
from ..core.commands import ModelSnapshot
from ..core.document import EditorDocument
from ..core.editorwidget import ValidatedEditor
from ..core.forms import guard_wheel
from ..core.reffield import RefField
from ..core.toolbox import ValueBox

RANGES = range(1, 7)
OVER = QColor("#f4b4ad")


class BotDocument(EditorDocument):
    kind = KIND

    def grid_size(self) -> tuple[int, int]:
        return (0, 0)

    def context(self) -> CheckContext:
        return CheckContext(file=self.path)

    def rules(self) -> Ruleset | None:
        """The ruleset whose limits the build obeys (None: the reference is broken; problems say why)."""
        return model_of(self.model.ruleset, RULESET, self.context())

    def problems(self) -> list[Problem]:
        rules = self.rules()
        return build_problems(self.model, rules) if rules is not None else []

    def set_slot(self, t: int, s: int, code: str) -> bool:
        return commands.set_value(self, ("tenders", t, s), code, f"Tender {t + 1} interface {s + 1}: {code}")

    def set_chassis(self, chassis: str) -> bool:
        """Undoable: the class and its number of tenders (added empty, or cut from the end)."""
        rules = self.rules()
        if chassis == self.model.chassis:
            return False
        want = rules.classes.of(chassis).tenders if rules else len(self.model.tenders)
        per = rules.slots_per_tender if rules else 6

        def mutate(m: Bot) -> None:
            m.chassis = chassis
            m.tenders = [list(t) for t in m.tenders[:want]] + [[EMPTY] * per for _ in range(want - len(m.tenders))]

        self.undo_stack.push(ModelSnapshot(self, f"Class {chassis}", mutate))
        return True

    def fix(self, problem: Problem) -> bool:
        """The one-click fix of a limit or shape problem, one undo step: modules beyond a limit are
        emptied from the last interface back; a tender of the wrong size is padded or cut; the wrong
        number of tenders follows the class."""
        rules = self.rules()
        if rules is None:
            return False
        per = rules.slots_per_tender
        want = rules.classes.of(self.model.chassis).tenders
        if problem.code == "KB404":
            t, s = problem.path[-2:]
            code = self.model.tenders[t][s]
            limit = rules.modules.limit(code, self.model.chassis)

            def mutate(m: Bot) -> None:
                places = [(i, j) for i, tender in enumerate(m.tenders) for j, c in enumerate(tender) if c == code]
                for i, j in places[limit:]:
                    m.tenders[i][j] = EMPTY
        elif problem.code in ("KB402", "KB401", "KB403", "KB405"):
            def mutate(m: Bot) -> None:
                tenders = [[c if c in CODES else EMPTY for c in t[:per]] + [EMPTY] * (per - len(t[:per]))
                           for t in m.tenders[:want]]
                m.tenders = tenders + [[EMPTY] * per for _ in range(want - len(tenders))]
        else:
            return False
        self.undo_stack.push(ModelSnapshot(self, f"Fix {problem.code}", mutate))
        return True


def fix_text(problem: Problem) -> str:
    return {"KB404": "Fix: empty the modules beyond the limit", "KB401": "Fix: tenders to the class",
            "KB402": "Fix: six interfaces a tender", "KB403": "Fix: empty unknown modules",
            "KB405": "Fix: empty the EL"}.get(problem.code, "")


class BotEditor(ValidatedEditor):
    def __init__(self, document: BotDocument, parent=None):
        super().__init__(document, parent)
        doc = document
        lay = QHBoxLayout(self)
        left = QVBoxLayout()
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # narrow at 1024: the matchup gets the width
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self.name.text() and self.name.text() != doc.model.name
                                          and commands.set_value(doc, ("name",), self.name.text(), "Rename build"))
        form.addRow("Name", self.name)
        self.description = QLineEdit()
        self.description.editingFinished.connect(lambda: self.description.text() != doc.model.description
                                                 and commands.set_value(doc, ("description",),
                                                                        self.description.text(), "Doctrine"))
        form.addRow("Doctrine", self.description)
        self.chassis = QComboBox()
        self.chassis.addItems(CLASSES)
        self.chassis.activated.connect(lambda i: doc.set_chassis(CLASSES[i]))
        form.addRow("Class", self.chassis)
        self.ruleset = RefField(RULESET, lambda: doc.path)  # whose limits the build obeys: picked, not typed
        self.ruleset.changed.connect(lambda t: commands.set_value(doc, ("ruleset",), t or "default", "Build ruleset"))
        form.addRow("Ruleset", self.ruleset)
        left.addLayout(form)
        self.palette = ValueBox("Module (click an interface to fit it)",
                                [(c, f"{c}  {NAME[c]}") for c in CODES] + [(EMPTY, f"{EMPTY}  empty")], CODES[0])
        left.addWidget(self.palette)
        left.addStretch(1)
        lay.addLayout(left)

        mid = QVBoxLayout()
        self.tender_box = QGroupBox("Tenders (six module interfaces each)")
        self.tender_grid = QGridLayout(self.tender_box)
        self.tender_grid.setHorizontalSpacing(4)
        self.slots: list[list[QPushButton]] = []
        mid.addWidget(self.tender_box)
        counts = QGroupBox("Modules against the gladiatorial limits")
        cl = QVBoxLayout(counts)
        self.counts = QTableWidget(len(CODES), 2)
        self.counts.setHorizontalHeaderLabels(["fitted", "limit"])
        self.counts.setVerticalHeaderLabels([f"{c} {PLURAL[c]}" for c in CODES])
        self.counts.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.counts.setSizeAdjustPolicy(QTableWidget.SizeAdjustPolicy.AdjustToContents)
        cl.addWidget(self.counts)
        self.fixes = QVBoxLayout()
        cl.addLayout(self.fixes)
        mid.addWidget(counts)
        mid.addStretch(1)
        lay.addLayout(mid)

        right = QVBoxLayout()
        mbox = QGroupBox(f"Matchup: expected hits a turn at ranges {RANGES[0]}-{RANGES[-1]} hexes")
        ml = QVBoxLayout(mbox)
        self.matchup = QTableWidget(0, len(RANGES) + 1)
        self.matchup.setHorizontalHeaderLabels([str(d) for d in RANGES] + ["missiles"])
        for j, d in enumerate(RANGES):
            self.matchup.horizontalHeaderItem(j).setToolTip(f"at range {d} (hexes)")
        self.matchup.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        # as wide as its columns (the minimum width is set in _refresh_matchup): no sideways scrolling
        self.matchup.setSizeAdjustPolicy(QTableWidget.SizeAdjustPolicy.AdjustToContents)
        self.matchup.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        ml.addWidget(self.matchup)
        note = QLabel("This build's lasers and claws against each bundled build (rows), and its missiles. "
                      "Closed form from the hit table (engine.kongbots.matchup): lasers once a turn, claws every "
                      "pulse at range 1, missiles once a battle (2 hits, or 7+ a warhead inside the target's ECM); "
                      "before armour plates.")
        note.setWordWrap(True)
        ml.addWidget(note)
        right.addWidget(mbox)
        lay.addLayout(right, 1)

        self.start_validation(self.describe_path)
        self.problems_panel.problemActivated.connect(self.go_to_problem)
        guard_wheel(self)
        doc.valueChanged.connect(self.refresh)
        self.opponents = self._bundled_builds()
        self.refresh()

    @staticmethod
    def _bundled_builds() -> list[tuple[str, Bot]]:
        """Every bundled build with its bundled name (`scout-brawler`), the matchup's opponents."""
        pairs = ((n, model_of(n, BUILD, None)) for n in bundled_names("kongbots", ".bot.yaml"))
        return [(n, b) for n, b in pairs if b is not None]

    def describe_path(self, path: tuple) -> str:
        if len(path) >= 3 and path[0] == "tenders":
            return f"tender {path[1] + 1}, interface {path[2] + 1}"
        if len(path) == 2 and path[0] == "tenders":
            return f"tender {path[1] + 1}"
        return " › ".join(map(str, path)) or "the build"

    def focus_field(self, path: tuple) -> None:
        if len(path) >= 3 and path[0] == "tenders" and path[1] < len(self.slots) and path[2] < len(self.slots[path[1]]):
            self.slots[path[1]][path[2]].setFocus()

    def go_to_problem(self, path) -> None:
        self.focus_field(tuple(path))

    # ---- the view of the model ------------------------------------------------------------------
    def _rebuild_slots(self) -> None:
        while self.tender_grid.count():
            w = self.tender_grid.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        self.slots = []
        for t, tender in enumerate(self.document.model.tenders):
            self.tender_grid.addWidget(QLabel(f"Tender {t + 1}"), t, 0)
            row = []
            for s in range(len(tender)):
                b = QPushButton()
                # two-letter codes: six to a row fit beside the matchup at 1024 wide
                b.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
                b.setMinimumWidth(32)
                b.clicked.connect(lambda _c=False, t=t, s=s: self.document.set_slot(t, s, self.palette.value()))
                self.tender_grid.addWidget(b, t, s + 1)
                row.append(b)
            self.slots.append(row)

    def refresh(self, _path=()) -> None:
        doc = self.document
        m = doc.model
        for w, v in ((self.name, m.name), (self.description, m.description)):
            if w.text() != v:
                w.setText(v)
                w.setCursorPosition(0)  # a long doctrine shows its start, not its end
                w.setToolTip(v)
        self.chassis.setCurrentText(m.chassis)
        self.ruleset.set_value(m.ruleset)
        if [len(r) for r in self.slots] != [len(t) for t in m.tenders]:
            self._rebuild_slots()
        problems = doc.problems()
        marked = {tuple(p.path[1:3]): p for p in problems if len(p.path) >= 3 and p.path[0] == "tenders"
                  and p.severity is Severity.ERROR}
        for t, tender in enumerate(m.tenders):
            for s, code in enumerate(tender):
                b = self.slots[t][s]
                b.setText(code)
                p = marked.get((t, s))
                b.setStyleSheet(f"background: {OVER.name()}; font-weight: bold" if p else "")
                b.setToolTip(p.message if p else f"{NAME.get(code, 'empty')}: click to fit the palette's module")
                b.setProperty("offending", p is not None)
        self._refresh_counts(doc.rules())
        while self.fixes.count():
            w = self.fixes.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        self.fix_buttons: list[QPushButton] = []
        for p in problems:
            if fix_text(p):
                b = QPushButton(f"{fix_text(p)} — {p.message}")
                b.clicked.connect(lambda _c=False, p=p: self.document.fix(p))
                self.fixes.addWidget(b)
                self.fix_buttons.append(b)
        self._refresh_matchup(doc.rules())

    def _refresh_counts(self, rules: Ruleset | None) -> None:
        counts = self.document.model.counts()
        for i, c in enumerate(CODES):
            limit = rules.modules.limit(c, self.document.model.chassis) if rules else None
            fitted, lim = QTableWidgetItem(str(counts[c])), QTableWidgetItem("?" if limit is None else str(limit))
            if limit is not None and counts[c] > limit:
                fitted.setBackground(OVER)
                lim.setBackground(OVER)
            self.counts.setItem(i, 0, fitted)
            self.counts.setItem(i, 1, lim)
        self.counts.resizeColumnsToContents()

    def _refresh_matchup(self, rules: Ruleset | None) -> None:
        self.matchup.setRowCount(len(self.opponents))
        self.matchup.setVerticalHeaderLabels([n for n, _b in self.opponents])
        for i, (name, other) in enumerate(self.opponents):
            self.matchup.verticalHeaderItem(i).setToolTip(f"{other.name}: {other.description}")
            rows = matchup_table(self.document.model, other, rules, RANGES) if rules else []
            for j, mu in enumerate(rows):
                self.matchup.setItem(i, j, QTableWidgetItem(f"{mu.per_turn:.2f}"))
            if rows:
                self.matchup.setItem(i, len(RANGES), QTableWidgetItem(f"{rows[0].missiles:.2f}"))
        self.matchup.resizeColumnsToContents()
        m = self.matchup  # its full width (the headers are measured even before the table is shown)
        m.setMinimumWidth(m.verticalHeader().sizeHint().width() + m.horizontalHeader().length()
                          + 2 * m.frameWidth() + m.verticalScrollBar().sizeHint().width())
