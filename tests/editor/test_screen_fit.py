"""Every window fits a 1024x700 screen (issue 30 item 6): the main window (also with a layout saved
on a bigger screen), the play window of every game, the balance lab, the seat, New and shortcut
dialogs. The windows are opened in a child process whose offscreen screen is 1024x700."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

CHILD = textwrap.dedent('''
    import json, sys
    from pathlib import Path
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QApplication, QMessageBox
    from gridsmith.editor.app import application
    from gridsmith.editor.core import config
    from gridsmith.editor.core.mainwindow import MainWindow
    from gridsmith.editor.core.newdialog import NewDocumentDialog
    from gridsmith.editor.core.play_provider import provider_class
    from gridsmith.editor.core.playwindow import open_play_window
    from gridsmith.editor.core.seat_dialog import SeatDialog
    from gridsmith.editor.core.shortcuts import ShortcutsDialog
    from gridsmith.engine.core import games

    QMessageBox.information = lambda *a, **k: None
    app = application()
    root = Path(sys.argv[1])
    s = config.settings()  # a layout saved on a 1600x1000 screen
    big = MainWindow(); big.resize(1600, 1000); big.save_layout(); big.deleteLater()
    out = {}
    def pump():
        for _ in range(20):
            app.processEvents()
    main = MainWindow(); main.show(); pump()
    out["main"] = main.frameGeometry().getRect()
    for name, dlg in (("new", NewDocumentDialog(main)), ("shortcuts", ShortcutsDialog(main))):
        dlg.show(); pump(); out[name] = dlg.frameGeometry().getRect(); dlg.close()
    for game in ("circuitwar", "kongbots", "pendulous", "pendulum", "pyramids"):
        scenario = sorted((root / "content" / game).glob("*.scn.yaml"))[0]
        ed = main.open_file(scenario); pump()
        seat = SeatDialog(provider_class(game), ed.document.snapshot(), main); seat.show(); pump()
        out[game + "-seats"] = seat.frameGeometry().getRect(); seat.close()
        seats = list(games.get(game).default_seats) * 5
        n = len(provider_class(game).player_names(ed.document.snapshot()))
        pw = open_play_window(main, provider_class(game), ed.document.snapshot(), seats[:n], seed=1, source_editor=ed,
                              pace="fast", settings={"end_turn_dialog": False})
        pw.set_paused(True); pump()
        out[game + "-play"] = pw.frameGeometry().getRect(); pw.close()
        lab = main.balance(); pump()
        if lab is not None:
            out[game + "-balance"] = lab.frameGeometry().getRect(); lab.close()
    print(json.dumps({"screen": QApplication.primaryScreen().availableGeometry().getRect(), "windows": out}))
    for ed in main.editors():
        main.close_tab(ed, ask=False)
''')


def test_every_window_fits_a_1024x700_screen(tmp_path):
    cfg = tmp_path / "screen.json"
    cfg.write_text(json.dumps({"synthesizedScreens": False, "screens": [
        {"name": "small", "x": 0, "y": 0, "width": 1024, "height": 700, "logicalDpi": 96, "logicalBaseDpi": 96,
         "dpr": 1}]}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={cfg}", GRIDSMITH_CONFIG_DIR=str(tmp_path / "config"),
               GRIDSMITH_RECOVERY_DIR=str(tmp_path / "recovery"))
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    run = subprocess.run([sys.executable, "-c", CHILD, root], env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    sx, sy, sw, sh = got["screen"]
    assert (sw, sh) == (1024, 700)
    too_big = {name: (x, y, w, h) for name, (x, y, w, h) in got["windows"].items()
               if x < sx or y < sy or x + w > sx + sw or y + h > sy + sh}
    assert not too_big, too_big
    assert {"main", "new", "shortcuts", "pyramids-play", "kongbots-balance"} <= set(got["windows"])
    assert got["windows"]["kongbots-balance"][2] >= 900  # fitted, not shrunk to its size hint (the lab's results wrapped)
