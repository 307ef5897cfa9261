"""Undo commands: every edit in the editor is one of these, pushed on the document's QUndoStack.

A mouse stroke pushes one PaintCells per newly touched cell with the same stroke id; QUndoStack
merges them into the first, so a whole drag is one undo step.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand

from .document import Cell, EditorDocument

PAINT_ID = 1001
VALUE_ID = 1002

_stroke_ids = itertools.count(1)


def new_stroke_id() -> int:
    return next(_stroke_ids)


class PaintCells(QUndoCommand):
    def __init__(self, doc: EditorDocument, changes: dict[Cell, tuple[str, str]], text: str = "Paint",
                 stroke: int | None = None):
        super().__init__(text)
        self.doc = doc
        self.changes = dict(changes)  # cell -> (old, new)
        self.stroke = stroke

    def id(self) -> int:
        return PAINT_ID if self.stroke is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, PaintCells) or other.stroke != self.stroke or other.doc is not self.doc:
            return False
        for cell, (old, new) in other.changes.items():
            first_old = self.changes[cell][0] if cell in self.changes else old
            self.changes[cell] = (first_old, new)
        return True

    def redo(self) -> None:
        self.doc.set_cells_raw({c: new for c, (_old, new) in self.changes.items()})

    def undo(self) -> None:
        self.doc.set_cells_raw({c: old for c, (old, _new) in self.changes.items()})


def paint(doc: EditorDocument, values: dict[Cell, str], text: str = "Paint", stroke: int | None = None) -> bool:
    """Push a PaintCells for the cells whose value really changes; False when nothing changes.
    The document may add cells to the paint (`EditorDocument.paint_values`: a symmetry lock)."""
    changes = {}
    for c, v in doc.paint_values(values).items():
        if doc.in_grid(*c):
            old = doc.cell(*c)
            if old != v:
                changes[c] = (old, v)
    if not changes:
        return False
    doc.undo_stack.push(PaintCells(doc, changes, text, stroke))
    return True


class SetValue(QUndoCommand):
    """One settings value. Consecutive edits of the same field with `merge=True` (typing, spinning)
    merge into one undo step."""

    def __init__(self, doc: EditorDocument, path: tuple, new: Any, text: str | None = None, merge: bool = False):
        super().__init__(text or f"Change {'.'.join(str(p) for p in path)}")
        self.doc = doc
        self.path = tuple(path)
        self.old = doc.get_value(self.path)
        self.new = new
        self.merge = merge

    def id(self) -> int:
        return VALUE_ID if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetValue) or other.path != self.path or other.doc is not self.doc:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        self.doc.set_value_raw(self.path, self.new)

    def undo(self) -> None:
        self.doc.set_value_raw(self.path, self.old)


def set_value(doc: EditorDocument, path: tuple, new: Any, text: str | None = None, merge: bool = False) -> bool:
    if doc.get_value(tuple(path)) == new:
        return False
    doc.undo_stack.push(SetValue(doc, path, new, text, merge))
    return True


class ModelSnapshot(QUndoCommand):
    """A structural edit (resize, add or remove a player) as before/after copies of the model:
    simple and exact, and cheap for models of this size (a 50x50 map is 50 short strings)."""

    def __init__(self, doc: EditorDocument, text: str, mutate: Callable[[Any], None]):
        super().__init__(text)
        self.doc = doc
        self.before = doc.snapshot()
        after = doc.snapshot()
        mutate(after)
        self.after = after

    def redo(self) -> None:
        self.doc.replace_model(self.after.model_copy(deep=True))

    def undo(self) -> None:
        self.doc.replace_model(self.before.model_copy(deep=True))
