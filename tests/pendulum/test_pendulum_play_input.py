"""Pendulum test-play input as a person gives it (issue 30, items 1 and 7): a click on a worker at home
selects it (ringed, the top parts it may go to highlighted), a click on a highlighted gold top part
places it; a drag does the same and shows the same targets while held; a refusal says the rule in
English and keeps the selection; Esc lets go. What the board shows before the game starts: the glasses
are full and nothing reads "expired" or "flip!". White workers stand out on the cream board.
Everything here goes through QTest's mouse and keys on the real board widget."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from tests.editor.canvas_models import shot
from tests.pendulum.test_pendulum_play import window
from gridsmith.editor.pendulum.play_board import glass_reading
from gridsmith.engine.pendulum.actions import Place

LEFT = Qt.MouseButton.LeftButton


def at(p: QPointF) -> QPoint:
    return QPoint(round(p.x()), round(p.y()))


def spot(view, q, wid) -> QPoint:
    view.grab()  # lays out the workers where the person sees them
    return at(next(r.center() for r, oq, w in view.worker_spots if (oq, w) == (q, wid)))


def top(view, sid) -> QPoint:
    return at(view.space_rects[sid][0].center())


def human_to_place(qtbot, w, q=0):
    """Wait for the opening's turn of seat `q`; the worker it must place and the spaces it may go to."""
    qtbot.waitUntil(lambda: w.state.to_move == q, timeout=5000)
    legal = [a for a in w.state.state.legal_actions(q) if isinstance(a, Place)]
    return legal[0].worker, {a.space for a in legal}


def greenish(c: QColor) -> bool:
    return c.green() > c.red() + 25 and c.green() > c.blue() + 15


def test_click_a_worker_then_the_gold_top_part_places_it(qtbot):
    w = window(qtbot, ["human", "greedy"])
    w.begin()
    view, st = w.provider.view, w.state.state
    wid, spaces = human_to_place(qtbot, w)
    sid = sorted(spaces)[0]
    # the selected worker and its targets do not show before the click
    img = view.grab().toImage()
    assert not greenish(img.pixelColor(top(view, sid)))
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, spot(view, 0, wid))
    assert view.selected == (0, wid) and view.targets == spaces, w.notice.text()
    assert not w.notice.isVisible() or "acts from the top part" not in w.notice.text()
    assert "selected" in w.statusBar().currentMessage()
    img = view.grab().toImage()
    assert greenish(img.pixelColor(top(view, sid))), "a target's gold top part is highlighted"
    ring = spot(view, 0, wid) + QPoint(0, -12)  # the ring round the selected worker
    c = img.pixelColor(ring)
    assert c.blue() > c.red() + 40, c.name()
    shot(view, "pendulum-play-selected.png")
    # the second click, on the gold top part, places it
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, top(view, sid))
    assert st.worker(0, wid).space == sid, w.notice.text()
    assert view.selected is None and not view.targets


def test_a_refused_target_says_the_rule_and_keeps_the_selection_and_esc_lets_go(qtbot):
    w = window(qtbot, ["human", "greedy"])
    w.begin()
    view, st = w.provider.view, w.state.state
    wid, spaces = human_to_place(qtbot, w)
    other = next(x.wid for x in st.seats[0].workers if x.wid != wid and x.space is None)
    # the small worker first: the opening's order, in words
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, spot(view, 0, other))
    assert view.selected is None
    assert "Not possible" in w.notice.text() and "large worker first" in w.notice.text(), w.notice.text()
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, spot(view, 0, wid))
    assert view.selected == (0, wid)
    n = len(st.requests)
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, top(view, "p-top-1"))  # a top row: refused
    assert len(st.requests) == n and st.worker(0, wid).space is None
    text = w.notice.text()
    assert text.startswith("Not possible: ") and "bottom row" in text, text
    assert view.selected == (0, wid), "the worker stays selected: the person tries another space"
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert view.selected is None and not view.targets
    # a click on a space with no worker selected says what to do first
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, top(view, sorted(spaces)[0]))
    assert "Click one of your workers first" in w.statusBar().currentMessage()
    assert len(st.requests) == n


def test_a_drag_shows_the_targets_while_held_and_places(qtbot):
    w = window(qtbot, ["human", "greedy"])
    w.begin()
    view, st = w.provider.view, w.state.state
    wid, spaces = human_to_place(qtbot, w)
    sid = sorted(spaces)[-1]
    frm, to = spot(view, 0, wid), top(view, sid)
    QTest.mousePress(view, LEFT, Qt.KeyboardModifier.NoModifier, frm)
    QTest.mouseMove(view, (frm + to) / 2)
    assert view.targets == spaces, "while held, the worker's targets are highlighted"
    QTest.mouseMove(view, to)
    QTest.mouseRelease(view, LEFT, Qt.KeyboardModifier.NoModifier, to)
    assert st.worker(0, wid).space == sid, w.notice.text()
    assert view.selected is None and not view.targets


def test_before_the_game_starts_the_glasses_are_full_and_nothing_is_expired(qtbot):
    w = window(qtbot, ["human", "greedy"])
    st = w.state.state
    assert st.phase == "start" and st.now == 0
    for a in ("purple", "green", "black"):
        frac, head, under, alarm = glass_reading(st, a)
        assert frac == 1.0 and not alarm and "expired" not in head and under != "flip!", (a, head, under)
    view = w.provider.view
    img = view.grab().toImage()
    red = QColor("#c62828")
    for a, r in view.glass_rects.items():  # no red (run-out) sand and no red "flip!" under any glass
        box = r.adjusted(-6, 0, 6, 14).toRect()
        reds = sum(1 for x in range(box.left(), box.right()) for y in range(box.top(), box.bottom())
                   if abs(img.pixelColor(x, y).red() - red.red()) < 30 and img.pixelColor(x, y).green() < 80)
        assert reds == 0, a
    shot(view, "pendulum-play-start.png")
    # a click on a glass before the opening is done says when the glasses turn
    w.begin()
    qtbot.waitUntil(lambda: w.state.to_move == 0, timeout=5000)
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, at(view.glass_rects["black"].center()))
    assert "flipped all at once when the opening placements are done" in w.notice.text(), w.notice.text()


def test_white_workers_have_a_dark_outline_on_the_cream_board(qtbot):
    w = window(qtbot, ["human", "greedy"])
    view = w.provider.view
    assert w.names[0].startswith("white")
    img = view.grab().toImage()
    r = next(r for r, q, _w in view.worker_spots if q == 0).toRect()
    dark = sum(1 for x in range(r.left(), r.right() + 1) for y in range(r.top(), r.bottom() + 1)
               if img.pixelColor(x, y).lightness() < 90)
    assert dark >= 60, f"a white worker's outline: {dark} dark pixels"


def test_five_seats_at_1024x700_every_reward_reads_whole(qtbot):
    """Item 6: on the smallest screen with every seat, each space's reward wraps at word ends: no word
    is wider than its gold frame (the size shrinks for all spaces alike) and the homes leave room."""
    from PySide6.QtGui import QFont, QFontMetricsF

    w = window(qtbot, ["human"] + ["greedy"] * 4, name="full")
    w.resize(1024, 660)
    view = w.provider.view
    qtbot.waitUntil(lambda: view.height() < 500 and view.width() < 800, timeout=5000)
    view.grab()
    f = QFont()
    f.setPixelSize(view.label_px)
    fm = QFontMetricsF(f)
    for sid, (top, _bottom) in view.space_rects.items():
        label = view._label(w.state.state.spaces[sid][2])
        widest = max(fm.horizontalAdvance(word) for word in label.split())
        assert widest <= top.width() - 4.5, (sid, label, view.label_px)
    assert all(r.bottom() <= view.height() for r in view.home_rects.values())
    shot(w, "pendulum-play-five-1024.png")
