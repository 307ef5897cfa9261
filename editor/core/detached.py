"""Threads whose lifetime depends on no window: the computer player's turn, a balance run, the balance
assistant's search, reading a file on opening.

A QThread destroyed while it runs aborts the program ("QThread: Destroyed while thread is still
running"), and a thread that was a window's or a dialog's child went with it: closing a play window
while the computer thought, or a balance lab's tab mid-run, aborted the editor (issue 28). A
`DetachedThread` has no parent; a module-level set keeps it until its `finished` reaches `_release`
on the GUI thread, and only then is it deleted there (never on two threads, never while it runs).
Its `run` touches no Qt object but its own signals; whoever started it connects its own methods
(receivers that Qt disconnects when they are gone), so an answer that arrives after its window is
deleted goes nowhere.
"""
from __future__ import annotations

from PySide6.QtCore import QThread, Slot

#: the threads still running, whatever became of the windows that started them
_RUNNING: set[DetachedThread] = set()


class DetachedThread(QThread):
    def __init__(self) -> None:
        super().__init__()  # never anyone's child
        _RUNNING.add(self)
        self.finished.connect(self._release)

    @Slot()
    def _release(self) -> None:
        """On the GUI thread once the thread has ended: no one needs it any more."""
        _RUNNING.discard(self)
        self.deleteLater()


def running(kind: type[DetachedThread] = DetachedThread) -> list[DetachedThread]:
    """The threads of `kind` still running (tests; the editor's exit waits for none)."""
    return [t for t in _RUNNING if isinstance(t, kind)]
