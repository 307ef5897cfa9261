"""Edits of a scenario that a designer would make to balance it, as values (the balance assistant).

An `Edit` is a few `Change`s, each a document path (the paths diagnostics use: keys and list
indexes) with the value before and after, plus the board cells it touches so that the editor can
mark them on the map. Each game declares which edits make sense for its scenarios
(`Game.edit_space`, in engine/<game>/edits.py); this module applies them to a model and checks that
the edited file is still a valid file.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.document import new_text
from gridsmith.formats.loader import load_text

DocPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Change:
    path: DocPath  # where in the file, e.g. ("players", 2, "initial_forces") or ("map", 14)
    before: Any
    after: Any

    def to_json(self) -> dict[str, Any]:
        return {"path": list(self.path), "before": self.before, "after": self.after}


@dataclass(frozen=True)
class Edit:
    """One small change in the designer's words (`label`), e.g. "Blue Kingdom starts with 24
    armies, not 20"; `cells`: the board cells it changes, (x, y) in the board's own coordinates."""
    label: str
    changes: tuple[Change, ...]
    cells: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "changes": [c.to_json() for c in self.changes],
                "cells": [list(c) for c in self.cells]}


def strongest_and_weakest(seat_win_rates: Sequence[float]) -> tuple[int, int]:
    """(strongest seat, weakest seat) by measured win rate; the earlier seat on a tie."""
    n = len(seat_win_rates)
    strong = max(range(n), key=lambda q: (seat_win_rates[q], -q))
    weak = min(range(n), key=lambda q: (seat_win_rates[q], q))
    return strong, weak


def change(label: str, path: DocPath, before: Any, after: Any, cells: tuple[tuple[int, int], ...] = ()) -> Edit:
    """An edit of one value."""
    return Edit(label, (Change(path, before, after),), cells)


def combine(edits: Sequence[Edit]) -> Edit:
    """Several edits as one (a proposal of more than one change)."""
    return Edit("; ".join(e.label for e in edits), tuple(c for e in edits for c in e.changes),
                tuple(dict.fromkeys(c for e in edits for c in e.cells)))


def then(first: Edit, second: Edit) -> Edit:
    """`second` made after `first` (it was proposed for the scenario `first` made), as one edit of the
    original: a value changed twice goes from `first`'s before to `second`'s after."""
    changes = {c.path: c for c in first.changes}
    for c in second.changes:
        changes[c.path] = Change(c.path, changes[c.path].before, c.after) if c.path in changes else c
    return Edit(f"{first.label}; then {second.label}", tuple(changes.values()),
                tuple(dict.fromkeys(first.cells + second.cells)))


def at(data: Any, path: DocPath) -> Any:
    for step in path:
        data = data[step]
    return data


def apply_edit(model: BaseModel, edit: Edit) -> BaseModel:
    """The model with the edit's changes made (a new model; ValueError when a change's `before` is
    not what the model holds there, or when the result is not a valid model)."""
    data = model.model_dump(mode="json", exclude_none=True)
    for c in edit.changes:
        *head, last = c.path
        parent = at(data, tuple(head))
        now = parent.get(last) if isinstance(parent, dict) else parent[last]  # a key left out is None
        if now != c.before:
            raise ValueError(f"{'.'.join(map(str, c.path))} is {now!r}, not {c.before!r}")
        if c.after is None and isinstance(parent, dict):
            parent.pop(last, None)
        else:
            parent[last] = c.after
    try:
        return type(model).model_validate(data)
    except ValidationError as e:
        raise ValueError(f"{edit.label}: {e.errors()[0]['msg']}") from None


def file_problems(model: BaseModel, file: str | Path | None = None) -> list[str]:
    """The codes of every error and warning of the model written as a file (the validator's whole
    pipeline: structure, references resolved next to `file`, semantic checks and playability lints)."""
    loaded = load_text(new_text(model), str(file or "<edit>"), file=Path(file) if file is not None else None)
    return [f"{d.severity.value}:{d.code}" for d in loaded.diagnostics]


def valid_edit(model: BaseModel, edit: Edit, file: str | Path | None = None,
               known: frozenset[str] | None = None) -> BaseModel | None:
    """The edited model when the edited file is valid: no error, and no warning (a playability lint)
    that the original file does not have (`known`: the original's problems, file_problems); else None."""
    try:
        edited = apply_edit(model, edit)
    except ValueError:
        return None
    problems = file_problems(edited, file)
    if any(p.startswith(Severity.ERROR.value) for p in problems):
        return None
    if known is not None and not set(problems) <= known:
        return None
    return edited
