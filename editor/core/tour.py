"""The screenshot tour (issue 30 item 8): every editor, play window and balance lab of every game,
at 1024x700 and at 1600x1000, as PNGs named `<game>-<what>-<W>x<H>.png`.

    python -m gridsmith.editor.core.tour OUTDIR [--games pyramids,kongbots] [--sizes 1024x700] [--games-per-run 4]

`make screenshots` runs it into docs/screenshots/ in a real window (under Xvfb with a window manager
when there is no display, else offscreen). It drives the program as a person sees it: the main
window is shown at the size, each file of content/<game>/ (one of each kind) is opened through
File > Open's own path (`MainWindow.open_file`), the events are processed until the window is laid
out and the file checked; the scenario is test-played with computer players on every seat (the
game's default players) for a few moves, then paused; the balance lab plays a few games (Run) and
shows its result. Each window is captured as it is drawn (`QWidget.grab`).
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from gridsmith.engine.core import games
from gridsmith.formats.content import content_root

from . import collector, plugins
from .mainwindow import MainWindow
from .play_provider import provider_class
from .playwindow import open_play_window
from .reffield import RefField

SIZES: tuple[tuple[int, int], ...] = ((1024, 700), (1600, 1000))
#: the file shown for a kind when a game has several: the one a newcomer opens first
PREFERRED = ("duel", "sample", "scout-duel", "default", "classic-diamond", "gambal", "scout-raider")
_KIND = re.compile(r"^kind[ \t]*:[ \t]*[\"']?([A-Za-z][\w.-]*)", re.MULTILINE)


def content_dir() -> Path:
    """The repository's content/ (the bundled files): the tour shows what ships."""
    return content_root()


def files_of(game: str) -> dict[str, Path]:
    """One file of each kind of `game` that has an editor (kind -> file), the preferred names first."""
    out: dict[str, Path] = {}
    folder = content_dir() / game
    rank = {name: i for i, name in enumerate(PREFERRED)}
    for path in sorted(folder.glob("*.yaml"), key=lambda p: (rank.get(p.name.split(".")[0], len(rank)), p.name)):
        m = _KIND.search(path.read_text(encoding="utf-8")[:4096])
        if m and m.group(1).startswith(game + ".") and m.group(1) not in out and plugins.get(m.group(1)) is not None:
            out[m.group(1)] = path
    return out


def pump(ms: int, until: Callable[[], bool] | None = None) -> bool:
    """Process events for up to `ms` milliseconds (less once `until()` holds); True when it held."""
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        QApplication.processEvents()
        if until is not None and until():
            return True
        time.sleep(0.01)
    return until is None or until()


def shoot(widget: QWidget, out: Path, name: str, written: list[Path]) -> None:
    pump(150)
    path = out / name
    if not widget.grab().save(str(path)):
        raise OSError(f"cannot write {path}")
    written.append(path)
    print(path, flush=True)


def _editor(main, path: Path):
    ed = main.open_file(path)
    if ed is None:
        raise RuntimeError(f"{path} did not open in an editor")
    validator = getattr(ed, "validator", None)
    pump(3000, lambda: validator is None or (not validator._timer.isActive() and validator.pool.activeThreadCount() == 0))
    fields = [f for w in (ed, *(p.widget for p in ed.panels())) for f in w.findChildren(RefField)]
    pump(20000, lambda: all(f.status_ready() for f in fields))  # the referenced files' status, not "checking…"
    pump(300)
    return ed


def _play(main, ed, size: tuple[int, int], moves: int = 12):
    """Test-play with the game's default players on every seat (a computer, or a human where the game
    says so), a few moves, then paused."""
    game = games.get(ed.document.kind.split(".")[0])
    provider = provider_class(game.name)
    scenario = ed.document.snapshot()
    seats = len(provider.player_names(scenario))
    defaults = list(game.default_seats) or ["random"]
    computers = [defaults[q] if q < len(defaults) else defaults[-1] for q in range(seats)]
    pw = open_play_window(main, provider, scenario, computers, seed=7, source_editor=ed, agent_seed=7, pace="fast",
                          settings={"end_turn_dialog": False}, scenario_file=ed.document.path,
                          base=ed.document.path.parent if ed.document.path else None)
    pw.move(0, 0)
    pw.resize(*size)
    done = [0]
    pw.computerDone.connect(lambda: done.__setitem__(0, done[0] + 1))
    pump(8000, lambda: done[0] >= moves or pw.state.is_over or pw.is_human_turn())
    if not pw.state.is_over:
        pw.set_paused(True)
        pump(3000, lambda: pw.worker is None)
    zoom = pw.provider.zoomable()
    if zoom is not None:
        zoom.zoom_fit()
    return pw


def _balance(main, size: tuple[int, int], games_per_run: int):
    dlg = main.balance()
    if dlg is None:
        return None
    dlg.move(0, 0)
    dlg.resize(min(size[0], max(dlg.sizeHint().width(), size[0])), size[1])
    dlg.games.setValue(games_per_run)
    dlg.jobs.setValue(1)
    pump(200)
    QTest.mouseClick(dlg.run_button, Qt.MouseButton.LeftButton)  # Run, as a person would
    pump(180_000, lambda: dlg.worker is None)
    pump(500)
    return dlg


def tour(out: Path, games_: Iterable[str] | None = None, sizes: Iterable[tuple[int, int]] = SIZES,
         games_per_run: int = 4, play: bool = True, balance: bool = True) -> list[Path]:
    """Write the tour's PNGs into `out`; the list of files written."""
    app = QApplication.instance() or QApplication(["gridsmith-tour"])
    app.setStyle("Fusion")  # as `gridsmith edit` shows it (editor.app; the core does not import the app)
    app.setQuitOnLastWindowClosed(False)
    collector.install(app)  # as editor.app: cycles collected in the GUI thread only
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    names = list(games_) if games_ else sorted(games.names())
    for w, h in sizes:
        for game in names:
            main = MainWindow()
            main.move(0, 0)
            main.resize(QSize(w, h))
            main.show()
            pump(300)
            kinds = files_of(game)
            for kind, path in kinds.items():
                _editor(main, path)
                shoot(main, out, f"{game}-{kind.split('.', 1)[1]}-{w}x{h}.png", written)
            scenario = kinds.get(f"{game}.scenario")
            if scenario is not None:
                ed = _editor(main, scenario)  # the scenario's tab again (it is open: shown)
                if play and ed.can_play():
                    pw = _play(main, ed, (w, h))
                    shoot(pw, out, f"{game}-play-{w}x{h}.png", written)
                    pw.close()
                    pump(200)
                if balance:
                    dlg = _balance(main, (w, h), games_per_run)
                    if dlg is not None:
                        shoot(dlg, out, f"{game}-balance-{w}x{h}.png", written)
                        dlg.close()
            for ed in main.editors():
                main.close_tab(ed, ask=False)
            main.close()
            main.deleteLater()
            pump(200)
    return written


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.partition("x")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gridsmith.editor.core.tour", description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, help="the folder for the PNGs (docs/screenshots for the README)")
    ap.add_argument("--games", default="", help="comma-separated game names (default: every game)")
    ap.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES), help="e.g. 1024x700,1600x1000")
    ap.add_argument("--games-per-run", type=int, default=4, help="games the balance lab plays (a short run)")
    args = ap.parse_args(argv)
    written = tour(args.out, [g for g in args.games.split(",") if g] or None,
                   [_size(s) for s in args.sizes.split(",") if s], args.games_per_run)
    print(f"{len(written)} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
