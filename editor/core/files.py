"""Opening and saving editor documents through formats.document.FileDocument (round trip, atomic).

The editor edits its own copy of the model: FileDocument keeps the model it read as the baseline
that decides whether the original text can be written back unchanged.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.formats import registry, templates
from gridsmith.formats.diagnostics import Diagnostic
from gridsmith.formats.document import DocumentError, FileDocument
from gridsmith.formats.loader import Loaded, load_text, read_text

from . import plugins
from .validation import check_text

if TYPE_CHECKING:
    from .document import EditorDocument

__all__ = ["DocumentError", "NoEditorError", "Reading", "open_document", "new_document", "document_from_text",
           "document_from_loaded", "document_of", "limits", "new_model", "read", "refused", "save", "to_text"]


class NoEditorError(Exception):
    """The file is valid content, but no editor is registered for its kind."""


def _make(model, file: FileDocument, path: Path | None) -> EditorDocument:
    plugin = plugins.get(model.kind)
    if plugin is None:
        raise NoEditorError(f"{path or 'the file'}: Gridsmith has no editor for {model.kind} files yet")
    return plugin.document_class(model.model_copy(deep=True), file=file, path=path)


# ---- what the editor may build widgets for ---------------------------------------------------------
def limits() -> dict[str, frozenset[str]]:
    """Each kind's limit codes (EditorPlugin.limits). Read on the GUI thread: loading the editor
    plug-ins imports Qt modules."""
    return {p.kind: p.limits for p in plugins.all_plugins()}


def refused(kind: str, diagnostics: list[Diagnostic],
            limits_by_kind: Mapping[str, frozenset[str]] | None = None) -> list[Diagnostic]:
    """The errors among `diagnostics` that are a size or value limit of `kind` (the same ones
    `validate` reports): the editor builds no widget for such a file."""
    codes = (limits_by_kind if limits_by_kind is not None else limits()).get(kind, frozenset())
    return [d for d in diagnostics if d.is_error and d.code in codes]


def _refuse(model, diagnostics: list[Diagnostic]) -> None:
    over = refused(model.kind, diagnostics)
    if over:
        raise DocumentError(over + [d for d in diagnostics if d not in over])


@dataclass
class Reading:
    """A file read and checked by `read`, off the GUI thread."""

    path: Path
    text: str | None  #: None: not a text file (`loaded` says why)
    loaded: Loaded  #: what `validate` finds, with the text view's findings when the structure does not read
    refused: list[Diagnostic]  #: the limits it breaks (see `refused`): no visual editor for it


def read(path: str | Path, limits_by_kind: Mapping[str, frozenset[str]]) -> Reading:
    """Read and check a file (all of `validate`'s stages, which may take long on a hostile file).
    Plain Python that makes no Qt object: the editor runs it on a worker thread (editor.core.opening)."""
    path = Path(path).resolve()
    text, problem = read_text(path)
    if text is None:
        return Reading(path, None, Loaded(str(path), [problem] if problem else []), [])
    loaded = check_text(text, str(path), path)
    over = refused(loaded.model.kind, loaded.diagnostics, limits_by_kind) if loaded.model is not None else []
    return Reading(path, text, loaded, over)


def document_of(reading: Reading) -> EditorDocument:
    """The visual document of a `Reading` (on the GUI thread); DocumentError when its structure does
    not read or it breaks a limit, NoEditorError when no editor edits its kind."""
    if reading.loaded.model is None or reading.refused:
        raise DocumentError(reading.refused or reading.loaded.diagnostics)
    return document_from_loaded(reading.loaded, reading.path)


def open_document(path: str | Path) -> EditorDocument:
    """The document of a file; DocumentError (with diagnostics) when its structure is unreadable or
    it breaks a size or value limit (the limit errors first)."""
    path = Path(path).resolve()
    file = FileDocument.open(path)
    _refuse(file.model, file.diagnostics)
    return _make(file.model, file, path)


def new_model(kind: str, **options):
    """A new model of `kind`: its template (formats/<game>/templates.py, the one `gridsmith new`
    uses) with `options` (e.g. width, height, players). ValueError when the template refuses them
    or the kind has none."""
    spec = registry.get(kind)
    model = templates.new_model(spec, **options) if spec is not None else None
    if model is None:
        raise ValueError(f"{kind} has no template for new files")
    return model


def new_document(kind: str, model=None, **options) -> EditorDocument:
    """An unsaved document: `model`, or a new one made with `options`."""
    plugin = plugins.get(kind)
    if model is None:
        model = new_model(kind, **options)
    return plugin.document_class(model, file=FileDocument.new(model), path=None)


def document_from_text(text: str, original: str | Path | None) -> EditorDocument:
    """A document from autosaved text; it keeps the original file's comments when that still opens."""
    loaded = load_text(text, str(original or "<recovered>"))
    if loaded.model is None:
        raise DocumentError(loaded.diagnostics)
    _refuse(loaded.model, loaded.diagnostics)
    file = None
    if original and Path(original).exists():
        try:
            file = FileDocument.open(original)
        except DocumentError:
            file = None
    return _make(loaded.model, file or FileDocument.new(loaded.model), Path(original) if original else None)


def document_from_loaded(loaded, path: str | Path | None) -> EditorDocument:
    """The visual document of text that reads now (the text view hands over): the file behind it is
    that text, so saving keeps its comments and layout."""
    if loaded.model is None:
        raise DocumentError(loaded.diagnostics)
    _refuse(loaded.model, loaded.diagnostics)
    tree = None if loaded.migrated_from is not None else loaded.tree
    path = Path(path) if path else None
    file = FileDocument(loaded.model, path, tree, loaded.text if tree is not None else None, loaded.diagnostics)
    return _make(loaded.model, file, path)


def to_text(doc: EditorDocument) -> str:
    if doc.file is None:
        doc.file = FileDocument.new(doc.snapshot())
    return doc.file.to_text(doc.snapshot())


def save(doc: EditorDocument, path: Path | None) -> Path:
    if path is None:
        raise ValueError("a new document needs a file name")
    if doc.file is None:
        doc.file = FileDocument.new(doc.snapshot())
    return doc.file.save(doc.snapshot(), path)
