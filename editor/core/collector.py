"""Python's cyclic garbage collection in the GUI thread only.

Python collects cycles in whichever thread happens to allocate when a generation fills up. In the
editor that is often a worker thread (a reference field's status, a text check, the problems' check,
the balance lab's games), and a cycle that holds a Qt wrapper is then destroyed there: PySide6 locks
Qt's connection mutex to disconnect it and waits for the interpreter lock, while the GUI thread holds
that lock's twin, having released the interpreter lock inside a Qt call that wants the mutex
(QFormLayout.addRow connecting a label's buddy). Both wait for ever: the editor freezes. Seen in the
test suite (py-spy: a `_StatusJob` thread in `gc_collect_main` → `QObject::disconnect` →
`Shiboken::GilState::acquire`, the main thread in `QBasicMutex::lockInternal`).

So automatic collection is turned off and the GUI thread collects on a timer, generation by
generation with the interpreter's own thresholds, as pyqtgraph's GarbageCollector does for the same
reason. Reference counting still frees everything that is not a cycle at once; a cycle waits at most
one timer tick (or for the GUI thread to be free again).
"""
from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer

#: how often the GUI thread looks whether a generation is full
INTERVAL_MS = 250


class MainThreadCollector(QObject):
    """Turns automatic collection off and collects in the GUI thread, on a timer (`check`)."""

    def __init__(self, app: QCoreApplication, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(app)
        if QThread.currentThread() != app.thread():
            raise RuntimeError("the collector must be made in the GUI thread")
        self.thresholds = gc.get_threshold()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)
        app.aboutToQuit.connect(gc.enable)  # after the event loop, collection may run anywhere again

    def check(self) -> int:
        """Collect the generations that are full, as the interpreter would have; the objects found
        unreachable."""
        young, middle, old = gc.get_count()
        if young <= self.thresholds[0]:
            return 0
        if middle <= self.thresholds[1]:
            return gc.collect(0)
        if old <= self.thresholds[2]:
            return gc.collect(1)
        return gc.collect(2)


def install(app: QCoreApplication) -> MainThreadCollector:
    """The application's collector, made on the first call (call it in the GUI thread)."""
    found = app.findChild(MainThreadCollector)
    if isinstance(found, MainThreadCollector):
        gc.disable()  # again, should something have turned it back on
        return found
    return MainThreadCollector(app)


__all__ = ["INTERVAL_MS", "MainThreadCollector", "install"]
