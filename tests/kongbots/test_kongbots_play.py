"""Kongbots test-play in the one play window: bots and missiles on the hexes, the pulse track and
phase box, orders by clicking, the hit chance with its breakdown from the engine's odds for the
target under the mouse and the line of sight, the dice log, a computer team to the end (the same
game as `simulate`), hotseat, save/load. Screenshots: kongbots-play.png, kongbots-play-over.png."""
from __future__ import annotations

import math
import shutil

import pytest
from PySide6.QtCore import QPointF, Qt

from tests.editor.canvas_models import shot
from tests.editor.editor_helpers import ROOT, click, move
from gridsmith.editor.core.play_provider import provider_class
from gridsmith.editor.core.playwindow import PlayWindow
from gridsmith.engine.core.hexgrid import distance
from gridsmith.engine.core.simulate import GameSpec, play_game
from gridsmith.engine.kongbots.actions import Fire, Move
from gridsmith.engine.kongbots.odds import laser_breakdown
from gridsmith.formats.kongbots.modules import AIMER, SHIELD
from gridsmith.formats.kongbots.scenario import BotEntry
from gridsmith.formats.loader import load_file
from tests.qt_fixtures import settle

CONTENT = ROOT / "content" / "kongbots"
SKIRMISH = CONTENT / "warrior-skirmish.scn.yaml"


def window(qtbot, seats, path=SKIRMISH, seed=3) -> PlayWindow:
    w = PlayWindow(provider_class("kongbots"), load_file(path).model, list(seats), seed, base=path.parent,
                   agent_seed=4, pace="fast")
    qtbot.addWidget(w)
    w.resize(1100, 760)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_hotseat_orders_by_clicking_with_odds_and_sight(qtbot, tmp_path):
    w = window(qtbot, ["human", "human"])
    w.begin()
    pv, s = w.provider, w.state
    assert "Turn 1" in pv.track.text() and "Pulse" in pv.track.text()
    # the ECM field of B1 (a raider carrying an ECM) is tinted on the board: the engine's in_ecm
    ecm = [h for h in s.arena.floor if s.in_ecm(h)]
    b1 = s.bot("B1").hex  # in its corner: its hex and the floor among its six neighbours
    assert set(ecm) == {h for h in s.arena.floor if distance(h, b1) <= 1} and len(ecm) == 3
    assert all(pv._key(*h)[4] for h in ecm) and not any(pv._key(*h)[4] for h in s.arena.floor - set(ecm))
    move(pv.view, *next(h for h in ecm if h != s.bot("B1").hex), buttons=Qt.MouseButton.NoButton)
    assert "inside an ECM field" in pv.odds.text() and "hits on 7+" in pv.odds.text()
    # play `done` until a laser phase offers a Fire order, moving bots when a Move is offered
    for _ in range(200):
        s = w.state
        fires = [o for o in s.legal_actions() if isinstance(o, Fire) and not o.target.startswith("m")]
        if fires:
            break
        moves = [o for o in s.legal_actions() if isinstance(o, Move)]
        if moves:  # by clicking: the bot, then the green hex
            o = moves[0]
            click(pv.view, *s.bot(o.bot).hex)
            assert pv.selected == o.bot and o.to in pv.targets
            click(pv.view, *o.to)
            assert w.state.bot(o.bot).hex == o.to
        else:
            pv.done_button.click()
    else:
        pytest.fail("no laser shot offered in 200 orders")
    o = fires[0]
    shooter, target = s.bot(o.bot), s.bot(o.target)
    click(pv.view, *shooter.hex)
    assert pv.selected == o.bot, (o, pv.selected, w.notice.text())
    move(pv.view, *target.hex, buttons=Qt.MouseButton.NoButton)
    expected = laser_breakdown(s.p, distance(shooter.hex, target.hex), shooter.count(AIMER), target.count(SHIELD))
    assert expected in pv.odds.text() and "line of sight clear" in pv.odds.text()
    assert pv.sight.isVisible()
    assert "laser systems fire" in pv.track.text()
    shot(w, "kongbots-play.png")
    n = len(w.state.log)
    click(pv.view, *target.hex)  # fire
    assert len(w.state.log) == n + 1 and pv.dice.count() >= 1 and "need" in pv.dice.item(pv.dice.count() - 1).text()
    # refusals say why
    click(pv.view, *next(h for h in s.arena.floor if all(b.hex != h for b in w.state.bots)))
    assert w.notice.isVisible()
    saved = w.save_game(tmp_path / "k.sav.yaml")
    log = w.match.action_log()
    w.new_game(11)
    assert w.load_game(saved) and w.match.action_log() == log
    w.close()


def test_a_computer_team_plays_the_same_game_as_simulate(qtbot):
    w = window(qtbot, ["greedy", "random"], path=CONTENT / "scout-duel.scn.yaml", seed=5)
    w.begin()
    qtbot.waitUntil(lambda: w.state.is_over, timeout=120_000)
    log = [t for _s, t in w.match.action_log()]
    sim: list[str] = []
    play_game(GameSpec("kongbots", load_file(CONTENT / "scout-duel.scn.yaml").model, ("greedy", "random"), 5,
                       base=str(CONTENT), agent_seed=4), on_step=lambda st: sim.append(st.action.to_text()))
    assert log == sim and len(log) > 5
    assert w.over_bar.isVisible()
    shot(w, "kongbots-play-over.png")
    w.close()


def test_the_scenario_editor_resolves_and_offers_play(qtbot, tmp_path):
    from gridsmith.editor.core import files, plugins

    for f in CONTENT.iterdir():
        shutil.copy(f, tmp_path / f.name)
    doc = files.open_document(tmp_path / "warrior-skirmish.scn.yaml")
    ed = plugins.get(doc.kind).editor_class(doc)
    qtbot.addWidget(ed)
    ed.show()
    assert ed.can_play()
    doc.set_team(1, bots=[BotEntry(build="scout-brawler")])  # the team builder's own test drives its widgets
    assert doc.model.teams[1].bots[0].build == "scout-brawler"
    problems = ed.validate_now()
    assert any("same class" in p.message for p in problems)  # the formats' building restriction
    assert ed.play(None) is None and "Cannot play" in ed.status.text()
    doc.undo_stack.undo()
    assert doc.model.teams[1].bots[0].build == "warrior-raider"
    ed.close_editor()


def test_balance_lab_for_a_kongbots_scenario(qtbot, tmp_path):
    """The balance lab through the Game API: win rates and the heat map of where modules were
    destroyed (KongbotsPresentation.heat), the arena's walls grey under it (cell_kind)."""
    from gridsmith.editor.core import files, plugins
    from gridsmith.editor.core.balance import BalanceDialog

    for f in CONTENT.iterdir():
        shutil.copy(f, tmp_path / f.name)
    doc = files.open_document(tmp_path / "warrior-skirmish.scn.yaml")
    ed = plugins.get(doc.kind).editor_class(doc)
    qtbot.addWidget(ed)
    dlg = BalanceDialog(ed)
    qtbot.addWidget(dlg)
    dlg.jobs.setValue(1)
    for b in dlg.agent_boxes:
        b.setCurrentText("greedy")
    dlg.games.setValue(4)
    dlg.start()
    qtbot.waitUntil(lambda: dlg.worker is None, timeout=120000)
    hm = dlg.current.heatmap
    assert "4 games" in dlg.current.heading.text() and hm.size_ == (12, 12)
    assert sum(hm.heat.values()) > 0  # modules were destroyed somewhere
    dlg.resize(1000, 680)
    settle(qtbot, dlg)
    shot(dlg, "kongbots-balance.png")
    # drawn as the arena is: hexagons in axial rows (Game.board_geometry), not squares
    assert hm.geom.name == "hex"
    s, o = hm._scale(), hm.origin()  # the board is centred in its panel
    for cell in ((0, 0), (5, 4), (11, 11), (11, 0)):
        c = hm.geom.center(cell)
        assert hm.cell_at(QPointF(o.x() + c.x() * s, o.y() + c.y() * s)) == cell
    # row 11 is drawn 5.5 hexes right of row 0: the rhombus of the arena, as the painter draws it
    assert hm.geom.center((0, 11)).x() - hm.geom.center((0, 0)).x() == pytest.approx(5.5 * hm.geom.px)
    ed.close_editor()


def test_simulate_heat_map_png_of_a_hex_arena(tmp_path, capsys):
    """`simulate --heatmap` draws a hex arena's rows half a cell apart, as the painter lays them out."""
    import struct

    from gridsmith.cli import main

    out = tmp_path / "heat.png"
    assert main(["simulate", str(SKIRMISH), "--games", "2", "--jobs", "1", "--agent-seed", "1", "--no-progress",
                 "--seats", "greedy,greedy", "--heatmap", str(out)]) == 0
    data = out.read_bytes()
    # hexagons 12 pixels wide, rows 3/4 of a hexagon's height (12 * 2/sqrt(3)) apart, as the editor draws them
    assert struct.unpack(">II", data[16:24]) == (12 * 12 + 11 * 6, math.ceil(12 * (11 * 1.5 + 2) / math.sqrt(3)))
    from gridsmith.engine.core.heatmap import BACKGROUND
    from tests.editor.test_balance_lab import _pixel

    # the corner left of the first hexagon's point is background: hexagons, not offset squares
    assert _pixel(data, 1, 1) == BACKGROUND and _pixel(data, 6, 7) != BACKGROUND


def test_orders_by_dragging_a_kongbot_with_its_targets_highlighted(qtbot):
    """Issue 30 item 7: a Kongbot dragged onto a green hex gets that order, as two clicks do; while it
    is chosen its targets are highlighted (the play board's overlay); a drop on a hex it cannot act on
    is refused with the reason; clicking it again lets it go."""
    from tests.editor.editor_helpers import drag, press, release

    w = window(qtbot, ["human", "human"])
    w.begin()
    pv, board = w.provider, w.provider.canvas
    g = board.item.geometry
    for _ in range(50):  # to the first phase that offers a move
        moves = [o for o in w.state.legal_actions() if isinstance(o, Move)]
        if moves:
            break
        pv.done_button.click()
    else:
        pytest.fail("no move offered")
    o = moves[0]
    start = w.state.bot(o.bot).hex
    click(pv.view, *start)
    assert pv.selected == o.bot and board.selected_overlay.isVisible()
    assert all(board.targets_overlay.path().contains(g.center(h)) for h in pv.targets) and o.to in pv.targets
    click(pv.view, *start)  # again: let go
    assert pv.selected is None and not board.targets_overlay.isVisible()
    wall = next(h for h in g.cells() if w.state.arena.rows[h[1]][h[0]] == "#")
    drag(pv.view, [start, wall])
    assert w.notice.isVisible() and "cannot do anything at" in w.notice.text() and pv.selected == o.bot
    assert "that hex is a wall: Kongbots move only over floor" in w.notice.text()  # the rule's reason
    n = len(w.state.log)
    press(pv.view, *start)  # the chosen Kongbot, dragged
    move(pv.view, *o.to)
    assert board.drop_overlay.isVisible()
    release(pv.view, *o.to)
    assert len(w.state.log) == n + 1 and w.state.bot(o.bot).hex == o.to
    w.close()


def test_the_editor_and_the_play_window_name_a_hex_the_same_way(qtbot):
    """Issue 30 item 3: the arena editor said "column 7, row 7" where the play window said "8,8" for
    the same hex; both now say it in formats.coords' long form, and orders and the log use its short
    form with the same numbers."""
    from tests.editor.editor_helpers import open_in_editor

    ed = open_in_editor(qtbot, CONTENT / "pillars.arena.yaml")
    said: list[str] = []
    ed.statusMessage.connect(said.append)
    move(ed.view, 7, 7, buttons=Qt.MouseButton.NoButton)
    assert said and said[-1].startswith("column 8, row 8: ")
    w = window(qtbot, ["human", "human"])  # warrior-skirmish is fought in the pillars arena
    w.begin()
    pv = w.provider
    move(pv.view, 7, 7, buttons=Qt.MouseButton.NoButton)
    assert pv.odds.text().startswith("column 8, row 8: ")
    click(pv.view, 7, 7)  # not a Kongbot of the side to move: refused, naming the hex the same way
    assert w.notice.text().startswith("Column 8, row 8: ")
    o = next(o for o in w.state.legal_actions() if isinstance(o, Move)) if any(
        isinstance(o, Move) for o in w.state.legal_actions()) else None
    if o is not None:
        q, r = o.to
        assert o.to_text().endswith(f"move {q + 1},{r + 1}")
    w.close()
