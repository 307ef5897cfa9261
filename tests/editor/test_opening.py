"""Issue 28: the editor opens only what is safe. It applies `validate`'s size and value limits before
building any widget (a refused file opens in the text view with its diagnostics), and nothing it
does on opening a file blocks the window: the file is read and checked on a worker thread, with a
progress dialog. Every file is opened as a user does, through File > Open."""
from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QProgressDialog, QPushButton

from gridsmith.editor.core import files, opening
from gridsmith.editor.core.textview import TextEditor
from gridsmith.formats.loader import validate_file

ROOT = Path(__file__).resolve().parents[2]


def _tall_circuitwar_grid(folder: Path) -> Path:
    """The issue's 10,000-row Circuit War grid (it opened as a one-column sliver)."""
    head = (ROOT / "content" / "circuitwar" / "duel.scn.yaml").read_text().split("grid:")[0]
    rows = "".join('  - "+"\n' if i % 2 == 0 else '  - " "\n' for i in range(10_001))
    path = folder / "tall.scn.yaml"
    path.write_text(head + "grid:\n" + rows)
    return path


def _huge_kongbots_arena(folder: Path) -> Path:
    """The issue's 256 x 256 Kongbots arena (limit 40 x 40; it opened in the arena painter)."""
    head = (ROOT / "content" / "kongbots" / "pit.arena.yaml").read_text().split("rows:")[0]
    rows = ["A" + "." * 255] + ["." * 256] * 254 + ["." * 255 + "B"]
    path = folder / "huge.arena.yaml"
    path.write_text(head + "rows:\n" + "".join(f'  - "{r}"\n' for r in rows))
    return path


def _file_open(window, monkeypatch, path: Path):
    """File > Open, choosing `path` in the file dialog."""
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    window.act_open.trigger()
    return window.current_editor()


@pytest.mark.parametrize("make,code,editor", [
    (_tall_circuitwar_grid, "CW401", "CircuitWarEditor"),
    (_huge_kongbots_arena, "KB413", "ArenaEditor"),
])
def test_a_file_beyond_the_limits_opens_in_the_text_view(qtbot, window, tmp_path, monkeypatch, make, code, editor):
    path = make(tmp_path)
    assert code in {d.code for d in validate_file(path)}  # what `validate` refuses...
    from gridsmith.editor.core import plugins

    built = []
    cls = next(p.editor_class for p in plugins.all_plugins() if p.editor_class.__name__ == editor)
    real_init = cls.__init__
    monkeypatch.setattr(cls, "__init__", lambda self, *a, **k: built.append(self) or real_init(self, *a, **k))
    ed = _file_open(window, monkeypatch, path)
    # ...the editor refuses before building a widget: the text view, with the diagnostics
    assert built == [] and isinstance(ed, TextEditor) and ed.document.path == path.resolve()
    assert not ed.reads and not ed.switch_button.isVisible()
    assert "too large for the visual editor" in ed.banner.text()
    assert code in {d.code for d in ed.problems()}
    assert window.docks["problems"].widget() is ed.problems_panel
    # the visual editor cannot be forced either: the text reads, but the limits still stand
    assert window.switch_to_visual(ed) is None and built == []
    with pytest.raises(files.DocumentError) as e:
        files.open_document(path)
    assert e.value.diagnostics[0].code == code


def test_a_scenario_naming_a_file_beyond_the_limits_opens_in_the_text_view(qtbot, window, tmp_path, monkeypatch):
    """A Kongbots scenario naming the 256 x 256 arena: `validate` refuses it at `arena:` (R610, the
    arena's KB413); the editor refuses it there too, before building the scenario form."""
    arena = _huge_kongbots_arena(tmp_path)
    scenario = tmp_path / "huge.scn.yaml"
    scenario.write_text((ROOT / "content" / "kongbots" / "scout-duel.scn.yaml").read_text()
                        .replace("arena: classic-diamond", f"arena: {arena.name}"))
    refused = [d for d in validate_file(scenario) if d.code == "R610"]
    assert refused and "KB413" in refused[0].message
    from gridsmith.editor.core import plugins

    built = []
    cls = next(p.editor_class for p in plugins.all_plugins() if p.editor_class.__name__ == "ScenarioEditor"
               and p.kind == "kongbots.scenario")
    real_init = cls.__init__
    monkeypatch.setattr(cls, "__init__", lambda self, *a, **k: built.append(self) or real_init(self, *a, **k))
    ed = _file_open(window, monkeypatch, scenario)
    assert built == [] and isinstance(ed, TextEditor) and ed.document.path == scenario.resolve()
    qtbot.waitUntil(lambda: "too large for the visual editor" in ed.banner.text(), timeout=10000)
    assert not ed.reads and not ed.switch_button.isVisible()
    assert [(d.code, d.line) for d in ed.problems() if d.code == "R610"] == [("R610", refused[0].line)]
    # a scenario naming an arena within the limits, but with another error, still opens in its form
    arena.write_text((ROOT / "content" / "kongbots" / "pit.arena.yaml").read_text().replace("name:", "name: ''\nx:", 1))
    other = tmp_path / "other.scn.yaml"
    other.write_text(scenario.read_text())
    assert any(d.code == "R610" for d in validate_file(other))
    assert type(_file_open(window, monkeypatch, other)).__name__ == "ScenarioEditor"


def test_a_file_within_the_limits_still_opens_in_its_editor(qtbot, window, tmp_path, monkeypatch):
    for name in ("pit.arena.yaml",):
        shutil.copy(ROOT / "content" / "kongbots" / name, tmp_path / name)
    ed = _file_open(window, monkeypatch, tmp_path / "pit.arena.yaml")
    assert type(ed).__name__ == "ArenaEditor"


def _open_slowly(window, monkeypatch, path: Path, when_shown) -> tuple[object, list, int]:
    """File > Open of `path` with its check held until the progress dialog is up: then
    `when_shown(dialog)` runs on the GUI thread and the check goes on. (the editor, the threads
    the check ran on, how many times the GUI thread ran a timer meanwhile)"""
    real_read = files.read
    threads: list[threading.Thread] = []
    release = threading.Event()

    def slow_read(path, limits):
        threads.append(threading.current_thread())
        assert release.wait(30), "the window never showed its progress"
        return real_read(path, limits)

    monkeypatch.setattr(files, "read", slow_read)
    ticks = [0]

    def tick() -> None:  # runs on the GUI thread while the file is being checked
        ticks[0] += 1
        dlg = window.findChild(QProgressDialog)
        if dlg is not None and dlg.isVisible() and not release.is_set():
            when_shown(dlg)
            release.set()

    heartbeat = QTimer(interval=20, timeout=tick)
    heartbeat.start()
    try:
        ed = _file_open(window, monkeypatch, path)
    finally:
        heartbeat.stop()
    return ed, threads, ticks[0]


def test_opening_checks_off_the_gui_thread_with_progress(qtbot, window, duel, monkeypatch):
    """A long check (the issue: a scenario naming a deck 15,000 times froze the window 24 s) runs on
    a worker thread: the window goes on handling events, and a progress dialog says what it does.
    The check is held until the window has shown that, so nothing here depends on a duration."""
    labels = []
    ed, threads, ticks = _open_slowly(window, monkeypatch, duel, lambda dlg: labels.append(dlg.labelText()))
    assert threads and threads[0] is not threading.main_thread()
    assert ticks > 1 and labels == ["Reading and checking duel.scn.yaml…"]
    assert type(ed).__name__ == "PendulousEditor" and ed.document.path == duel.resolve()
    assert window.findChild(QProgressDialog) is None or not window.findChild(QProgressDialog).isVisible()
    qtbot.waitUntil(lambda: not opening.busy(), timeout=10000)


def test_cancel_leaves_the_window_as_it_was(qtbot, window, duel, monkeypatch):
    def cancel(dlg) -> None:
        QTest.mouseClick(dlg.findChild(QPushButton), Qt.MouseButton.LeftButton)

    ed, _threads, _ticks = _open_slowly(window, monkeypatch, duel, cancel)
    assert ed is None and window.editors() == [] and "cancelled" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: not opening.busy(), timeout=10000)  # its answer arrives and is dropped
    assert window.editors() == []
