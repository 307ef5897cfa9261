"""Mouse helpers: real QMouseEvents sent to a grid view's viewport, in cell coordinates."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "pendulous"
SCREENSHOTS = ROOT / "docs" / "screenshots"


def cell_point(view, x: int, y: int) -> QPoint:
    px = view.grid_item.px
    return view.mapFromScene(QPointF(x * px + px / 2, y * px + px / 2))


def _send(view, kind, pos: QPoint, button, buttons) -> None:
    ev = QMouseEvent(kind, QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), button, buttons,
                     Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), ev)


def press(view, x, y, button=Qt.MouseButton.LeftButton):
    _send(view, QMouseEvent.Type.MouseButtonPress, cell_point(view, x, y), button, button)


def move(view, x, y, buttons=Qt.MouseButton.LeftButton):
    _send(view, QMouseEvent.Type.MouseMove, cell_point(view, x, y), Qt.MouseButton.NoButton, buttons)


def release(view, x, y, button=Qt.MouseButton.LeftButton):
    _send(view, QMouseEvent.Type.MouseButtonRelease, cell_point(view, x, y), button, Qt.MouseButton.NoButton)


def drag(view, cells, button=Qt.MouseButton.LeftButton):
    """Press on the first cell, move through the others, release on the last."""
    press(view, *cells[0], button)
    for c in cells[1:]:
        move(view, *c, button)
    release(view, *cells[-1], button)


def click(view, x, y, button=Qt.MouseButton.LeftButton):
    drag(view, [(x, y)], button)


def wait_validated(qtbot, ed) -> list:
    """Wait for the live validator to publish the result of the latest edit."""
    gen = ed.validator.generation
    with qtbot.waitSignal(ed.validator.problemsChanged, timeout=5000):
        pass
    assert ed.validator.generation >= gen
    return ed.validator.problems
