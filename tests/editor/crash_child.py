"""A real editor process for the crash-recovery test: opens a file, paints with the mouse, waits for
an autosave, says READY, and waits to be killed."""
import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, os.path.dirname(__file__))

from gridsmith.editor.app import application  # noqa: E402

app = application()
from gridsmith.editor.core.mainwindow import MainWindow  # noqa: E402
from editor_helpers import drag  # noqa: E402

win = MainWindow()
win.show()
ed = win.open_file(sys.argv[1])
ed.palette_panel.type_buttons["water"].setChecked(True)
drag(ed.view, [(1, 1), (4, 1)])  # row 2 "~1A111222222" -> "~~~~~1222222"
ed.settings_panel.turns.setValue(33)
session = win.autosaver.session
deadline = time.time() + 20
while not session.exists() and time.time() < deadline:
    app.processEvents()
    time.sleep(0.05)
print("READY" if session.exists() else "NO-AUTOSAVE", flush=True)
while True:
    app.processEvents()
    time.sleep(0.05)
