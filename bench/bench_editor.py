"""Editor speed on the 50x50 bundled scenario (content/pendulous/continent.scn.yaml), offscreen.

Prints: time to open the file into a ready, painted editor tab; time per painted square during a
mouse drag (the mouse-move event, the undo command, the cache tile, and the repaint of the exposed
region); a full repaint of the whole visible map; a full cache rebuild (what a resize or an undone
resize costs); and the live validation of the map (run off the GUI thread while editing).
Target (issue 4): strokes and repaints under 16 ms (60 frames per second), opening under 0.5 s.
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "editor"))

FILE = ROOT / "content" / "pendulous" / "continent.scn.yaml"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def main() -> None:
    tmp = tempfile.mkdtemp()
    os.environ["GRIDSMITH_CONFIG_DIR"] = tmp
    t_import = time.perf_counter()
    from gridsmith.editor.app import application

    app = application()

    from gridsmith.editor.core.mainwindow import MainWindow
    from editor_helpers import move, press, release

    import_s = time.perf_counter() - t_import
    win = MainWindow(autosave_dir=Path(tmp) / "recovery")
    win.resize(1400, 950)
    win.show()
    app.processEvents()

    # -- open: parse + model + editor widgets + cache + first paint, best of 5 --
    opens = []
    for _ in range(5):
        t0 = time.perf_counter()
        ed = win.open_file(FILE)
        ed.view.viewport().repaint()
        opens.append(time.perf_counter() - t0)
        win.close_tab(ed, ask=False)
        app.processEvents()
    ed = win.open_file(FILE)
    app.processEvents()
    w, h = ed.document.grid_size()
    ed.view.set_zoom(0.6)
    app.processEvents()

    # -- drag: one mouse-move per square along rows, each followed by the repaint it causes --
    ed.palette_panel.type_buttons["land"].setChecked(True)
    ed.palette_panel.player_buttons[1].setChecked(True)
    vis = ed.view.visible_cells()
    y0, x0 = int(vis.y()) + 1, int(vis.x()) + 1
    xs = list(range(x0, min(w, int(vis.right()) - 1)))
    per_square = []
    for y in range(y0, y0 + 6):
        press(ed.view, xs[0], y)
        for x in xs[1:]:
            t0 = time.perf_counter()
            move(ed.view, x, y)
            ed.view.viewport().repaint()  # what the next frame would do
            per_square.append(time.perf_counter() - t0)
        release(ed.view, xs[-1], y)
    steps = ed.document.undo_stack.count()

    # -- full repaint of everything visible (whole map fitted in the window) --
    ed.view.zoom_fit()
    app.processEvents()
    repaints = []
    for _ in range(30):
        t0 = time.perf_counter()
        ed.view.viewport().repaint()
        repaints.append(time.perf_counter() - t0)
    rebuilds = []
    for _ in range(5):
        t0 = time.perf_counter()
        ed.item.rebuild()
        ed.view.viewport().repaint()
        rebuilds.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    ed.document.undo_stack.undo()
    ed.view.viewport().repaint()
    undo_s = time.perf_counter() - t0
    checks = []
    for _ in range(5):
        t0 = time.perf_counter()
        problems = ed.document.check()
        checks.append(time.perf_counter() - t0)

    print(f"editor benchmark: {FILE.relative_to(ROOT)} ({w}x{h}, {len(ed.document.model.players)} players), "
          f"platform {app.platformName()}")
    print(f"  import of the editor (PySide6 + formats):      {ms(import_s)}")
    print(f"  open file -> painted tab (best of 5):          {ms(min(opens))}   (median {ms(statistics.median(opens))})")
    print(f"  paint one square during a drag (n={len(per_square)}):      mean {ms(statistics.mean(per_square))}, "
          f"p95 {ms(sorted(per_square)[int(len(per_square) * 0.95)])}, max {ms(max(per_square))}")
    print(f"  strokes recorded as undo steps:                {steps} (6 drags)")
    print(f"  full repaint, whole map visible (best of 30):  {ms(min(repaints))}   (median {ms(statistics.median(repaints))})")
    print(f"  full cache rebuild + repaint (resize/undo):    {ms(min(rebuilds))}")
    print(f"  undo of a {len(xs) - 1}-square stroke + repaint:          {ms(undo_s)}")
    print(f"  live validation of the map (off the GUI thread): {ms(min(checks))} ({len(problems)} problems)")
    ok = max(statistics.mean(per_square), min(repaints)) < 0.016 and min(opens) < 0.5
    print(f"  targets (stroke and repaint < 16 ms, open < 0.5 s): {'met' if ok else 'NOT met'}")
    win.close_tab(ed, ask=False)
    win.autosaver.shutdown()


if __name__ == "__main__":
    main()
