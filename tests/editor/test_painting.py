"""Manual 4.1: the player and square-type radio groups choose the square; a click paints one square,
holding the button and moving paints many. Every stroke is one undo step."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from editor_helpers import click, drag, move, press, release


def radio(qtbot, button) -> None:
    """Click a radio button on its indicator (its widget is wider than what reacts to a click)."""
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))


def _select(qtbot, ed, seat: int, square_type: str) -> None:
    pal = ed.palette_panel
    radio(qtbot, pal.type_buttons[square_type])
    radio(qtbot, pal.player_buttons[seat - 1])


def test_click_paints_one_square_with_the_selected_player_and_type(qtbot, window, duel):
    ed = window.open_file(duel)
    _select(qtbot, ed, 2, "city")
    assert ed.palette_panel.value() == "B"
    click(ed.view, 0, 2)  # row 3 of the duel map starts with red land "1"
    assert ed.document.model.map[2][0] == "B"
    _select(qtbot, ed, 1, "land")
    click(ed.view, 0, 2)
    assert ed.document.model.map[2][0] == "1"
    assert ed.document.undo_stack.count() == 2


def test_a_drag_paints_every_square_it_crosses_and_is_one_undo_step(qtbot, window, duel):
    ed = window.open_file(duel)
    before = list(ed.document.model.map)
    _select(qtbot, ed, 1, "land")
    radio(qtbot, ed.palette_panel.type_buttons["water"])
    assert ed.palette_panel.value() == "~"
    # a diagonal jump from (1,1) to (5,5) must paint the squares in between too (Bresenham)
    drag(ed.view, [(1, 1), (5, 5), (8, 5)])
    m = ed.document.model.map
    for x, y in [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 5), (7, 5), (8, 5)]:
        assert m[y][x] == "~", (x, y)
    assert ed.document.undo_stack.count() == 1
    window.act_undo.trigger()
    assert ed.document.model.map == before
    window.act_redo.trigger()
    assert ed.document.model.map[3][3] == "~"


def test_water_disables_the_player_group(qtbot, window, duel):
    ed = window.open_file(duel)
    pal = ed.palette_panel
    radio(qtbot, pal.type_buttons["water"])
    assert not pal.player_buttons[0].isEnabled()
    radio(qtbot, pal.type_buttons["land"])
    assert pal.player_buttons[0].isEnabled()
    # a 2-player scenario: green and blue have no player
    assert not pal.player_buttons[2].isEnabled() and not pal.player_buttons[3].isEnabled()


def test_rectangle_fill_and_picker_tools(qtbot, window, duel):
    ed = window.open_file(duel)
    doc = ed.document
    _select(qtbot, ed, 2, "land")
    ed.set_tool("rectangle")
    press(ed.view, 0, 0)
    move(ed.view, 2, 1)
    assert ed.view.preview.isVisible()
    release(ed.view, 2, 1)
    assert not ed.view.preview.isVisible()
    assert [doc.model.map[y][:3] for y in (0, 1)] == ["222", "222"]
    assert doc.undo_stack.count() == 1

    # fill: the lake in the middle is one 4-connected region of water; fill it with red land
    ed.set_tool("fill")
    _select(qtbot, ed, 1, "land")
    click(ed.view, 6, 3)
    assert all(doc.model.map[y][x] != "~" for y, x in [(2, 6), (2, 7), (3, 5), (3, 6), (3, 7), (6, 4)])
    assert doc.model.map[9][0] == "~"  # not connected to the lake
    assert doc.undo_stack.count() == 2

    # picker: take gray's city at column 9, row 3
    ed.set_tool("picker")
    click(ed.view, 8, 2)
    assert ed.palette_panel.value() == "B"
    # right-click with the brush picks too
    ed.set_tool("brush")
    click(ed.view, 0, 4, Qt.MouseButton.RightButton)
    assert ed.palette_panel.value() == "A"
    assert doc.undo_stack.count() == 2  # picking is not an edit


def test_tool_shortcuts_switch_tools(qtbot, window, duel):
    ed = window.open_file(duel)
    ed.view.setFocus()
    for key, name in [(Qt.Key.Key_R, "rectangle"), (Qt.Key.Key_F, "fill"), (Qt.Key.Key_I, "picker"),
                      (Qt.Key.Key_E, "eraser"), (Qt.Key.Key_B, "brush")]:
        qtbot.keyClick(ed.view, key)
        assert ed.tool.name == name


def test_eraser_paints_water(qtbot, window, duel):
    ed = window.open_file(duel)
    ed.set_tool("eraser")
    drag(ed.view, [(0, 3), (2, 3)])
    assert ed.document.model.map[3][:3] == "~~~"


def test_status_bar_names_the_square_under_the_mouse(qtbot, window, duel):
    ed = window.open_file(duel)
    move(ed.view, 2, 1, Qt.MouseButton.NoButton)
    assert window.cell_label.text() == "Column 3, row 2: city of Red Army (red, seat 1)"
    move(ed.view, 6, 3, Qt.MouseButton.NoButton)
    assert window.cell_label.text() == "Column 7, row 4: water"


def test_minimap_updates_only_the_changed_squares(qtbot, window, duel, monkeypatch):
    ed = window.open_file(duel)
    rebuilt = []
    monkeypatch.setattr(ed.minimap, "rebuild", lambda: rebuilt.append(1))
    seen = []
    orig = ed.minimap.update_cells
    monkeypatch.setattr(ed.minimap, "update_cells", lambda cells: (seen.append(sorted(cells)), orig(cells)))
    _select(qtbot, ed, 2, "land")
    drag(ed.view, [(0, 4), (1, 4)])
    assert rebuilt == []
    assert seen == [[(0, 4)], [(1, 4)]]
    assert ed.minimap.colour_of_cell(0, 4) == ed.colour_of("2")


def test_zoom_and_pan(qtbot, window, duel):
    ed = window.open_file(duel)
    ed.view.set_zoom(1.0)
    ed.zoom_in()
    assert abs(ed.view.zoom - 1.25) < 1e-9
    ed.zoom_out()
    ed.zoom_out()
    assert abs(ed.view.zoom - 0.8) < 1e-9
    assert window.zoom_label.text() == "80%"
    ed.view.set_zoom(4.0)
    h = ed.view.horizontalScrollBar()
    v0 = h.value()
    # middle-button drag pans
    press(ed.view, 3, 3, Qt.MouseButton.MiddleButton)
    move(ed.view, 1, 3, Qt.MouseButton.MiddleButton)
    release(ed.view, 1, 3, Qt.MouseButton.MiddleButton)
    assert h.value() != v0
    assert ed.document.undo_stack.count() == 0


def test_live_validation_waits_for_the_end_of_a_stroke(qtbot, window, duel):
    ed = window.open_file(duel)
    qtbot.waitSignal(ed.validator.problemsChanged, timeout=5000).wait()  # the first check after opening
    published = []
    ed.validator.problemsChanged.connect(lambda p: published.append(p))
    _select(qtbot, ed, 1, "land")
    press(ed.view, 11, 4)  # a red square deep in gray's land: out of supply (PND503)
    with qtbot.waitSignal(ed.validator._timer.timeout, timeout=5000):  # the debounce delay passed
        move(ed.view, 11, 5)
    assert published == []  # nothing ran while the button is down
    release(ed.view, 11, 5)
    qtbot.waitUntil(lambda: bool(published), timeout=5000)
    assert any(p.code == "PND503" for p in published[-1])
