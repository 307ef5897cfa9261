"""Turns a document path (keys and indices) into a line and column of the YAML file.

Paths come from pydantic errors and from semantic checks. An integer after a string value indexes
a character of it (a square of a map row). Where the path leads to something that is not in the
file (a missing key), the position of the deepest part that exists is used.
"""
from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from .diagnostics import Path


class Locator:
    def __init__(self, tree: Any, text: str | None = None) -> None:
        self.tree = tree
        #: the source lines, to count escape sequences (`"\t"`, `'it''s'`) inside quoted rows
        self.lines = text.splitlines() if text is not None else None

    def position(self, path: Path, on_key: bool = False) -> tuple[int, int]:
        """1-based (line, col) of `path`."""
        node = self.tree
        line, col = _start_of(node)
        for i, item in enumerate(path):
            last = i == len(path) - 1
            key = _key_of(node, item) if isinstance(node, CommentedMap) else _NO_KEY
            if key is not _NO_KEY:
                # an empty value (`turns:`) has no node of its own: ruamel places it at the next
                # token, often on a later line, so the key is what a designer should be shown
                at_key = (last and on_key) or node[key] is None
                line, col = node.lc.key(key) if at_key else node.lc.value(key)
                node = node[key]
            elif isinstance(node, CommentedSeq) and isinstance(item, int) and 0 <= item < len(node):
                line, col = node.lc.item(item)
                node = node[item]
            elif isinstance(node, str) and isinstance(item, int):
                index = max(0, min(item, len(node)))
                if isinstance(node, (DoubleQuotedScalarString, SingleQuotedScalarString)):
                    col += 1 + self._source_width(node, line, col + 1, index)
                else:
                    col += index
                break
            else:
                break
        return line + 1, col + 1


    def _source_width(self, node: str, line: int, col: int, index: int) -> int:
        """Source characters taken by the first `index` characters of a quoted scalar that starts
        (after its quote) at 0-based `line`, `col`; `index` when the source is not at hand."""
        if self.lines is None or line >= len(self.lines):
            return index
        src = self.lines[line]
        double = isinstance(node, DoubleQuotedScalarString)
        pos = col
        for _ in range(index):
            if pos >= len(src):
                return index  # the scalar goes on over several lines: keep it simple
            if double and src[pos] == "\\":
                pos += 2 + _ESCAPE_DIGITS.get(src[pos + 1:pos + 2], 0)
            elif not double and src.startswith("''", pos):
                pos += 2
            else:
                pos += 1
        return pos - col


_ESCAPE_DIGITS = {"x": 2, "u": 4, "U": 8}  # hex digits after these escape letters
_NO_KEY = object()


def _key_of(node: CommentedMap, item: Any) -> Any:
    """The key of `node` that path item `item` names: the loader turns keys such as `1.5` or `~`
    into text, so a key is also found by its text."""
    if isinstance(item, (str, int)) and item in node:
        return item
    for key in node:
        if str(key) == str(item):
            return key
    return _NO_KEY


def _start_of(node: Any) -> tuple[int, int]:
    lc = getattr(node, "lc", None)
    if lc is not None and lc.line is not None:
        return lc.line, lc.col
    return 0, 0
