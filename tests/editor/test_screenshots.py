"""Screenshots of the editor and of the game window, for people to look at.

They go to the test's temporary folder; with GRIDSMITH_SCREENSHOTS=1 they replace the ones in
docs/screenshots/ (the README shows those).
"""
from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from editor_helpers import CONTENT, SCREENSHOTS, click, drag, move, wait_validated
from gridsmith.editor.pendulous.play_window import open_play_window
from tests.qt_fixtures import settle


def _target(tmp_path, name):
    if os.environ.get("GRIDSMITH_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return SCREENSHOTS / name
    return tmp_path / name


def test_editor_screenshot(qtbot, window, tmp_path):
    ed = window.open_file(CONTENT / "continent.scn.yaml")
    window.resize(1400, 900)
    ed.view.set_zoom(0.8)
    # a red square in the middle of another player's land: out of supply, the panel says so
    ed.palette_panel.player_buttons[0].setChecked(True)
    drag(ed.view, [(18, 20), (19, 20)])
    problems = wait_validated(qtbot, ed)
    assert any(p.code == "PND503" for p in problems)
    ed.go_to_problem(next(p.path for p in problems if p.code == "PND503"))
    move(ed.view, 12, 14, Qt.MouseButton.NoButton)
    settle(qtbot, window)
    path = _target(tmp_path, "editor.png")
    assert window.grab().save(str(path))
    assert path.stat().st_size > 10_000


def test_game_window_screenshot(qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    ed = window.open_file(CONTENT / "duel.scn.yaml")
    pw = open_play_window(window, ed.document.snapshot(), ["human", "greedy"], seed=5, pace="fast",
                          end_turn_dialog=False, scenario_file=ed.document.path)
    pw.resize(1300, 860)
    pv = pw.provider  # the Pendulous part of the one play window
    for x, y in [(4, 1), (4, 3), (3, 5), (2, 7)]:
        click(pv.view, x, y)
    qtbot.mouseClick(pv.end_turn_btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(pw.is_human_turn, timeout=20000)
    for x, y in [(5, 0), (5, 1)]:
        click(pv.view, x, y)
    move(pv.view, 6, 1, Qt.MouseButton.NoButton)
    assert "Chance of success" in pv.odds_label.text()
    settle(qtbot, pw)
    path = _target(tmp_path, "game.png")
    assert pw.grab().save(str(path))
    pw.close()
