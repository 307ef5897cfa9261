"""The play window's frame time while a computer game runs (figures, not assertions), offscreen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_playwindow.py [--scenario FILE] [--actions N]

Greedy computer players on every seat at the fast pace (no wait between actions): per action, the
GUI thread's work (apply through the loop, the log line, redrawing the changed cells, the panel) and
the repaint Qt then does of what changed (the frame time is their sum); a whole-board repaint every
tenth action for comparison; and the lateness of a 60 Hz timer on the GUI thread meanwhile (how long
the window would stutter), as mean, 95th percentile and maximum in ms.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))] if v else 0.0


def fig(name: str, values: list[float]) -> str:
    return (f"{name}: mean {statistics.mean(values):.2f} ms, p95 {pct(values, 0.95):.2f} ms, "
            f"max {max(values):.2f} ms ({len(values)} samples)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default=str(ROOT / "content" / "pendulous" / "continent.scn.yaml"))
    ap.add_argument("--actions", type=int, default=400)
    args = ap.parse_args()

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from gridsmith.editor.core.play_provider import provider_class
    from gridsmith.editor.core.playwindow import PlayWindow
    from gridsmith.engine.core.games import get
    from gridsmith.formats.loader import load_file

    app = QApplication.instance() or QApplication([])
    QMessageBox.information = lambda *a, **k: None  # Pendulous' end-of-turn dialog
    path = Path(args.scenario)
    loaded = load_file(path)
    game = get(loaded.spec.game)
    n = game.seat_count(game.new_game(loaded.model, 1, base=str(path.parent)))
    t0 = time.perf_counter()
    w = PlayWindow(provider_class(game.name), loaded.model, ["greedy"] * n, 1, base=path.parent, agent_seed=1,
                   pace="fast", settings={"end_turn_dialog": False})
    w.resize(1024, 700)
    w.show()
    app.processEvents()
    print(f"{path.name}: window open and painted in {(time.perf_counter() - t0) * 1000:.0f} ms")

    work: list[float] = []
    paint: list[float] = []
    full: list[float] = []
    apply = w.apply
    viewport = w.provider.zoomable().viewport()

    def timed_apply(action):
        a = time.perf_counter()
        events = apply(action)
        b = time.perf_counter()
        app.processEvents()  # Qt repaints what the action changed (the dirty cells, the panel, the log)
        c = time.perf_counter()
        if len(work) % 10 == 0:  # now and then, the whole board for comparison
            viewport.repaint()
            full.append((time.perf_counter() - c) * 1000)
        work.append((b - a) * 1000)
        paint.append((c - b) * 1000)
        return events

    w.apply = timed_apply
    late: list[float] = []
    last = [time.perf_counter()]

    def tick():
        now = time.perf_counter()
        late.append(max(0.0, (now - last[0]) * 1000 - 16.0))
        last[0] = now

    timer = QTimer(interval=16)
    timer.timeout.connect(tick)
    timer.start()
    w.begin()
    t1 = time.perf_counter()
    while len(work) < args.actions and not w.state.is_over:
        app.processEvents()
        time.sleep(0.0005)
    seconds = time.perf_counter() - t1
    timer.stop()
    w.close()
    print(f"{len(work)} computer actions in {seconds:.1f} s ({len(work) / seconds:.0f} actions/s, the greedy "
          "players thinking in a worker thread)")
    print(fig("GUI work per action (apply, log, changed cells, panel)", work))
    print(fig("repaint of what changed per action", paint))
    frame = [a + b for a, b in zip(work, paint)]
    print(fig("frame time per action (work + repaint)", frame))
    print(fig("whole board repainted, for comparison", full))
    print(fig("60 Hz timer lateness on the GUI thread", late))


if __name__ == "__main__":
    main()
