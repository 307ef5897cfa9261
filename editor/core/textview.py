"""The text view: a file whose structure does not read opens here instead of being refused.

The YAML is shown syntax-highlighted with the lines that have problems tinted; the Problems panel
lists every finding of every stage that can run (validation.check_text), warnings included; a click
on a problem puts the cursor on its line and column; a "did you mean" finding has a one-click fix.
As soon as the text reads, a bar offers the visual editor, and a one-click fix that makes it read
switches there at once (the main window replaces this tab with the game's editor, keeping the text
and its comments). The checks while typing run on a worker thread (TextValidator); a file that breaks
a size or value limit, its own or a named file's, stays here (editor.core.opening).
"""
from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import QObject, QRegularExpression, QRunnable, QSize, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import (QColor, QFont, QFontDatabase, QPainter, QSyntaxHighlighter, QTextCharFormat,
                           QTextCursor, QTextFormat)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QTextEdit, QVBoxLayout, QWidget

from gridsmith.formats import registry
from gridsmith.formats.atomic import atomic_write_text
from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.suggestions import apply_fix, token_span  # noqa: F401 - shared with the language server

from .document import EditorDocument
from .editorwidget import ValidatedEditor
from .problems import ProblemsPanel
from . import files, opening
from .undofocus import OWN_UNDO
from .validation import check_text, did_you_mean


# ---- the document ---------------------------------------------------------------------------------
class TextDocument(EditorDocument):
    """A file as text. `kind` is what its `kind:` line says, when it says something known."""

    def __init__(self, text: str, path: str | Path | None = None, saved_text: str | None = None, parent=None):
        super().__init__(None, None, path, parent)
        self.text = text
        #: the text on disk (None: never saved); the document is modified while it differs
        self.saved_text = saved_text
        self.kind = kind_in(text)
        #: counts edits of the text (they are not on the undo stack): autosave writes each new one
        self.revision = 0

    @property
    def modified(self) -> bool:
        return self.dirty_without_undo or self.text != self.saved_text

    @property
    def display_name(self) -> str:
        return self.path.name if self.path else "untitled text"

    def set_text(self, text: str) -> None:
        was = self.modified
        self.revision += 1
        self.text = text
        self.kind = kind_in(text)
        self.edited.emit()
        if self.modified != was:
            self.modifiedChanged.emit(self.modified)

    def grid_size(self) -> tuple[int, int]:
        return (0, 0)

    def snapshot(self) -> str:
        return self.text

    def to_text(self) -> str:
        return self.text

    def save(self, path: str | Path | None = None) -> Path:
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("a new document needs a file name")
        atomic_write_text(target, self.text)
        self.saved_text = self.text
        self.set_path(target)
        self.mark_saved()
        return target


def kind_in(text: str) -> str:
    m = re.search(r"^kind:\s*['\"]?([\w.-]+)", text, re.MULTILINE)
    if m is None:
        return ""
    return m.group(1) if registry.get(m.group(1)) is not None else ""


# ---- one-click fixes ------------------------------------------------------------------------------
def suggestion(diagnostic) -> str | None:
    """The replacement a "did you mean 'x'?" finding proposes, if any."""
    return did_you_mean(diagnostic.message)


# ---- syntax highlighting ----------------------------------------------------------------------------
def _fmt(colour: str, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    f = QTextCharFormat()
    f.setForeground(QColor(colour))
    if bold:
        f.setFontWeight(QFont.Weight.Bold)
    f.setFontItalic(italic)
    return f


class YamlHighlighter(QSyntaxHighlighter):
    """Keys, strings, numbers, booleans/null, comments and the document markers of YAML."""

    RULES = (
        (r"^\s*(?:-\s+)?[^\s#:'\"][^#:]*?(?=:(\s|$))", _fmt("#1a5fb4", bold=True)),  # key
        (r"^\s*(?:-\s+)?(['\"]).*?\1(?=:(\s|$))", _fmt("#1a5fb4", bold=True)),  # quoted key
        (r"\b-?\d+(\.\d+)?\b", _fmt("#986801")),  # number
        (r"\b(true|false|null|True|False|Null|TRUE|FALSE|NULL)\b|~(?=\s*$)", _fmt("#a626a4")),
        (r"\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'", _fmt("#50a14f")),  # strings
        (r"^(---|\.\.\.)\s*$", _fmt("#a626a4", bold=True)),
        (r"(^|\s)#.*$", _fmt("#8a8a8a", italic=True)),  # comment, last: it wins
    )

    def __init__(self, document):
        super().__init__(document)
        self._rules = [(QRegularExpression(p), f) for p, f in self.RULES]

    def highlightBlock(self, text: str) -> None:  # noqa: N802 - Qt's name
        for rx, fmt in self._rules:
            it = rx.globalMatch(text)
            while it.hasNext():
                m = it.next()
                self.setFormat(m.capturedStart(), m.capturedLength(), fmt)


# ---- the editor with line numbers ------------------------------------------------------------------
class _LineNumbers(QWidget):
    def __init__(self, edit: "CodeEdit"):
        super().__init__(edit)
        self.edit = edit

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(self.edit.gutter_width(), 0)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self.edit.paint_gutter(event)


class CodeEdit(QPlainTextEdit):
    """A plain-text editor with line numbers in a gutter (problems are told by line)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setProperty(OWN_UNDO, True)  # Ctrl+Z undoes the typing here (editor.core.undofocus)
        self.gutter = _LineNumbers(self)
        self.blockCountChanged.connect(lambda _n: self.setViewportMargins(self.gutter_width(), 0, 0, 0))
        self.updateRequest.connect(self._scrolled)
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def gutter_width(self) -> int:
        return 10 + self.fontMetrics().horizontalAdvance("9") * max(3, len(str(self.blockCount())))

    def _scrolled(self, rect, dy) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        r = self.contentsRect()
        self.gutter.setGeometry(r.left(), r.top(), self.gutter_width(), r.height())

    def paint_gutter(self, event) -> None:
        p = QPainter(self.gutter)
        p.fillRect(event.rect(), QColor("#f0f0f0"))
        p.setPen(QColor("#8a8a8a"))
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = self.fontMetrics().height()
        while block.isValid() and top <= event.rect().bottom():
            if block.isVisible():
                p.drawText(0, top, self.gutter.width() - 5, height, Qt.AlignmentFlag.AlignRight,
                           str(block.blockNumber() + 1))
            top += round(self.blockBoundingRect(block).height())
            block = block.next()
        p.end()


# ---- the validator --------------------------------------------------------------------------------
class _Relay(QObject):
    done = Signal(int, object, object)  # generation, Loaded, refused


class _TextCheck(QRunnable):
    """Checks one snapshot of the text on the pool's thread: plain Python, no Qt object but the
    relay's signal (queued to the GUI thread). `loaded` given: only the limits through references
    are left to find (the text was checked when the file was opened)."""

    def __init__(self, text: str, name: str, path: Path | None, limits, generation: int, relay: _Relay,
                 loaded=None):
        super().__init__()
        self.text, self.name, self.path, self.limits = text, name, path, limits
        self.generation, self.relay, self.loaded = generation, relay, loaded

    def run(self) -> None:
        loaded = self.loaded if self.loaded is not None else check_text(self.text, self.name, self.path)
        self.relay.done.emit(self.generation, loaded, opening.refused_within_limits(loaded, self.path, self.limits))


class TextValidator(QObject):
    """Checks the text a moment after the last keystroke, on a worker thread (a file's text reads in
    milliseconds, but one that names other files reads them too): typing never waits for a check,
    and a result older than the latest edit is dropped."""

    problemsChanged = Signal(object)  # list[Diagnostic]

    def __init__(self, doc: TextDocument, delay_ms: int = 300, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.problems: list = []
        self.model = None
        self.loaded = None
        #: the errors of size and value limits, the text's own or through a file it names
        #: (opening.refused_within_limits): the text reads, but no visual editor
        self.refused: list = []
        self.generation = 0
        self.limits = files.limits()  # on the GUI thread: the plug-ins import Qt modules
        self._timer = QTimer(self, singleShot=True, interval=delay_ms)
        self._timer.timeout.connect(self._start)
        # the pool before the relay: children are deleted in the order they were made, and the pool
        # waits for a check in flight, so a check never reports through a deleted relay
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._finished)
        doc.edited.connect(self.schedule)

    def schedule(self) -> None:
        self.generation += 1
        self._timer.start()

    def _name(self) -> str:
        return str(self.doc.path) if self.doc.path else "<text>"

    def _start(self) -> None:
        self.pool.start(_TextCheck(self.doc.text, self._name(), self.doc.path, self.limits, self.generation,
                                   self._relay))

    def _finished(self, generation: int, loaded, refused: list) -> None:
        if generation == self.generation:  # else the text changed since: a newer check is on its way
            self._publish(loaded, refused)

    def run_now(self) -> list:
        """Check at once, on this thread (a one-click fix, switching to the visual editor, saving)."""
        self._timer.stop()
        self.generation += 1
        loaded = check_text(self.doc.text, self._name(), self.doc.path)
        return self._publish(loaded, opening.refused_within_limits(loaded, self.doc.path, self.limits))

    def adopt(self, loaded) -> list:
        """Publish the checks of the text as it is (`loaded`: check_text's, made off the GUI thread
        when the file was opened); the limits through the files it names follow from the pool."""
        self.generation += 1
        own = files.refused(loaded.model.kind, loaded.diagnostics, self.limits) if loaded.model is not None else []
        if not own and loaded.model is not None and any(d.code == "R610" for d in loaded.diagnostics):
            self.pool.start(_TextCheck(self.doc.text, self._name(), self.doc.path, self.limits, self.generation,
                                       self._relay, loaded))
        return self._publish(loaded, own)

    def _publish(self, loaded, refused: list) -> list:
        self.loaded = loaded
        self.model = loaded.model
        self.refused = refused
        self.problems = list(loaded.diagnostics)
        self.problemsChanged.emit(self.problems)
        return self.problems

    def shutdown(self) -> None:
        """Stop scheduling and wait for a check in flight (the tab is closing)."""
        self._timer.stop()
        self.pool.waitForDone()


# ---- the tab --------------------------------------------------------------------------------------
class TextEditor(ValidatedEditor):
    """Edits a file as text until it reads; then `switchRequested` asks for the visual editor.

    Its validator is a TextValidator (the text, not a model) and its problems panel says where in
    the text; the rest (the Problems dock, validate_now, closing) is ValidatedEditor's."""

    switchRequested = Signal()

    def __init__(self, document: TextDocument, parent=None, loaded=None):
        """`loaded`: the checks of `document`'s text, made already (the file was read and checked
        off the GUI thread); without it the text is checked here."""
        super().__init__(document, parent)
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.switch_button = QPushButton("Open in the visual editor")
        self.switch_button.setToolTip("The text reads now: edit it in the game's editor (Ctrl+Return)")
        self.switch_button.setShortcut("Ctrl+Return")
        self.switch_button.clicked.connect(self.switchRequested.emit)
        bar = QWidget()
        bar.setAutoFillBackground(True)
        bl = QHBoxLayout(bar)
        bl.setContentsMargins(8, 4, 8, 4)
        bl.addWidget(self.banner, 1)
        bl.addWidget(self.switch_button)
        self.bar = bar

        self.edit = CodeEdit()
        self.edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.edit.setTabChangesFocus(False)
        self.edit.setPlainText(document.text)
        self.edit.document().setModified(False)
        self.highlighter = YamlHighlighter(self.edit.document())
        self.edit.textChanged.connect(lambda: self.document.set_text(self.edit.toPlainText()))
        self.edit.cursorPositionChanged.connect(self._cursor_moved)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(bar)
        lay.addWidget(self.edit)

        self.problems_panel = ProblemsPanel(lambda _p: "", subject="file", describe_problem=self._where,
                                            fix_of=self._fix_of)
        self.problems_panel.problemChosen.connect(self.go_to)
        self.validator = TextValidator(document, parent=self)
        self.validator.problemsChanged.connect(self._checked)
        if loaded is not None and loaded.text == document.text:
            self.validator.adopt(loaded)
        else:
            self.validator.run_now()

    @property
    def reads(self) -> bool:
        """The text reads as a model within the limits: the visual editor can take it."""
        return self.validator.model is not None and not self.validator.refused

    # ---- problems -----------------------------------------------------------------------------
    @staticmethod
    def _where(d) -> str:
        return f"line {d.line}, column {d.col}"

    def _fix_of(self, d):
        new = suggestion(d)
        if new is None:
            return None
        return (f"Use “{new}”", f"Replace the text at line {d.line}, column {d.col} by {new!r}",
                lambda d=d, new=new: self.fix(d, new))

    def fix(self, d, replacement: str) -> None:
        """Apply a one-click fix; when the text then reads, switch to the visual editor."""
        text = apply_fix(self.edit.toPlainText(), d.line, d.col, replacement)
        cursor = self.edit.textCursor()
        cursor.beginEditBlock()  # one undo step in the text
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text)
        cursor.endEditBlock()
        self.go_to(d)
        self.validator.run_now()
        if self.reads:
            self.switchRequested.emit()

    def go_to(self, d) -> None:
        """Put the cursor on a problem's line and column and show it."""
        block = self.edit.document().findBlockByLineNumber(max(0, d.line - 1))
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.MoveAnchor,
                            min(max(0, d.col - 1), max(0, block.length() - 1)))
        self.edit.setTextCursor(cursor)
        self.edit.centerCursor()
        self.edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def _checked(self, problems: list) -> None:
        self.problems_panel.set_problems(problems)
        self._mark_lines(problems)
        # the reading stages' errors (YAML, kind and version, structure) are what keep it from the
        # visual editor; the semantic ones it can fix there
        errors = sum(1 for d in problems if d.severity is Severity.ERROR and d.code[:1] in "YKS")
        over = self.validator.refused
        if over:
            self.banner.setText(f"<b>This file is too large for the visual editor</b>: {html.escape(over[0].message)} "
                                f"(line {over[0].line}). These are the limits of <tt>gridsmith validate</tt>; "
                                "it opens in the visual editor once the file is within them.")
            colour = "#fdecea"
        elif self.reads:
            self.banner.setText("<b>The file reads now.</b> Open it in the visual editor, or go on editing "
                                "the text.")
            colour = "#e3f4e1"
        else:
            self.banner.setText(f"<b>This file cannot be shown in the visual editor yet</b>: {errors} "
                                f"error{'s' * (errors != 1)} in how it reads. Fix them here (a click on a "
                                "problem goes to its line); it opens in the visual editor once it reads.")
            colour = "#fdecea"
        self.switch_button.setVisible(self.reads)
        pal = self.bar.palette()
        pal.setColor(self.bar.backgroundRole(), QColor(colour))
        pal.setColor(self.bar.foregroundRole(), QColor("#202020"))
        self.bar.setPalette(pal)
        self.banner.setPalette(pal)

    def _mark_lines(self, problems: list) -> None:
        marks = []
        for d in problems:
            sel = QTextEdit.ExtraSelection()
            sel.format.setBackground(QColor("#fde0dc" if d.severity is Severity.ERROR else "#fff4cc"))
            sel.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            block = self.edit.document().findBlockByLineNumber(max(0, d.line - 1))
            sel.cursor = QTextCursor(block)
            marks.append(sel)
        self.edit.setExtraSelections(marks)

    def _cursor_moved(self) -> None:
        c = self.edit.textCursor()
        line, col = c.blockNumber() + 1, c.positionInBlock() + 1
        here = [d for d in self.validator.problems if d.line == line]
        text = f"Line {line}, column {col}"
        if here:
            text += f": {here[0].code} {here[0].message}"
        self.statusMessage.emit(text)
