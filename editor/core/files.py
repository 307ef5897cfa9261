"""Opening and saving editor documents through formats.document.FileDocument (round trip, atomic).

The editor edits its own copy of the model: FileDocument keeps the model it read as the baseline
that decides whether the original text can be written back unchanged.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.formats import registry, templates
from gridsmith.formats.document import DocumentError, FileDocument
from gridsmith.formats.loader import load_text

from . import plugins

if TYPE_CHECKING:
    from .document import EditorDocument

__all__ = ["DocumentError", "NoEditorError", "open_document", "new_document", "document_from_text",
           "document_from_loaded", "new_model", "save", "to_text"]


class NoEditorError(Exception):
    """The file is valid content, but no editor is registered for its kind."""


def _make(model, file: FileDocument, path: Path | None) -> EditorDocument:
    plugin = plugins.get(model.kind)
    if plugin is None:
        raise NoEditorError(f"{path or 'the file'}: Gridsmith has no editor for {model.kind} files yet")
    return plugin.document_class(model.model_copy(deep=True), file=file, path=path)


def open_document(path: str | Path) -> EditorDocument:
    """The document of a file; DocumentError (with diagnostics) when its structure is unreadable."""
    path = Path(path).resolve()
    file = FileDocument.open(path)
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
