"""Manual 4.2: player settings (4.2.1), scenario settings (4.2.2), description with its 256
characters (4.2.3), player names (4.2.4), map size up to 50x50 (4.2.5) — all undoable; the problems
panel; saving (round trip, atomic, warning on errors), the shell's file handling."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from editor_helpers import drag, wait_validated
from gridsmith.formats.document import FileDocument
from gridsmith.formats.loader import load_file


def test_all_seven_player_values_of_4_2_1_are_editable_and_undoable(qtbot, window, duel):
    ed = window.open_file(duel)
    panel, doc = ed.settings_panel, ed.document
    keys = ["reinforcement_rate", "resource_rate", "max_forces", "initial_forces", "start_resources",
            "start_victory_points", "army_effectiveness"]
    for n, key in enumerate(keys):
        spin = panel.fields[("players", 1, key)]
        spin.setFocus()
        qtbot.keyClick(spin, Qt.Key.Key_Up)  # one step up, as a user would
        assert getattr(doc.model.players[1], key) == getattr(FileDocument.open(duel).model.players[1], key) + 1
    assert doc.undo_stack.count() == len(keys)
    for _ in keys:
        window.act_undo.trigger()
    original = FileDocument.open(duel).model
    assert doc.model.players == original.players
    assert panel.fields[("players", 1, "max_forces")].value() == original.players[1].max_forces


def test_consecutive_spins_of_one_field_are_one_undo_step(qtbot, window, duel):
    ed = window.open_file(duel)
    spin = ed.settings_panel.turns
    spin.setFocus()
    for _ in range(5):
        qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert ed.document.model.settings.turns == 12 + 5  # the duel has 12 turns
    assert ed.document.undo_stack.count() == 1
    window.act_undo.trigger()
    assert ed.document.model.settings.turns == 12 and spin.value() == 12


def test_scenario_settings_of_4_2_2(qtbot, window, duel):
    ed = window.open_file(duel)
    p, s = ed.settings_panel, ed.document.model.settings
    p.vp_land.setValue(3)
    p.vp_city.setValue(9)
    qtbot.mouseClick(p.naval, Qt.MouseButton.LeftButton)
    s = ed.document.model.settings
    assert (s.victory_points.land, s.victory_points.city, s.naval_invasions) == (3, 9, True)
    window.act_undo.trigger()
    assert ed.document.model.settings.naval_invasions is False and not p.naval.isChecked()


def test_description_counter_and_the_256_character_limit(qtbot, window, duel):
    ed = window.open_file(duel)
    p = ed.settings_panel
    p.desc.clear()
    qtbot.keyClicks(p.desc, "x" * 10)
    assert p.desc_counter.text() == "10/256"
    assert ed.document.model.description == "x" * 10
    p.desc.setPlainText("y" * 300)
    assert p.desc_counter.text().startswith("300/256")
    problems = wait_validated(qtbot, ed)
    assert any(q.code == "PND412" and q.path == ("description",) for q in problems)
    # clicking the problem focuses the description field
    tree = ed.problems_panel.tree
    item = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(1) == "PND412")
    tree.itemClicked.emit(item, 0)
    assert p.desc.hasFocus() or window.focusWidget() is p.desc


def test_player_names_of_4_2_4(qtbot, window, duel):
    ed = window.open_file(duel)
    name = ed.settings_panel.fields[("players", 0, "name")]
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Crimson Host")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert ed.document.model.players[0].name == "Crimson Host"
    assert ed.palette_panel.player_buttons[0].text().startswith("Crimson Host")
    # an empty name is refused (a player needs a name): the field shows the old one again
    name.selectAll()
    qtbot.keyClick(name, Qt.Key.Key_Delete)
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert ed.document.model.players[0].name == "Crimson Host" and name.text() == "Crimson Host"


def test_resize_keeps_what_fits_and_is_undoable(qtbot, window, duel):
    ed = window.open_file(duel)
    p, doc = ed.settings_panel, ed.document
    before = list(doc.model.map)
    assert p.map_w.maximum() == 50 and p.map_h.maximum() == 50  # manual 4.2.5
    p.map_w.setValue(8)
    p.map_h.setValue(14)
    qtbot.mouseClick(p.resize_btn, Qt.MouseButton.LeftButton)
    assert doc.grid_size() == (8, 14)
    assert doc.model.map[:10] == [r[:8] for r in before]
    assert doc.model.map[10:] == ["~" * 8] * 4
    assert ed.item.boundingRect().width() == 8 * ed.item.px
    assert ed.minimap.image.width() == 8
    window.act_undo.trigger()
    assert doc.model.map == before and (p.map_w.value(), p.map_h.value()) == (12, 10)
    window.act_redo.trigger()
    assert doc.grid_size() == (8, 14)


def test_add_and_remove_players(qtbot, window, duel, monkeypatch):
    ed = window.open_file(duel)
    p, doc = ed.settings_panel, ed.document
    qtbot.mouseClick(p.add_btn, Qt.MouseButton.LeftButton)
    assert [x.name for x in doc.model.players] == ["Red Army", "Gray Army", "Green Army"]
    assert ("players", 2, "max_forces") in p.fields
    assert ed.palette_panel.player_buttons[2].isEnabled()
    # paint a green square, then remove red giving its squares to green
    ed.palette_panel.player_buttons[2].setChecked(True)
    drag(ed.view, [(0, 0)])
    assert doc.model.map[0][0] == "3"
    assert doc.remove_player(1, 3)
    assert [x.name for x in doc.model.players] == ["Gray Army", "Green Army"]
    # red's squares went to green, and every seat moved down one: gray is seat 1, green seat 2
    assert doc.model.map[4][0] == "B" and doc.model.map[0][0] == "2" and doc.model.map[2][8] == "A"
    window.act_undo.trigger()
    window.act_undo.trigger()
    window.act_undo.trigger()
    assert doc.model == FileDocument.open(duel).model


def test_problems_panel_reacts_to_a_bad_edit_and_a_click_selects_the_square(qtbot, window, duel):
    ed = window.open_file(duel)
    assert [q for q in wait_validated(qtbot, ed) if q.severity.value == "error"] == []
    # a red land square deep in gray's land cannot trace supply to a red city (manual 2.8)
    ed.palette_panel.type_buttons["land"].setChecked(True)
    ed.palette_panel.player_buttons[0].setChecked(True)
    drag(ed.view, [(11, 4)])
    problems = wait_validated(qtbot, ed)
    pnd503 = [q for q in problems if q.code == "PND503"]
    assert pnd503 and pnd503[0].path[0] == "map"
    tree = ed.problems_panel.tree
    item = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(1) == "PND503")
    assert item.text(3).startswith("square column")
    tree.itemClicked.emit(item, 0)
    r, c = pnd503[0].path[1], pnd503[0].path[2]
    assert (r, c) == (4, 11)
    assert ed.view.selection.isVisible()
    assert ed.view.selection.rect() == ed.view.cell_rect(c, r)
    assert "warning" in window.problem_label.text()


def test_a_problem_on_a_player_focuses_the_player_field(qtbot, window, duel):
    ed = window.open_file(duel)
    ed.settings_panel.fields[("players", 0, "initial_forces")].setValue(99)  # more than max_forces 16
    problems = wait_validated(qtbot, ed)
    (p408,) = [q for q in problems if q.code == "PND408"]
    assert p408.path == ("players", 0, "initial_forces")
    ed.go_to_problem(p408.path)
    assert window.docks["settings"].isVisible()
    assert window.focusWidget() is ed.settings_panel.fields[("players", 0, "initial_forces")]


def test_save_round_trip_keeps_comments_and_reopens_equal(qtbot, window, duel):
    ed = window.open_file(duel)
    original_text = duel.read_text()
    ed.palette_panel.type_buttons["city"].setChecked(True)
    drag(ed.view, [(3, 3)])
    ed.settings_panel.turns.setValue(15)
    assert ed.document.modified and window.isWindowModified()
    assert window.save()
    assert not ed.document.modified
    text = duel.read_text()
    # the comments and key order of the file survive; only the edited values changed
    assert text.splitlines()[:17] == original_text.splitlines()[:17]
    assert "  turns: 15" in text and "start_victory_points: 10  # compensation for moving second" in text
    reopened = load_file(duel)
    assert reopened.ok and reopened.model == ed.document.model
    assert reopened.model.map[3][3] == "A"
    # nothing changed: saving again writes the same bytes
    assert window.save() and duel.read_text() == text


def test_saving_a_file_with_errors_warns_and_is_never_silent(qtbot, window, duel, monkeypatch):
    ed = window.open_file(duel)
    ed.settings_panel.fields[("players", 0, "initial_forces")].setValue(99)
    asked = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Cancel)
    before = duel.read_text()
    assert not window.save()
    assert duel.read_text() == before and "PND408" in asked[0]
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Save)
    assert window.save()
    assert "initial_forces: 99" in duel.read_text()
    assert "error" in window.statusBar().currentMessage()


def test_new_save_as_recent_and_tabs(qtbot, window, tmp_path):
    ed1 = window.new_document("pendulous.scenario")
    assert window.tabs.count() == 1 and ed1.document.path is None
    target = tmp_path / "fresh.scn.yaml"
    assert window.save_as(ed1, target)
    assert load_file(target).ok
    assert window.recent_menu.actions()[0].text().endswith(str(target))
    ed2 = window.new_document("pendulous.scenario")
    assert window.tabs.count() == 2 and window.current_editor() is ed2
    assert window.undo_group.activeStack() is ed2.document.undo_stack
    window.tabs.setCurrentIndex(0)
    assert window.undo_group.activeStack() is ed1.document.undo_stack
    # opening an open file shows its tab instead of a second copy
    assert window.open_file(target) is ed1 and window.tabs.count() == 2


def test_unsaved_changes_prompt(qtbot, window, duel, monkeypatch):
    ed = window.open_file(duel)
    ed.settings_panel.turns.setValue(20)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Cancel)
    assert not window.close_tab(ed)
    assert window.tabs.count() == 1
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close_tab(ed)
    assert window.tabs.count() == 0
    assert "turns: 12" in duel.read_text()


def test_opening_a_file_that_is_not_text_shows_its_diagnostics(qtbot, window, tmp_path, monkeypatch):
    bad = tmp_path / "bad.scn.yaml"
    bad.write_bytes(b"kind: pendulous.scenario\x00\n")  # binary: no text view can show it
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[2]))
    assert window.open_file(bad) is None
    assert "bad.scn.yaml:1:" in shown[0] and "NUL" in shown[0]


def test_about_credits_the_original_authors(qtbot, window, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda *a: shown.append(a[2]))
    window.about()
    for name in ("Ken Carlino", "Richard (Rick) Reed", "Travis Jones", "Helios Software", "William Fawcett"):
        assert name in shown[0]


def test_editor_plugins_are_discovered():
    from gridsmith.editor.core import plugins

    kinds = [p.kind for p in plugins.all_plugins()]
    assert "pendulous.scenario" in kinds


def test_world_view_is_toggled_from_the_view_menu_and_moves_the_view(qtbot, window, duel):
    from PySide6.QtCore import QPoint

    ed = window.open_file(duel)
    act = window.panel_actions["worldview"]
    assert act.isChecked() and window.docks["worldview"].isVisible()
    act.trigger()
    assert not window.docks["worldview"].isVisible()
    act.trigger()
    assert window.docks["worldview"].isVisible()
    ed.view.set_zoom(4.0)
    before = ed.view.visible_cells().center()
    mm = ed.minimap
    t = mm._target()
    qtbot.mouseClick(mm, Qt.MouseButton.LeftButton, pos=t.bottomRight().toPoint() - QPoint(3, 3))
    after = ed.view.visible_cells().center()
    assert after.x() > before.x() and after.y() > before.y()


def test_export_png(qtbot, window, duel, tmp_path):
    from PySide6.QtGui import QImage

    ed = window.open_file(duel)
    out = tmp_path / "duel.png"
    assert window.export_png(str(out))
    img = QImage(str(out))
    assert (img.width(), img.height()) == (12 * ed.item.px, 10 * ed.item.px)


def test_gridsmith_edit_refuses_a_missing_file(capsys):
    from gridsmith.cli import main

    assert main(["edit", "no/such/file.scn.yaml"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_remove_player_dialog(qtbot, window, duel, monkeypatch):
    from gridsmith.editor.pendulous.settings import RemovePlayerDialog
    from PySide6.QtWidgets import QDialog

    ed = window.open_file(duel)
    qtbot.mouseClick(ed.settings_panel.add_btn, Qt.MouseButton.LeftButton)  # a third, green seat

    def choose(dlg):
        assert dlg.seat.currentData() == 3  # the last seat is proposed
        dlg.seat.setCurrentIndex(0)  # remove red ...
        assert [dlg.heir.itemData(i) for i in range(dlg.heir.count())] == [2, 3]
        dlg.heir.setCurrentIndex(0)  # ... giving its squares to gray
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(RemovePlayerDialog, "exec", choose)
    qtbot.mouseClick(ed.settings_panel.remove_btn, Qt.MouseButton.LeftButton)
    m = ed.document.model
    assert [p.name for p in m.players] == ["Gray Army", "Green Army"]
    assert m.map[4][0] == "A" and m.map[1] == "~1A111111111"  # red's city and land are gray's (seat 1 now)
    assert ed.palette_panel.player_buttons[0].text().startswith("Gray Army")


def test_file_new_asks_for_the_kind_then_size_and_players(qtbot, window, monkeypatch):
    from gridsmith.editor.core.newdialog import NewDocumentDialog

    offered = []

    def fill(dlg):
        offered.extend(dlg.kinds.item(i).text() for i in range(dlg.kinds.count()))
        dlg.select_kind("pendulous.scenario")
        dlg.spins["width"].setValue(14)
        dlg.spins["height"].setValue(9)
        dlg.spins["players"].setValue(3)
        dlg.accept()
        return dlg.result()

    monkeypatch.setattr(NewDocumentDialog, "exec", fill)
    window.act_new.trigger()
    assert "Pendulous scenario" in offered
    ed = window.current_editor()
    assert ed.document.kind == "pendulous.scenario" and ed.document.path is None
    assert window.tabs.tabText(0) == "untitled pendulous.scenario"
    assert ed.document.grid_size() == (14, 9) and len(ed.document.model.players) == 3
    assert [p for p in ed.validate_now() if p.severity.value == "error"] == []  # a new scenario is valid


def test_a_ragged_map_opens_and_its_problem_points_at_the_row(qtbot, window, duel):
    text = duel.read_text().replace('  - "11111~~~2222"', '  - "11111~~~22"')
    duel.write_text(text)
    ed = window.open_file(duel)
    problems = wait_validated(qtbot, ed)
    (p401,) = [p for p in problems if p.code == "PND401"]
    assert p401.path == ("map", 3, 10)  # the row's end: its first missing square
    ed.go_to_problem(p401.path)
    assert ed.view.selection.rect() == ed.view.cell_rect(10, 3)
    assert ed.document.cell(11, 3) == ""  # the missing squares are shown as invalid
    drag(ed.view, [(11, 3)])  # painting one pads the row with water up to it
    assert len(ed.document.model.map[3]) == 12 and ed.document.model.map[3][10] == "~"
    assert not [p for p in wait_validated(qtbot, ed) if p.code == "PND401"]


def test_a_value_outside_the_usual_range_is_shown_as_it_is(qtbot, window, duel):
    duel.write_text(duel.read_text().replace("reinforcement_rate: 2", "reinforcement_rate: -3", 1))
    ed = window.open_file(duel)
    assert ed.settings_panel.fields[("players", 0, "reinforcement_rate")].value() == -3
    assert any(p.code == "PND406" for p in wait_validated(qtbot, ed))


def test_a_recent_file_that_is_gone_is_forgotten(qtbot, window, duel, monkeypatch):
    window.open_file(duel)
    window.close_tab(window.current_editor())
    assert window.recent_menu.actions()[0].text().endswith(str(duel))
    duel.unlink()
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[2]))
    window.recent_menu.actions()[0].trigger()
    assert "cannot read file" in shown[0]
    assert not window.recent_menu.isEnabled()


def test_generate_map_is_one_undo_step_and_playable(qtbot, window, duel, monkeypatch):
    from PySide6.QtWidgets import QDialog

    from gridsmith.editor.pendulous.generate import GenerateMapDialog

    ed = window.open_file(duel)

    def choose(dlg):
        dlg.style.setCurrentText("continent")
        dlg.width_spin.setValue(20)
        dlg.height_spin.setValue(16)
        dlg.players.setValue(3)
        dlg.seed.setValue(7)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(GenerateMapDialog, "exec", choose)
    qtbot.mouseClick(ed.settings_panel.generate_btn, Qt.MouseButton.LeftButton)
    m = ed.document.model
    assert ed.document.grid_size() == (20, 16) and len(m.players) == 3
    assert m.players[0].name == "Red Army" and m.name == "Two Fords"  # kept
    assert wait_validated(qtbot, ed) == []  # a generated map raises no error and no warning
    assert ed.document.undo_stack.count() == 1
    window.act_undo.trigger()
    assert ed.document.model == FileDocument.open(duel).model


def test_generate_map_says_why_it_cannot(qtbot, window, duel, monkeypatch):
    from PySide6.QtWidgets import QDialog

    from gridsmith.editor.pendulous.generate import GenerateMapDialog

    ed = window.open_file(duel)

    def choose(dlg):
        dlg.style.setCurrentText("archipelago")
        dlg.naval.setChecked(False)  # islands without naval invasions: nobody could attack anyone
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(GenerateMapDialog, "exec", choose)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    qtbot.mouseClick(ed.settings_panel.generate_btn, Qt.MouseButton.LeftButton)
    assert "archipelago" in shown[0] and ed.document.undo_stack.count() == 0
