"""The Pyramids editors, driven through their real widgets (offscreen): board painter, setup painter
and library, piece-set editor, scenario form, and the play view against Cheops."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import gridsmith.editor  # noqa: E402,F401
from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QMouseEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "pyramids"
# screenshots replace the README's only on request (GRIDSMITH_SCREENSHOTS=1), so a test run never
# changes the checkout; otherwise they go to a temporary folder
SHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("GRIDSMITH_SCREENSHOTS") == "1"
         else Path(tempfile.mkdtemp(prefix="gridsmith-shots-")))


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("GRIDSMITH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("GRIDSMITH_RECOVERY_DIR", str(tmp_path / "recovery"))


def mouse(view, kind, x, y, button, buttons):
    px = view.grid_item.px
    pos = view.mapFromScene(QPointF(x * px + px / 2, y * px + px / 2))
    ev = QMouseEvent(kind, QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), button, buttons,
                     Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), ev)


def drag(view, cells):
    left = Qt.MouseButton.LeftButton
    mouse(view, QMouseEvent.Type.MouseButtonPress, *cells[0], left, left)
    for c in cells[1:]:
        mouse(view, QMouseEvent.Type.MouseMove, *c, Qt.MouseButton.NoButton, left)
    mouse(view, QMouseEvent.Type.MouseButtonRelease, *cells[-1], left, Qt.MouseButton.NoButton)


def open_editor(qtbot, path):
    from gridsmith.editor.core import files, plugins

    doc = files.open_document(path)
    ed = plugins.get(doc.kind).editor_class(doc)
    qtbot.addWidget(ed)
    ed.resize(700, 500)
    ed.show()
    qtbot.waitExposed(ed)
    return ed


def copy(tmp_path, name):
    shutil.copy(CONTENT / name, tmp_path / name)
    shutil.copy(CONTENT / "default.pieceset.yaml", tmp_path / "default.pieceset.yaml")
    return tmp_path / name


def codes(ed):
    return sorted(p.code for p in ed.validate_now())


def test_plugins_cover_every_editable_kind():
    from gridsmith.editor.core import plugins

    kinds = {p.kind for p in plugins.all_plugins()}
    assert {"pyramids.board", "pyramids.pieceset", "pyramids.setups", "pyramids.scenario"} <= kinds


def test_board_painter_paints_checks_and_undoes(qtbot, tmp_path):
    ed = open_editor(qtbot, copy(tmp_path, "default.board.yaml"))
    doc = ed.document
    ed.panel.buttons["D"].setChecked(True)
    drag(ed.view, [(0, 9), (2, 9)])  # a desert across the player's home zone
    assert doc.model.rows[9][:3] == "DDD"
    found = ed.validate_now()
    assert {(p.code, p.path) for p in found} >= {("PYR404", ("rows", 9, 0)), ("PYR404", ("rows", 9, 2))}
    assert ed.describe_cell(0, 9) == "a2: desert, the player's home zone"
    doc.undo_stack.undo()
    assert doc.model.rows[9] == "..........." and codes(ed) == []
    assert doc.set_height(13) and len(doc.model.rows) == 13 and doc.model.rows[-1] == "..........."
    doc.undo_stack.undo()
    assert len(doc.model.rows) == 11
    ed.view.grab().save(str(SHOTS / "pyramids-board.png"))


def test_setup_painter_palette_swap_fill_clear_mirror(qtbot, tmp_path):
    ed = open_editor(qtbot, copy(tmp_path, "default.setups.yaml"))
    doc = ed.document
    first = list(doc.setup().rows)
    # the grid shows the front row on top: (x, 0) is the front row, (x, 3) the back row
    assert doc.cell(0, 3) == first[0][0] and doc.cell(0, 0) == first[3][0]
    assert all(n == 0 for n in doc.remaining().values())
    ed.set_tool("swap")
    drag(ed.view, [(0, 3), (5, 0)])
    assert doc.cell(5, 0) == first[0][0] and doc.cell(0, 3) == first[3][5]
    doc.undo_stack.undo()
    assert doc.setup().rows == first
    doc.mirror()
    assert doc.setup().rows == [r[::-1] for r in first]
    doc.clear()
    assert doc.setup().rows == ["." * 11] * 4 and sum(doc.remaining().values()) == 44
    assert "antelope (8): 8" in ed.palette_panel.buttons["8"].text()
    assert "PYR409" in codes(ed)
    ed.set_tool("brush")
    ed.palette_panel.set_value("P")
    drag(ed.view, [(0, 0)])
    assert doc.setup().rows[3][0] == "P" and doc.remaining()["P"] == 0
    doc.undo_stack.undo()
    import random

    doc.random_fill(random.Random(4))
    rows = doc.setup().rows
    assert "." not in "".join(rows) and "P" in rows[0] + rows[1]
    assert codes(ed) == []
    ed.view.grab().save(str(SHOTS / "pyramids-setup-painter.png"))


def test_setup_library_operations_and_cap(qtbot, tmp_path):
    from gridsmith.formats.pyramids.setups import MAX_SETUPS

    ed = open_editor(qtbot, copy(tmp_path, "default.setups.yaml"))
    doc, lib = ed.document, ed.library_panel
    n = len(doc.model.setups)
    lib.list.setCurrentRow(2)
    assert doc.current == 2
    name2 = doc.model.setups[2].name
    assert doc.duplicate_setup() and doc.model.setups[3].name == f"{name2} copy" and doc.current == 3
    lib.rename("Renamed")
    assert doc.model.setups[3].name == "Renamed" and lib.list.item(3).text() == "Renamed"
    assert doc.move_setup(-1) and doc.model.setups[2].name == "Renamed" and doc.current == 2
    assert doc.delete_setup() and len(doc.model.setups) == n
    assert doc.add_setup() and doc.model.setups[-1].name == "New setup" and doc.current == n
    for _ in range(4):
        doc.undo_stack.undo()
    assert [s.name for s in doc.model.setups][3] == f"{name2} copy"  # back to just after the duplicate
    while len(doc.model.setups) < MAX_SETUPS:
        doc.model.setups.append(doc.model.setups[0].model_copy(update={"name": f"x{len(doc.model.setups)}"}))
    doc.replace_model(doc.model)
    assert not doc.add_setup() and not lib.buttons["add"].isEnabled()
    assert lib.count.text() == f"{MAX_SETUPS} of {MAX_SETUPS} setups"


def test_pieceset_editor_surplus(qtbot, tmp_path):
    ed = open_editor(qtbot, copy(tmp_path, "default.pieceset.yaml"))
    doc = ed.document
    ed.plus["lion"].click()
    assert doc.model.counts.lion == 2 and doc.surplus() == -1
    assert "Surplus: -1" in ed.surplus.text() and "must end at zero" in ed.surplus.text()
    assert codes(ed) == ["PYR405"]
    ed.minus["antelope"].click()
    assert doc.surplus() == 0 and codes(ed) == []
    assert ed.surplus.text().startswith("Surplus: 0")
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.model.counts.lion == 1 and ed.spins["lion"].value() == 1


@pytest.fixture
def play_window(qtbot, tmp_path):
    ed = open_editor(qtbot, copy(tmp_path, "sample.scn.yaml"))
    ed.document.model.options.first = "player"
    ed.document.model.options.level = 1
    w = ed.play(None)  # the one play window (editor.core.playwindow) with the Pyramids provider
    w.new_game(12345)  # a fixed seed: the same game on every run
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()


def test_scenario_form_edits_options(qtbot, tmp_path):
    ed = open_editor(qtbot, copy(tmp_path, "sample.scn.yaml"))
    ed.slide.setValue(3)
    assert ed.document.model.options.slide == 3
    ed.hide_attacks.setChecked(True)
    assert ed.document.model.options.hide_attacks
    ed.sides["cheops"]._form_changed(1)
    assert ed.document.model.sides["cheops"].setup.entry == "Corner fortress"
    assert codes(ed) == []
    ed.document.undo_stack.undo()
    assert ed.document.model.sides["cheops"].setup.random


def test_play_against_cheops_with_hidden_pieces(qtbot, play_window):
    w, pv = play_window, play_window.provider
    s = w.state
    assert s.to_move == 0
    # Cheops' pieces are drawn as unknown, the player's with their rank
    cheops_cells = [c for c in pv.cells if c is not None and c[0] == 1]
    assert cheops_cells and all(c[1] == "?" for c in cheops_cells)
    assert any(c[1] == "P" for c in pv.cells if c is not None and c[0] == 0)
    move = s.legal_actions()[0]
    pv.click(move.frm)
    assert move.to in pv.targets
    with qtbot.waitSignal(w.computerDone, timeout=20000):
        pv.click(move.to)
    assert w.state.ply == 2 and w.log.count() >= 2 and w.state.to_move == 0
    assert w.log.item(0).text().startswith("Player ") and w.log.item(1).text().startswith("Cheops ")
    w.grab().save(str(SHOTS / "pyramids-play.png"))


def test_refused_clicks_say_why(qtbot, play_window):
    w, pv = play_window, play_window.provider
    s = w.state
    pyramid = next(sq for sq in range(len(s.side_at)) if s.side_at[sq] == 0 and s.type_at[sq] == 11)
    pv.click(pyramid)
    assert "cannot move: the pyramid and the sphinxes never move" in w.notice.text() and pv.selected == -1
    enemy = next(sq for sq in range(len(s.side_at)) if s.side_at[sq] == 1)
    pv.click(enemy)
    assert "Cheops's piece: first click one of your own pieces" in w.notice.text()
    move = s.legal_actions()[0]
    pv.click(move.frm)
    far = next(sq for sq in range(len(s.side_at)) if sq not in pv.targets and s.side_at[sq] < 0)
    pv.click(far)
    assert "cannot reach" in w.notice.text() and "it can move to" in w.notice.text()
    assert pv.selected == move.frm  # the selection is kept, never silently dropped
    assert w.state.ply == 0


def test_hover_says_what_a_square_and_piece_are_and_the_legend_says_who_beats_whom(qtbot, play_window):
    w, pv = play_window, play_window.provider
    s = w.state
    lion = next(sq for sq in range(len(s.side_at)) if s.side_at[sq] == 0 and s.type_at[sq] == 1)
    pv.hovered(lion % 11, lion // 11)
    assert "Player's lion (1)" in pv.square_label.text() and "beats numbers 2 to 8" in pv.square_label.text()  # not the lion
    assert pv.view.toolTip() == pv.square_label.text()
    assert "a lower number is stronger" in pv.legend.text() and "sphinx" in pv.legend.text()
    assert "a lion attacking a lion loses" in pv.legend.text()  # the default lion_vs_lion: defender


def test_stop_thinking_and_think_view(qtbot, play_window):
    w, pv = play_window, play_window.provider
    cheops = pv.cheops
    cheops.level, cheops.depth = 4, 5
    cheops.time_limit, cheops.node_budget, cheops.samples = 600, 10**12, 1000
    pv.show_thinking.setChecked(True)
    move = w.state.legal_actions()[0]
    pv.try_move(move.frm, move.to)
    qtbot.waitUntil(lambda: pv.think.count() >= 2, timeout=20000)
    with qtbot.waitSignal(w.computerDone, timeout=10000):
        pv.stop_thinking()
    assert w.state.ply == 2 and "best so far" not in pv.best.text()


def test_save_load_and_replay(qtbot, play_window, tmp_path):
    w, pv = play_window, play_window.provider
    for _ in range(2):
        move = w.state.legal_actions()[0]
        with qtbot.waitSignal(w.computerDone, timeout=20000):
            pv.try_move(move.frm, move.to)
    path = w.save_game(tmp_path / "g.sav.yaml")
    grid = w.state.grid(0), w.state.grid(1)
    assert w.load_game(path) and (w.state.grid(0), w.state.grid(1)) == grid and w.state.ply == 4
    w.start_replay()
    assert w.slider.maximum() == 4
    w.replay_step(1)
    assert w.slider.value() == 1 and "action 1 of 4" in w.replay_label.text()
    w.slider.setValue(4)
    side_at = list(w.state.side_at)
    assert [c is not None for c in pv.cells] == [s >= 0 for s in side_at]
    # in the replay every piece is revealed
    assert all(c[1] != "?" for c in pv.cells if c is not None)
    w.grab().save(str(SHOTS / "pyramids-replay.png"))
    w.leave_replay()
    assert any(c[1] == "?" for c in pv.cells if c is not None)


def test_new_game_abandons_a_search_in_progress(qtbot, play_window):
    w, pv = play_window, play_window.provider
    cheops = pv.cheops
    cheops.level, cheops.depth = 4, 5
    cheops.time_limit, cheops.node_budget, cheops.samples = 600, 10**12, 1000
    move = w.state.legal_actions()[0]
    pv.try_move(move.frm, move.to)
    assert w.worker is not None
    old_seed = w.seed
    w.new_game()
    qtbot.waitUntil(lambda: not w._abandoned, timeout=30000)  # the old search answered, unused
    assert w.seed != old_seed and w.state.ply == 0 and w.log.count() == 0


from tests.qt_fixtures import window  # noqa: E402,F401  (the main window, for its Edit menu)


def test_a_refused_test_play_message_goes_when_an_undo_fixes_it(qtbot, tmp_path, window):  # noqa: F811
    """Issue 30: after a refused test-play ("Cannot play: board 'castle' is not bundled content") and
    Edit > Undo, the game plays but the old message stayed under the button."""
    from PySide6.QtTest import QTest

    ed = window.open_file(copy(tmp_path, "sample.scn.yaml"))
    line = ed.board.combo.lineEdit()  # the reference field's editable combo (editor.core.reffield)
    line.setFocus()
    line.selectAll()
    QTest.keyClicks(line, "castle")
    QTest.keyClick(line, Qt.Key.Key_Return)
    assert ed.document.model.board == "castle"
    qtbot.mouseClick(ed.play_button, Qt.MouseButton.LeftButton)
    assert "Cannot play" in ed.status.text() and "castle" in ed.status.text()
    window.act_undo.trigger()  # Edit > Undo
    assert ed.document.model.board == "default"
    assert ed.status.text() == ""
    qtbot.mouseClick(ed.play_button, Qt.MouseButton.LeftButton)
    assert ed.play_windows and ed.status.text() == ""
    for w in ed.play_windows:
        w.close()


def test_pieces_move_by_click_and_by_drag_with_the_targets_highlighted(qtbot, play_window):
    """Issue 30 item 7, through the mouse on the board (editor.core.playboard's piece input): a click
    chooses and highlights, a second click acts; a drag does the same; a drop where the piece cannot
    go is refused with the reason; clicking the chosen piece again, or Escape, lets it go."""
    from PySide6.QtTest import QTest

    from tests.editor.editor_helpers import click, drag, move, press, release

    w, pv = play_window, play_window.provider
    board, g = pv.canvas, pv.canvas.item.geometry
    s = w.state
    legal = s.legal_actions()
    m = legal[0]
    cell = lambda sq: (sq % 11, sq // 11)  # noqa: E731
    click(pv.view, *cell(m.frm))
    assert pv.selected == m.frm and board.selected_overlay.isVisible() and board.targets_overlay.isVisible()
    tinted = board.targets_overlay.path()
    assert all(tinted.contains(g.center(cell(t))) for t in pv.targets)
    assert pv.targets == {x.to for x in legal if x.frm == m.frm}
    far = next(sq for sq in range(len(s.side_at)) if sq not in pv.targets and s.side_at[sq] < 0)
    assert not tinted.contains(g.center(cell(far)))
    click(pv.view, *cell(m.frm))  # the chosen piece again: let go
    assert pv.selected == -1 and not board.selected_overlay.isVisible() and not board.targets_overlay.isVisible()
    drag(pv.view, [cell(m.frm), cell(far)])  # dropped where it cannot go
    assert "cannot reach" in w.notice.text() and pv.selected == m.frm and w.state.ply == 0
    QTest.keyClick(pv.view, Qt.Key.Key_Escape)
    assert pv.selected == -1 and not board.selected_overlay.isVisible()
    press(pv.view, *cell(m.frm))
    move(pv.view, *cell(m.to))
    assert board.drop_overlay.isVisible() and board.drop_overlay.pen().color() == board.DROP_OK
    with qtbot.waitSignal(w.computerDone, timeout=20000):
        release(pv.view, *cell(m.to))
    assert w.state.ply == 2 and w.log.item(0).text().startswith("Player ") and not board.drop_overlay.isVisible()
    # two clicks play the next move
    m = w.state.legal_actions()[0]
    click(pv.view, *cell(m.frm))
    with qtbot.waitSignal(w.computerDone, timeout=20000):
        click(pv.view, *cell(m.to))
    assert w.state.ply == 4


def test_one_notation_for_a_square_in_the_painter_its_problems_and_the_play_window(qtbot, tmp_path, play_window):
    """Issue 30 item 3: the board painter's status bar, its problems' Where column and the play
    window name a square as the manual does (formats.coords.algebraic: c4), with the same letters."""
    from gridsmith.formats import coords
    from tests.editor.editor_helpers import move as hover

    ed = open_editor(qtbot, copy(tmp_path, "default.board.yaml"))
    said: list[str] = []
    ed.statusMessage.connect(said.append)
    hover(ed.view, 2, 7, buttons=Qt.MouseButton.NoButton)  # column c, row 4 of 11 from the bottom
    assert said[-1].startswith("c4: ")
    ed.panel.buttons["D"].setChecked(True)
    drag(ed.view, [(0, 9), (0, 9)])  # a desert in the player's home zone: PYR404 at a2
    qtbot.waitUntil(lambda: ed.problems_panel.tree.topLevelItemCount() > 0, timeout=5000)
    wheres = [ed.problems_panel.tree.topLevelItem(i).text(3) for i in range(ed.problems_panel.tree.topLevelItemCount())]
    assert "square a2" in wheres
    pv = play_window.provider
    hover(pv.view, 2, 7, buttons=Qt.MouseButton.NoButton)
    assert pv.square_label.text().startswith("c4: ")
    n = coords.algebraic(11)
    assert n.short((2, 7)) == "c4" and n.parse("c4") == (2, 7) and n.parse("K11") == (10, 0)
    with pytest.raises(coords.CoordinateError):
        n.parse("c12")


def test_a_refused_drop_says_the_rule(qtbot, play_window):
    """Every refusal gives the rule's reason in English: a piece dropped on its own side's piece, on a
    desert, beyond the slide, or off its lines is told which rule stops it."""
    from tests.editor.editor_helpers import drag

    w, pv = play_window, play_window.provider
    s, geo = w.state, w.state.geo
    cell = lambda sq: (sq % 11, sq // 11)  # noqa: E731
    m = next(m for m in s.legal_actions() if s.type_at[m.frm] != 8)  # not an antelope: the slide holds it
    own = next(sq for sq in range(geo.n) if s.side_at[sq] == 0 and sq != m.frm)
    drag(pv.view, [cell(m.frm), cell(own)])
    assert "holds one of your own pieces" in w.notice.text()
    desert = next(sq for sq in range(geo.n) if geo.desert[sq])
    drag(pv.view, [cell(m.frm), cell(desert)])
    assert "is desert: no piece stands on a desert" in w.notice.text()
    fx, fy = cell(m.frm)
    diagonal = next(sq for sq in range(geo.n) if s.side_at[sq] < 0 and not geo.desert[sq]
                    and cell(sq)[0] != fx and cell(sq)[1] != fy and not (geo.power[sq] and geo.power[m.frm]))
    drag(pv.view, [cell(m.frm), cell(diagonal)])
    assert "straight line, up, down, left or right" in w.notice.text()
    far = next((sq for sq in range(geo.n) if cell(sq)[0] == fx and s.side_at[sq] < 0 and not geo.desert[sq]
                and abs(cell(sq)[1] - fy) > s.slide
                and all(s.side_at[x] < 0 and not geo.desert[x]
                        for x in range(min(sq, m.frm) + 11, max(sq, m.frm), 11))), None)
    if far is not None:
        drag(pv.view, [cell(m.frm), cell(far)])
        assert f"the slide is {s.slide}" in w.notice.text()
    assert w.state.ply == 0 and pv.selected == m.frm


def test_the_scenario_form_reads_in_a_short_window(qtbot, tmp_path):
    """Issue 30 item 6: at 1024x700 (the form's tab about 420 pixels tall under the problems panel)
    the game options were squeezed below their height and could not be read; the form now scrolls
    and the options sit in two columns."""
    ed = open_editor(qtbot, copy(tmp_path, "sample.scn.yaml"))
    ed.resize(1000, 420)
    settle_widget = __import__("tests.qt_fixtures", fromlist=["settle"]).settle
    settle_widget(qtbot, ed)
    for w in (ed.slide, ed.level, ed.first, ed.max_moves, ed.think, ed.hide_attacks, ed.hide_pieces, ed.board,
              ed.play_button):
        assert w.height() >= w.minimumSizeHint().height(), w


def test_play_against_cheops_opens_a_window_that_fits_the_screen(qtbot, tmp_path):
    """Issue 30: the form's "Play against Cheops" opened the play window at its size hint, taller than
    the screen with the game log cut off; it is now placed as every play window is."""
    ed = open_editor(qtbot, copy(tmp_path, "sample.scn.yaml"))
    qtbot.mouseClick(ed.play_button, Qt.MouseButton.LeftButton)
    assert ed.play_windows
    w = ed.play_windows[-1]
    from gridsmith.editor.core.playwindow import PLAY_SIZE
    from gridsmith.editor.core.screenfit import FRAME

    screen = w.screen().availableGeometry()
    assert w.height() <= screen.height() and w.width() <= screen.width()
    # placed as every play window is (PlayWindow.place: as large as it reads well, within the screen
    # with its frame, editor.core.screenfit; unplaced it kept the platform's default size)
    assert w.width() >= min(PLAY_SIZE.width(), screen.width()) - FRAME.width()
    assert w.height() >= min(PLAY_SIZE.height(), screen.height()) - FRAME.height()
    assert w.log_dock.isVisible() and w.log_dock.geometry().bottom() <= w.height()
    w.close()
