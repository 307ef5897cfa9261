"""Turns a document path (keys and indices) into a line and column of the YAML file.

Paths come from pydantic errors and from semantic checks. An integer after a string value indexes
a character of it (a square of a map row). Where the path leads to something that is not in the
file (a missing key), the position of the deepest part that exists is used.

Two trees can be walked the same way: ruamel's round-trip tree (`Locator`, the editor's reader)
and the libyaml node graph of the fast parse (`NodeLocator`, `validate`'s reader), so a file with
problems is located without the slow round-trip parse. Where a path passes through an alias
(`*base`), the problem is located at the alias — the place in the file that caused it — not at the
anchored node elsewhere (`aliases`: path -> position, from the guard's event scan); a problem on a
key written as an alias (`*k: 3`) is located at that alias too.
"""
from __future__ import annotations

from typing import Any

import yaml
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from .diagnostics import Path
from .yaml_guard import KEY_MARK

_NULL = "tag:yaml.org,2002:null"
_ESCAPE_DIGITS = {"x": 2, "u": 4, "U": 8}  # hex digits after these escape letters
_NO_KEY = object()


class _Walker:
    """The shared walk; subclasses say how to step into their tree. Positions are 0-based inside."""

    def __init__(self, text: str | None, aliases: dict[tuple[Any, ...], tuple[int, int]] | None) -> None:
        #: the source lines, to count escape sequences (`"\t"`, `'it''s'`) inside quoted rows
        self.lines = text.splitlines() if text is not None else None
        self.aliases = {tuple(str(p) for p in k): v for k, v in (aliases or {}).items()}

    def position(self, path: Path, on_key: bool = False) -> tuple[int, int]:
        """1-based (line, col) of `path`."""
        line, col, _ = self._locate(path, on_key)
        return line + 1, col + 1

    def span(self, path: Path, on_key: bool = False) -> tuple[int, int, int, int]:
        """1-based (line, col, end_line, end_col) of `path`: the end is the column after the located
        part — a scalar or a key to its last character, one character for a square of a grid row, an
        alias its name, a collection its first token."""
        line, col, width = self._locate(path, on_key)
        if width is None:
            return (line + 1, col + 1, *token_end(self.lines, line, col))
        return line + 1, col + 1, line + 1, col + 1 + width

    def _locate(self, path: Path, on_key: bool) -> tuple[int, int, int | None]:
        """0-based (line, col) of `path`, and the source width of a grid square (None: a token)."""
        if on_key and self.aliases:  # a key written as an alias (`*k: v`): the alias, not `&k`
            at = self.aliases.get((*(str(p) for p in path), KEY_MARK))
            if at is not None:
                return at[0], at[1], None
        if self.aliases:
            for n in range(1, len(path) + 1):
                at = self.aliases.get(tuple(str(p) for p in path[:n]))
                if at is not None:
                    return at[0], at[1], None
        node = self.root()
        line, col = self.start(node)
        for i, item in enumerate(path):
            last = i == len(path) - 1
            step = self.step(node, item, last and on_key)
            if step is not None:
                node, (line, col) = step
                continue
            quote = self.quote(node)
            if quote is not None and isinstance(item, int):
                index = max(0, min(item, self.length(node)))
                if quote:
                    col += 1 + self._source_width(quote == '"', line, col + 1, index)
                    return line, col, max(1, self._source_width(quote == '"', line, col, 1))
                return line, col + index, 1
            break
        return line, col, None

    def _source_width(self, double: bool, line: int, col: int, index: int) -> int:
        """Source characters taken by the first `index` characters of a quoted scalar that starts
        (after its quote) at 0-based `line`, `col`; `index` when the source is not at hand."""
        if self.lines is None or line >= len(self.lines):
            return index
        src = self.lines[line]
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

    # the tree flavour: root node, its start, one step down, and what a string scalar is
    def root(self) -> Any:
        raise NotImplementedError

    def start(self, node: Any) -> tuple[int, int]:
        raise NotImplementedError

    def step(self, node: Any, item: Any, on_key: bool) -> tuple[Any, tuple[int, int]] | None:
        raise NotImplementedError

    def quote(self, node: Any) -> str | None:
        """None when `node` is not a string; "" plain, '"' or "'" quoted."""
        raise NotImplementedError

    def length(self, node: Any) -> int:
        raise NotImplementedError


class Locator(_Walker):
    """Positions in ruamel's round-trip tree."""

    def __init__(self, tree: Any, text: str | None = None, aliases: dict[tuple[Any, ...], tuple[int, int]] | None = None) -> None:
        super().__init__(text, aliases)
        self.tree = tree

    def root(self) -> Any:
        return self.tree

    def start(self, node: Any) -> tuple[int, int]:
        lc = getattr(node, "lc", None)
        if lc is not None and lc.line is not None:
            return lc.line, lc.col
        return 0, 0

    def step(self, node: Any, item: Any, on_key: bool) -> tuple[Any, tuple[int, int]] | None:
        if isinstance(node, CommentedMap):
            key = _key_of(node, item)
            if key is _NO_KEY:
                return None
            # an empty value (`turns:`) has no node of its own: ruamel places it at the next
            # token, often on a later line, so the key is what a designer should be shown
            at_key = on_key or node[key] is None
            return node[key], node.lc.key(key) if at_key else node.lc.value(key)
        if isinstance(node, CommentedSeq) and isinstance(item, int) and 0 <= item < len(node):
            return node[item], node.lc.item(item)
        return None

    def quote(self, node: Any) -> str | None:
        if not isinstance(node, str):
            return None
        if isinstance(node, DoubleQuotedScalarString):
            return '"'
        return "'" if isinstance(node, SingleQuotedScalarString) else ""

    def length(self, node: Any) -> int:
        return len(node)


class NodeLocator(_Walker):
    """Positions in the libyaml node graph of the fast parse (formats.yaml_fast)."""

    def __init__(self, root: yaml.Node, text: str | None = None, aliases: dict[tuple[Any, ...], tuple[int, int]] | None = None) -> None:
        super().__init__(text, aliases)
        self.node = root

    def root(self) -> Any:
        return self.node

    def start(self, node: Any) -> tuple[int, int]:
        return node.start_mark.line, node.start_mark.column

    def step(self, node: Any, item: Any, on_key: bool) -> tuple[Any, tuple[int, int]] | None:
        if isinstance(node, yaml.MappingNode):
            text = str(item)
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and _key_text(k) == text:
                    at_key = on_key or (isinstance(v, yaml.ScalarNode) and v.tag == _NULL)
                    mark = k.start_mark if at_key else v.start_mark
                    return v, (mark.line, mark.column)
            return None
        if isinstance(node, yaml.SequenceNode) and isinstance(item, int) and 0 <= item < len(node.value):
            v = node.value[item]
            return v, (v.start_mark.line, v.start_mark.column)
        return None

    def quote(self, node: Any) -> str | None:
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            return None
        return node.style if node.style in ('"', "'") else ""

    def length(self, node: Any) -> int:
        return len(node.value)


_FLOW_END = ",]}"


def token_end(lines: list[str] | None, line: int, col: int) -> tuple[int, int]:
    """1-based (end_line, end_col) of the YAML token that starts at 0-based `line`, `col`: a quoted
    scalar to its closing quote, a plain scalar or key to its last character (before `: `, ` #` or,
    in a flow collection, `,`), a flow collection to its closing bracket, an alias or anchor to the
    end of its name — all on the starting line; one character when the source is not at hand."""
    if lines is None or line >= len(lines) or col >= len(lines[line]):
        return line + 1, col + 2
    src = lines[line]
    c = src[col]
    end = len(src)
    if c in "\"'":
        i = col + 1
        while i < len(src):
            if c == '"' and src[i] == "\\":
                i += 2
                continue
            if src[i] == c:
                if c == "'" and src.startswith("''", i):
                    i += 2
                    continue
                end = i + 1
                break
            i += 1
    elif c in "[{":
        depth, i, quote = 0, col, ""
        while i < len(src):
            ch = src[i]
            if quote:
                quote = "" if ch == quote else quote
            elif ch in "\"'":
                quote = ch
            elif ch in "[{":
                depth += 1
            elif ch in "]}":
                depth -= 1
                if depth == 0:
                    end = i + 1
                    break
            i += 1
    elif c in "*&":
        i = col + 1
        while i < len(src) and not src[i].isspace() and src[i] not in _FLOW_END + "[{":
            i += 1
        end = i
    elif c in "|>":
        end = len(src.rstrip())
    else:
        in_flow = src.count("[", 0, col) + src.count("{", 0, col) > src.count("]", 0, col) + src.count("}", 0, col)
        i = col
        while i < len(src):
            if src.startswith(" #", i) or src.startswith("\t#", i) or (src[i] == ":" and src[i + 1:i + 2] in ("", " ", "\t")):
                break
            if in_flow and src[i] in _FLOW_END:
                break
            i += 1
        end = len(src[:i].rstrip())
    return line + 1, max(end, col + 1) + 1


def _key_text(node: yaml.ScalarNode) -> str:
    """A key as the loader names it in paths: the text of a string, a number's value as text."""
    if node.tag == "tag:yaml.org,2002:int":
        try:
            return str(int(node.value, 0)) if node.value[:2] in ("0x", "0o") else str(int(node.value))
        except ValueError:
            return str(node.value)
    if node.tag == "tag:yaml.org,2002:float":
        try:
            return str(float(node.value))
        except ValueError:
            return str(node.value)
    if node.tag == "tag:yaml.org,2002:bool":
        return str(node.value.lower() == "true")
    if node.tag == _NULL:
        return "None"
    return str(node.value)


def _key_of(node: CommentedMap, item: Any) -> Any:
    """The key of `node` that path item `item` names: the loader turns keys such as `1.5` or `~`
    into text, so a key is also found by its text."""
    if isinstance(item, (str, int)) and item in node:
        return item
    for key in node:
        if str(key) == str(item):
            return key
    return _NO_KEY
