"""The editor document: the model being edited, the file behind it and its undo stack (Tiled's split).

Every edit goes through a QUndoCommand (editor.core.commands) that calls the *raw* mutators here
(`set_cells_raw`, `set_value_raw`, `replace_model`); those emit the signals views and panels
listen to. The model stays the single source of truth: a grid row is a string in `model.map`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from . import files, validation
from .geometry import Cell, Geometry, SquareGeometry


def get_path(obj: Any, path: tuple) -> Any:
    for key in path:
        obj = obj[key] if isinstance(key, int) else getattr(obj, key)
    return obj


def set_path(obj: Any, path: tuple, value: Any) -> None:
    parent = get_path(obj, path[:-1])
    key = path[-1]
    if isinstance(key, int):
        parent[key] = value
    else:
        setattr(parent, key, value)  # pydantic validates the assignment (strict types)


class EditorDocument(QObject):
    """Base of every game's document. Subclasses say how the grid maps onto the model."""

    #: cells whose content changed: list[(x, y)]
    cellsChanged = Signal(object)
    #: the whole grid changed (size, or a model restored by undo)
    gridReset = Signal()
    #: a non-grid value changed; its path, or () for "everything"
    valueChanged = Signal(object)
    #: any edit at all (drives live validation and autosave)
    edited = Signal()
    pathChanged = Signal()
    modifiedChanged = Signal(bool)

    #: the kind this document class edits (set by subclasses)
    kind: str = ""
    #: the shape of its cells (editor.core.geometry): square, hex or lattice
    geometry_class: type[Geometry] = SquareGeometry

    def __init__(self, model: Any, file: Any = None, path: str | Path | None = None, parent=None):
        super().__init__(parent)
        self.model = model
        self.file = file  # formats.document.FileDocument, or None for a new document
        self.path: Path | None = Path(path) if path else None
        self.undo_stack = QUndoStack(self)
        #: True for a document recovered from an autosave: modified although its stack is clean
        self.dirty_without_undo = False
        #: set while a mouse stroke is in progress, so that live validation waits for its end
        self.stroke_active = False
        self._geometry: Geometry | None = None
        # connected first, so that every view asking for the geometry on gridReset gets the new one
        self.gridReset.connect(self._forget_geometry)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _forget_geometry(self) -> None:
        self._geometry = None

    def _clean_changed(self, _clean: bool) -> None:
        try:
            self.modifiedChanged.emit(self.modified)
        except RuntimeError:  # the stack is being destroyed with the document
            pass

    # ---- identity -------------------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return self.dirty_without_undo or not self.undo_stack.isClean()

    @property
    def display_name(self) -> str:
        return self.path.name if self.path else f"untitled {self.kind}"

    def set_path(self, path: str | Path | None) -> None:
        self.path = Path(path) if path else None
        self.pathChanged.emit()

    def mark_saved(self) -> None:
        self.dirty_without_undo = False
        self.undo_stack.setClean()
        self.modifiedChanged.emit(False)

    # ---- the grid -------------------------------------------------------------------------
    # A cell is a tuple of ints (editor.core.geometry): (x, y) for squares, (q, r) for hexes,
    # (x, y, d) for lattice edges. `cell` and `_write_cell` take it spread out: doc.cell(*cell).
    def grid_size(self) -> tuple[int, int]:
        """Columns and rows of the stored grid (points of a lattice)."""
        raise NotImplementedError

    def cell(self, *cell: int) -> str:
        raise NotImplementedError

    def _write_cell(self, *cell_and_value) -> None:
        raise NotImplementedError

    def geometry(self) -> Geometry:
        """The grid's geometry at its current size (cached until the next gridReset)."""
        if self._geometry is None:
            self._geometry = self.geometry_class(*self.grid_size())
        return self._geometry

    def in_grid(self, *cell: int) -> bool:
        return self.geometry().contains(cell)

    def paint_values(self, values: dict[Cell, str]) -> dict[Cell, str]:
        """What a paint of `values` writes (every tool, paste and delete goes through
        `commands.paint`): by default `values`; a document may add cells, e.g. a symmetry lock that
        mirrors each edit (the added cells are part of the same undo step)."""
        return values

    def set_cells_raw(self, changes: dict[Cell, str]) -> None:
        for c, v in changes.items():
            self._write_cell(*c, v)
        self.cellsChanged.emit(list(changes))
        self.edited.emit()

    # ---- values ---------------------------------------------------------------------------
    def get_value(self, path: tuple) -> Any:
        return get_path(self.model, path)

    def set_value_raw(self, path: tuple, value: Any) -> None:
        set_path(self.model, path, value)
        self.valueChanged.emit(tuple(path))
        self.edited.emit()

    def replace_model(self, model: Any) -> None:
        """Swap the whole model (used by snapshot commands: resize, add/remove players)."""
        self.model = model
        self.gridReset.emit()
        self.valueChanged.emit(())
        self.edited.emit()

    def snapshot(self) -> Any:
        """An independent copy of the model as it is now (for validation threads and play)."""
        return self.model.model_copy(deep=True)

    # ---- validation and problems ------------------------------------------------------------
    def check(self, model: Any | None = None) -> list:
        """Every Problem of the model (structure and semantics); runs in a worker thread."""
        return validation.check(model if model is not None else self.snapshot(), self.path)

    def locate(self, path: tuple) -> tuple:
        """Where a problem's path points: ("cell", *cell), ("field", path) or ("none",)."""
        return ("field", tuple(path)) if path else ("none",)

    # ---- files ----------------------------------------------------------------------------
    def to_text(self) -> str:
        return files.to_text(self)

    def save(self, path: str | Path | None = None) -> Path:
        target = files.save(self, Path(path) if path else self.path)
        self.set_path(target)
        self.mark_saved()
        return target
