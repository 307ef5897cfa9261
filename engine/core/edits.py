"""Edits of a scenario that a designer would make to balance it, as values (the balance assistant).

An `Edit` is a few `Change`s, each a document path (the paths diagnostics use: keys and list
indexes) with the value before and after, plus the board cells it touches so that the editor can
mark them on the map. A change is made to the scenario, or to a file the scenario refers to (its
`file`: the reference as the scenario writes it, e.g. `arena: walls.arena.yaml`, resolved next to
the scenario; a bundled name is never edited: it is the installed package's content). Each game
declares which edits make sense for its scenarios (`Game.edit_space`, in engine/<game>/edits.py);
this module applies them (`apply_all`: the scenario's model and the referenced files' models, in
memory) and checks that every edited file is still a valid file, the scenario validated with the
edited referenced files in place of those on disk (formats.references.overlaid); `texts` gives the
new text of each file an edit changes (formats.atomic.atomic_write_all writes them, all or none).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from gridsmith.formats.content import is_bundled_name
from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.document import DocumentError, FileDocument, new_text
from gridsmith.formats.loader import load_model, load_text
from gridsmith.formats.references import overlaid

DocPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Change:
    path: DocPath  # where in the file, e.g. ("players", 2, "initial_forces") or ("map", 14)
    before: Any
    after: Any
    #: the file it changes: None the scenario, else a reference the scenario makes (a relative path)
    file: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "path": list(self.path), "before": self.before, "after": self.after}


@dataclass(frozen=True)
class Edit:
    """One small change in the designer's words (`label`), e.g. "Blue Kingdom starts with 24
    armies, not 20"; `cells`: the board cells it changes, (x, y) in the board's own coordinates
    (of the file its first change is made to)."""
    label: str
    changes: tuple[Change, ...]
    cells: tuple[tuple[int, int], ...] = ()

    @property
    def files(self) -> tuple[str | None, ...]:
        """The files it changes, each once, in the order of its changes (None: the scenario)."""
        return tuple(dict.fromkeys(c.file for c in self.changes))

    @property
    def referenced_files(self) -> tuple[str, ...]:
        """The files it changes other than the scenario: the references they are named by."""
        return tuple(f for f in self.files if f is not None)

    def to_json(self, scenario: str | Path | None = None) -> dict[str, Any]:
        """`files`: the paths of the files it changes (the scenario's `scenario`, a reference resolved
        next to it)."""
        base = Path(scenario) if scenario is not None else None
        return {"label": self.label, "files": [str(base) if f is None and base is not None else
                                               str(reference_path(f, base)) if f is not None else None
                                               for f in self.files],
                "changes": [c.to_json() for c in self.changes], "cells": [list(c) for c in self.cells]}


def strongest_and_weakest(seat_win_rates: Sequence[float]) -> tuple[int, int]:
    """(strongest seat, weakest seat) by measured win rate; the earlier seat on a tie."""
    n = len(seat_win_rates)
    strong = max(range(n), key=lambda q: (seat_win_rates[q], -q))
    weak = min(range(n), key=lambda q: (seat_win_rates[q], q))
    return strong, weak


def change(label: str, path: DocPath, before: Any, after: Any, cells: tuple[tuple[int, int], ...] = (),
           file: str | None = None) -> Edit:
    """An edit of one value (of the scenario, or of the referenced `file`)."""
    return Edit(label, (Change(path, before, after, file),), cells)


def set_cells(rows: Sequence[str], cells: Mapping[tuple[int, int], str], key: str,
              file: str | None = None) -> tuple[Change, ...]:
    """The changes of a grid stored as rows of characters (the file's list `key`) that put each
    character of `cells` ((row, column) -> character) in its place: one change per row changed."""
    changed: dict[int, list[str]] = {}
    for (r, c), ch in cells.items():
        changed.setdefault(r, list(rows[r]))[c] = ch
    return tuple(Change((key, r), rows[r], "".join(row), file) for r, row in sorted(changed.items()))


def interleave(*families: Iterable[Edit]) -> Iterator[Edit]:
    """One edit of each family in turn: the assistant screens the first edits of an edit space, so
    each kind of edit (a value of the scenario, a square of the board file) gets its turn."""
    its = [iter(f) for f in families]
    while its:
        for it in list(its):
            e = next(it, None)
            if e is None:
                its.remove(it)
            else:
                yield e


def combine(edits: Sequence[Edit]) -> Edit:
    """Several edits as one (a proposal of more than one change)."""
    return Edit("; ".join(e.label for e in edits), tuple(c for e in edits for c in e.changes),
                tuple(dict.fromkeys(c for e in edits for c in e.cells)))


def then(first: Edit, second: Edit) -> Edit:
    """`second` made after `first` (it was proposed for the scenario `first` made), as one edit of the
    original: a value changed twice goes from `first`'s before to `second`'s after."""
    changes = {(c.file, c.path): c for c in first.changes}
    for c in second.changes:
        k = (c.file, c.path)
        changes[k] = Change(c.path, changes[k].before, c.after, c.file) if k in changes else c
    return Edit(f"{first.label}; then {second.label}", tuple(changes.values()),
                tuple(dict.fromkeys(first.cells + second.cells)))


def at(data: Any, path: DocPath) -> Any:
    for step in path:
        data = data[step]
    return data


def apply_changes(model: BaseModel, changes: Iterable[Change], label: str = "") -> BaseModel:
    """The model with `changes` made (a new model; ValueError when a change's `before` is not what
    the model holds there, or when the result is not a valid model)."""
    data = model.model_dump(mode="json", exclude_none=True)
    for c in changes:
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
        raise ValueError(f"{label}: {e.errors()[0]['msg']}") from None


def apply_edit(model: BaseModel, edit: Edit) -> BaseModel:
    """The scenario `model` with the edit's changes of the scenario made (`apply_all` makes those of
    the referenced files too); ValueError as apply_changes."""
    return apply_changes(model, (c for c in edit.changes if c.file is None), edit.label)


def reference_path(ref: str, scenario: Path | None) -> Path:
    """Where the reference `ref` (a path, not a bundled name) of the scenario file `scenario` leads:
    next to it (the working folder for an unsaved scenario); absolute as it is written."""
    p = Path(ref)
    return p if p.is_absolute() else (scenario.parent if scenario is not None else Path(".")) / p


def document(ref: str | None, scenario: Path | None) -> BaseModel | None:
    """The model of the file a scenario's reference names, when an edit may change it: a path (not a
    bundled name) to a file that reads without error; else None."""
    if not ref or is_bundled_name(ref):
        return None
    model, _kind, diagnostics = load_model(reference_path(ref, scenario))
    return None if model is None or any(d.is_error for d in diagnostics) else model


@dataclass
class Edited:
    """An edit made in memory: the scenario's model, and the model of each referenced file it changes
    by its path (`documents`; the originals stay on disk, unchanged)."""
    scenario: BaseModel
    documents: dict[Path, BaseModel] = field(default_factory=dict)
    refs: dict[Path, str] = field(default_factory=dict)  # the reference each path was named by

    @property
    def played(self) -> tuple[tuple[str, BaseModel], ...]:
        """The referenced files' models as batch play takes them (GameSpec.documents), by absolute path:
        a worker may run in another folder."""
        return tuple((str(p.absolute()), m) for p, m in self.documents.items())


class Referenced:
    """The files a scenario refers to that edits change, each read once: the models the edits start
    from and their own problems (file_problems), so that an edit adds none."""

    def __init__(self, scenario: str | Path | None) -> None:
        self.scenario = Path(scenario) if scenario is not None else None
        self._models: dict[str, BaseModel | None] = {}
        self._known: dict[str, frozenset[str]] = {}

    def path(self, ref: str) -> Path:
        return reference_path(ref, self.scenario)

    def model(self, ref: str) -> BaseModel:
        if ref not in self._models:
            self._models[ref] = document(ref, self.scenario)
        m = self._models[ref]
        if m is None:
            raise ValueError(f"{ref} is not a file an edit may change (a bundled name, or a file with errors)")
        return m

    def known(self, ref: str) -> frozenset[str]:
        if ref not in self._known:
            self._known[ref] = frozenset(file_problems(self.model(ref), self.path(ref)))
        return self._known[ref]


def apply_all(model: BaseModel, edit: Edit, referenced: Referenced) -> Edited:
    """Every change of the edit made in memory: to the scenario `model`, and to the models of the
    files it refers to (read once by `referenced`); ValueError as apply_changes."""
    out = Edited(apply_edit(model, edit))
    for ref in edit.files:
        if ref is None:
            continue
        path = referenced.path(ref)
        out.documents[path] = apply_changes(referenced.model(ref), (c for c in edit.changes if c.file == ref),
                                            edit.label)
        out.refs[path] = ref
    return out


def file_problems(model: BaseModel, file: str | Path | None = None,
                  documents: Mapping[Path, BaseModel] | None = None) -> list[str]:
    """The codes of every error and warning of the model written as a file (the validator's whole
    pipeline: structure, references resolved next to `file`, with `documents` in place of the files
    at their paths, semantic checks and playability lints)."""
    with overlaid(documents or {}):
        loaded = load_text(new_text(model), str(file or "<edit>"), file=Path(file) if file is not None else None)
    return [f"{d.severity.value}:{d.code}" for d in loaded.diagnostics]


def _adds_problems(problems: list[str], known: frozenset[str] | None) -> bool:
    if any(p.startswith(Severity.ERROR.value) for p in problems):
        return True
    return known is not None and not set(problems) <= known


def valid_edit(model: BaseModel, edit: Edit, file: str | Path | None = None,
               known: frozenset[str] | None = None, referenced: Referenced | None = None) -> Edited | None:
    """The edit made in memory when every file it edits is valid: no error, and no warning (a
    playability lint) that the original file does not have (`known`: the scenario's problems,
    file_problems; `referenced` knows those of the referenced files); the scenario is validated with
    the edited referenced files in place. Else None."""
    referenced = referenced or Referenced(file)
    try:
        edited = apply_all(model, edit, referenced)
    except ValueError:
        return None
    for path, doc in edited.documents.items():
        if _adds_problems(file_problems(doc, path), referenced.known(edited.refs[path])):
            return None
    if _adds_problems(file_problems(edited.scenario, file, edited.documents), known):
        return None
    return edited


def texts(edited: Edited, edit: Edit, scenario: str | Path) -> dict[Path, str]:
    """The new text of every file the edit changes (the scenario at `scenario`, the referenced files
    at their paths), each written over its old text so that its comments and layout stay."""
    out: dict[Path, str] = {}
    if None in edit.files:
        out[Path(scenario)] = _text(Path(scenario), edited.scenario)
    for path, doc in edited.documents.items():
        out[path] = _text(path, doc)
    return out


def _text(path: Path, model: BaseModel) -> str:
    try:
        return FileDocument.open(path).to_text(model)
    except (OSError, DocumentError):  # gone or broken since: the model as a new file
        return new_text(model)

