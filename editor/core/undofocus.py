"""Undo and redo from any focus in the editor's window, for the current tab's document.

A text field takes Ctrl+Z for itself (Qt gives a focused line edit, spin box or editable combo the
shortcut before the window's Edit > Undo), so after a click on a problem moved the focus to a form
field, Ctrl+Z did nothing to the document. What the best editors do, and this does:

- a field the user is typing in, with text not committed yet (modified since it was last set or
  committed, with something to undo), undoes its own typing;
- otherwise (a field just focused, or whose text was committed by Return or by leaving it) the
  keys go to Edit > Undo / Redo: the current tab's document.
- The text view's editor (a widget with the property `gridsmithOwnUndo`) always keeps its own
  history: its edits are the text itself, not steps on the document's undo stack.

Committing is Return/Enter or the focus leaving the field (the forms commit on `editingFinished`).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QPlainTextEdit, QTextEdit, QWidget

#: the property that makes a text widget keep its own undo history always (the text view)
OWN_UNDO = "gridsmithOwnUndo"


def _text_field(w: QObject) -> QObject:
    """The widget that holds the typed text: a spin box's or editable combo's line edit."""
    if isinstance(w, (QAbstractSpinBox, QComboBox)):
        edit = w.findChild(QLineEdit)
        return edit if edit is not None else w
    return w


def keeps_own_undo(w: QObject, redo: bool) -> bool:
    """True when the focused widget `w` should undo (redo) its own uncommitted typing."""
    w = _text_field(w)
    if isinstance(w, QWidget) and w.property(OWN_UNDO):
        return True
    if isinstance(w, QLineEdit):
        return w.isModified() and (w.isRedoAvailable() if redo else w.isUndoAvailable())
    if isinstance(w, (QPlainTextEdit, QTextEdit)):
        d = w.document()
        return d.isModified() and (d.isRedoAvailable() if redo else d.isUndoAvailable())
    return False


def _committed(w: QObject) -> None:
    """The field's text was committed: from now on Ctrl+Z is the document's."""
    w = _text_field(w)
    if isinstance(w, QLineEdit):
        w.setModified(False)
    elif isinstance(w, (QPlainTextEdit, QTextEdit)) and not w.property(OWN_UNDO):
        w.document().setModified(False)


class UndoRouter(QObject):
    """Made by the main window `window`: Undo/Redo key presses in the widget focused in it reach
    `undo`/`redo` (the Edit menu's actions) unless the field keeps its own. Only the focused widget
    is filtered (followed through `focusChanged`): no filter sees the window's other events."""

    def __init__(self, window: QWidget, undo: QAction, redo: QAction):
        super().__init__(window)
        self.window, self.undo, self.redo = window, undo, redo
        QApplication.instance().focusChanged.connect(self._focus_changed)

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if old is not None and old.window() is self.window:
            old.removeEventFilter(self)
            _committed(old)  # leaving a field commits it (the forms' editingFinished)
        if new is not None and new.window() is self.window:
            new.installEventFilter(self)

    def _which(self, event) -> str | None:
        seq = QKeySequence(event.keyCombination())
        if any(seq.matches(k) == QKeySequence.SequenceMatch.ExactMatch for k in self.undo.shortcuts()):
            return "undo"
        if any(seq.matches(k) == QKeySequence.SequenceMatch.ExactMatch for k in self.redo.shortcuts()):
            return "redo"
        return None

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind == QEvent.Type.KeyPress and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            _committed(obj)  # the field commits it now (editingFinished does not read the modified flag)
        if kind != QEvent.Type.ShortcutOverride or obj is not QApplication.focusWidget():
            return False
        which = self._which(event)
        if which is None or keeps_own_undo(obj, which == "redo"):
            return False
        event.ignore()  # not overridden: the window's shortcut (Edit > Undo / Redo) takes the keys
        return True
