"""The problems panel and the live validator behind it.

The validator is debounced (it runs `delay_ms` after the last edit), waits while a mouse stroke is
in progress, and checks a *snapshot* of the model in a worker thread, so validation never blocks a
stroke; a result older than the latest edit is dropped.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from gridsmith.formats.diagnostics import Severity

PATH_ROLE = 0x0100 + 1  # Qt.UserRole + 1


class _Relay(QObject):
    done = Signal(int, object)


class _CheckJob(QRunnable):
    def __init__(self, doc, model, generation: int, relay: _Relay):
        super().__init__()
        self.doc, self.model, self.generation, self.relay = doc, model, generation, relay

    def run(self) -> None:
        try:
            problems = self.doc.check(self.model)
        except Exception as e:  # a crashing check must show up, not kill the editor
            from gridsmith.formats.diagnostics import Problem

            problems = [Problem("E000", f"internal error in a check: {e!r}", ())]
        self.relay.done.emit(self.generation, problems)


class LiveValidator(QObject):
    problemsChanged = Signal(object)  # list[Problem]

    def __init__(self, doc, delay_ms: int = 300, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.problems: list = []
        self.generation = 0
        self._timer = QTimer(self, singleShot=True, interval=delay_ms)
        self._timer.timeout.connect(self._start)
        self._relay = _Relay(self)
        self._relay.done.connect(self._finished)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        doc.edited.connect(self.schedule)
        self.schedule()

    def schedule(self) -> None:
        self.generation += 1
        self._timer.start()

    def _start(self) -> None:
        if self.doc.stroke_active:  # the stroke's end emits `edited` again
            return
        self.pool.start(_CheckJob(self.doc, self.doc.snapshot(), self.generation, self._relay))

    def _finished(self, generation: int, problems: list) -> None:
        if generation != self.generation:
            return  # the document changed since this snapshot; a newer check is on its way
        self.problems = problems
        self.problemsChanged.emit(problems)

    def run_now(self) -> list:
        """Check synchronously (before saving) and publish the result."""
        self._timer.stop()
        self.generation += 1
        self.problems = self.doc.check()
        self.problemsChanged.emit(self.problems)
        return self.problems

    def shutdown(self) -> None:
        """Stop scheduling and wait for a check in flight (the tab is closing)."""
        self._timer.stop()
        self.wait()

    def wait(self) -> None:
        self.pool.waitForDone()


class ProblemsPanel(QWidget):
    """Every problem with its code, message and where it is; a click jumps to the square or field."""

    problemActivated = Signal(object)  # the problem's path

    def __init__(self, describe_path, parent=None):
        super().__init__(parent)
        self.describe_path = describe_path
        self.summary = QLabel("No problems")
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["", "Code", "Problem", "Where"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setColumnWidth(0, 24)
        self.tree.setColumnWidth(1, 64)
        self.tree.setColumnWidth(2, 340)
        self.tree.itemClicked.connect(lambda item, _col: self.problemActivated.emit(item.data(0, PATH_ROLE)))
        self.tree.itemActivated.connect(lambda item, _col: self.problemActivated.emit(item.data(0, PATH_ROLE)))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.summary)
        lay.addWidget(self.tree)
        self.problems: list = []

    def set_problems(self, problems: list) -> None:
        self.problems = list(problems)
        self.tree.clear()
        errors = sum(1 for p in problems if p.severity is Severity.ERROR)
        warnings = len(problems) - errors
        for p in sorted(problems, key=lambda p: (p.severity is not Severity.ERROR, p.code)):
            is_error = p.severity is Severity.ERROR
            item = QTreeWidgetItem(["✖" if is_error else "⚠", p.code, p.message, self.describe_path(p.path)])
            item.setForeground(0, QBrush(QColor("#d32f2f" if is_error else "#f9a825")))
            item.setToolTip(2, p.message)
            item.setData(0, PATH_ROLE, tuple(p.path))
            self.tree.addTopLevelItem(item)
        if not problems:
            self.summary.setText("No problems: the scenario is valid.")
        else:
            self.summary.setText(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
