"""How a game's editor plugs into the shell: one `EditorPlugin` per content kind.

A game's editor package `editor/<game>/__init__.py` calls `register(EditorPlugin(...))` at import.
The shell imports every sub-package of `editor` (but `core`) on first use, so adding a game's
editor needs no change here or in the main window.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gridsmith import editor

if TYPE_CHECKING:  # pragma: no cover
    from .document import EditorDocument
    from .editorwidget import DocumentEditor


@dataclass(frozen=True)
class EditorPlugin:
    kind: str  #: the content kind it edits, e.g. "pendulous.scenario"
    title: str  #: shown in File > New, e.g. "Pendulous scenario"; new files come from the kind's
    #: template in formats/<game>/templates.py, the one source of `gridsmith new` too
    #: EditorDocument subclass wrapping the model, its file and its undo stack
    document_class: type["EditorDocument"]
    #: DocumentEditor subclass: the tab (view, tools, panels) editing one document
    editor_class: type["DocumentEditor"]
    #: the codes of the size and value limits `gridsmith validate` applies to this kind (a grid's
    #: rows and columns, a list's length): a file with one of these errors opens in the text view with
    #: its diagnostics, never in widgets built to its size (a 10,000-row grid, a 256 x 256 arena)
    limits: frozenset[str] = frozenset()


_PLUGINS: dict[str, EditorPlugin] = {}
_loaded = False


def register(plugin: EditorPlugin) -> EditorPlugin:
    _PLUGINS[plugin.kind] = plugin  # re-registration on reload replaces (idempotent imports)
    return plugin


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True

    for info in pkgutil.iter_modules(editor.__path__):
        if info.ispkg and info.name != "core":
            importlib.import_module(f"gridsmith.editor.{info.name}")


def get(kind: str) -> EditorPlugin | None:
    _load_all()
    return _PLUGINS.get(kind)


def all_plugins() -> list[EditorPlugin]:
    _load_all()
    return sorted(_PLUGINS.values(), key=lambda p: p.kind)
