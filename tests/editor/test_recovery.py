"""Autosave and crash recovery: kill a real editor process mid-edit, recover its work in a new one."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

HERE = Path(__file__).parent


def test_killed_editor_work_is_recovered_in_a_new_editor(qtbot, window, duel, tmp_path, monkeypatch):
    env = dict(os.environ, GRIDSMITH_AUTOSAVE_MS="100", QT_QPA_PLATFORM="offscreen",
               GRIDSMITH_RECOVERY_DIR=str(tmp_path / "recovery"))
    child = subprocess.Popen([sys.executable, str(HERE / "crash_child.py"), str(duel)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=HERE.parents[1])
    try:
        assert child.stdout.readline().strip() == "READY"
    finally:
        child.send_signal(signal.SIGKILL)  # a crash: no clean-up code runs
        child.wait(10)
    assert "turns: 12" in duel.read_text()  # the file itself was never saved

    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Yes)
    (ed,) = window.offer_recovery()
    assert "duel.scn.yaml" in asked[0]
    doc = ed.document
    assert doc.model.map[1] == "~~~~~1222222"
    assert doc.model.settings.turns == 33
    assert doc.path == duel.resolve() and doc.modified
    assert window.tabs.tabText(window.tabs.indexOf(ed)).endswith("*")
    # the recovery files of the dead session are gone once recovered
    assert not list((tmp_path / "recovery").glob(f"session-{child.pid}.json"))
    assert window.autosaver.orphans() == []
    # saving the recovered document keeps the original file's comments
    assert window.save(ed)
    text = duel.read_text()
    assert text.startswith("# yaml-language-server") and "turns: 33" in text


def test_a_clean_exit_leaves_nothing_to_recover(qtbot, window, duel):
    ed = window.open_file(duel)
    ed.settings_panel.turns.setValue(20)
    window.autosaver.tick()
    assert window.autosaver.session.exists()
    window.autosaver.shutdown()
    assert not any(window.autosaver.folder.iterdir())
