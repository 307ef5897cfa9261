"""Starting the editor application: `gridsmith edit [FILE...]`."""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from .core import collector
from .core.mainwindow import MainWindow


def application() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
        app.setOrganizationName("Gridsmith")
        app.setApplicationName("Gridsmith")
        app.setApplicationDisplayName("Gridsmith")
        app.setStyle("Fusion")  # the same look everywhere; Fusion follows the system's light/dark scheme
    collector.install(app)  # cycles collected in the GUI thread only (a worker's collection can deadlock Qt)
    return app


def run(files: list[str | Path] = (), recover: bool = True, new_kind: str | None = None) -> int:
    app = application()

    win = MainWindow()
    win.show()
    if recover:
        win.offer_recovery()
    for f in files:
        win.open_file(f)
    if not win.editors() and new_kind:
        win.new_document(new_kind)
    return app.exec()
