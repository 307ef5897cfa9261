"""Opening a file without freezing the window: the file is read and checked (`files.read`, all of
`validate`'s stages) on a worker thread while the window goes on painting; after a moment a
progress dialog names the file and offers Cancel.

The reading runs in a QThread's `run` and touches no Qt object but its thread's own `done` signal;
the result reaches the GUI thread through that signal (a queued connection). The thread is nobody's
child, so nothing can delete it while it runs: `_RUNNING` keeps it until it has finished, also when
the user cancelled and no one waits for its answer any more.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, Qt, QThread, QTimer, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

from . import files

#: after this long a progress dialog shows (quicker readings never flash one)
PROGRESS_AFTER_MS = 300

_RUNNING: set["_Reader"] = set()


class _Reader(QThread):
    """Reads and checks one file in `run` (on its own thread), touching no Qt object but its own
    `done` signal. The thread object itself lives on the GUI thread: `_RUNNING` holds it until its
    `finished` has reached `_release` there, so the last reference never goes on the worker thread
    (no worker object moved to the thread, nothing deleted on two threads)."""

    done = Signal(object)  # files.Reading

    def __init__(self, path: Path, limits: Mapping[str, frozenset[str]]) -> None:
        super().__init__()
        self.path, self.limits = path, dict(limits)
        _RUNNING.add(self)
        self.finished.connect(self._release)

    def run(self) -> None:
        self.done.emit(files.read(self.path, self.limits))

    @Slot()
    def _release(self) -> None:
        _RUNNING.discard(self)  # deleted on the GUI thread once this slot's reference goes


class _Answer(QObject):
    """On the GUI thread: takes the reading, or the user's Cancel, and ends the wait."""

    def __init__(self, loop: QEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.reading: files.Reading | None = None
        self.cancelled = False

    @Slot(object)
    def take(self, reading: files.Reading) -> None:
        self.reading = reading
        self.loop.quit()

    @Slot()
    def cancel(self) -> None:
        self.cancelled = True  # also when the reading arrives in the same round of events
        self.loop.quit()


def read_file(path: Path, parent: QWidget | None = None) -> files.Reading | None:
    """The file read and checked on a worker thread; None when the user cancelled. The caller's
    window is painted and its timers run meanwhile; the progress dialog is window-modal, so no
    other command starts while a file opens."""
    limits = files.limits()  # on this thread: the plug-ins import Qt modules
    reader = _Reader(path, limits)
    loop = QEventLoop()
    answer = _Answer(loop)
    reader.done.connect(answer.take)  # queued: emitted on the worker thread, `answer` lives on this one
    progress = QProgressDialog(f"Reading and checking {path.name}…", "Cancel", 0, 0, parent)
    progress.setWindowTitle("Opening")
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(PROGRESS_AFTER_MS)
    progress.canceled.connect(answer.cancel)
    progress.hide()
    shown = QTimer(singleShot=True, interval=PROGRESS_AFTER_MS)
    shown.timeout.connect(progress.show)
    reader.start()
    shown.start()
    loop.exec()
    shown.stop()
    progress.hide()
    progress.deleteLater()
    # `answer` goes with this call: a cancelled reading still running finishes unheard
    return None if answer.cancelled else answer.reading


def busy() -> bool:
    """Whether a reading is still running (a cancelled one goes on until its check ends)."""
    return bool(_RUNNING)
