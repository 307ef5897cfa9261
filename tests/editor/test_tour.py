"""The screenshot tour (issue 30 item 8) for one game, offscreen: every editor of its content, the
play window and a short balance run, named `<game>-<what>-<W>x<H>.png`."""
from __future__ import annotations

from PySide6.QtGui import QImage

from gridsmith.editor.core import tour


def test_the_tour_of_one_game_writes_every_window(qtbot, tmp_path):
    written = tour.tour(tmp_path, ["kongbots"], [(1024, 700)], games_per_run=2)
    names = sorted(p.name for p in written)
    assert names == sorted(f"kongbots-{what}-1024x700.png" for what in
                           ("arena", "bot", "scenario", "play", "balance")), names
    for p in written:
        img = QImage(str(p))
        assert (img.width(), img.height()) == (1024, 700), p.name
        assert len({img.pixel(x, y) for x in range(0, 1024, 64) for y in range(0, 700, 50)}) > 3, p.name  # drawn


def test_one_file_of_each_kind_is_chosen_the_newcomers_first():
    files = tour.files_of("pendulum")
    assert files["pendulum.scenario"].name == "duel.scn.yaml"
    assert set(files) >= {"pendulum.scenario", "pendulum.board", "pendulum.deck", "pendulum.leader", "pendulum.ruleset"}
