"""The one play window (issue 13 items 1, 2 and 4) with both games: the same game as `gridsmith play`
and `simulate`, a computer game to its end, save/load and replay with step/play/seek, pause and
stop, seats with options, refusals in words, where it opens and that it fits 1024x700."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel, QMessageBox

from editor_helpers import click
from gridsmith.cli import main
from gridsmith.editor.core import playwindow
from gridsmith.editor.core.play_provider import provider_class
from gridsmith.editor.core.playwindow import PlayWindow
from gridsmith.editor.core.seat_dialog import SeatDialog
from gridsmith.engine.core.simulate import GameSpec, play_game
from gridsmith.formats.loader import load_file

from tests.editor.editor_helpers import CONTENT
from tests.qt_fixtures import settle

ROOT = Path(__file__).resolve().parents[2]
DUEL = CONTENT / "duel.scn.yaml"
PYRAMIDS = ROOT / "content" / "pyramids" / "sample.scn.yaml"
CASES = {"pendulous": (DUEL, ["greedy", "random"], "actions"), "pyramids": (PYRAMIDS, ["random", "greedy"], "moves")}
SEED, AGENT_SEED = 5, 9


def _shot(w, name: str) -> Path:
    from tests.editor.canvas_models import shot

    return shot(w, name)


def _window(qtbot, game: str, seats=None, **kw) -> PlayWindow:
    path, default, _ = CASES[game]
    w = PlayWindow(provider_class(game), load_file(path).model, list(seats or default), SEED, base=path.parent,
                   agent_seed=AGENT_SEED, pace="fast", **kw)
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture(autouse=True)
def _quiet_dialogs(monkeypatch):
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)  # Pendulous' end-of-turn score


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_window_plays_the_same_game_as_play_and_simulate(qtbot, tmp_path, capsys, game):
    """A computer game to its end in the window; its action log is the one of `simulate` and of
    `gridsmith play` for the same scenario, seed, seats and agent seed."""
    path, seats, field = CASES[game]
    w = _window(qtbot, game)
    w.begin()
    qtbot.waitUntil(lambda: w.state.is_over, timeout=120_000)
    window_log = [text for _seat, text in w.match.action_log()]
    assert w.over_bar.isVisible() and "Game over" in w.over_label.text()
    _shot(w, f"playwindow-{game}-over.png")
    sim: list[str] = []
    play_game(GameSpec(game, load_file(path).model, tuple(seats), SEED, base=str(path.parent), agent_seed=AGENT_SEED),
              on_step=lambda step: sim.append(step.action.to_text()))
    out = tmp_path / "t.sav.yaml"
    assert main(["play", str(path), "--seats", ",".join(seats), "--seed", str(SEED), "--agent-seed", str(AGENT_SEED),
                 "--save", str(out)]) == 0
    terminal = list(getattr(load_file(out).model, field))
    assert len(window_log) > 20 and window_log == sim == terminal
    w.close()


@pytest.mark.parametrize("game", sorted(CASES))
def test_save_load_and_replay_with_step_play_and_seek(qtbot, tmp_path, game):
    w = _window(qtbot, game)
    w.begin()
    qtbot.waitUntil(lambda: w.match.actions >= 12 or w.state.is_over, timeout=60_000)
    w.stop_computer()
    assert w.paused and w.worker is None
    n = w.match.actions
    saved = w.save_game(tmp_path / "g.sav.yaml")
    log = w.match.action_log()
    w.new_game(77)
    assert w.match.actions == 0 or w.seed == 77
    w.stop_computer()
    assert w.load_game(saved)
    assert w.match.action_log() == log and w.match.actions == n
    # the replay: start, one step, seek, play on, leave
    w.start_replay()
    assert w.replaying and w.slider.maximum() == n and w.slider.value() == 0
    w.replay_step(1)
    assert "action 1 of" in w.replay_label.text()
    w.slider.setValue(n // 2)
    assert f"action {n // 2} of {n}" in w.replay_label.text()
    assert not w.is_human_turn() and w.act_save.isEnabled() is False
    assert w.width() <= 1024  # the replay bar fits the smallest supported window
    _shot(w, f"playwindow-{game}-replay.png")
    w.toggle_replay_play()
    qtbot.waitUntil(lambda: w.slider.value() == n, timeout=20_000)
    w.leave_replay()
    assert not w.replaying and w.match.actions == n
    w.close()


def test_a_bad_save_is_refused_in_words(qtbot, tmp_path):
    w = _window(qtbot, "pendulous", ["human", "human"])
    bad = tmp_path / "x.sav.yaml"
    bad.write_text("kind: pyramids.save\nversion: 1\n")
    assert not w.load_game(bad)
    assert "Cannot load" in w.notice.text()
    assert not w.load_game(PYRAMIDS)
    assert "pyramids.scenario, not a pendulous.save" in w.notice.text()
    w.close()


def test_pause_holds_the_computers_and_resume_goes_on(qtbot):
    w = _window(qtbot, "pendulous", ["greedy", "greedy"])
    w.set_paused(True)
    w.begin()
    qtbot.waitUntil(lambda: "paused" in w.to_move_label.text())
    assert w.worker is None and w.match.actions == 0  # begin() would have started a computer by now
    w.set_paused(False)
    qtbot.waitUntil(lambda: w.match.actions >= 5, timeout=20_000)
    w.close()


def test_pendulous_refusals_say_why(qtbot):
    w = _window(qtbot, "pendulous", ["human", "greedy"])
    pv = w.provider
    s = w.state
    water = next((x, y) for y in range(s.board.height) for x in range(s.board.width) if s.square(y, x)[0] == "water")
    click(pv.view, *water)
    assert "no action can take place on water (2.1)" in w.notice.text()
    gray = next((x, y) for y in range(s.board.height) for x in range(s.board.width)
                if s.square(y, x)[:2] == ("land", 1))
    click(pv.view, *gray)  # gray's land in the setup turn: no attacks in the setup turn (2.4)
    assert w.notice.isVisible() and f"Not possible on {gray[0] + 1},{gray[1] + 1}: " in w.notice.text()
    assert "setup" in w.notice.text()
    header = pv.table.horizontalHeader()
    assert all(header.sectionSize(i) >= header.sectionSizeHint(i) for i in range(3))  # headers not clipped
    _shot(w, "playwindow-pendulous-refused.png")
    w.close()


def test_seat_dialog_offers_every_computer_player_with_its_options(qtbot, monkeypatch):
    model = load_file(PYRAMIDS).model
    prov = provider_class("pyramids")
    dlg = SeatDialog(prov, model, title="Sample")
    qtbot.addWidget(dlg)
    assert [dlg.kinds[1].itemData(i) for i in range(dlg.kinds[1].count())] == ["human", "cheops", "greedy", "random"]
    assert dlg.seats() == ["human", "cheops"]  # the game's default seats
    hint = dlg.options[1].placeholderText()
    assert hint.startswith("level, time_limit") and "None" not in hint and "beam=6" in hint and "stop" not in hint
    assert not dlg.options[0].isEnabled()  # a human has no options
    dlg.options[1].setText("levle=2")
    dlg.accept()
    assert dlg.result() != QDialog.DialogCode.Accepted and "no option 'levle'" in dlg.error.text()
    dlg.options[1].setText("level=2")
    assert dlg.agent_options() == [{}, {"level": 2}]
    dlg.show()
    qtbot.waitExposed(dlg)
    _shot(dlg, "playwindow-seats.png")


def test_play_from_the_editor_opens_beside_or_over_it_and_back_to_the_editor(qtbot, window, duel, monkeypatch):
    ed = window.open_file(duel)
    monkeypatch.setattr(SeatDialog, "exec", lambda dlg: QDialog.DialogCode.Accepted)
    window.resize(1024, 700)
    window.act_play.trigger()
    (pw,) = window.play_windows
    screen = window.screen().availableGeometry()
    assert pw.width() <= screen.width() and pw.height() <= screen.height()
    assert screen.contains(pw.frameGeometry().topLeft())
    assert pw.source_editor is ed and pw.seats == ["human", "greedy"]
    _shot(pw, "playwindow-pendulous-from-editor.png")
    pw.resize(1024, 700)
    settle(qtbot, pw)
    # usable at 1024x700: the board keeps room and the panel's labels are not squeezed
    assert pw.centralWidget().width() >= 400 and pw.provider.end_turn_btn.isVisible()
    qtbot.mouseClick(pw.over_back, Qt.MouseButton.LeftButton)
    assert window.play_windows == []


def test_a_provider_is_found_for_every_game_with_an_editor():
    for game in ("pendulous", "pyramids"):
        cls = provider_class(game)
        assert issubclass(cls, playwindow.PlayProvider) and cls.game_name == game


def test_pyramids_from_the_scenario_editor_asks_for_seats(qtbot, window, tmp_path, monkeypatch):
    for name in ("sample.scn.yaml", "default.pieceset.yaml"):
        shutil.copy(PYRAMIDS.parent / name, tmp_path / name)
    ed = window.open_file(tmp_path / "sample.scn.yaml")

    def choose(dlg):
        dlg.kinds[0].setCurrentIndex(dlg.kinds[0].findData("random"))
        dlg.kinds[1].setCurrentIndex(dlg.kinds[1].findData("random"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(SeatDialog, "exec", choose)
    window.act_play.trigger()
    (pw,) = window.play_windows
    assert pw.seats == ["random", "random"] and pw.viewer() is None  # computers only: everything shown
    assert pw.source_editor is ed
    pw.set_pace("fast")
    qtbot.waitUntil(lambda: pw.match.actions >= 10, timeout=20_000)
    pw.close()


def test_a_white_seat_is_marked_so_that_it_shows_on_grey(qtbot):
    """Pendulum's white seat: a filled white square vanished on the dialog's grey (issue 30 pass)."""
    from gridsmith.formats.pendulum.scenario import resolve
    from gridsmith.formats.registry import CheckContext

    path = CONTENT.parent / "pendulum" / "duel.scn.yaml"  # CONTENT: the Pendulous folder
    resolved, _ = resolve(load_file(path).model, CheckContext(file=path))  # what Test-play passes
    dlg = SeatDialog(provider_class("pendulum"), resolved, title="Duel")
    qtbot.addWidget(dlg)
    marks = [lab.text() for lab in dlg.findChildren(QLabel) if "■" in lab.text() or "□" in lab.text()]
    white = next(t for t in marks if "white" in t.lower())
    assert "□" in white and "#444444" in white, white
    assert all("□" not in t for t in marks if t is not white)


def test_a_switch_option_reads_true_and_false_as_people_type_them():
    """`blow_roads=false` stayed the string "false", which a computer player took for on."""
    from gridsmith.editor.core.seat_dialog import parse_options

    known = {"blow_roads": False, "depth": 2}
    assert parse_options("blow_roads=false, depth=3", known) == {"blow_roads": False, "depth": 3}
    assert parse_options("blow_roads=TRUE", known) == {"blow_roads": True}
    assert parse_options("blow_roads=True", known) == {"blow_roads": True}
    with pytest.raises(ValueError, match="true or false"):
        parse_options("blow_roads=maybe", known)
