"""Issue 11, item 4: broken files open. A file with structure errors opens in a text view (highlighted,
its problems in the Problems panel, a click goes to the line, a "did you mean" fix is one click) and
moves to the visual editor once it reads; every stage that can run reports, warnings included; a
ragged row's missing squares are missing, never a value, and its problem is at the row's end."""
from __future__ import annotations

import os

from PySide6.QtCore import Qt

from editor_helpers import SCREENSHOTS, wait_validated
from gridsmith.editor.core.textview import TextEditor, apply_fix, token_span
from gridsmith.editor.pendulous.art import seat_of, type_of
from gridsmith.editor.pendulous.scenario_editor import PendulousEditor
from tests.qt_fixtures import settle


def _shot(tmp_path, name):
    return (SCREENSHOTS if os.environ.get("GRIDSMITH_SCREENSHOTS") == "1" else tmp_path) / name


def _broken(duel, short_row=True):
    """The duel with `turns:` typo'd as `turn:` and (optionally) row 2 one square short."""
    text = duel.read_text()
    text = text.replace("  turns: 12", "  turn: 12")
    if short_row:
        text = text.replace('  - "~1A111222222"', '  - "~1A11122222"')
    duel.write_text(text)
    return text


def _item(panel, code):
    tree = panel.tree
    return next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(1) == code)


def test_a_typod_key_opens_in_the_text_view_with_every_stages_findings(qtbot, window, duel, tmp_path):
    text = _broken(duel)
    ed = window.open_file(duel)
    assert isinstance(ed, TextEditor) and ed.edit.toPlainText() == text
    assert not ed.reads and not ed.document.modified
    codes = {d.code: d for d in ed.problems()}
    # structure (S301/S302) and, read as the suggestion says, the semantic stage (PND401) too
    assert {"S301", "S302", "PND401"} <= set(codes)
    assert "did you mean 'turns'" in codes["S301"].message
    assert (codes["S301"].line, codes["S301"].col) == (40, 3)
    # the ragged row's problem is at the row's end: row 2 is line 45, its 11 squares end at column 17
    line = text.splitlines()[44]
    assert (codes["PND401"].line, codes["PND401"].col) == (45, line.index('"') + 2 + 11)
    panel = window.docks["problems"].widget()
    assert panel is ed.problems_panel and panel.summary.text() == "3 errors, 0 warnings"
    assert "cannot be shown in the visual editor" in ed.banner.text() and not ed.switch_button.isVisible()
    assert window.problem_label.text() == "3 errors, 0 warnings"
    # a click on a problem puts the cursor on its line and column
    panel.tree.itemClicked.emit(_item(panel, "PND401"), 2)
    cur = ed.edit.textCursor()
    assert (cur.blockNumber() + 1, cur.positionInBlock() + 1) == (45, codes["PND401"].col)
    assert "Line 45" in window.cell_label.text()
    window.resize(1024, 700)
    settle(qtbot, window)
    assert window.grab().save(str(_shot(tmp_path, "text-view.png")))


def test_a_warning_is_not_hidden_by_a_structure_error(qtbot, window, duel):
    text = duel.read_text().replace("  turns: 12", "  turnz: 12").replace("version: 1", "version: 1\nextra: 3")
    duel.write_text(text)
    ed = window.open_file(duel)
    assert isinstance(ed, TextEditor)
    codes = [d.code for d in ed.problems()]
    assert codes.count("S301") == 2  # `turnz` (did you mean turns?) and `extra` (no suggestion: left out)
    # a red square among gray land cannot trace supply (manual 2.8): a warning of the semantic stage
    text = ed.edit.toPlainText().replace('"~~111122222~"', '"~~111122212~"')
    ed.edit.setPlainText(text)
    problems = ed.validate_now()
    (warning,) = [d for d in problems if d.severity.value == "warning"]
    assert warning.code == "PND503" and warning.line == 45  # one line was added above the map
    assert ed.problems_panel.summary.text() == "3 errors, 1 warning"


def test_the_one_click_fix_then_the_visual_editor(qtbot, window, duel):
    _broken(duel, short_row=False)
    ed = window.open_file(duel)
    index = window.tabs.indexOf(ed)
    (button,) = ed.problems_panel.fix_buttons()
    assert button.text() == "Use “turns”"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # the text reads now: the tab is the Pendulous editor, in the same place, with the text as fixed
    new = window.current_editor()
    assert isinstance(new, PendulousEditor) and window.tabs.indexOf(new) == index
    assert new.document.model.settings.turns == 12 and new.document.path == duel
    assert new.document.modified  # the fix is not saved yet
    assert "turn: 12" in duel.read_text()
    assert window.save(new)
    saved = duel.read_text()
    assert "  turns: 12" in saved and "# Two Fords" in saved  # comments kept


def test_typing_a_fix_offers_the_visual_editor(qtbot, window, duel):
    _broken(duel, short_row=False)
    ed = window.open_file(duel)
    cursor = ed.edit.document().find("turn:")
    cursor.insertText("turns:")  # as typed: one edit in the text
    ed.validate_now()
    assert ed.reads and ed.switch_button.isVisibleTo(ed) and "reads now" in ed.banner.text()
    assert ed.document.modified and window.tabs.tabText(0).endswith("*")
    qtbot.mouseClick(ed.switch_button, Qt.MouseButton.LeftButton)
    assert isinstance(window.current_editor(), PendulousEditor)
    assert window.current_editor().document.modified


def test_a_text_view_saves_its_text_and_warns_about_errors(qtbot, window, duel, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    _broken(duel, short_row=False)
    ed = window.open_file(duel)
    ed.edit.appendPlainText("# still working on it")
    asked = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Save)
    assert window.save(ed)
    assert "2 errors" in asked[0]
    assert duel.read_text().rstrip().endswith("# still working on it") and not ed.document.modified


def test_a_yaml_syntax_error_opens_as_text_too(qtbot, window, tmp_path):
    bad = tmp_path / "bad.scn.yaml"
    bad.write_text("kind: pendulous.scenario\nversion: 1\nname: [unclosed\n")
    ed = window.open_file(bad)
    assert isinstance(ed, TextEditor)
    assert ed.problems()[0].line >= 3 and ed.problems()[0].is_error


def test_quick_fix_replaces_exactly_the_scalar():
    assert token_span("  turn: 12", 2) == (2, 6)
    assert token_span('kind: "pendulus.scenario"  # x', 6) == (6, 25)
    assert token_span("kind: pendulus.scenario  # note", 6) == (6, 23)
    assert apply_fix("a: 1\n  turn: 12 # c\n", 2, 3, "turns") == "a: 1\n  turns: 12 # c\n"


def test_a_missing_square_is_nobodys_and_no_value():
    # `"" in "ABCD"` is True in Python: the missing square of a ragged row was a red city
    assert seat_of("") is None and type_of("") == "invalid"
    assert seat_of("A") == 1 and type_of("A") == "city"


def test_a_ragged_row_in_the_visual_editor_says_missing(qtbot, window, duel):
    duel.write_text(duel.read_text().replace('  - "~1A111222222"', '  - "~1A11122222"'))
    ed = window.open_file(duel)
    assert isinstance(ed, PendulousEditor)
    (p,) = [p for p in wait_validated(qtbot, ed) if p.code == "PND401"]
    assert p.path == ("map", 1, 11)
    assert ed.describe_cell(11, 1) == "Column 12, row 2: missing: the row is too short"


def test_a_typod_kind_is_one_click_from_the_visual_editor(qtbot, window, duel):
    duel.write_text(duel.read_text().replace("kind: pendulous.scenario", "kind: pendulus.scenario"))
    ed = window.open_file(duel)
    assert isinstance(ed, TextEditor) and ed.document.kind == ""
    (d,) = [d for d in ed.problems() if d.code == "K202"]
    (button,) = ed.problems_panel.fix_buttons()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert isinstance(window.current_editor(), PendulousEditor)
    assert window.current_editor().document.to_text().count("kind: pendulous.scenario") == 1


def test_typing_is_checked_off_the_gui_thread(qtbot, window, duel, monkeypatch):
    """Issue 28: the text view re-checks while typing on a worker thread (the live validator's pool),
    so a keystroke never waits for a check; only the check of the latest text is published."""
    import threading

    from PySide6.QtTest import QTest

    from gridsmith.editor.core import textview

    _broken(duel, short_row=False)
    ed = window.open_file(duel)
    assert not ed.reads
    threads, real = [], textview.check_text

    def recording(*a, **k):
        threads.append(threading.current_thread())
        return real(*a, **k)

    monkeypatch.setattr(textview, "check_text", recording)
    found = ed.edit.document().find("turn:")  # selects it: its position is after the colon
    cursor = ed.edit.textCursor()
    cursor.setPosition(found.position() - 1)  # just after "turn", before ":"
    ed.edit.setTextCursor(cursor)
    ed.edit.setFocus()
    QTest.keyClicks(ed.edit, "s")  # typed: "turns:"
    assert threads == []  # the keystroke did not check
    qtbot.waitUntil(lambda: ed.reads, timeout=10000)
    assert threads and all(t is not threading.main_thread() for t in threads)
    assert ed.switch_button.isVisibleTo(ed) and "reads now" in ed.banner.text()
    QTest.keyClick(ed.edit, Qt.Key.Key_Backspace)  # "turn:" again: it no longer reads
    qtbot.waitUntil(lambda: not ed.reads, timeout=10000)
    assert all(t is not threading.main_thread() for t in threads)
