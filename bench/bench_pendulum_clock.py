"""Pendulum in the play window's clock mode: how far the clock drifts over a round (printed, never asserted).

    python bench/bench_pendulum_clock.py [--speed 16] [--seats greedy,greedy] [--scenario duel] [--until-ms N]

Runs the real play window offscreen (Qt's timer, the computer seats on their threads) from the start
placement through round 1 to its council (or to game time --until-ms), and samples at every clock tick:

- display vs engine: the clock the board last painted (its sandglasses) against the engine's clock at
  that moment (how stale what a person sees is);
- engine vs wall: while the clock runs, the engine's clock against the wall clock times the speed since
  it last started running (it stands, by design, while a computer seat thinks or a seat must answer: each
  running stretch is measured from its own start).

Default: a whole round at 16x (about 6-9 game minutes in 25-35 s). `--speed 1 --until-ms 45000` runs the
black glass once in real time.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from gridsmith.editor.core.playwindow import PlayWindow  # noqa: E402
from gridsmith.editor.pendulum.play import PendulumProvider  # noqa: E402
from gridsmith.engine.pendulum.game import SCENARIO  # noqa: E402


def run(speed: float, seats: list[str], scenario: str, until_ms: int | None, seed: int = 3) -> None:
    app = QApplication.instance() or QApplication([])
    res = SCENARIO.read(ROOT / "content" / "pendulum" / f"{scenario}.scn.yaml")
    w = PlayWindow(PendulumProvider, res, seats, seed, agent_seed=4, title=scenario)
    w.resize(1100, 760)
    w.show()
    w.set_speed(speed)
    st = w.state.state
    display, lag = [], []
    segment: list[tuple[float, int]] = []  # (wall, engine ms) at the start of the running stretch
    ticks = held = 0
    tick = w._tick

    def sampled_tick() -> None:
        nonlocal ticks, held
        was_running = w._anchor is not None and not w.clock_held()
        tick()
        ticks += 1
        wall = time.monotonic()
        if w.clock_held() or w._anchor is None:
            held += 1
            segment.clear()
            return
        if not was_running or not segment:
            segment[:] = [(wall, st.now)]
            return
        w0, g0 = segment[0]
        lag.append((wall - w0) * 1000 * speed - (st.now - g0))
        if w.provider.view.painted_ms is not None:
            display.append(st.now - w.provider.view.painted_ms)

    w.clock_timer.timeout.disconnect()
    w.clock_timer.timeout.connect(sampled_tick)
    t0 = time.perf_counter()
    w.begin()
    limit = 600 / max(speed, 1) * 60 if until_ms is None else until_ms / 1000 / speed + 30
    while time.perf_counter() - t0 < limit:
        app.processEvents()
        time.sleep(0.002)
        if until_ms is not None and st.now >= until_ms:
            break
        if until_ms is None and st.phase in ("wrapup", "council", "council_wait", "over") and st.round == 1:
            break
        if st.round > 1:
            break
    wall = time.perf_counter() - t0
    w.close()

    def figures(xs: list[float]) -> str:
        if not xs:
            return "no samples"
        hi, mean = max(abs(x) for x in xs), statistics.fmean(abs(x) for x in xs)
        return (f"max {hi:.1f} ms, mean {mean:.1f} ms of game time = max {hi / speed:.1f} ms, mean "
                f"{mean / speed:.1f} ms of wall time ({len(xs)} samples)")

    print(f"Pendulum play window, {scenario}, seats {','.join(seats)}, speed {speed:g}x: game clock "
          f"{st.now / 1000:.1f} s ({st.phase}, round {st.round}) in {wall:.1f} s wall; {ticks} ticks, "
          f"{held} with the clock standing (a computer thinking or a seat to answer)")
    print(f"  display vs engine clock: {figures(display)}")
    print(f"  engine clock vs wall x speed (running stretches): {figures(lag)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--speed", type=float, default=16.0)
    ap.add_argument("--seats", default="greedy,greedy")
    ap.add_argument("--scenario", default="duel")
    ap.add_argument("--until-ms", type=int, default=None)
    a = ap.parse_args()
    run(a.speed, a.seats.split(","), a.scenario, a.until_ms)


if __name__ == "__main__":
    main()
