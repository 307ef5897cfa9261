"""Work off the GUI thread never outlives the Qt objects it reports to (issue 28: the suite died
inside Qt under load, an abort and a segmentation fault)."""
from __future__ import annotations

import threading

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from gridsmith.editor.core import files, plugins, problems


def test_an_editor_deleted_while_its_check_runs_waits_for_the_check(qtbot, duel, monkeypatch):
    """An editor deleted by its parent, without close_editor(): the live check still running in the
    pool reported through a relay Qt had already deleted (children go in the order they were made)."""
    errors: list[BaseException] = []
    real_run = problems._CheckJob.run

    def run(job) -> None:
        try:
            real_run(job)
        except BaseException as e:  # noqa: BLE001 - what the pool's thread would only print
            errors.append(e)
            raise

    monkeypatch.setattr(problems._CheckJob, "run", run)
    doc = files.open_document(duel)
    started, release = threading.Event(), threading.Event()
    real_check = doc.check

    def slow_check(model=None):
        started.set()
        release.wait(30)
        return real_check(model)

    doc.check = slow_check
    ed = plugins.get(doc.kind).editor_class(doc)
    ed.validator.schedule()
    qtbot.waitUntil(started.is_set, timeout=10000)  # the check is running in the pool
    threading.Timer(0.2, release.set).start()  # it ends while the editor is being deleted
    ed.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # deleted: the pool waited for the check
    assert release.is_set()
    assert errors == []
