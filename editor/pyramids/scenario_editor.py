"""The Pyramids scenario form: board, each side's piece set and setup (random, a library entry, or
inline rows), the game options of the manual's function keys, and test-play against Cheops."""
from __future__ import annotations


from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QFrame, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.pyramids.game import random_setup
from gridsmith.formats.pyramids.pieceset import Counts, PieceSet
from gridsmith.formats.pyramids.refs import BOARD, PIECESET, SETUPS, RefError, load_ref
from gridsmith.formats.pyramids.scenario import SIDES, SetupChoice, Side, resolve
from gridsmith.formats.pyramids.setups import SetupLibrary
from gridsmith.formats.registry import CheckContext

from ..core import commands
from ..core.forms import guard_wheel
from ..core.reffield import RefField
from ..core.document import EditorDocument
from ..core.editorwidget import ValidatedEditor
from ..core.playwindow import start_test_play

KIND = "pyramids.scenario"
SIDE_TITLES = {"player": "Player (bottom)", "cheops": "Cheops (top)"}


class ScenarioDocument(EditorDocument):
    kind = KIND

    def grid_size(self) -> tuple[int, int]:
        return (0, 0)

    def context(self) -> CheckContext:
        return CheckContext(file=self.path)

    def set_side_setup(self, side: str, choice: SetupChoice) -> bool:
        sides = {k: v.model_copy(deep=True) for k, v in self.model.sides.items()}
        sides.setdefault(side, Side())
        sides[side] = sides[side].model_copy(update={"setup": choice})
        return commands.set_value(self, ("sides",), sides, f"{side} setup")

    def set_side_pieceset(self, side: str, ref: str) -> bool:
        sides = {k: v.model_copy(deep=True) for k, v in self.model.sides.items()}
        sides.setdefault(side, Side())
        sides[side] = sides[side].model_copy(update={"pieceset": ref})
        return commands.set_value(self, ("sides",), sides, f"{side} piece set")

    def counts_of(self, side: str):
        try:
            return load_ref(self.model.side(side).pieceset, ".pieceset.yaml", PieceSet, self.context()).counts
        except RefError:
            return Counts()

    def library_entries(self, ref: str) -> list[str]:
        try:
            return [s.name for s in load_ref(ref, ".setups.yaml", SetupLibrary, self.context()).setups]
        except RefError:
            return []


class SidePanel(QGroupBox):
    def __init__(self, doc: ScenarioDocument, side: str):
        super().__init__(SIDE_TITLES[side])
        self.doc, self.side = doc, side
        form = QFormLayout(self)
        self.pieceset = RefField(PIECESET, lambda: doc.path)  # picked, not typed (editor.core.reffield)
        self.pieceset.editingFinished.connect(lambda: doc.set_side_pieceset(side, self.pieceset.text().strip() or "default"))
        form.addRow("Piece set", self.pieceset)
        self.form = QComboBox()
        self.form.addItems(["Random", "Library entry", "Inline rows"])
        self.form.activated.connect(self._form_changed)
        form.addRow("Setup", self.form)
        self.library = RefField(SETUPS, lambda: doc.path)
        self.library.editingFinished.connect(self._library_changed)
        form.addRow("Library", self.library)
        self.entry = QComboBox()
        self.entry.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # long names readable
        self.entry.activated.connect(self._library_changed)
        form.addRow("Entry", self.entry)
        self.refresh()

    def choice(self) -> SetupChoice:
        return self.doc.model.side(self.side).setup

    def _form_changed(self, i: int) -> None:
        if i == 0:
            self.doc.set_side_setup(self.side, SetupChoice(random=True))
        elif i == 1:
            lib = self.library.text().strip() or "default"
            entries = self.doc.library_entries(lib)
            self.doc.set_side_setup(self.side, SetupChoice(library=lib, entry=entries[0] if entries else ""))
        else:
            counts = self.doc.counts_of(self.side)
            self.doc.set_side_setup(self.side, SetupChoice(rows=random_setup(counts, CounterRng(1))))

    def _library_changed(self, *_a) -> None:
        if self.form.currentIndex() != 1:
            return
        lib = self.library.text().strip() or "default"
        entry = self.entry.currentText()
        entries = self.doc.library_entries(lib)
        if entry not in entries and entries:
            entry = entries[0]
        self.doc.set_side_setup(self.side, SetupChoice(library=lib, entry=entry))

    def refresh(self) -> None:
        side = self.doc.model.side(self.side)
        self.pieceset.setText(side.pieceset)
        ch = side.setup
        form = ch.form()
        self.form.setCurrentIndex({"random": 0, "library": 1, "rows": 2}.get(form or "random", 0))
        lib = ch.library or "default"
        self.library.setText(lib)
        self.library.setEnabled(form == "library")
        self.entry.blockSignals(True)
        self.entry.clear()
        self.entry.addItems(self.doc.library_entries(lib))
        if ch.entry:
            self.entry.setCurrentText(ch.entry)
        self.entry.blockSignals(False)
        self.entry.setEnabled(form == "library")


class ScenarioEditor(ValidatedEditor):
    def __init__(self, document: ScenarioDocument, parent=None):
        super().__init__(document, parent)
        doc = document
        # the form scrolls when the window is short (1024x700 with the problems panel open) instead of
        # squeezing its fields below their height
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        page = QWidget()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        outer.addWidget(scroll)
        lay = QVBoxLayout(page)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self.name.text() and commands.set_value(doc, ("name",), self.name.text(), "Rename"))
        form.addRow("Name", self.name)
        self.description = QLineEdit()
        self.description.editingFinished.connect(lambda: commands.set_value(doc, ("description",), self.description.text(), "Description"))
        form.addRow("Description", self.description)
        self.board = RefField(BOARD, lambda: doc.path)  # picked, not typed (editor.core.reffield)
        self.board.editingFinished.connect(lambda: commands.set_value(doc, ("board",), self.board.text().strip() or "default", "Board"))
        form.addRow("Board", self.board)
        lay.addLayout(form)
        sides = QHBoxLayout()
        self.sides = {s: SidePanel(doc, s) for s in SIDES}
        for p in self.sides.values():
            sides.addWidget(p)
        lay.addLayout(sides)

        opts = QGroupBox("Game options")
        columns = QHBoxLayout(opts)  # two columns: the options read at 1024x700 without scrolling
        of, of2 = QFormLayout(), QFormLayout()
        for f in (of, of2):
            f.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)  # numbers, not bars
            columns.addLayout(f)
        columns.addStretch(1)
        self.slide = QSpinBox()
        self.slide.setRange(1, 3)
        self.slide.valueChanged.connect(lambda v: self._opt("slide", v))
        self.slide.setToolTip("Squares a piece may slide over; antelopes ignore it (the original's F2 option)")
        of.addRow("Slide", self.slide)
        self.level = QSpinBox()
        self.level.setRange(1, 4)
        self.level.valueChanged.connect(lambda v: self._opt("level", v))
        self.level.setToolTip("Cheops' skill: his search depth is the level + 1 (the original's F1 option)")
        of.addRow("Cheops' level", self.level)
        self.hide_attacks = QCheckBox("Hide attacks")
        self.hide_attacks.setToolTip("Cheops' winners stay concealed, except sphinxes and the cobra (the original's F3)")
        self.hide_attacks.toggled.connect(lambda v: self._opt("hide_attacks", v))
        of2.addRow(self.hide_attacks)
        self.hide_pieces = QCheckBox("Hide Cheops' pieces")
        self.hide_pieces.setToolTip("Cheops' pieces are shown only while moving (the original's F4)")
        self.hide_pieces.toggled.connect(lambda v: self._opt("hide_cheops_pieces", v))
        of2.addRow(self.hide_pieces)
        self.first = QComboBox()
        self.first.addItems(["random", "player", "cheops"])
        self.first.activated.connect(lambda i: self._opt("first", self.first.itemText(i)))
        of.addRow("First move", self.first)
        self.max_moves = QSpinBox()
        self.max_moves.setRange(10, 100000)
        self.max_moves.editingFinished.connect(lambda: self._opt("max_moves", self.max_moves.value()))
        of2.addRow("Draw after moves", self.max_moves)
        self.think = QDoubleSpinBox()
        self.think.setRange(0.1, 3600)
        self.think.editingFinished.connect(lambda: self._opt("think_seconds", float(self.think.value())))
        of2.addRow("Cheops' time limit (s)", self.think)
        lay.addWidget(opts)
        self.play_button = QPushButton("Play against Cheops")
        self.play_button.clicked.connect(lambda: self.play(None))
        lay.addWidget(self.play_button)
        self.status = QLabel()
        self.status.setWordWrap(True)  # a long refusal wraps instead of widening the form
        lay.addWidget(self.status)
        lay.addStretch(1)
        scroll.setWidget(page)

        self.start_validation(lambda p: " › ".join(map(str, p)) or "the scenario")
        # the wheel changes a field only when it has the focus (the page's fields: not the scroll
        # area's own scroll bars, which pass the wheel to the area, which would hand it back)
        guard_wheel(page)
        doc.valueChanged.connect(self.refresh)
        self.play_windows: list = []
        self.refresh()

    def _opt(self, key: str, value) -> None:
        if getattr(self.document.model.options, key) != value:
            commands.set_value(self.document, ("options", key), value, f"Option {key}", merge=True)

    def _cannot_play(self) -> str:
        """Why the scenario as it is now cannot be played ("" when it can): the message under Test-play."""
        res, problems = resolve(self.document.snapshot(), self.document.context())
        return "" if res is not None else "Cannot play: " + "; ".join(p.message for p in problems)[:300]

    def refresh(self, _path=()) -> None:
        if self.status.text():  # an edit (or an undo) may have fixed what stopped the last test-play
            self.status.setText(self._cannot_play())
        m = self.document.model
        for w, v in ((self.name, m.name), (self.description, m.description), (self.board, m.board)):
            if w.text() != v:
                w.setText(v)
        o = m.options
        for w, v in ((self.slide, o.slide), (self.level, o.level), (self.max_moves, o.max_moves)):
            if w.value() != v:
                w.blockSignals(True)
                w.setValue(v)
                w.blockSignals(False)
        self.think.setValue(o.think_seconds)
        self.hide_attacks.blockSignals(True)
        self.hide_attacks.setChecked(o.hide_attacks)
        self.hide_attacks.blockSignals(False)
        self.hide_pieces.blockSignals(True)
        self.hide_pieces.setChecked(o.hide_cheops_pieces)
        self.hide_pieces.blockSignals(False)
        self.first.setCurrentText(o.first)
        for p in self.sides.values():
            p.refresh()

    def close_editor(self) -> None:
        super().close_editor()
        for w in self.play_windows:
            w.close()

    def can_play(self) -> bool:
        return True

    def play(self, main_window):
        """Test-play the scenario as it is in the editor (not as saved) in the one play window; with
        a main window it first asks who plays each seat (editor.core.playwindow)."""
        from .play import PyramidsProvider  # test-play only: the play provider loads the game's engine
        from .play_window import PlayWindow  # (with its provider)

        res, problems = resolve(self.document.snapshot(), self.document.context())
        self.status.setText("" if res is not None else "Cannot play: " + "; ".join(p.message for p in problems)[:300])
        if res is None:
            return None
        if main_window is not None:
            w = start_test_play(self, main_window, PyramidsProvider, scenario=res, errors_first=False)
        else:
            w = PlayWindow(res, scenario_name=self.document.model.name)
            # beside the editor's window, never larger than the screen (it opened at its size hint:
            # taller than a 1000-pixel screen, the game log cut off)
            top = self.window()
            w.place(top if top is not self else None)
            w.show()
            w.begin()
        if w is not None:
            w.source_editor = self
            self.play_windows.append(w)
        return w
