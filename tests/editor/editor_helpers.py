"""Mouse helpers: real QMouseEvents sent to a grid view's viewport, in cell coordinates."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "pendulous"
SCREENSHOTS = ROOT / "docs" / "screenshots"


def cell_point(view, *cell: int) -> QPoint:
    """The viewport position of a cell's centre (any geometry; a lattice point is a 2-tuple)."""
    g = view.grid_item.geometry
    if g.name == "lattice" and len(cell) == 2:
        return view.mapFromScene(g.point(cell))
    return view.mapFromScene(g.center(cell))


def _send(view, kind, pos: QPoint, button, buttons) -> None:
    ev = QMouseEvent(kind, QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), button, buttons,
                     Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), ev)


def press(view, *cell, button=Qt.MouseButton.LeftButton):
    *cell, button = _split(cell, button)
    _send(view, QMouseEvent.Type.MouseButtonPress, cell_point(view, *cell), button, button)


def move(view, *cell, buttons=Qt.MouseButton.LeftButton):
    *cell, buttons = _split(cell, buttons)
    _send(view, QMouseEvent.Type.MouseMove, cell_point(view, *cell), Qt.MouseButton.NoButton, buttons)


def release(view, *cell, button=Qt.MouseButton.LeftButton):
    *cell, button = _split(cell, button)
    _send(view, QMouseEvent.Type.MouseButtonRelease, cell_point(view, *cell), button, Qt.MouseButton.NoButton)


def _split(args, default):
    """Cell coordinates, optionally followed by a mouse button (positional, as in move(view, x, y, b))."""
    if args and not isinstance(args[-1], int):
        return (*args[:-1], args[-1])
    return (*args, default)


def drag(view, cells, button=Qt.MouseButton.LeftButton):
    """Press on the first cell, move through the others, release on the last (cells are tuples;
    for a lattice, 2-tuples are points)."""
    press(view, *cells[0], button)
    for c in cells[1:]:
        move(view, *c, button)
    release(view, *cells[-1], button)


def click(view, *cell, button=Qt.MouseButton.LeftButton):
    *cell, button = _split(cell, button)
    drag(view, [tuple(cell)], button)


def wait_validated(qtbot, ed) -> list:
    """Wait for the live validator to publish the result of the latest edit."""
    gen = ed.validator.generation
    with qtbot.waitSignal(ed.validator.problemsChanged, timeout=5000):
        pass
    assert ed.validator.generation >= gen
    return ed.validator.problems


def open_in_editor(qtbot, path, size=(820, 600)):
    """A file in its registered editor (the plug-in the shell would pick), shown at `size`."""
    from gridsmith.editor.core import files, plugins

    doc = files.open_document(path)
    e = plugins.get(doc.kind).editor_class(doc)
    qtbot.addWidget(e)
    e.resize(*size)
    e.show()
    qtbot.waitExposed(e)
    return e
