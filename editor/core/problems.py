"""The problems panel and the live validator behind it.

The validator is debounced (it runs `delay_ms` after the last edit), waits while a mouse stroke is
in progress, and checks a *snapshot* of the model in a worker thread, so validation never blocks a
stroke; a result older than the latest edit is dropped.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRect, QRunnable, QSize, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QHeaderView, QLabel, QPushButton, QStyle, QStyledItemDelegate, QStyleOptionViewItem,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from gridsmith.formats.diagnostics import Problem, Severity, safe_text

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
        # The pool before the relay: Qt deletes children in the order they were made, and a pool
        # waits for its jobs when deleted, so a check still running when the editor is deleted
        # without close_editor() (a widget closed by its parent) finishes before the relay it
        # reports through is gone (emitting on a deleted relay crashed the suite under load).
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._finished)
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


class _WrappingDelegate(QStyledItemDelegate):
    """Draws a column's text wrapped onto as many lines as its width needs (never cut with "…")."""

    def __init__(self, tree: QTreeWidget):
        super().__init__(tree)
        self.tree = tree

    def initStyleOption(self, option, index) -> None:  # noqa: N802 - Qt's name
        super().initStyleOption(option, index)
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        option.textElideMode = Qt.TextElideMode.ElideNone

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 - Qt's name
        hint = super().sizeHint(option, index)
        margin = self.tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.tree) + 1
        width = self.tree.columnWidth(index.column()) - 2 * margin
        text = index.data() or ""
        if width <= 0 or not text:
            return hint
        rect = option.fontMetrics.boundingRect(QRect(0, 0, width, 100000),
                                               int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere), text)
        return QSize(hint.width(), max(option.fontMetrics.height(), rect.height()) + 6)


def place_text(path: tuple, model: Any = None) -> str:
    """A problem's place in words a person can find in the file: the keys with their indices
    (`teams[0].bots[2].build`), and for a key that holds a whole list or table, how much of it
    (`rows (all 9)`: KB412 "team A has no entry hex" is about every row, not a place in one)."""
    if not path:
        return "the whole file"
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    value: Any = model
    for part in path:
        try:
            value = value[part] if isinstance(value, (list, tuple, dict)) else getattr(value, str(part))
        except (LookupError, AttributeError, TypeError):
            return out
    if isinstance(value, (list, tuple, dict)) and len(value) > 1:
        return f"{out} (all {len(value)})"
    return out


def _bare(text: str, path: tuple) -> bool:
    """True when a Where text is only the path's keys run together (says nothing more than them)."""
    keys = [str(p) for p in path]
    return text in {" › ".join(keys), ".".join(keys), "/".join(keys), " ".join(keys)}


def count_text(errors: int, warnings: int) -> str:
    """"1 error, 2 warnings" (never "1 error(s)")."""
    return f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


def summary_text(problems: list, subject: str) -> str:
    """The panel's headline: the counts, or that this `subject` (e.g. "Pyramids board file") is valid."""
    if not problems:
        return f"No problems: this {subject} is valid."
    errors = sum(1 for p in problems if p.severity is Severity.ERROR)
    return count_text(errors, len(problems) - errors)


class ProblemsPanel(QWidget):
    """Every problem with its code, message and where it is; a click jumps to the square or field.

    Messages wrap instead of being cut with "…"; the Where column takes only the width it needs.
    `subject` names what is checked ("Pyramids board file"); the main window sets it per kind.
    """

    problemActivated = Signal(object)  # the problem's path
    problemChosen = Signal(object)  # the problem itself (a Problem or a located Diagnostic)

    def __init__(self, describe_path, parent=None, subject: str = "document", describe_problem=None,
                 fix_of=None, model_of: Callable[[], Any] | None = None):
        """`describe_problem(problem)` overrides `describe_path(problem.path)` for the Where column;
        `fix_of(problem)` -> (button text, tooltip, callable) or None adds a one-click Fix column;
        `model_of()` is the model the paths lead into: a Where that is only the path's keys becomes
        `place_text` (indices in brackets, how much of a list is meant)."""
        super().__init__(parent)
        self.describe_path = describe_path
        self.model_of = model_of
        # keys in a path come from the file: escaped like messages (a hostile key must not draw)
        describe = describe_problem or (lambda p: self._where(p.path))
        self.describe_problem = lambda p: safe_text(describe(p), 200)
        self.fix_of = fix_of
        self.subject = subject
        self._shown: list = []
        self.summary = QLabel(summary_text([], subject))
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["", "Code", "Problem", "Where"] + (["Fix"] if fix_of else []))
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(20)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        if fix_of:
            header.setSectionResizeMode(4, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setColumnWidth(0, 24)
        self.tree.setItemDelegateForColumn(2, _WrappingDelegate(self.tree))
        self.tree.setItemDelegateForColumn(3, _WrappingDelegate(self.tree))
        header.sectionResized.connect(self._rewrap)
        self.tree.itemClicked.connect(self._activated)
        self.tree.itemActivated.connect(self._activated)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.summary)
        lay.addWidget(self.tree)
        self.problems: list = []

    def _where(self, path) -> str:
        path = tuple(path or ())
        text = self.describe_path(path)
        if path and _bare(text, path):
            return place_text(path, self.model_of() if self.model_of is not None else None)
        return text

    def set_subject(self, subject: str) -> None:
        self.subject = subject
        self.summary.setText(summary_text(self.problems, subject))

    def set_problems(self, problems: list) -> None:
        self.problems = list(problems)
        self.tree.clear()
        self._shown = sorted(problems, key=lambda p: (p.severity is not Severity.ERROR, p.code))
        for i, p in enumerate(self._shown):
            is_error = p.severity is Severity.ERROR
            item = QTreeWidgetItem(["✖" if is_error else "⚠", p.code, p.message, self.describe_problem(p)])
            item.setForeground(0, QBrush(QColor("#d32f2f" if is_error else "#f9a825")))
            item.setToolTip(0, "error" if is_error else "warning")
            item.setToolTip(2, p.message)
            item.setData(0, PATH_ROLE, tuple(p.path))
            item.setData(0, PATH_ROLE + 1, i)
            self.tree.addTopLevelItem(item)
            fix = self.fix_of(p) if self.fix_of else None
            if fix is not None:
                text, tip, apply = fix
                button = QPushButton(text)
                button.setToolTip(tip)
                button.clicked.connect(lambda _c=False, apply=apply: apply())
                self.tree.setItemWidget(item, 4, button)
        self._fit_where()
        self.summary.setText(summary_text(self.problems, self.subject))

    def _activated(self, item, _column=0) -> None:
        self.problemActivated.emit(item.data(0, PATH_ROLE))
        i = item.data(0, PATH_ROLE + 1)
        if i is not None and i < len(self._shown):
            self.problemChosen.emit(self._shown[i])

    def fix_buttons(self) -> list:
        """The one-click fix buttons now shown, in the panel's order."""
        if not self.fix_of:
            return []
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [b for b in (self.tree.itemWidget(it, 4) for it in items) if b is not None]

    def _fit_where(self) -> None:
        """The Where column as wide as its longest entry, but never more than a third of the panel."""
        self.tree.resizeColumnToContents(3)
        cap = max(120, self.tree.viewport().width() // 3)
        if self.tree.columnWidth(3) > cap:
            self.tree.setColumnWidth(3, cap)

    def resizeEvent(self, e) -> None:
        super().resizeEvent(e)
        self._fit_where()

    def _rewrap(self, *_a) -> None:
        # rows measure wrapped text when laid out; a changed column width needs a new layout
        self.tree.doItemsLayout()
