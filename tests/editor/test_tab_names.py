"""Two open files with one name (Pendulous' and Pendulum's duel.scn.yaml) are told apart by their
folder in the tab and the window title; closing one makes the other plain again."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor_helpers import ROOT


def test_tabs_with_the_same_name_show_their_folders(window):
    first = window.open_file(ROOT / "content" / "pendulous" / "duel.scn.yaml")
    assert window.tabs.tabText(window.tabs.indexOf(first)) == "duel.scn.yaml"
    second = window.open_file(ROOT / "content" / "pendulum" / "duel.scn.yaml")
    texts = {window.tabs.tabText(window.tabs.indexOf(ed)) for ed in (first, second)}
    assert texts == {"duel.scn.yaml (pendulous)", "duel.scn.yaml (pendulum)"}
    assert window.windowTitle().startswith("duel.scn.yaml (pendulum)")
    QTest.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)  # File > Close the current tab
    assert window.tabs.count() == 1
    assert window.tabs.tabText(0) == "duel.scn.yaml" and window.windowTitle() == "duel.scn.yaml[*] — Gridsmith"


def test_deeper_twins_show_as_many_folders_as_tell_them_apart(window, tmp_path):
    import shutil

    for side in ("a", "b"):
        (tmp_path / side / "pendulous").mkdir(parents=True)
        shutil.copy(ROOT / "content" / "pendulous" / "duel.scn.yaml", tmp_path / side / "pendulous")
    first = window.open_file(tmp_path / "a" / "pendulous" / "duel.scn.yaml")
    second = window.open_file(tmp_path / "b" / "pendulous" / "duel.scn.yaml")
    assert window.tabs.tabText(window.tabs.indexOf(first)) == "duel.scn.yaml (a/pendulous)"
    assert window.tabs.tabText(window.tabs.indexOf(second)) == "duel.scn.yaml (b/pendulous)"


def test_two_new_files_of_one_kind_are_numbered(window):
    first = window.new_document("pendulous.scenario")
    second = window.new_document("pendulous.scenario")
    a, b = (window.tabs.tabText(window.tabs.indexOf(ed)) for ed in (first, second))
    assert a != b and b == a + " (2)"
