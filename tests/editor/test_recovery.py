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


def test_unsaved_text_that_does_not_read_is_recovered_in_the_text_view(qtbot, window, duel, tmp_path, monkeypatch):
    import json

    from gridsmith.editor.core.textview import TextEditor

    duel.write_text(duel.read_text().replace("  turns: 12", "  turn: 12"))  # does not read
    ed = window.open_file(duel)
    assert isinstance(ed, TextEditor)
    ed.edit.appendPlainText("# first edit")
    window.autosaver.tick()
    ed.edit.appendPlainText("# second edit")
    window.autosaver.tick()  # every edit of the text is autosaved, not only the first
    session = json.loads(window.autosaver.session.read_text())
    (entry,) = session["documents"]
    saved = (window.autosaver.folder / f"{entry['id']}.yaml").read_text()
    assert saved.endswith("# second edit")
    # the editor dies: its session is now one of a dead process
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    session["pid"] = int(dead.stdout)
    # (under another id: this live window forgets its own autosave files when the tab closes)
    (window.autosaver.folder / f"{entry['id']}.yaml").rename(window.autosaver.folder / "recovered-1.yaml")
    session["documents"][0]["id"] = "recovered-1"
    (window.autosaver.folder / f"session-{session['pid']}.json").write_text(json.dumps(session))
    window.close_tab(ed, ask=False)

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    (again,) = window.offer_recovery()
    assert isinstance(again, TextEditor) and again.document.path == duel
    assert again.edit.toPlainText().endswith("# second edit") and again.document.modified
    assert any(d.code == "S301" for d in again.problems())
