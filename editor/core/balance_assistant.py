"""Tools > Balance Assistant…: the balance assistant (engine.core.assistant) on the document being
edited, unsaved edits included. It measures the scenario, searches the game's edit space and shows up
to three proposals, best first, each with its seats' win rates before and after (95% intervals, on
fresh seeds) and the games behind them. Selecting a proposal marks what it changes: the cells on the
map, or the field it sets, and names the files it changes. Apply makes it one undo step of the
scenario (Edit > Undo takes it back), and the balance lab then measures the edited document. A change
of a file the scenario refers to (a board, an arena, a build, a leader, a deck) is made in that file's
tab, opened when it is not open yet, as one undo step there: the file is then unsaved in its tab, and
the lab, which reads referenced files from disk, measures it once it is saved.

The search runs on a thread that is nobody's child (editor.core.detached: it outlives a closed dialog
until its running games finish), in worker processes started with "spawn" (a fork of a Qt program may
hang).
"""
from __future__ import annotations

import os
from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QDoubleSpinBox, QFormLayout, QFrame, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QPushButton, QScrollArea, QSpinBox, QSplitter,
                               QVBoxLayout)

from gridsmith.engine.core.assistant import Assistant, Budget, Proposal, Report, Tolerance, interval_text
from gridsmith.engine.core.edits import Edit, apply_changes, reference_path
from gridsmith.engine.core.simulate import executor

from .balance import run_controls
from .commands import ModelSnapshot
from .detached import DetachedThread
from .screenfit import FittedDialog
from .document import EditorDocument, set_path

class AssistantWorker(DetachedThread):
    progress = Signal(int, int)  # games played, the budget's games
    done = Signal(object)  # Report

    def __init__(self, assistant_args: dict[str, Any], jobs: int, scheduler: str | None = None):
        super().__init__()
        self.args, self.jobs, self.scheduler = assistant_args, jobs, scheduler
        self.assistant: Assistant | None = None
        self._cancel_early = False

    def run(self) -> None:
        ex, close = executor(self.jobs, self.scheduler, mp_context="spawn")
        report: Report | None = None
        try:
            self.assistant = Assistant(**self.args, executor=ex, progress=self.progress.emit)
            if self._cancel_early:
                self.assistant.cancel()
            report = self.assistant.run()
        except Exception as e:  # noqa: BLE001 - a document that cannot be played: shown, not raised
            report = Report([], error=f"{type(e).__name__}: {e}")
        finally:
            close()
        self.done.emit(report)

    def cancel(self) -> None:
        self._cancel_early = True
        if self.assistant is not None:
            self.assistant.cancel()


#: the longest proposal label the Edit menu's Undo item shows (a pair of edits' label runs to 200
#: characters and widened the menu past a 1024-pixel screen); the whole label is in the dialog
UNDO_LABEL_CHARS = 48


def undo_text(label: str) -> str:
    """"Balance: <label>", the label cut at a word to UNDO_LABEL_CHARS with an ellipsis."""
    if len(label) > UNDO_LABEL_CHARS:
        cut = label[:UNDO_LABEL_CHARS].rsplit(" ", 1)[0].rstrip(",;:")
        label = cut + "…"
    return f"Balance: {label}"


def apply_edit_to(document: Any, edit: Edit) -> None:
    """The edit's changes of the scenario as one undo step of its document ("Balance: <what it does>")."""
    def mutate(model: Any) -> None:
        for c in edit.changes:
            if c.file is None:
                set_path(model, c.path, c.after)
    document.undo_stack.push(ModelSnapshot(document, undo_text(edit.label), mutate))


def edited_model(document: Any, edit: Edit, ref: str) -> Any:
    """The model of a referenced file's document with the edit's changes of `ref` made; ValueError
    when the document no longer holds what a change replaces (it was edited since the search)."""
    return apply_changes(document.snapshot(), (c for c in edit.changes if c.file == ref), edit.label)


def apply_model_to(document: Any, label: str, model: Any) -> None:
    """`model` in place of the document's as one undo step ("Balance: <label>")."""
    command = ModelSnapshot(document, undo_text(label), lambda _m: None)
    command.after = model
    document.undo_stack.push(command)


class BalanceAssistantDialog(FittedDialog):
    def __init__(self, editor: Any, game: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.editor, self.game = editor, game
        self.document = editor.document
        self.worker: AssistantWorker | None = None
        self.report: Report | None = None
        self.setWindowTitle(f"Balance assistant — {self.document.display_name}")
        lay = QVBoxLayout(self)
        intro = QLabel("Measures this scenario with the computer players and, when a seat wins more or less than "
                       "its fair share, proposes up to three small edits that even it out. Each proposal is "
                       "confirmed on games it was not chosen on.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.games = QSpinBox()
        self.games.setRange(100, 100_000)
        self.games.setSingleStep(100)
        self.games.setValue(3000)
        self.games.setToolTip("Games to play in all: measuring, screening the edits and confirming the best")
        form.addRow("Games (budget)", self.games)
        self.seconds = QSpinBox()
        self.seconds.setRange(0, 24 * 3600)
        self.seconds.setSpecialValueText("no limit")
        self.seconds.setSuffix(" s")
        form.addRow("Time limit", self.seconds)
        self.first_seat = QDoubleSpinBox()
        self.first_seat.setRange(0.5, 50)
        self.first_seat.setValue(5)
        self.first_seat.setSuffix(" points")
        self.first_seat.setToolTip("The first seat's advantage over a fair share must be under this")
        form.addRow("First-seat advantage under", self.first_seat)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 256)
        self.jobs.setValue(os.cpu_count() or 1)
        form.addRow("Worker processes", self.jobs)
        self.scheduler = QLineEdit()
        self.scheduler.setPlaceholderText("optional: tcp://host:8786")
        self.scheduler.setMinimumWidth(self.scheduler.fontMetrics().horizontalAdvance("tcp://scheduler.example:8786") + 16)
        self.scheduler.setToolTip("A Dask distributed scheduler to send the games to instead of local processes")
        form.addRow("Dask cluster", self.scheduler)
        lay.addLayout(form)
        row = run_controls(self, "Search")
        self.progress.setVisible(False)  # shown while a search runs
        lay.addLayout(row)
        self.status = QLabel("The document is measured as it is now, unsaved edits included.")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.status)
        self.proposals = QListWidget()
        self.proposals.setWordWrap(True)
        self.proposals.currentRowChanged.connect(self._selected)
        self.detail = QLabel("")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # the proposals over the chosen one's detail, the border between them draggable; the detail
        # scrolls: a wrapped label squeezed by the layout lost its last lines behind the buttons
        detail_area = QScrollArea()
        detail_area.setWidgetResizable(True)
        detail_area.setFrameShape(QFrame.Shape.NoFrame)
        detail_area.setWidget(self.detail)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.proposals)
        split.addWidget(detail_area)
        split.setChildrenCollapsible(False)
        split.setSizes([220, 260])
        lay.addWidget(split, 1)
        buttons = QHBoxLayout()
        self.apply_button = QPushButton("Apply")
        self.apply_button.setEnabled(False)
        self.apply_button.setToolTip("Make this edit (one undo step) and measure again in the balance lab")
        self.apply_button.clicked.connect(self.apply)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(close)
        lay.addLayout(buttons)
        self.resize(720, 860)  # three proposals and one's detail; FittedDialog keeps it within the screen

    # ---- running ----------------------------------------------------------------------------------
    def start(self) -> None:
        if self.worker is not None:
            return
        doc = self.document
        scenario = doc.snapshot()
        base = str(doc.path.parent) if doc.path else None
        args = {"game": self.game.name, "scenario": scenario, "file": doc.path, "base": base,
                "budget": Budget(self.games.value(), self.seconds.value() or None)}
        args["tolerance"] = Tolerance(self.first_seat.value() / 100)
        self.proposals.clear()
        self.detail.setText("")
        self.apply_button.setEnabled(False)
        self.progress.setRange(0, self.games.value())
        self.progress.setValue(0)
        self.progress.setFormat("%v of %m games")
        self.progress.setVisible(True)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText("Measuring the scenario…")
        self.worker = AssistantWorker(args, self.jobs.value(), self.scheduler.text().strip() or None)
        self.worker.progress.connect(self._progress)
        self.worker.done.connect(self._done)
        self.destroyed.connect(self.worker.cancel)
        self.worker.start()

    def _progress(self, done: int, total: int) -> None:
        self.progress.setValue(min(done, total))
        a = self.worker.assistant if self.worker is not None else None
        if done > 0 and a is not None:
            self.status.setText(f"{a.phase[0].upper()}{a.phase[1:]}: {done} games played…")

    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.status.setText("Cancelling: the games already running finish…")
            self.cancel_button.setEnabled(False)

    def _done(self, report: Report) -> None:
        w, self.worker = self.worker, None
        if w is not None:
            w.wait()
        self.report = report
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        # finished: a full bar with what was played (a search that met the tolerance early stopped short
        # of its budget, and "210 of 300 games" read as a search still running)
        self.progress.setRange(0, max(1, report.games))
        self.progress.setValue(report.games)
        self.progress.setFormat("%v games played")
        if report.error:
            self.status.setText(f"Cannot measure this document: {report.error}")
            return
        names = report.seats
        head = ""
        if report.before is not None:
            head = f"Before ({report.before.games} games): " + ", ".join(
                f"{names[q]} {interval_text(p)}" for q, p in enumerate(report.before.seat_wins)) + ". "
        self.status.setText(head + report.message[0].upper() + report.message[1:]
                            + f" ({report.games} games, {report.seconds:.0f} s).")
        for p in report.proposals:
            mark = "✔ meets the tolerance" if p.meets_tolerance else "✘ not within the tolerance"
            item = QListWidgetItem(f"{p.edit.label}\n    {mark}: " + ", ".join(
                f"{names[q]} {interval_text(b)} → {interval_text(a)}"
                for q, (b, a) in enumerate(zip(p.before.seat_wins, p.after.seat_wins))))
            self.proposals.addItem(item)
        if report.proposals:
            self.proposals.setCurrentRow(0)

    # ---- a proposal -------------------------------------------------------------------------------
    def selected(self) -> Proposal | None:
        row = self.proposals.currentRow()
        return self.report.proposals[row] if self.report and 0 <= row < len(self.report.proposals) else None

    def _selected(self, row: int) -> None:
        p = self.selected()
        self.apply_button.setEnabled(p is not None)
        if p is None:
            return
        names = self.report.seats if self.report else []
        rows = "".join(f"<tr><td>{names[q]}</td><td>{interval_text(b)}</td><td>→</td><td><b>{interval_text(a)}</b></td></tr>"
                       for q, (b, a) in enumerate(zip(p.before.seat_wins, p.after.seat_wins)))
        changes = "".join(f"<li>{escape(c.file) + ': ' if c.file else ''}<code>{'.'.join(map(str, c.path))}</code>: "
                          f"{escape(repr(c.before))} → {escape(repr(c.after))}</li>" for c in p.edit.changes[:6])
        others = p.edit.referenced_files
        if others:
            changes += "<li>changes " + escape(", ".join(others)) + " (in its tab, when applied)</li>"
        self.detail.setText(f"<b>{p.edit.label}</b><ul>{changes}</ul><table cellspacing=4>"
                            f"<tr><th align=left>seat</th><th>before</th><th></th><th>after</th></tr>{rows}</table>"
                            f"{p.after.games} games before and after, on fresh seeds; chosen on {p.screened} "
                            "screening games.")
        self.show_on_map(p.edit)

    def show_on_map(self, edit: Edit) -> None:
        """The cells the edit changes marked on the map, or the field it sets shown."""
        view = getattr(self.editor, "view", None)
        # cells are the scenario's map's (a referenced board or arena is drawn as the scenario's map)
        if edit.cells and view is not None and hasattr(view, "show_marquee"):
            view.show_marquee(list(edit.cells))
            x, y = edit.cells[0]
            view.center_on_cell(x, y)
        elif edit.changes and edit.changes[0].file is None and hasattr(self.editor, "go_to_problem"):
            self.editor.go_to_problem(edit.changes[0].path)

    def apply(self) -> None:
        p = self.selected()
        if p is None:
            return
        others = p.edit.referenced_files
        window = self.parent()
        # every referenced file's tab found (or opened) and its edit made first: all of them or none
        made: list[tuple[Any, Any, str]] = []
        for ref in others:
            ed = window.open_file(reference_path(ref, self.document.path)) \
                if window is not None and hasattr(window, "open_file") else None
            if ed is None or not isinstance(ed.document, EditorDocument):  # not opened, or open as text only
                self.status.setText(f"Not applied: {ref} cannot be opened in its editor.")
                return
            try:
                made.append((ed, edited_model(ed.document, p.edit, ref), ref))
            except ValueError as e:
                self.status.setText(f"Not applied: {ref} has changed in its tab since the search ({e}).")
                return
        if window is not None and hasattr(window, "tabs"):
            window.tabs.setCurrentWidget(self.editor)  # the scenario stays in front
        if None in p.edit.files:
            apply_edit_to(self.document, p.edit)
        for ed, model, _ref in made:
            apply_model_to(ed.document, p.edit.label, model)
        self.apply_button.setEnabled(False)
        if made:
            self.status.setText(f"Applied: {p.edit.label}. Changed in its tab, unsaved: {', '.join(others)}; "
                                "Edit > Undo in each tab takes it back. Save it, then the balance lab measures it.")
            return
        self.status.setText(f"Applied: {p.edit.label}. Edit > Undo takes it back; the balance lab measures it now.")
        if window is not None and hasattr(window, "balance"):
            lab = window.balance()
            if lab is not None:
                lab.start()

    def _stop(self) -> None:
        if self.worker is not None:
            self.worker.cancel()

    def reject(self) -> None:
        self._stop()
        super().reject()

    def closeEvent(self, e: Any) -> None:
        self._stop()
        super().closeEvent(e)
