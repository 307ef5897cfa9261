"""What changed between two files of one kind, in a designer's terms (`gridsmith diff`).

The walk is generic: mappings key by key, lists of records matched by their `id` or `name` (a card,
a space, a player, a team: moved, added or removed, never "item 3 changed because item 2 was
deleted"), other lists item by item, and scalars with their old and new value. Grid fields (lists of
row strings) are compared square by square and named in the one coordinate notation
(formats.coords): `map 3,1: '1' land of red -> '~' water`.

Which fields are grids, and their geometry and alphabet, a game says in the module `diff` of its
formats package (found like templates: the package of the kind's model), `DIFF = {kind: KindDiff}`;
without one, the grids a kind declares for the size limits (formats.limits) are square grids with no
words for their characters. Paths are shown with 1-based positions (`tenders[1][3]`), as squares are.
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from . import registry, yaml_fast, yaml_guard
from .coords import LatticeNotation, notation
from .diagnostics import Diagnostic, Severity, safe_text
from .limits import MAX_FILE_BYTES, grid_keys
from .loader import decode, read_text, round_trip_yaml, to_plain
from .registry import KindSpec

#: a value that is not there (a key added or removed)
ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "(none)"})()
#: record keys that identify an item of a list, in the order they are tried
IDENTITY_KEYS = ("id", "name")
#: changes of one grid listed square by square before the rest are counted
MAX_CELLS_LISTED = 200
#: a list of values changed in more places than this is summed up in one line
MAX_LIST_ITEMS = 12
#: lists of values longer than this (on both sides) are not matched item by item
MAX_MATCHED = 2000


@dataclass(frozen=True)
class Grid:
    """A grid field: its geometry (`square`, `hex`: axial rows, or `lattice`: the doubled text grid
    of points and edges), a word per character for the text (`'~': 'water'`), and the heat-map word
    per character for drawing (engine.core.heatmap.KIND_GREY: water, land, city, desert, power)."""

    geometry: str = "square"
    words: Mapping[str, str] = field(default_factory=dict)
    kinds: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class KindDiff:
    """How a game's kind is compared: its grid fields by key (at any depth)."""

    grids: Mapping[str, Grid] = field(default_factory=dict)


@dataclass(frozen=True)
class Change:
    """One difference: where (a readable path), and the old and new values (`ABSENT` when added or
    removed). A square of a grid also has its grid's path and its cell."""

    where: str
    old: Any
    new: Any
    grid: tuple[Any, ...] | None = None
    cell: tuple[int, ...] | None = None

    def to_text(self) -> str:
        if self.old is ABSENT:
            return f"{self.where}: added {value_text(self.new)}"
        if self.new is ABSENT:
            return f"{self.where}: removed (was {value_text(self.old)})"
        return f"{self.where}: {value_text(self.old)} -> {value_text(self.new)}"


@dataclass
class GridPair:
    """A grid field of both files, for drawing: its rows before and after and the changed cells
    (stored coordinates of the text grid: (x, y) = (column, row) of the characters)."""

    where: str
    grid: Grid
    old: list[str]
    new: list[str]
    changed: set[tuple[int, int]] = field(default_factory=set)


@dataclass
class FileDiff:
    kind: str
    changes: list[Change] = field(default_factory=list)
    grids: list[GridPair] = field(default_factory=list)

    @property
    def same(self) -> bool:
        return not self.changes

    def lines(self) -> list[str]:
        """The changes as text lines; a grid with many changed squares is cut short and counted."""
        out: list[str] = []
        listed: dict[str, int] = {}
        for c in self.changes:
            if c.grid is not None:
                key = repr(c.grid)
                listed[key] = listed.get(key, 0) + 1
                if listed[key] > MAX_CELLS_LISTED:
                    continue
            out.append(c.to_text())
        for pair in self.grids:
            extra = len(pair.changed) - MAX_CELLS_LISTED
            if extra > 0:
                out.append(f"{pair.where}: ... and {extra} more changed squares")
        return out


@dataclass
class Side:
    """One file to compare: its kind and plain data, or the problems that keep it from being read.
    Only the YAML is read (within the loader's limits): a file with errors in its content compares."""

    name: str
    spec: KindSpec | None = None
    data: Any = None
    problems: list[Diagnostic] = field(default_factory=list)


def read_file(path: str, name: str | None = None) -> Side:
    """The file at `path` (shown as `name`) read for comparison."""
    text, problem = read_text(path)
    return read(text, name or path) if text is not None else Side(name or path, problems=[problem] if problem else [])


def read_bytes(data: bytes, name: str) -> Side:
    """A file's bytes (from `git show`) read for comparison."""
    if len(data) > MAX_FILE_BYTES:
        return Side(name, problems=[Diagnostic(name, 1, 1, Severity.ERROR, "Y108", "file is larger than content "
                                               f"files may be ({MAX_FILE_BYTES // 1048576} MiB)")])
    text, problem = decode(data, name)
    return read(text, name) if text is not None else Side(name, problems=[problem] if problem else [])


def read(text: str, name: str) -> Side:
    """Text read for comparison: libyaml first, the guarded round-trip reader for what it refuses."""
    try:
        data = yaml_fast.load(text)
    except yaml_fast.NotFast:
        findings = yaml_guard.scan(text)
        if findings:
            return Side(name, problems=[Diagnostic(name, f.line + 1, f.col + 1, Severity.ERROR, f.code, f.message)
                                        for f in findings])
        try:
            data = to_plain(round_trip_yaml().load(text))
        except Exception as e:  # noqa: BLE001 - the guard passed it; a last line of defence, reported
            return Side(name, problems=[Diagnostic(name, 1, 1, Severity.ERROR, "Y102",
                                                   f"YAML could not be read: {safe_text(e, 200)}")])
    kind = data.get("kind") if isinstance(data, dict) else None
    spec = registry.get(kind) if isinstance(kind, str) else None
    if spec is None:
        return Side(name, data=data, problems=[Diagnostic(name, 1, 1, Severity.ERROR, "K202" if kind else "K201",
                                                          "not a Gridsmith file: no known `kind:`")])
    return Side(name, spec, data)


def kind_diff(spec: KindSpec) -> KindDiff:
    """The game's comparison of a kind (its formats package's `diff.DIFF`), or square grids for the
    grid fields the kind declares (formats.limits)."""
    module = spec.model.__module__.rsplit(".", 1)[0] + ".diff"
    if importlib.util.find_spec(module) is not None:
        found = getattr(importlib.import_module(module), "DIFF", {}).get(spec.kind)
        if isinstance(found, KindDiff):
            return found
    return KindDiff({k: Grid() for k in grid_keys(spec.kind)})


def diff(spec: KindSpec, old: Any, new: Any) -> FileDiff:
    """What changed from `old` to `new`, the plain data (dicts, lists, scalars) of two files of kind
    `spec`."""
    how = kind_diff(spec)
    out = FileDiff(spec.kind)
    out.changes = list(_walk(old, new, (), how, out))
    return out


def _walk(old: Any, new: Any, path: tuple[Any, ...], how: KindDiff, out: FileDiff) -> Iterator[Change]:
    if old == new and isinstance(old, bool) == isinstance(new, bool):  # `true` is not `1`; quoting is layout
        return
    where = path_text(path)
    last = next((p for p in reversed(path) if isinstance(p, str)), None)
    if last is not None and last in how.grids and _rows(old) is not None and _rows(new) is not None:
        yield from _grid(old, new, path, how.grids[last], out)
    elif isinstance(old, Mapping) and isinstance(new, Mapping):
        for k in [*new, *(k for k in old if k not in new)]:
            yield from _walk(old.get(k, ABSENT), new.get(k, ABSENT), (*path, str(k)), how, out)
    elif _is_list(old) and _is_list(new):
        key = _identity(old, new)
        if key is not None:
            yield from _records(old, new, path, key, how, out)
        elif all(_scalar(v) for v in (*old, *new)):
            yield from _values(old, new, path)
        else:
            for i in range(max(len(old), len(new))):
                a = old[i] if i < len(old) else ABSENT
                b = new[i] if i < len(new) else ABSENT
                yield from _walk(a, b, (*path, i), how, out)
    else:
        yield Change(where, old, new)


def _values(old: Sequence[Any], new: Sequence[Any], path: tuple[Any, ...]) -> Iterator[Change]:
    """Lists of values (a tender's modules, a log of actions): the items replaced, added and removed
    where they are; a list that changed in more than MAX_LIST_ITEMS places is one line of counts."""
    if len(old) * len(new) > MAX_MATCHED ** 2:  # matching is quadratic: a huge log is compared by its common start
        kept = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        if kept == len(old) == len(new):
            return
        yield Change(path_text(path), _Raw(f"{len(old)} items"), _Raw(f"{len(new)} items (the first {kept} the same)"))
        return
    every = SequenceMatcher(None, list(old), list(new), autojunk=False).get_opcodes()
    ops = [op for op in every if op[0] != "equal"]
    if sum(max(i2 - i1, j2 - j1) for _, i1, i2, j1, j2 in ops) > MAX_LIST_ITEMS:
        kept = sum(i2 - i1 for tag, i1, i2, _, _ in every if tag == "equal")
        yield Change(path_text(path), _Raw(f"{len(old)} items"), _Raw(f"{len(new)} items ({kept} kept in order)"))
        return
    for _, i1, i2, j1, j2 in ops:
        for k in range(max(i2 - i1, j2 - j1)):
            a = old[i1 + k] if i1 + k < i2 else ABSENT
            b = new[j1 + k] if j1 + k < j2 else ABSENT
            yield Change(path_text((*path, j1 + k if b is not ABSENT else i1 + k)), a, b)


def _records(old: Sequence[Any], new: Sequence[Any], path: tuple[Any, ...], key: str, how: KindDiff,
             out: FileDiff) -> Iterator[Change]:
    """Lists of records matched by `key`: changed, added and removed records, and a new order."""
    before = {r[key]: r for r in old}
    after = {r[key]: r for r in new}
    for name, rec in after.items():
        yield from _walk(before.get(name, ABSENT), rec, (*path, _Named(key, name)), how, out)
    for name, rec in before.items():
        if name not in after:
            yield Change(path_text((*path, _Named(key, name))), rec, ABSENT)
    common = [r[key] for r in old if r[key] in after]
    if common != [r[key] for r in new if r[key] in before]:
        yield Change(f"{path_text(path)} order", ", ".join(map(str, common)),
                     ", ".join(str(r[key]) for r in new if r[key] in before))


def _grid(old: list[str], new: list[str], path: tuple[Any, ...], grid: Grid, out: FileDiff) -> Iterator[Change]:
    where = path_text(path)
    pair = GridPair(where, grid, list(old), list(new))
    out.grids.append(pair)
    size_old, size_new = _size(old), _size(new)
    if size_old != size_new:
        yield Change(f"{where} size", _Raw(_size_text(size_old, grid)), _Raw(_size_text(size_new, grid)))
    for y in range(max(len(old), len(new))):
        a_row = old[y] if y < len(old) else ""
        b_row = new[y] if y < len(new) else ""
        for x in range(max(len(a_row), len(b_row))):
            a = a_row[x] if x < len(a_row) else ABSENT
            b = b_row[x] if x < len(b_row) else ABSENT
            if a == b:
                continue
            cell = _cell(x, y, grid.geometry)
            if cell is None:  # the lattice's blank between four edges: no place on the board
                continue
            pair.changed.add((x, y))
            yield Change(f"{where} {cell_text(cell, grid.geometry)}", _Char(a, grid), _Char(b, grid), path, cell)


def _cell(x: int, y: int, geometry: str) -> tuple[int, ...] | None:
    """The coordinate (formats.coords) of character x of row y: itself on square and hex grids; on
    the lattice's doubled grid a point, an edge, or None between four edges."""
    if geometry != "lattice":
        return (x, y)
    if y % 2 == 0 and x % 2 == 0:
        return (x // 2, y // 2)
    if y % 2 == 0:
        return (x // 2, y // 2, 0)
    if x % 2 == 0:
        return (x // 2, y // 2, 1)
    return None


def cell_text(cell: tuple[int, ...], geometry: str) -> str:
    n = notation(geometry)
    if isinstance(n, LatticeNotation):
        return n.label(cell)
    return n.short(cell)


def _size(rows: list[str]) -> tuple[int, int]:
    return (max((len(r) for r in rows), default=0), len(rows))


def _size_text(size: tuple[int, int], grid: Grid) -> str:
    w, h = size
    if grid.geometry == "lattice":
        return f"{(w + 1) // 2} x {(h + 1) // 2} points"
    return f"{w} x {h}"


@dataclass(frozen=True)
class _Char:
    """A grid character with its word, printed `'~' water`."""

    char: Any
    grid: Grid

    def __str__(self) -> str:
        if self.char is ABSENT:
            return "(off the map)"
        word = self.grid.words.get(self.char)
        return f"{shown_char(self.char)} {word}" if word else shown_char(self.char)


class _Raw(str):
    """Text already written for the reader (not a value to quote)."""


@dataclass(frozen=True)
class _Named:
    """A record of a list, found by its identity key."""

    key: str
    value: Any


def shown_char(ch: str) -> str:
    return "' '" if ch == " " else f"'{safe_text(ch)}'"


def path_text(path: Sequence[Any]) -> str:
    """`players[Red Army].armies`, `tenders[1][3]` (positions from 1), `(the file)` for the root."""
    out = ""
    for p in path:
        if isinstance(p, _Named):
            out += f"[{safe_text(p.value, 60)}]"
        elif isinstance(p, int):
            out += f"[{p + 1}]"
        else:
            out += f".{safe_text(p, 60)}" if out else safe_text(p, 60)
    return out or "(the file)"


def value_text(v: Any, limit: int = 100) -> str:
    """A value as a designer reads it: strings quoted, records and lists in YAML's flow style."""
    if isinstance(v, (_Char, _Raw)):
        return str(v)
    if v is ABSENT:
        return "(none)"
    return safe_text(_flow(v), limit)


def _flow(v: Any) -> str:
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{k}: {_flow(x)}" for k, x in v.items()) + "}"
    if _is_list(v):
        return "[" + ", ".join(_flow(x) for x in v) + "]"
    return str(v)


def _is_list(v: Any) -> bool:
    return isinstance(v, Sequence) and not isinstance(v, (str, bytes))


def _scalar(v: Any) -> bool:
    return not isinstance(v, Mapping) and not _is_list(v)


def _rows(v: Any) -> list[str] | None:
    return v if _is_list(v) and all(isinstance(r, str) for r in v) else None


def _identity(old: Sequence[Any], new: Sequence[Any]) -> str | None:
    """The key that names every record of both lists once (`id`, `name`), or None."""
    items = [*old, *new]
    if not items or not all(isinstance(r, Mapping) for r in items):
        return None
    for key in IDENTITY_KEYS:
        for side in (old, new):
            names = [r.get(key) for r in side]
            if any(n is None or not isinstance(n, (str, int)) for n in names) or len(set(names)) != len(names):
                break
        else:
            return key
    return None
