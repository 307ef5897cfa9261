"""Issue 30, session 38: what a newcomer still hit in the first ten minutes with Kongbots, Pyramids,
Pendulous and Pendulum, each driven through real widgets (key presses and mouse clicks through QTest)."""
from __future__ import annotations

import shutil

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from editor_helpers import ROOT
from test_designer_loop import _keys, _pick, _status
from tests.qt_fixtures import settle

GAMES = ROOT / "content"


# ---- a Kongbots team's builds are references like every other ------------------------------------------------
def _click_row(panel, row: int, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    lst = panel.list
    QTest.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, modifier, lst.visualItemRect(lst.item(row)).center())


def test_a_kongbots_build_is_picked_with_its_problems_beside_it_and_opens_on_ctrl_click(qtbot, window, tmp_path):
    shutil.copy(GAMES / "kongbots" / "warrior-skirmish.scn.yaml", tmp_path)  # its builds are bundled names
    broken = (GAMES / "kongbots" / "warrior-raider.bot.yaml").read_text("utf-8").replace("chassis: warrior",
                                                                                          "chassis: titan")
    (tmp_path / "mine.bot.yaml").write_text(broken, "utf-8")
    ed = window.open_file(tmp_path / "warrior-skirmish.scn.yaml")
    settle(qtbot, window)
    a = ed.teams.teams[0]
    field = a.build

    _click_row(a, 1)  # the second Kongbot: its build in the field, checked
    assert a.list.currentRow() == 1
    assert field.text() == "warrior-sniper" and _status(qtbot, field) == "✔ ok"

    _pick(qtbot, field.combo, "mine.bot.yaml")  # a build file that exists, from the list
    assert [e.build for e in ed.document.model.teams[0].bots] == ["warrior-brawler", "mine.bot.yaml"]
    assert ed.document.model.teams[0].bots[1].name == "Eye"  # the call sign stays
    assert _status(qtbot, field).startswith("✖ 1 error: line ")  # the build's own problems beside it
    assert a.list.currentRow() == 1 and field.text() == "mine.bot.yaml"

    _keys("Z")  # one undo step of the scenario
    assert [e.build for e in ed.document.model.teams[0].bots] == ["warrior-brawler", "warrior-sniper"]
    assert field.text() == "warrior-sniper"

    # typed by hand: committed with Return, and an emptied field is put back (a Kongbot needs a build)
    QTest.mouseClick(field.combo.lineEdit(), Qt.MouseButton.LeftButton)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Delete)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert ed.document.model.teams[0].bots[1].build == "warrior-sniper" and field.text() == "warrior-sniper"
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(QApplication.focusWidget(), "warrior-raider")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert ed.document.model.teams[0].bots[1].build == "warrior-raider"

    # Ctrl+click in the field opens the build in its own tab
    QTest.mouseClick(field.combo.lineEdit(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier)
    assert window.current_editor().document.path == (GAMES / "kongbots" / "warrior-raider.bot.yaml").resolve()

    # ... and so does Ctrl+click on a row of the team
    window.tabs.setCurrentWidget(ed)
    b = ed.teams.teams[1]
    _click_row(b, 1, Qt.KeyboardModifier.ControlModifier)
    assert b.list.currentRow() == 1
    assert ed.document.model.teams[1].bots[1].build == "warrior-sniper"
    assert window.current_editor().document.path == (GAMES / "kongbots" / "warrior-sniper.bot.yaml").resolve()


def _pyramids_play(qtbot, window, tmp_path, first: str | None = None):
    """The sample scenario copied and played at 1024x700 (the play window, no seat dialog)."""
    shutil.copy(GAMES / "pyramids" / "sample.scn.yaml", tmp_path)
    ed = window.open_file(tmp_path / "sample.scn.yaml")
    if first is not None:
        ed.document.model.options.first = first
    w = ed.play(None)
    w.new_game(12345)
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    qtbot.waitExposed(w)
    return w


# ---- Pyramids: the hover text says what an 8 beats in words a person reads ---------------------------------
def test_pyramids_hover_over_an_antelope_does_not_say_numbers_8_to_8(qtbot, window, tmp_path):
    from editor_helpers import move as hover

    w = _pyramids_play(qtbot, window, tmp_path)
    pv, s = w.provider, w.state
    said = {}
    for ch in ("8", "5"):
        sq = next(q for q in range(len(s.side_at)) if s.side_at[q] == 0 and pv.cells[q] == (0, ch))
        hover(pv.view, sq % 11, sq // 11, buttons=Qt.MouseButton.NoButton)
        said[ch] = pv.square_label.text()
    assert "it beats another 8, the cobra and the pyramid" in said["8"] and "8 to 8" not in said["8"]
    assert "it beats numbers 5 to 8, the cobra" in said["5"]
    w.close()


# ---- Pyramids setups: a problem about one square says which square ---------------------------------------------
def test_a_setup_problem_about_a_square_names_it_as_the_status_bar_does(qtbot, window, tmp_path):
    from editor_helpers import click, wait_validated
    from editor_helpers import move as hover

    shutil.copy(GAMES / "pyramids" / "default.setups.yaml", tmp_path)
    ed = window.open_file(tmp_path / "default.setups.yaml")
    settle(qtbot, window)
    ed.view.setFocus()
    QTest.keyClick(ed.view, Qt.Key.Key_E)  # the eraser
    click(ed.view, 0, 0)  # the front row's first square, emptied
    said: list[str] = []
    ed.statusMessage.connect(said.append)
    hover(ed.view, 0, 0, buttons=Qt.MouseButton.NoButton)
    assert said[-1] == "front row, column 1: empty"
    problems = wait_validated(qtbot, ed)
    assert [p.code for p in problems] == ["PYR409"]
    tree = ed.problems_panel.tree
    assert tree.topLevelItem(0).text(3) == "setup 'Corner fortress' › front row, column 1"  # not "› rows"


# ---- Pendulum: once the worker is placed, the status bar no longer says it is selected --------------------------
def test_pendulum_status_bar_forgets_the_selection_once_the_worker_is_placed(qtbot):
    from tests.pendulum.test_pendulum_play import window as play_window
    from tests.pendulum.test_pendulum_play_input import LEFT, human_to_place, spot, top

    w = play_window(qtbot, ["human", "greedy"])
    w.begin()
    view = w.provider.view
    wid, spaces = human_to_place(qtbot, w)
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, spot(view, 0, wid))
    assert w.statusBar().currentMessage().startswith(f"{wid} selected:")
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, top(view, sorted(spaces)[0]))
    assert w.state.state.worker(0, wid).space == sorted(spaces)[0]
    assert "selected" not in w.statusBar().currentMessage()  # it said "w1 selected: click …" for ten seconds


# ---- Pendulum at 1024x700: the other actions read whole, not cut at the list's edge ----------------------------
def test_pendulum_other_actions_wrap_in_the_side_panel_at_1024x700(qtbot):
    from tests.pendulum.test_pendulum_play import window as play_window
    from tests.pendulum.test_pendulum_play_input import LEFT, human_to_place, spot, top

    w = play_window(qtbot, ["human", "greedy"])
    w.resize(1024, 700)
    w.begin()
    view, lst = w.provider.view, w.provider.actions
    for _ in range(2):  # the opening: place both white workers by clicks
        wid, spaces = human_to_place(qtbot, w)
        view.grab()
        QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, spot(view, 0, wid))
        QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, top(view, sorted(spaces)[0]))
    qtbot.waitUntil(lambda: lst.count() > 0, timeout=10000)
    settle(qtbot, w)
    texts = [lst.item(i).text() for i in range(lst.count())]
    longest = max(texts, key=lambda t: lst.fontMetrics().horizontalAdvance(t))
    assert lst.fontMetrics().horizontalAdvance(longest) > lst.viewport().width()  # it would not fit on one line
    assert not lst.horizontalScrollBar().isVisible()
    for i in range(lst.count()):
        rect = lst.visualItemRect(lst.item(i))
        assert rect.right() <= lst.viewport().width(), texts[i]
    assert lst.visualItemRect(lst.item(texts.index(longest))).height() >= 2 * lst.fontMetrics().height()  # wrapped
    w.close()


# ---- Pendulum board editor: the reward's "Add ▾" shows one arrow, not two --------------------------------------
def test_pendulum_reward_add_button_has_one_arrow_and_opens_its_menu(qtbot, window, tmp_path):
    shutil.copy(GAMES / "pendulum" / "default.board.yaml", tmp_path)
    ed = window.open_file(tmp_path / "default.board.yaml")
    settle(qtbot, window)
    button = ed.inspector.reward.add_button
    assert button.text() == "Add ▾"
    img = button.grab().toImage()
    w, h = img.width(), img.height()
    corner = [img.pixelColor(x, y) for x in range(w - 10, w - 2) for y in range(h // 2, h - 2)]
    assert sum(c.lightness() < 120 for c in corner) <= 2  # the style's own menu arrow was drawn there too
    from PySide6.QtCore import QTimer

    seen: list[bool] = []

    def close_menu() -> None:  # the menu runs its own loop until it is closed
        if not button.menu().isVisible():
            QTimer.singleShot(20, close_menu)
            return
        seen.append(True)
        button.menu().hide()

    QTimer.singleShot(0, close_menu)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)  # still a menu
    qtbot.waitUntil(lambda: seen == [True])


# ---- the balance lab opened while the document cannot start draws hexes once it can ----------------------------
def test_a_lab_opened_on_a_broken_kongbots_scenario_draws_hexes_once_it_is_fixed(qtbot, window, tmp_path):
    shutil.copy(GAMES / "kongbots" / "scout-duel.scn.yaml", tmp_path)
    ed = window.open_file(tmp_path / "scout-duel.scn.yaml")
    settle(qtbot, window)
    field = ed.teams.teams[0].build
    QTest.mouseClick(field.combo.lineEdit(), Qt.MouseButton.LeftButton)
    QTest.keyClicks(QApplication.focusWidget(), "c")  # a typo: "scout-raiderc" names no build
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert ed.document.model.teams[0].bots[0].build == "scout-raiderc"
    dlg = window.balance()  # Tools > Balance… on a scenario that cannot start yet
    dlg.jobs.setValue(1)
    dlg.games.setValue(1)
    QTest.mouseClick(dlg.run_button, Qt.MouseButton.LeftButton)
    assert dlg.status.text().startswith("Cannot play this document yet")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    QTest.mouseClick(field.combo.lineEdit(), Qt.MouseButton.LeftButton)
    _keys("Z")  # the typo undone
    assert ed.document.model.teams[0].bots[0].build == "scout-raider"
    QTest.mouseClick(dlg.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.worker is None and dlg.progress.value() == 1, timeout=60000)
    assert dlg.current.heatmap.geometry_name == "hex" and dlg.previous.heatmap.geometry_name == "hex"
    dlg.close()


# ---- Pyramids: the square under a still mouse is said again once a piece moved there ---------------------------
def test_pyramids_square_text_follows_a_piece_dragged_under_the_mouse(qtbot, window, tmp_path):
    from editor_helpers import drag

    w = _pyramids_play(qtbot, window, tmp_path, first="player")
    pv, s = w.provider, w.state
    move = next(m for m in s.legal_actions() if pv.cells[m.to] is None)  # onto an empty square
    frm, to = (move.frm % 11, move.frm // 11), (move.to % 11, move.to // 11)
    drag(pv.view, [frm, to])  # the mouse stays over the square the piece now stands on
    qtbot.waitUntil(lambda: w.state.ply >= 1, timeout=20000)
    assert pv.cells[move.to] is not None
    assert "Player's" in pv.square_label.text(), pv.square_label.text()  # it said "…: open sand"
    w.close()
