"""The file behind an editor document: a model plus the YAML tree it was read from.

Saving merges the model into that tree — values change in place, so the user's comments, key order,
quoting and flow/block style of untouched parts stay as they were (ruamel round-trip). A model that
did not change is written back byte for byte.
"""
from __future__ import annotations

import copy
import io
import re
import os
from pathlib import Path
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from . import registry, schema
from .atomic import atomic_write_text
from .diagnostics import Diagnostic
from .errors import FormatError
from .loader import load_file, round_trip_yaml


class DocumentError(FormatError):
    """The file cannot be opened as a model; `diagnostics` say why."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        first = next((d for d in diagnostics if d.is_error), None)
        super().__init__(first.format_text() if first else "cannot open file")


class FileDocument:
    def __init__(self, model: BaseModel, path: Path | None = None, tree: Any = None, text: str | None = None,
                 diagnostics: list[Diagnostic] | None = None) -> None:
        self.model = model
        self.path = path
        self._tree = tree
        self._text = text
        self._saved_model = model
        self.diagnostics = diagnostics or []

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> "FileDocument":
        loaded = load_file(path)
        if loaded.model is None:
            raise DocumentError(loaded.diagnostics)
        # a migrated file is rewritten in the current layout when saved; its old tree does not fit
        tree = None if loaded.migrated_from is not None else loaded.tree
        return cls(loaded.model, Path(path), tree, loaded.text if tree is not None else None, loaded.diagnostics)

    @classmethod
    def new(cls, model: BaseModel) -> "FileDocument":
        return cls(model)

    def to_text(self, model: BaseModel | None = None) -> str:
        model = self.model if model is None else model
        if self._text is not None and model == self._saved_model:
            return self._text
        data = model.model_dump(mode="json", exclude_none=True)
        if self._tree is None:
            return new_text(model)
        else:
            # a copy: to_text() is also a preview, and a failed save must leave the baseline intact
            lean = model.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
            tree = merge(copy.deepcopy(self._tree), data, lean)
        buf = io.StringIO()
        round_trip_yaml().dump(tree, buf)
        text = buf.getvalue()
        if "\r\n" in (self._text or ""):  # a file written on Windows keeps its line endings
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        return text

    def save(self, model: BaseModel | None = None, path: str | os.PathLike[str] | None = None) -> Path:
        model = self.model if model is None else model
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("a new document needs a path to be saved")
        text = self.to_text(model)
        if self.path is None or target.resolve().parent != self.path.resolve().parent:
            # a new file, or Save As into another folder: keep its schema line resolving
            text = with_schema_line_from(text, target.parent, None if self.path is None else self.path.parent)
        atomic_write_text(target, text)
        # from now on the written text and tree are the baseline
        self._tree = round_trip_yaml().load(text)
        self._text = text
        self.model = self._saved_model = model
        self.path = target
        return target


_SCHEMA_LINE = re.compile(r"\A(\ufeff?# yaml-language-server: \$schema=)(\S+)")


def with_schema_line_from(text: str, folder: Path, old_folder: Path | None = None) -> str:
    """`text` moving into `folder` (from `old_folder`; None: a new file): a relative `$schema` line that
    resolved where the file was but not from `folder` is pointed at a schema that exists from there.
    A line that resolves, one that never did (the user's business), a URL or no line: left as it is."""
    m = _SCHEMA_LINE.match(text)
    if m is None or "://" in m.group(2) or (folder / m.group(2)).is_file():
        return text
    if old_folder is not None and not (old_folder / m.group(2)).is_file():
        return text
    spec = registry.get(m.group(2).rsplit("/", 1)[-1].rsplit(".v", 1)[0])
    if spec is None:
        return text
    return m.group(1) + schema.schema_ref(spec, folder) + text[m.end():]


def new_tree(model: BaseModel, data: dict[str, Any], comments: Sequence[str] = (), schema_ref: str | None = None) -> CommentedMap:
    """The tree of a new file, in the house style: grids as double-quoted rows, small maps in flow
    style, a `yaml-language-server` schema line (relative to content/GAME/) and `comments` on top."""
    tree: CommentedMap = _styled(data)
    spec = registry.get(getattr(model, "kind", ""))
    if schema_ref is None and spec is not None:
        schema_ref = f"../../formats/schemas/{spec.kind}.v{spec.version}.json"
    head = [f"yaml-language-server: $schema={schema_ref}"] if schema_ref else []
    if head or comments:
        tree.yaml_set_start_comment("\n".join([*head, *comments]))
    return tree


def new_text(model: BaseModel, comments: Sequence[str] = (), schema_ref: str | None = None) -> str:
    """A new file's text for `model` (see new_tree)."""
    data = model.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    buf = io.StringIO()
    round_trip_yaml().dump(new_tree(model, data, comments, schema_ref), buf)
    return buf.getvalue()


def _styled(value: Any, depth: int = 0, in_list: bool = False) -> Any:
    if isinstance(value, dict):
        m = CommentedMap()
        for k, v in value.items():
            m[k] = _styled(v, depth + 1)
        if depth > 0 and value and all(isinstance(v, (int, float, bool)) for v in value.values()) and len(value) <= 4:
            m.fa.set_flow_style()
        return m
    if isinstance(value, list):
        return CommentedSeq(_styled(v, depth + 1, in_list=True) for v in value)
    if isinstance(value, str) and (in_list or _NEL in value):
        return DoubleQuotedScalarString(value)  # grid rows: quoted, so `~` and digits stay text
    return value


#: ruamel writes NEL (U+0085) raw, also inside quotes, and reads it back as a line break (`"a\x85"`
#: came back as "a "): a string holding one is always written double-quoted, where it is escaped
_NEL = "\x85"


def merge(old: Any, new: Any, lean: Any = None) -> Any:
    """`new` (plain data) written into `old` (a ruamel tree) in place, keeping what it can.

    `lean` is the same data without default values: a key the file did not have is only added
    when its value differs from the default, so saving does not spell out every default.
    """
    if isinstance(old, CommentedMap) and isinstance(new, dict):
        lean = lean if isinstance(lean, dict) else {}
        for key in [k for k in old if k not in new]:
            del old[key]
        for key, value in new.items():
            if key in old:
                old[key] = merge(old[key], value, lean.get(key))
            elif key in lean:
                old[key] = _styled(lean[key], 1)
        return old
    if isinstance(old, (CommentedMap, CommentedSeq)) and isinstance(new, (dict, list)) and not new:
        # emptied in place, ruamel writes `map:   # comment` + `[]` on the next line: invalid YAML
        return CommentedSeq() if isinstance(new, list) else CommentedMap()
    if isinstance(old, CommentedSeq) and isinstance(new, list):
        lean = lean if isinstance(lean, list) and len(lean) == len(new) else [None] * len(new)
        for i, value in enumerate(new[: len(old)]):
            old[i] = merge(old[i], value, lean[i])
        # whole-line comments after the last item belong to what follows the list: they stay last
        following = _take_following_comments(old, len(old) - 1) if len(new) != len(old) else None
        del old[len(new):]
        template = old[-1] if old else None
        for value in new[len(old):]:
            old.append(_like(template, _styled(value, 2, in_list=True)))
        if following is not None:
            _put_following_comments(old, len(old) - 1, following)
        return old
    return _like(old, new)


def _take_following_comments(seq: CommentedSeq, index: int) -> Any:
    """The whole-line comments ruamel attached to item `index` (after its end-of-line comment),
    removed from it; None when there are none."""
    entry = seq.ca.items.get(index)
    token = entry[0] if entry else None
    if token is None or "\n" not in token.value:
        return None
    eol, _, rest = token.value.partition("\n")
    if not rest.strip():
        return None
    moved = copy.copy(token)
    moved.value = "\n" + rest
    if eol.strip():
        token.value = eol + "\n"
    else:
        entry[0] = None
    return moved


def _put_following_comments(seq: CommentedSeq, index: int, token: Any) -> None:
    if index < 0:
        return  # the list is empty now; the comments go with it
    entry = seq.ca.items.setdefault(index, [None, None, None, None])
    if entry[0] is None:
        entry[0] = token
    else:
        entry[0].value = entry[0].value.rstrip("\n") + token.value


def _like(old: Any, new: Any) -> Any:
    """`new` in the style of `old`: same value keeps the old scalar (its quoting, its number format)."""
    if type(new) is type(old) or (isinstance(old, str) and isinstance(new, str)):
        if old == new:
            return old
    if isinstance(new, str) and _NEL in new:
        return DoubleQuotedScalarString(new)
    if isinstance(new, str) and isinstance(old, (DoubleQuotedScalarString, SingleQuotedScalarString)):
        return type(old)(new)
    return new
