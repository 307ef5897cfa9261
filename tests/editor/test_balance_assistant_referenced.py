"""Tools > Balance Assistant…, Apply of a proposal that changes a file the scenario refers to (issue 33
item 2): the scenario's change is one undo step of the scenario, the arena's is made in the arena's tab
(opened for it) as one undo step there, the file unsaved in its tab and untouched on disk. The search
is replaced by a fixed report (its search is tested in test_balance_assistant_dialog.py)."""
from __future__ import annotations

from PySide6.QtCore import Qt

from gridsmith.editor.core.balance_assistant import undo_text
from gridsmith.engine.core.assistant import Proposal, Report
from gridsmith.engine.core.edits import Referenced, combine, file_problems, valid_edit
from gridsmith.engine.core.games import get
from gridsmith.engine.core.simulate import GameRecord, summarize
from gridsmith.formats.loader import load_model
from tests.core.test_edits_referenced import kongbots_copy, lopsided
from tests.qt_fixtures import settle

ARENA = "diamond.arena.yaml"


def _proposal(f):
    """A bot's build swapped in the scenario and a wall added to the arena file, as one proposal."""
    model, _, _ = load_model(f)
    edits = list(get("kongbots").edit_space(model, lopsided(2), f))
    build = next(e for e in edits if e.files == (None,))
    wall = next(e for e in edits if e.files == (ARENA,) and "a wall at" in e.label)
    edit = combine([build, wall])
    edited = valid_edit(model, edit, f, frozenset(file_problems(model, f)), Referenced(f))
    assert edited is not None
    s = summarize([GameRecord(i, 0, ("greedy",) * 2, (i % 2,), (0.0, 0.0), 10, 1, 0.1) for i in range(20)], 2)
    return Report(["Red", "Blue"], before=s, candidates=1, proposals=[Proposal(edit, s, s, 20, True, edited)],
                  games=60)


def test_apply_changes_the_referenced_file_in_its_tab(qtbot, window, tmp_path):
    f = kongbots_copy(tmp_path)
    arena_text = (tmp_path / ARENA).read_text()
    ed = window.open_file(f)
    dlg = window.balance_assistant()
    report = _proposal(f)
    dlg._done(report)  # what a finished search shows
    p = report.proposals[0]
    rect = dlg.proposals.visualItemRect(dlg.proposals.item(0))
    qtbot.mouseClick(dlg.proposals.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert ARENA in dlg.detail.text()  # the proposal names the file it changes
    tabs = len(window.editors())
    undo = ed.document.undo_stack.count()
    qtbot.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    # the scenario: one undo step
    assert ed.document.undo_stack.count() == undo + 1
    assert ed.document.undo_stack.undoText() == undo_text(p.edit.label)
    build = next(c for c in p.edit.changes if c.file is None)
    assert ed.document.snapshot().teams[build.path[1]].bots[build.path[3]].build == build.after
    # the arena: opened in a tab of its own, edited there as one undo step, unsaved
    assert len(window.editors()) == tabs + 1
    arena_ed = next(e for e in window.editors() if e.document.path == (tmp_path / ARENA).resolve())
    assert arena_ed.document.undo_stack.count() == 1
    assert arena_ed.document.undo_stack.undoText() == undo_text(p.edit.label)
    rows = arena_ed.document.snapshot().rows
    assert all(rows[c.path[1]] == c.after for c in p.edit.changes if c.file == ARENA)
    assert arena_ed.document.modified
    assert (tmp_path / ARENA).read_text() == arena_text  # nothing written
    assert window.current_editor() is ed  # the scenario stays in front
    assert ARENA in dlg.status.text() and "unsaved" in dlg.status.text()
    # Edit > Undo in the arena's tab takes its change back
    window.tabs.setCurrentWidget(arena_ed)
    window.act_undo.trigger()
    assert arena_ed.document.undo_stack.index() == 0
    assert arena_ed.document.snapshot().rows == load_model(tmp_path / ARENA)[0].rows
    settle(qtbot, dlg)


def test_apply_refuses_a_referenced_file_changed_since_the_search(qtbot, window, tmp_path):
    f = kongbots_copy(tmp_path)
    ed = window.open_file(f)
    report = _proposal(f)
    arena_ed = window.open_file(tmp_path / ARENA)
    wall = next(c for c in report.proposals[0].edit.changes if c.file == ARENA)
    model = arena_ed.document.snapshot()
    model.rows[wall.path[1]] = "#" * len(model.rows[wall.path[1]])  # edited in its tab meanwhile
    arena_ed.document.replace_model(model)
    window.tabs.setCurrentWidget(ed)
    dlg = window.balance_assistant()
    dlg._done(report)
    undo = ed.document.undo_stack.count()
    qtbot.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    assert "Not applied" in dlg.status.text() and ARENA in dlg.status.text()
    assert ed.document.undo_stack.count() == undo and arena_ed.document.undo_stack.count() == 0  # all or none
    settle(qtbot, dlg)
