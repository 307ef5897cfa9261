"""Issue 30, the designer's loop across games: what a newcomer hits in the first ten minutes, each
driven through real widgets (key presses and mouse clicks through QTest)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from editor_helpers import ROOT
from tests.qt_fixtures import dispose_window, new_window, settle

GAMES = ROOT / "content"


# ---- 1. the zoom readout -------------------------------------------------------------------------------
def test_zoom_readout_is_right_when_a_file_opens_and_fit_reads_the_same(qtbot, tmp_path):
    """The second start (the dock layout restored) laid the docks out while the tab was inserted: the
    view fitted itself at 180% before the readout listened, then shrank to 112% unheard."""
    first = new_window(qtbot, tmp_path)
    first.open_file(GAMES / "circuitwar" / "duel.scn.yaml")
    settle(qtbot, first)
    first.save_layout()
    dispose_window(first)

    w = new_window(qtbot, tmp_path)
    try:
        ed = w.open_file(GAMES / "circuitwar" / "duel.scn.yaml")
        settle(qtbot, w)
        opened = w.zoom_label.text()
        assert opened == f"{ed.view.zoom * 100:.0f}%"
        QTest.keyClick(w, Qt.Key.Key_9, Qt.KeyboardModifier.ControlModifier)  # View > Fit Map
        assert w.zoom_label.text() == opened  # the view already showed the whole map
        QTest.keyClick(w, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
        assert w.zoom_label.text() == f"{ed.view.zoom * 100:.0f}%" != opened
    finally:
        dispose_window(w)


def test_a_form_tab_shows_no_zoom(qtbot, window):
    window.open_file(GAMES / "circuitwar" / "duel.scn.yaml")
    settle(qtbot, window)
    assert window.zoom_label.text().endswith("%")
    window.open_file(GAMES / "pyramids" / "sample.scn.yaml")  # a form: no canvas
    settle(qtbot, window)
    assert window.zoom_label.text() == ""
    QTest.keyClick(window.tabs.tabBar(), Qt.Key.Key_Left)  # back to the canvas tab
    assert window.tabs.currentIndex() == 0
    assert window.zoom_label.text() == f"{window.current_editor().view.zoom * 100:.0f}%"


# ---- 5. the Where column names a place -------------------------------------------------------------------
def test_where_column_names_a_place_a_person_finds(qtbot, window, tmp_path):
    """KB412 (a team without an entry hex) is about the whole grid: its Where said only "rows"."""
    from editor_helpers import wait_validated

    text = (GAMES / "kongbots" / "pit.arena.yaml").read_text().replace("B", ".")
    arena = tmp_path / "noentry.arena.yaml"
    arena.write_text(text)
    ed = window.open_file(arena)
    problems = wait_validated(qtbot, ed)
    assert [p.code for p in problems if p.code == "KB412"] == ["KB412"]
    tree = ed.problems_panel.tree
    row = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(1) == "KB412")
    assert row.text(3) == "rows (all 11)"


def test_place_text_reads_keys_and_indices():
    from gridsmith.editor.core.problems import place_text

    model = {"teams": [{"bots": [{"build": "x"}, {"build": "y"}]}]}
    assert place_text(("teams", 0, "bots", 1, "build"), model) == "teams[0].bots[1].build"
    assert place_text(("teams", 0, "bots"), model) == "teams[0].bots (all 2)"
    assert place_text((), model) == "the whole file"


# ---- 2. undo and redo from any focus ------------------------------------------------------------------------
def _click_problem(qtbot, ed, code: str) -> None:
    tree = ed.problems_panel.tree
    item = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(1) == code)
    tree.scrollToItem(item)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def _keys(combo: str) -> None:
    """Press a shortcut on whatever has the focus now, as a person would."""
    mods = Qt.KeyboardModifier.ControlModifier
    if "Shift" in combo:
        mods |= Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(QApplication.focusWidget(), getattr(Qt.Key, f"Key_{combo[-1]}"), mods)


def test_undo_and_redo_act_on_the_document_after_a_problem_moved_the_focus(qtbot, window, duel):
    from editor_helpers import drag

    duel.write_text(duel.read_text().replace("name: Gray Army", "name: Red Army"))  # PND410: the same name twice
    ed = window.open_file(duel)
    settle(qtbot, window)
    before = ed.document.cell(1, 1)
    ed.palette_panel.player_buttons[1].click()
    drag(ed.view, [(1, 1), (2, 1)])
    painted = ed.document.cell(1, 1)
    assert painted != before
    qtbot.waitUntil(lambda: any(p.code == "PND410" for p in ed.problems()) and ed.validator.problems is ed.problems()
                    and not ed.validator._timer.isActive())
    _click_problem(qtbot, ed, "PND410")
    field = QApplication.focusWidget()
    assert field is ed.settings_panel.fields[("players", 0, "name")] or \
        field is ed.settings_panel.fields[("players", 1, "name")]  # a form field has the focus

    _keys("Z")  # Ctrl+Z: the map, not the field
    assert ed.document.cell(1, 1) == before
    _keys("Shift+Z")
    assert ed.document.cell(1, 1) == painted
    _keys("Z")
    _keys("Y")
    assert ed.document.cell(1, 1) == painted

    # typing in the field: Ctrl+Z undoes the typing first (nothing committed yet) ...
    QTest.keyClick(field, Qt.Key.Key_End)
    QTest.keyClicks(field, "s")
    _keys("Z")
    assert field.text().endswith("Army") and ed.document.cell(1, 1) == painted
    # ... and once Return committed the name, Ctrl+Z undoes the rename, then the map
    QTest.keyClicks(field, " II")
    QTest.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(p.name.endswith(" II") for p in ed.document.model.players))
    _keys("Z")
    assert not any(p.name.endswith(" II") for p in ed.document.model.players)
    _keys("Z")
    assert ed.document.cell(1, 1) == before


# ---- 4. closing a play window in the middle of a game asks -------------------------------------------------
def _answer(qtbot, text: str, seen: list) -> None:
    """Click the button `text` of the message box that is about to open (as a person would)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox, QPushButton

    def poll() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, poll)
            return
        seen.append(box.text())
        button = next(b for b in box.findChildren(QPushButton) if b.text().replace("&", "") == text)
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, poll)


def _pendulous_window(qtbot, seats, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from gridsmith.editor.core.play_provider import provider_class
    from gridsmith.editor.core.playwindow import PlayWindow
    from gridsmith.formats.loader import load_file

    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)  # Pendulous' end-of-turn score
    duel = GAMES / "pendulous" / "duel.scn.yaml"
    w = PlayWindow(provider_class("pendulous"), load_file(duel).model, seats, 5, base=duel.parent, agent_seed=9,
                   pace="fast", settings={"end_turn_dialog": False})
    w.resize(1024, 700)
    w.show()
    w.activateWindow()  # as a person's click on it would
    qtbot.waitActive(w)
    return w


def test_closing_a_game_in_progress_asks_and_a_finished_game_closes(qtbot, monkeypatch):
    from editor_helpers import click

    w = _pendulous_window(qtbot, ["human", "greedy"], monkeypatch)
    w.begin()
    click(w.provider.view, 4, 1)  # Red places an army and ends the turn: moves that closing would lose
    QTest.mouseClick(w.provider.end_turn_btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(w.is_human_turn, timeout=20000)
    assert w.match.steps
    seen: list = []
    _answer(qtbot, "Cancel", seen)
    QTest.keyClick(w, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)  # File > Back to the Editor
    assert seen and "not finished" in seen[0]
    assert w.isVisible()  # Cancel: still playing
    w.activateWindow()  # offscreen, no window is active after a dialog closes (a window manager gives it back)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    _answer(qtbot, "Close Without Saving", seen)
    QTest.keyClick(w, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert len(seen) == 2 and not w.isVisible()
    w.deleteLater()

    done = _pendulous_window(qtbot, ["greedy", "random"], monkeypatch)
    done.begin()
    qtbot.waitUntil(lambda: done.state.is_over, timeout=60000)
    QTest.keyClick(done, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)  # no question: nothing to lose
    assert not done.isVisible()
    done.deleteLater()


def test_the_editor_asks_for_a_game_in_progress_when_its_tab_closes(qtbot, window, monkeypatch):
    from editor_helpers import click
    from gridsmith.editor.core.play_provider import provider_class
    from gridsmith.editor.core.playwindow import open_play_window

    monkeypatch.setattr("PySide6.QtWidgets.QMessageBox.information", lambda *a, **k: None)
    ed = window.open_file(GAMES / "pendulous" / "duel.scn.yaml")
    pw = open_play_window(window, provider_class("pendulous"), ed.document.snapshot(), ["human", "greedy"], seed=5, source_editor=ed, pace="fast",
                          settings={"end_turn_dialog": False}, scenario_file=ed.document.path)
    click(pw.provider.view, 4, 1)
    QTest.mouseClick(pw.provider.end_turn_btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(pw.is_human_turn, timeout=20000)
    seen: list = []
    _answer(qtbot, "Cancel", seen)
    QTest.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)  # the editor's File > Close
    assert seen and window.editors() == [ed] and pw.isVisible()


def test_a_play_window_deleted_while_the_computer_thinks_does_not_abort(qtbot, monkeypatch):
    """The agent's thread was the window's child: deleting the window destroyed a running QThread,
    which aborts the program. Now the thread runs on, unheard, and deletes itself when done."""
    import threading

    from gridsmith.editor.core import agentworker

    w = _pendulous_window(qtbot, ["greedy", "greedy"], monkeypatch)
    started, release = threading.Event(), threading.Event()
    for agent in w.match.players:
        real = agent.choose

        def slow(view, legal, rng, real=real):
            started.set()
            release.wait(30)
            return real(view, legal, rng)

        agent.choose = slow
    w.begin()
    assert started.wait(10)
    assert w.worker is not None and w.worker.parent() is None
    w.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # gone while the agent thinks
    release.set()
    qtbot.waitUntil(lambda: agentworker.running() == 0, timeout=10000)


# ---- 3. references are picked, not typed -------------------------------------------------------------------
def _status(qtbot, field) -> str:
    """What the field says of the referenced file, once checked (on a worker thread)."""
    qtbot.waitUntil(field.status_ready, timeout=20000)
    return field.status.text()


def _pick(qtbot, combo, text: str) -> None:
    """Open the combo's list with a click on its arrow and choose `text` with the keys, as a person would."""
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    opt = QStyleOptionComboBox()
    combo.initStyleOption(opt)
    arrow = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                         QStyle.SubControl.SC_ComboBoxArrow, combo)
    QTest.mouseClick(combo, Qt.MouseButton.LeftButton, pos=arrow.center())
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    QTest.qWait(QApplication.doubleClickInterval() + 50)  # a release this soon after opening is ignored (Qt)
    items = [combo.itemText(i) for i in range(combo.count())]
    assert text in items, items
    index = combo.model().index(items.index(text), 0)
    view.scrollTo(index)  # a long list (every Kongbots build) shows ten items at a time
    QTest.mouseMove(view.viewport(), view.visualRect(index).center())
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())
    qtbot.waitUntil(lambda: not view.isVisible())


def test_a_reference_is_picked_from_the_files_that_exist_with_their_problems_beside_it(qtbot, window, tmp_path):
    import shutil

    scenario = tmp_path / "sample.scn.yaml"
    shutil.copy(GAMES / "pyramids" / "sample.scn.yaml", scenario)
    broken = (GAMES / "pyramids" / "default.board.yaml").read_text().replace('  - "P.DDDPDDD.P"', '  - "P.DDDPDDD"')
    (tmp_path / "castle.board.yaml").write_text(broken)
    ed = window.open_file(scenario)
    settle(qtbot, window)
    field = ed.board
    assert _status(qtbot, field) == "✔ ok"

    _pick(qtbot, field.combo, "castle.board.yaml")  # the project's file, listed beside the bundled names
    assert ed.document.model.board == "castle.board.yaml"
    assert _status(qtbot, field).startswith("✖ 1 error: line ")  # its problems beside it

    _pick(qtbot, field.combo, "default")
    assert ed.document.model.board == "default" and _status(qtbot, field) == "✔ ok"

    # typed by hand still works, and says at once what is wrong
    QTest.mouseClick(field.combo.lineEdit(), Qt.MouseButton.LeftButton)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(QApplication.focusWidget(), "nowhere")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert ed.document.model.board == "nowhere"
    assert "is not bundled content" in _status(qtbot, field)
    _keys("Z")  # committed: Ctrl+Z is the document's
    assert ed.document.model.board == "default"

    # Ctrl+click opens the referenced file in its own tab
    QTest.mouseClick(field.combo.lineEdit(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier)
    assert window.current_editor().document.path == (GAMES / "pyramids" / "default.board.yaml").resolve()

    # a referenced file edited elsewhere: back on the tab, the field says so
    window.tabs.setCurrentWidget(ed)
    _pick(qtbot, field.combo, "castle.board.yaml")
    assert _status(qtbot, field).startswith("✖ 1 error")
    QTest.keyClick(window.tabs.tabBar(), Qt.Key.Key_Right)  # the board's tab
    (tmp_path / "castle.board.yaml").write_text((GAMES / "pyramids" / "default.board.yaml").read_text())  # fixed
    QTest.keyClick(window.tabs.tabBar(), Qt.Key.Key_Left)  # back to the scenario
    assert _status(qtbot, field) == "✔ ok"


def test_browse_writes_the_chosen_file_relative_to_the_scenario(qtbot, window, tmp_path, monkeypatch):
    import shutil

    from PySide6.QtWidgets import QFileDialog

    scenario = tmp_path / "sample.scn.yaml"
    shutil.copy(GAMES / "pyramids" / "sample.scn.yaml", scenario)
    (tmp_path / "sets").mkdir()
    shutil.copy(GAMES / "pyramids" / "default.pieceset.yaml", tmp_path / "sets" / "mine.pieceset.yaml")
    asked = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda parent, title, start, filt: asked.append(start) or (str(tmp_path / "sets" / "mine.pieceset.yaml"), ""))
    ed = window.open_file(scenario)
    settle(qtbot, window)
    field = next(iter(ed.sides.values())).pieceset
    _pick(qtbot, field.combo, "Browse…")
    assert asked == [str(tmp_path)]
    assert "sets/mine.pieceset.yaml" in [s.pieceset for s in ed.document.model.sides.values()]
    assert _status(qtbot, field) == "✔ ok"


def test_every_declared_reference_field_is_a_picker(qtbot, window):
    """Each game's forms: every reference field declared in formats/<game>/refs.py that the form shows
    is a RefField (the Pendulum decks: a RefField per deck)."""
    from gridsmith.editor.core.reffield import RefField

    expected = {"pyramids/sample.scn.yaml": {"board", "piece set", "setup library"},
                "kongbots/scout-duel.scn.yaml": {"arena", "ruleset", "build"},
                "pendulum/duel.scn.yaml": {"ruleset", "board", "leader", "deck"},
                "pendulous/duel.scn.yaml": {"ruleset"}}
    for name, labels in expected.items():
        ed = window.open_file(GAMES / name)
        fields = [f for w in (ed, *(p.widget for p in ed.panels())) for f in w.findChildren(RefField)]
        assert {f.reference.label for f in fields} >= labels, name


def test_pendulum_decks_are_picked_one_by_one(qtbot, window, tmp_path):
    import shutil

    scenario = tmp_path / "duel.scn.yaml"
    shutil.copy(GAMES / "pendulum" / "duel.scn.yaml", scenario)
    ed = window.open_file(scenario)
    settle(qtbot, window)
    decks = ed.decks
    assert [r.text() for r in decks.rows] == ["default"] and _status(qtbot, decks.rows[0]) == "✔ ok"
    QTest.mouseClick(decks.add_button, Qt.MouseButton.LeftButton)  # Add deck: a second row, its list open
    combo = decks.rows[1].combo
    qtbot.waitUntil(combo.view().isVisible)
    combo.hidePopup()
    qtbot.waitUntil(lambda: not combo.view().isVisible())
    window.activateWindow()  # offscreen, the closed list keeps the activation (a window manager gives it back)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    QTest.mouseClick(combo.lineEdit(), Qt.MouseButton.LeftButton)  # type the name instead
    qtbot.waitUntil(lambda: QApplication.focusWidget() is combo)
    QTest.keyClicks(QApplication.focusWidget(), "nowhere")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert ed.document.model.decks == ["default", "nowhere"]
    assert _status(qtbot, decks.rows[1]).startswith("✖")
    _keys("Z")
    assert ed.document.model.decks == ["default"]


def test_the_rulesets_and_piece_sets_without_a_field_have_one(qtbot, window):
    from gridsmith.editor.core.reffield import RefField

    for name, label in (("circuitwar/duel.scn.yaml", "ruleset"), ("kongbots/scout-raider.bot.yaml", "ruleset"),
                        ("pyramids/default.setups.yaml", "piece set")):
        ed = window.open_file(GAMES / name)
        fields = [f for w in (ed, *(p.widget for p in ed.panels())) for f in w.findChildren(RefField)]
        field = next(f for f in fields if f.reference.label == label)
        assert field.text() == "default" and _status(qtbot, field) == "✔ ok", name
