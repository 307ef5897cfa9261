"""Forms that don't change by accident.

Qt lets the mouse wheel change any spin box, combo box or slider that passes under the cursor, so
scrolling a settings panel silently edits whatever value it crosses (issue 11, failure 1).
`guard_wheel(root)` makes every such field of `root` take the wheel only when it has the keyboard
focus (a click or Tab gives it); otherwise the wheel goes to the scroll area around it, which
scrolls (handed over explicitly: Qt does not pass on a wheel event that a program sent).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (QAbstractScrollArea, QAbstractSlider, QAbstractSpinBox, QApplication, QComboBox,
                               QWidget)

_FIELDS = (QAbstractSpinBox, QComboBox, QAbstractSlider)


class _WheelGuard(QObject):
    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.Wheel or not isinstance(obj, QWidget) or obj.hasFocus():
            return False
        area = obj.parentWidget()
        while area is not None and not isinstance(area, QAbstractScrollArea):
            area = area.parentWidget()
        if area is None:  # ignored and filtered: Qt hands a real wheel on to the parent
            event.ignore()
            return True
        viewport = area.viewport()
        pos = viewport.mapFromGlobal(event.globalPosition().toPoint())
        QApplication.sendEvent(viewport, QWheelEvent(
            QPointF(pos), event.globalPosition(), event.pixelDelta(), event.angleDelta(), event.buttons(),
            event.modifiers(), event.phase(), event.inverted()))
        return True


_GUARD: _WheelGuard | None = None


def _guard() -> _WheelGuard:
    global _GUARD
    if _GUARD is None:
        _GUARD = _WheelGuard()
    return _GUARD


def guard_field(widget: QWidget) -> QWidget:
    """One field: focus by click or Tab only (not by the wheel), and the wheel only when focused."""
    if widget.property("gridsmithWheelGuard"):
        return widget
    widget.setProperty("gridsmithWheelGuard", True)
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    widget.installEventFilter(_guard())
    return widget


def guard_wheel(root: QWidget) -> QWidget:
    """Every spin box, combo box and slider in `root` (call again after adding fields)."""
    for cls in _FIELDS:
        for w in root.findChildren(cls):
            guard_field(w)
    if isinstance(root, _FIELDS):
        guard_field(root)
    return root
