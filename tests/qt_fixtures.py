"""Fixtures of the Qt tests (tests/editor and the games' editor and play-window tests): offscreen,
with settings and recovery files in a temporary folder, and no modal dialog that would hang a test.
A test folder's conftest.py imports the ones it needs."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import gridsmith.editor  # noqa: E402,F401
from PySide6.QtCore import QEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content" / "pendulous"
SCREENSHOTS = ROOT / "docs" / "screenshots"


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path, monkeypatch):
    monkeypatch.setenv("GRIDSMITH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("GRIDSMITH_RECOVERY_DIR", str(tmp_path / "recovery"))


@pytest.fixture(autouse=True)
def _no_unexpected_dialogs(monkeypatch):
    """A modal message box would hang an offscreen test: a test that expects one patches it itself."""
    from PySide6.QtWidgets import QMessageBox

    def unexpected(name):
        def fail(*args, **kwargs):
            raise AssertionError(f"unexpected QMessageBox.{name}: {args[1:3]}")
        return fail

    for name in ("question", "warning", "critical", "information", "about"):
        monkeypatch.setattr(QMessageBox, name, unexpected(name))


def settle(qtbot, widget, timeout: int = 5000) -> None:
    """Wait until `widget` is laid out: the layout requests, resizes and moves Qt has posted are
    delivered and the geometry of it and every child stays the same from one round to the next
    (what a screenshot or a size check needs; a fixed wait only hoped for it)."""
    last: list = [None]

    def still() -> bool:
        QApplication.sendPostedEvents()
        now = [widget.geometry(), *(c.geometry() for c in widget.findChildren(QWidget))]
        same, last[0] = now == last[0], now
        return same

    qtbot.waitUntil(still, timeout=timeout)


@pytest.fixture
def duel(tmp_path) -> Path:
    """A copy of the bundled duel scenario (12x10, two players, comments at the top)."""
    p = tmp_path / "duel.scn.yaml"
    shutil.copy(CONTENT / "duel.scn.yaml", p)
    return p


def new_window(qtbot, tmp_path):
    """A shown main window with its recovery files in `tmp_path` (a test that starts it twice calls this)."""
    from gridsmith.editor.core.mainwindow import MainWindow

    w = MainWindow(autosave_dir=tmp_path / "recovery")
    w.resize(1280, 860)
    w.show()
    qtbot.waitExposed(w)
    return w


def dispose_window(w) -> None:
    """Close a main window's play windows and tabs without asking, and delete it before the next test."""
    for pw in list(w.play_windows):
        pw.close()
    for ed in w.editors():
        w.close_tab(ed, ask=False)
    w.close()
    w.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def window(qtbot, tmp_path):
    w = new_window(qtbot, tmp_path)
    yield w
    dispose_window(w)
