"""Test-only documents for the hex and lattice canvases (no game ships these geometries yet).

They are generic on purpose: a hex map of letters and a lattice of wires, with one simple check
each so that problem locations can be tested, and a plain look (a colour per value, the letter on
top). Used by tests/editor/test_canvas_*.py and bench/bench_editor.py.
"""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from pydantic import BaseModel

from gridsmith.editor.core.document import EditorDocument
from gridsmith.editor.core.editorwidget import GridEditor
from gridsmith.editor.core.geometry import HexGeometry, LatticeGeometry
from gridsmith.formats.diagnostics import Problem, Severity

COLOURS = {".": QColor("#e8e2d0"), "a": QColor("#4f86c6"), "b": QColor("#c65a4f"), "c": QColor("#5aa65a"),
           "#": QColor("#6d6d6d")}
BAD = QColor("#ff00ff")


class RowsModel(BaseModel):
    """Stored rows of one-character cells."""

    rows: list[str]


class LatticeModel(BaseModel):
    """A lattice of `width` x `height` points: `across[y][x]` is the edge (x,y)-(x+1,y), `down[y][x]`
    the edge (x,y)-(x,y+1); "." is no wire."""

    width: int
    height: int
    across: list[str]
    down: list[str]


def _problems_at(kind: str, bad: list[tuple]) -> list[Problem]:
    return [Problem("T001", f"'x' is not a {kind} value", path, Severity.ERROR) for path in bad]


class HexDocument(EditorDocument):
    """Axial rows: cell (q, r) is character q of row r."""

    kind = "test.hexmap"
    geometry_class = HexGeometry

    def grid_size(self):
        return (max((len(r) for r in self.model.rows), default=0), len(self.model.rows))

    def cell(self, q, r):
        row = self.model.rows[r]
        return row[q] if q < len(row) else ""

    def _write_cell(self, q, r, value):
        row = self.model.rows[r].ljust(q + 1, ".")
        self.model.rows[r] = row[:q] + value + row[q + 1:]

    def check(self, model=None):
        m = model or self.snapshot()
        return _problems_at("hex map", [("rows", r, q) for r, row in enumerate(m.rows)
                                        for q, ch in enumerate(row) if ch == "x"])

    def locate(self, path):
        if len(path) == 3 and path[0] == "rows":
            return ("cell", path[2], path[1])
        return super().locate(path)


class LatticeDocument(EditorDocument):
    kind = "test.lattice"
    geometry_class = LatticeGeometry

    def grid_size(self):
        return (self.model.width, self.model.height)

    def cell(self, x, y, d):
        return (self.model.down if d else self.model.across)[y][x]

    def _write_cell(self, x, y, d, value):
        rows = self.model.down if d else self.model.across
        rows[y] = rows[y][:x] + value + rows[y][x + 1:]

    def check(self, model=None):
        m = model or self.snapshot()
        bad = [("across", y, x) for y, row in enumerate(m.across) for x, ch in enumerate(row) if ch == "x"]
        bad += [("down", y, x) for y, row in enumerate(m.down) for x, ch in enumerate(row) if ch == "x"]
        return _problems_at("lattice", bad)

    def locate(self, path):
        if len(path) == 3 and path[0] in ("across", "down"):
            return ("cell", path[2], path[1], 0 if path[0] == "across" else 1)
        return super().locate(path)


def hex_model(w: int = 9, h: int = 7) -> RowsModel:
    return RowsModel(rows=["." * w for _ in range(h)])


def lattice_model(w: int = 19, h: int = 12) -> LatticeModel:
    return LatticeModel(width=w, height=h, across=["." * (w - 1)] * h, down=["." * w] * (h - 1))


class PlainEditor(GridEditor):
    """A colour per value and the value's letter; the palette is just `self.value`."""

    erase_value = "."

    def __init__(self, document, parent=None):
        self.value = "a"
        super().__init__(document, parent)

    def render_tile(self, p: QPainter, r: QRect, key) -> None:
        if key == "." and self.document.geometry().name == "lattice":
            return  # no wire: the lattice shows its points (and the grid) only
        p.fillRect(r, COLOURS.get(key, BAD))
        if key not in (".", "") and self.document.geometry().name != "lattice":
            f = QFont()
            f.setPixelSize(max(6, int(r.height() * 0.42)))
            f.setBold(True)
            p.setFont(f)
            p.setPen(QColor("white"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, key)

    def colour_of(self, key) -> QColor:
        if key == "." and self.document.geometry().name == "lattice":
            return QColor("#3a3a3a")
        return COLOURS.get(key, BAD)

    def current_value(self) -> str:
        return self.value

    def set_current_value(self, value: str) -> None:
        self.value = value


# ---- screenshots -----------------------------------------------------------------------------------
def shots_dir():
    """Where canvas tests write their screenshots: GRIDSMITH_SHOTS_DIR, else a temporary folder (a
    test run never changes the checkout)."""
    import os
    import tempfile
    from pathlib import Path

    d = Path(os.environ.get("GRIDSMITH_SHOTS_DIR") or Path(tempfile.gettempdir()) / "gridsmith-canvas-shots")
    d.mkdir(parents=True, exist_ok=True)
    return d


def shot(widget, name: str):
    path = shots_dir() / name
    widget.grab().save(str(path))
    return path


def open_plain(qtbot, doc, size=(760, 560)) -> PlainEditor:
    ed = PlainEditor(doc)
    qtbot.addWidget(ed)
    ed.resize(*size)
    ed.show()
    qtbot.waitExposed(ed)
    ed.messages = []
    ed.statusMessage.connect(ed.messages.append)
    return ed


def previewed_drag(ed, tool: str, a: tuple, b: tuple) -> None:
    """Drag tool `tool` from a to b: before the release the preview shows and nothing is painted;
    after it the preview is gone."""
    from editor_helpers import move, press, release

    ed.set_tool(tool)
    before = ed.document.snapshot()
    steps = ed.document.undo_stack.count()
    press(ed.view, *a)
    move(ed.view, *b)
    assert ed.view.preview.isVisible() and not ed.view.preview.path().isEmpty()
    assert ed.document.model == before and ed.document.undo_stack.count() == steps
    release(ed.view, *b)
    assert not ed.view.preview.isVisible()
