"""What the language server (gridsmith.lsp_server) knows about one buffer, free of the protocol:
its diagnostics (exactly `gridsmith validate`'s, for the unsaved text), the YAML path at a cursor
(read from indentation, so it works on a half-typed buffer), the schema of a path (the kind's JSON
Schema, generated from the models), the files a reference may name, the meaning of a grid cell.

Positions here are 0-based (line, character), as in the protocol; Gridsmith's diagnostics are
1-based and converted at the edge.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gridsmith.formats import coords, registry
from gridsmith.formats.content import bundled_names, bundled_path, is_bundled_name
from gridsmith.formats.diagnostics import Diagnostic, Severity
from gridsmith.formats.limits import grid_keys
from gridsmith.formats.loader import decode, oversize, validate_text
from gridsmith.formats.references import Reference, declared
from gridsmith.formats.registry import KindSpec
from gridsmith.formats.schema import schema_for
from gridsmith.formats import config
from gridsmith.formats.session import project_session, session
from gridsmith.formats.suggestions import token_span

#: the top-level `kind:` line of a buffer (quoted or not)
_KIND = re.compile(r"""^(?:kind|"kind"|'kind')[ \t]*:[ \t]*["']?([A-Za-z][\w-]*\.[A-Za-z][\w-]*)""", re.MULTILINE)
#: files listed for reference completion below one folder (a home folder opened by mistake stays cheap)
MAX_LISTED_FILES = 2000


# --- which buffers are served ---------------------------------------------------------------------


def declared_kind(text: str) -> str | None:
    """The `GAME.KIND` a buffer's top-level `kind:` line names, registered or not."""
    m = _KIND.search(text[:65536])
    return m.group(1) if m else None


def is_gridsmith(text: str, filename: str) -> bool:
    """A buffer the server serves: a Gridsmith suffix, or a `kind:` of a known game (a misspelt kind of
    a Gridsmith game is checked, and gets K202; another tool's `kind: Deployment` is not)."""
    if filename.endswith(registry.known_suffixes()):
        return True
    kind = declared_kind(text)
    return kind is not None and kind.split(".", 1)[0] in {s.game for s in registry.all_kinds()}


def spec_of(text: str) -> KindSpec | None:
    kind = declared_kind(text)
    return registry.get(kind) if kind else None


# --- diagnostics ------------------------------------------------------------------------------------


def check_buffer(text: str, file: Path | None, roots: list[Path] | None = None) -> list[Diagnostic]:
    """Every diagnostic `gridsmith validate` reports for a file holding `text` (check_buffer_with_deps)."""
    return check_buffer_with_deps(text, file, roots)[0]


def check_buffer_with_deps(text: str, file: Path | None,
                           roots: list[Path] | None = None) -> tuple[list[Diagnostic], set[Path]]:
    """Every diagnostic `gridsmith validate` reports for a file holding `text` — the same size and
    encoding checks as reading it from disk, then the loader's stages by validate's fast path (the
    round-trip reader only for what it cannot decide), references resolved against
    the file's folder inside the content tree `roots` and the file's folder — and the files read for
    it (real paths: a change to one of them changes the outcome)."""
    name = str(file) if file is not None else "<buffer>"
    data = text.encode("utf-8", "surrogatepass")  # a lone surrogate is not UTF-8: decode says so
    refused = oversize(name, len(data))
    if refused is not None:
        return [refused], set()
    decoded, problem = decode(data, name)
    if problem is not None or decoded is None:
        return ([problem] if problem is not None else []), set()
    if file is not None:  # as `validate` reads the file: its project's configuration (formats.config)
        try:
            project = config.for_path(file)
        except config.ConfigError as e:  # a broken gridsmith.toml is said on the buffer, not a crash
            return [Diagnostic(name, 1, 1, Severity.ERROR, "Y119", f"project configuration: {e}")], set()
        with project_session(project, [*(roots or []), file]) as s:
            diagnostics = project.apply(validate_text(decoded, name, file=file))
            return diagnostics, set(s.last)
    with session(roots=list(roots or []) or None) as s:
        return validate_text(decoded, name, file=file), set(s.done)


@dataclass(frozen=True)
class Span:
    """A 0-based range: start line and character, end line and character."""

    line: int
    start: int
    end_line: int
    end: int

    def contains(self, line: int, character: int) -> bool:
        return (self.line, self.start) <= (line, character) <= (self.end_line, self.end)


def span_of(d: Diagnostic, lines: list[str]) -> Span:
    """Where a diagnostic is: its own end when the loader gives one; else a grid cell (a column inside
    a scalar) is one character, and anything else the scalar (key or value) starting there."""
    line, col = max(0, d.line - 1), max(0, d.col - 1)
    if d.end_line is not None and d.end_col is not None:
        return Span(line, col, max(line, d.end_line - 1), max(0, d.end_col - 1))
    src = lines[line] if line < len(lines) else ""
    if col >= len(src):
        return Span(line, col, line, col + 1 if src else col)
    if col > 0 and src[col - 1] not in " \t[{,:-":  # inside a row of a grid (or a quoted string)
        return Span(line, col, line, col + 1)
    start, end = token_span(src, col)
    return Span(line, start, line, max(end, start + 1))


# --- the YAML path at a cursor ----------------------------------------------------------------------


_LINE = re.compile(r"^(?P<indent> *)(?P<dashes>(?:- +)*)(?:(?P<key>\"[^\"]*\"|'[^']*'|[^\s#'\"\-][^:#]*?|-[^\s:#][^:#]*?)"
                   r"[ \t]*:(?=\s|$))?")


@dataclass(frozen=True)
class LineShape:
    dashes: tuple[int, ...]  #: columns of the `- ` list markers
    key: str | None
    key_col: int | None
    value_col: int | None  #: where the value starts (after `key: `), when there is a key


def shape(src: str) -> LineShape:
    m = _LINE.match(src)
    if m is None:  # no match only for a line the pattern cannot begin (it always matches indent)
        return LineShape((), None, None, None)
    col = len(m.group("indent"))
    dashes = []
    for part in re.finditer(r"- +", m.group("dashes")):
        dashes.append(col + part.start())
    key_col = len(m.group("indent")) + len(m.group("dashes"))
    key = m.group("key")
    if key is None:
        return LineShape(tuple(dashes), None, None, None)
    rest = src[m.end():]
    value_col = m.end() + len(rest) - len(rest.lstrip(" \t"))
    return LineShape(tuple(dashes), key.strip().strip("\"'"), key_col, value_col)


def _content(src: str) -> bool:
    s = src.strip()
    return bool(s) and not s.startswith("#") and s not in ("---", "...")


def parents(lines: list[str], line: int, column: int) -> tuple[str, ...]:
    """The path (keys, `*` for a list item) of the mapping whose keys sit at `column` on `line`: the
    keys and list markers of the less indented lines above."""
    path: list[str] = []
    need = column
    own = shape(lines[line]) if line < len(lines) else LineShape((), None, None, None)
    for d in reversed(own.dashes):
        if d < need:
            path.insert(0, "*")
            need = d
    for i in range(min(line, len(lines)) - 1, -1, -1):
        if need == 0:
            break
        src = lines[i]
        if not _content(src) or len(src) - len(src.lstrip(" ")) >= need:
            continue
        s = shape(src)
        if s.key is not None and s.key_col is not None and s.key_col < need:
            path.insert(0, s.key)
            need = s.key_col
        for d in reversed(s.dashes):
            if d < need:
                path.insert(0, "*")
                need = d
    return tuple(path)


@dataclass(frozen=True)
class Cursor:
    """What a position is on: `path` of the mapping around it; `key` the key of its line when there
    is one; `on` "key" (on or typing a key), "value" (after `key:`) or "item" (after a `- ` of a list of
    scalars); `word` the text typed so far."""

    path: tuple[str, ...]
    key: str | None
    on: str
    word: str
    line_shape: LineShape
    #: how many flow lists (`[`) are open before the cursor: each is one more `*` into the value
    flow: int = 0

    @property
    def value_path(self) -> tuple[str, ...]:
        """The path of the value being written (a value after `key:`, or a list item)."""
        base = (*self.path, self.key) if self.on == "value" and self.key is not None else self.path
        return (*base, *("*",) * self.flow)


def cursor_at(lines: list[str], line: int, character: int) -> Cursor:
    src = lines[line] if line < len(lines) else ""
    s = shape(src)
    if s.key is not None and s.key_col is not None and s.value_col is not None and character >= s.value_col \
            and character > s.key_col + len(s.key):
        word = src[s.value_col:character]
        return Cursor(parents(lines, line, s.key_col), s.key, "value", word, s, _open_lists(word))
    if s.key is not None and s.key_col is not None:
        return Cursor(parents(lines, line, s.key_col), s.key, "key", src[s.key_col:character], s)
    indent = len(src) - len(src.lstrip(" "))
    col = (s.dashes[-1] + 2) if s.dashes else indent
    word = src[col:character]
    if s.dashes and src[col:].strip():  # `- value`: an item of a list of scalars (path ends with `*`)
        return Cursor(parents(lines, line, col), None, "item", word, s, _open_lists(word))
    return Cursor(parents(lines, line, col), None, "key", word, s)


def _open_lists(word: str) -> int:
    return max(0, word.count("[") - word.count("]"))


def sibling_keys(lines: list[str], line: int, column: int) -> set[str]:
    """The keys already written in the mapping whose keys sit at `column` around `line`."""
    out: set[str] = set()
    for step in (-1, 1):
        i = line + step
        while 0 <= i < len(lines):
            src = lines[i]
            if _content(src):
                s = shape(src)
                if step == 1 and s.dashes and s.dashes[-1] < column:
                    break  # the next item of the list
                if s.key_col == column and s.key is not None:
                    out.add(s.key)
                    if step == -1 and s.dashes and s.dashes[-1] < column:
                        break  # the item's first key: its mapping starts here
                elif len(src) - len(src.lstrip(" ")) < column:
                    break
            i += step
    return out


# --- schemas ----------------------------------------------------------------------------------------


@cache
def schema(kind: str) -> dict[str, Any]:
    spec = registry.get(kind)
    return schema_for(spec) if spec is not None else {}


def _resolve(root: dict[str, Any], node: Any) -> dict[str, Any]:
    """`node` with `$ref` followed and a nullable `anyOf` (X or null) taken as X."""
    for _ in range(16):
        if not isinstance(node, dict):
            return {}
        if "$ref" in node and isinstance(node["$ref"], str) and node["$ref"].startswith("#/$defs/"):
            merged = {k: v for k, v in node.items() if k != "$ref"}
            target = root.get("$defs", {}).get(node["$ref"][len("#/$defs/"):], {})
            node = {**target, **merged}
            continue
        branches = node.get("anyOf") or node.get("oneOf")
        if branches and "properties" not in node and "enum" not in node:
            real = [b for b in branches if not (isinstance(b, dict) and b.get("type") == "null")]
            if len(real) == 1:
                node = {**{k: v for k, v in node.items() if k not in ("anyOf", "oneOf")}, **real[0]}
                continue
        return node
    return {}


def schema_at(kind: str, path: tuple[str | int, ...]) -> dict[str, Any]:
    """The schema of the value at `path` in a file of `kind` ({} when the path leaves the schema)."""
    root = schema(kind)
    node = _resolve(root, root)
    for item in path:
        if item == "*" or isinstance(item, int):
            nxt = node.get("items")
        else:
            nxt = node.get("properties", {}).get(item)
            if nxt is None:
                nxt = node.get("additionalProperties")
        if not isinstance(nxt, dict):
            return {}
        node = _resolve(root, nxt)
    return node


def properties(kind: str, path: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The keys allowed in the mapping at `path`, each with its (resolved) schema."""
    root = schema(kind)
    node = schema_at(kind, path)
    props = node.get("properties") or {}
    return {k: _resolve(root, v) for k, v in props.items()}


def values(node: dict[str, Any]) -> list[Any]:
    """The values an enumeration (or a constant, or true/false) allows."""
    if "enum" in node:
        return list(node["enum"])
    if "const" in node:
        return [node["const"]]
    if node.get("type") == "boolean":
        return [True, False]
    for key in ("anyOf", "oneOf"):
        if key in node:
            return [v for b in node[key] if isinstance(b, dict) for v in values(b)]
    return []


def describe_schema(node: dict[str, Any]) -> str:
    """A key's documentation: its description, its type, its choices."""
    parts = [node.get("description") or node.get("title") or ""]
    allowed = values(node)
    if allowed and node.get("type") != "boolean":
        parts.append("One of: " + ", ".join(f"`{v}`" for v in allowed[:20]))
    if "default" in node:
        parts.append(f"Default: `{node['default']}`")
    return "\n\n".join(p for p in parts if p)


def yaml_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --- references -----------------------------------------------------------------------------------


def reference_at(kind: str, path: tuple[str | int, ...]) -> Reference | None:
    """The reference field at `path` (`*` or indices for list items and mapping values)."""
    registry.get(kind)  # the games declare their references when their kinds load
    for pattern, ref in declared(kind).items():
        if len(pattern) == len(path) and all(p == "*" or p == str(q) or (q == "*") for p, q in zip(pattern, path)):
            return ref
    return None


def reference_under(lines: list[str], line: int, character: int, kind: str) -> tuple[Reference, str] | None:
    """The reference field whose value the position is on, and the value as written."""
    cur = cursor_at(lines, line, character)
    s = cur.line_shape
    if cur.key is None or s.value_col is None or character < s.value_col:
        return None
    ref = reference_at(kind, (*cur.path, cur.key))
    if ref is None:
        return None
    return ref, lines[line][s.value_col:].split(" #")[0].strip().strip("\"'")


def resolve_reference(value: str, ref: Reference, file: Path | None) -> Path | None:
    """The file a reference names (bundled name or path relative to `file`), when it exists."""
    value = value.strip().strip("\"'")
    if not value or any(ord(c) < 32 for c in value):
        return None
    try:
        if is_bundled_name(value):
            path = bundled_path(ref.game, value, ref.suffix)
        else:
            path = Path(value)
            if not path.is_absolute():
                path = (file.parent if file is not None else Path.cwd()) / path
        return path if path.is_file() else None
    except (OSError, ValueError):
        return None


def reference_choices(ref: Reference, file: Path | None, roots: list[Path]) -> list[tuple[str, str]]:
    """(what to write, what it is) for every file a reference may name: the bundled names, then the
    files of its suffix in the content tree, relative to the buffer's folder."""
    out = [(name, f"bundled {ref.label}") for name in bundled_names(ref.game, ref.suffix)]
    if file is None:
        return out
    here = file.parent
    seen: set[str] = set()
    for root in [here, *roots]:
        for found in _files_with(root, ref.suffix):
            if found.resolve() == file.resolve():
                continue
            rel = Path(os.path.relpath(found, here)).as_posix()
            if rel not in seen:
                seen.add(rel)
                out.append((rel, f"{ref.label} in the content tree"))
    return out


def _files_with(root: Path, suffix: str) -> Iterator[Path]:
    count = 0
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("node_modules", "__pycache__"))
        for name in sorted(names):
            count += 1
            if count > MAX_LISTED_FILES:
                return
            if name.endswith(suffix):
                yield Path(folder) / name


def first_lines(path: Path, n: int = 8) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return "".join(f.readline()[:200] for _ in range(n)).rstrip("\n")
    except OSError:
        return ""


# --- grid cells -------------------------------------------------------------------------------------


def grid_cell(lines: list[str], line: int, character: int, kind: str) -> tuple[str, tuple[int, int], str] | None:
    """(key, (column, row) 0-based, character) when the position is on a square of a grid (a row string
    of one of the kind's grid keys)."""
    src = lines[line] if line < len(lines) else ""
    s = shape(src)
    if s.key is not None or not s.dashes:
        return None
    start = s.dashes[-1] + 2
    text = src[start:]
    quote = text[:1] if text[:1] in "\"'" else ""
    first = start + len(quote)
    index = character - first
    body = text[len(quote):]
    if quote and quote in body:
        body = body[:body.index(quote)]
    if not 0 <= index < len(body):
        return None
    path = parents(lines, line, s.dashes[-1] + 1)
    if not path or path[-1] != "*" or len(path) < 2 or path[-2] not in grid_keys(kind):
        return None
    row = 0
    for i in range(line - 1, -1, -1):
        si = shape(lines[i])
        if si.dashes and si.dashes[-1] == s.dashes[-1] and si.key is None:
            row += 1
        elif _content(lines[i]):
            break
    return path[-2], (index, row), body[index]


_ENTRY = re.compile(r"`([^`]+)`(?:\s*-\s*`([^`]+)`)?\s*([^,;.`]*(?:`[^`]*`[^,;.`]*)*)")


def cell_meaning(description: str, char: str) -> str | None:
    """The entry of a grid's alphabet (from its description: "`~` water, `1`-`4` land of seat N") for
    one character."""
    for m in _ENTRY.finditer(description):
        lo, hi, meaning = m.group(1), m.group(2), m.group(3).strip()
        if hi is not None and len(lo) == 1 and len(hi) == 1 and lo <= char <= hi:
            return f"`{lo}`-`{hi}` {meaning}".strip()
        if hi is None and lo == char:
            return f"`{lo}` {meaning}".strip()
    return None


def cell_label(cell: tuple[int, int]) -> str:
    return coords.label(cell)
