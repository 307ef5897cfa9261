"""Every window fits the screen it opens on (issue 30 item 6: 1024x700 up to 1600x1000 and more).

A window asks for a size (its default, or what it was given last time); `fit_size` gives it that
or less: never more than the screen's available area (the desktop without its panels) minus the
window manager's frame (the title bar and borders a window has once shown; before it is shown, a
usual frame is assumed). `fit_window` resizes a window so and keeps it inside the screen;
`FittedDialog` does it for a dialog each time it is shown (a dialog grows with its contents).
"""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QWidget

#: a window manager's frame before the window is shown and its real frame is known (title bar, borders)
FRAME = QSize(12, 40)


def available(widget: QWidget | None = None) -> QRect:
    """The available area of the screen `widget` is on (else the primary screen)."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1600, 1000)


def frame_extra(widget: QWidget) -> QSize:
    """What the window manager adds around the window (known once shown; else a usual frame)."""
    if widget.isVisible():
        fg, g = widget.frameGeometry(), widget.geometry()
        if fg.size() != g.size():
            return QSize(fg.width() - g.width(), fg.height() - g.height())
    return QSize(FRAME)


def fit_size(widget: QWidget, wanted: QSize) -> QSize:
    """`wanted`, or less: the window with its frame within the screen's available area."""
    room = available(widget).size() - frame_extra(widget)
    return QSize(max(200, min(wanted.width(), room.width())), max(150, min(wanted.height(), room.height())))


def fit_window(widget: QWidget, wanted: QSize | None = None) -> QSize:
    """Resize `widget` to `wanted` (default: the size it was given, else its size hint) within the
    screen, and move it back inside the screen if it sticks out."""
    if wanted is None:
        hint = widget.sizeHint()
        given = widget.isVisible() or widget.testAttribute(Qt.WidgetAttribute.WA_Resized)
        wanted = widget.size() if given or not hint.isValid() else hint
    size = fit_size(widget, wanted)
    widget.resize(size)
    keep_inside(widget)
    return size


def keep_inside(widget: QWidget) -> None:
    """Move `widget` so that its frame lies within the screen's available area."""
    area = available(widget)
    extra = frame_extra(widget)
    pos = widget.pos()
    w, h = widget.width() + extra.width(), widget.height() + extra.height()
    x = max(area.left(), min(pos.x(), area.right() + 1 - w))
    y = max(area.top(), min(pos.y(), area.bottom() + 1 - h))
    if QPoint(x, y) != pos:
        widget.move(x, y)


class FittedDialog(QDialog):
    """A dialog that, each time it is shown, is no bigger than the screen and lies within it."""

    def showEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().showEvent(e)
        fit_window(self, self.size())
