"""Opening a file without freezing the window: the file is read and checked (`files.read`, all of
`validate`'s stages) on a worker thread while the window goes on painting; after a moment a
progress dialog names the file and offers Cancel.

The reading runs in a QThread's `run` and touches no Qt object but its thread's own `done` signal;
the result reaches the GUI thread through that signal (a queued connection). The thread is nobody's
child (editor.core.detached), so nothing can delete it while it runs, also when the user cancelled
and no one waits for its answer any more.

The limits hold through references too: a file that names another file which breaks its own kind's
limits (a Kongbots scenario naming a 256 x 256 arena) opens in the text view, refused at the
reference, as `validate` refuses it there (R610).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

from gridsmith.formats.content import is_bundled_name
from gridsmith.formats.diagnostics import Diagnostic
from gridsmith.formats.loader import Loaded

from . import files
from .detached import DetachedThread, running

#: how deep references are followed for limits (a scenario, the build it names, the ruleset the build
#: names), and how many files at most
REFERENCE_DEPTH = 3
MAX_FILES_FOLLOWED = 50

#: after this long a progress dialog shows (quicker readings never flash one)
PROGRESS_AFTER_MS = 300

class _Reader(DetachedThread):
    """Reads and checks one file in `run` (on its own thread), touching no Qt object but its own
    `done` signal; a DetachedThread (editor.core.detached): the last reference never goes on the
    worker thread."""

    done = Signal(object)  # files.Reading

    def __init__(self, path: Path, limits: Mapping[str, frozenset[str]]) -> None:
        super().__init__()
        self.path, self.limits = path, dict(limits)

    def run(self) -> None:
        self.done.emit(read_within_limits(self.path, self.limits))



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


def read_within_limits(path: Path, limits: Mapping[str, frozenset[str]]) -> files.Reading:
    """`files.read`, with the file refused also when a file it names breaks a limit of its own kind.
    Plain Python that makes no Qt object (the worker thread runs it)."""
    reading = files.read(path, limits)
    if reading.refused or reading.loaded.model is None:
        return reading
    over = _over_limits_through(reading.loaded, reading.path, limits, REFERENCE_DEPTH, {reading.path})
    return dataclasses.replace(reading, refused=over) if over else reading


def refused_within_limits(loaded: Loaded, path: Path | None, limits: Mapping[str, frozenset[str]]) -> list[Diagnostic]:
    """The diagnostics that keep checked text from the visual editor: its own kind's limits
    (files.refused), then the references to files that break theirs. May read files: off the GUI
    thread where it can be."""
    if loaded.model is None:
        return []
    over = files.refused(loaded.model.kind, loaded.diagnostics, limits)
    if over or path is None:
        return over
    path = path.resolve()
    return _over_limits_through(loaded, path, limits, REFERENCE_DEPTH, {path})


def _over_limits_through(loaded: Loaded, path: Path, limits: Mapping[str, frozenset[str]], depth: int,
                         seen: set[Path]) -> list[Diagnostic]:
    """The diagnostics of the file at `path` at references (R610: the named file has errors) whose
    file breaks its kind's limits, directly or through the files it names in turn (`depth` levels).
    Bundled content is within the limits; each file is looked at once."""
    out = []
    for d in loaded.diagnostics:
        value = _at(loaded.model, d.path) if d.code == "R610" and d.is_error else None
        if not isinstance(value, str) or is_bundled_name(value):
            continue
        target = (path.parent / value).resolve()
        if target in seen or len(seen) > MAX_FILES_FOLLOWED:
            continue
        seen.add(target)
        named = files.read(target, limits)
        if named.refused or (depth > 1 and named.loaded.model is not None
                             and _over_limits_through(named.loaded, target, limits, depth - 1, seen)):
            out.append(d)
    return out


def _at(model: Any, path: tuple[Any, ...]) -> Any:
    """The value at a diagnostic's path in a model (attributes, list indices, mapping keys)."""
    node = model
    for key in path:
        if isinstance(key, int) and isinstance(node, (list, tuple)) and 0 <= key < len(node):
            node = node[key]
        elif isinstance(node, dict):
            node = node.get(key)
        else:
            node = getattr(node, str(key), None)
    return node


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
    return bool(running(_Reader))
