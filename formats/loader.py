"""Reading content files: every problem of a file in one pass, each located, never a traceback.

Stages (DESIGN.md): bytes -> YAML syntax and guards -> kind/version (migration) -> structure
(pydantic) -> semantics and playability lints (the kind's checks). A later stage runs only when the
earlier ones leave something to check; all findings of the stages that ran are reported. Structure
errors do not stop the later stages: they check every part of the file whose structure is sound
(`checks_despite`), so a typo'd key and an unplayable setting are reported in the same run.

`validate_file` reads with the fast path (libyaml + pydantic + checks) and locates whatever it finds
through libyaml's node marks; only a file the fast path cannot decide (an alias, a tag, a duplicate
key, a syntax error, a suspicious character) is read again by the position-keeping round-trip reader,
which explains it. `load_file`/`load_text` (the editor's readers) always build the round-trip tree.
Files that name other files are read inside one reference session (formats.session); the reference
stage (formats.references, which reads the named files through this module) registers itself as a
stage of the registry.
"""
from __future__ import annotations

import collections
import difflib
import functools
import os
import stat
import warnings
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

from pydantic import BaseModel, ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.error import ReusedAnchorWarning
from ruamel.yaml.resolver import VersionedResolver

from . import registry, yaml_fast, yaml_guard
from .diagnostics import Diagnostic, Path as DocPath, Problem, Severity, shown
from .limits import MAX_FILE_BYTES, MAX_PROBLEMS_PER_FILE
from .locate import Locator, NodeLocator, token_end
from .registry import CheckContext, KindSpec
from .session import reading
from .structure import problems_from, repaired


@dataclass
class Loaded:
    """A read file: the model when its structure is valid, the round-trip tree when it parsed."""

    file: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    spec: KindSpec | None = None
    model: BaseModel | None = None
    tree: Any = None  # ruamel CommentedMap, comments and positions included
    text: str | None = None
    migrated_from: int | None = None
    #: problems found once `diagnostics` held the cap (MAX_PROBLEMS_PER_FILE), by code: counted for
    #: the cap's summary line (Y199), never located or built
    unlisted: collections.Counter[str] = field(default_factory=collections.Counter)

    def full(self) -> bool:
        """The cap is reached: what is found from now on is only counted."""
        return len(self.diagnostics) >= MAX_PROBLEMS_PER_FILE

    @property
    def ok(self) -> bool:
        return self.model is not None and not any(d.is_error for d in self.diagnostics)


class _Core12Resolver(VersionedResolver):
    """Plain scalars resolved by the YAML 1.2 core schema, exactly as the fast path does. ruamel's
    own 1.2 rules are wider (timestamps, `0b11`, `1_000`): `name: 1914-08-04` would be a date here
    and a string there, and `validate` and the editor would disagree about the same file."""

    def add_version_implicit_resolver(self, version: Any, tag: Any, regexp: Any, first: Any) -> None:
        if tag in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:value"):  # `=` is a string too
            return
        super().add_version_implicit_resolver(version, tag, yaml_fast.CORE_SCHEMA.get(tag, regexp), first)


def round_trip_yaml() -> YAML:
    """The one ruamel configuration used to read and write content (YAML 1.2, quotes kept)."""
    y = YAML(typ="rt")
    y.Resolver = _Core12Resolver
    y.preserve_quotes = True
    y.allow_duplicate_keys = True  # the guard reports every duplicate; ruamel would stop at one
    y.indent(mapping=2, sequence=4, offset=2)
    y.width = 4096
    return y


# --- reading bytes -----------------------------------------------------------------------------


def oversize(name: str, size: int) -> Diagnostic | None:
    """Y108 for a file (or a buffer) of `size` bytes over the limit, refused before it is read."""
    if size <= MAX_FILE_BYTES:
        return None
    return _diag(name, 1, 1, "Y108", f"file is {size / 1048576:.1f} MiB; content files are "
                 f"limited to {MAX_FILE_BYTES // 1048576} MiB")


def read_text(path: str | os.PathLike[str]) -> tuple[str | None, Diagnostic | None]:
    """The file's text, or the diagnostic that says why it has none; bounded memory."""
    name = str(path)
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):  # a folder, a named pipe (would block), a device
            return None, _diag(name, 1, 1, "Y100", "cannot read file: not a regular file")
        refused = oversize(name, info.st_size)
        if refused is not None:
            return None, refused
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        return None, _diag(name, 1, 1, "Y100", f"cannot read file: {e.strerror or e}")
    return decode(data, name)


def decode(data: bytes, name: str) -> tuple[str | None, Diagnostic | None]:
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _byte_position(data, nul)
        return None, _diag(name, line, col, "Y101", "binary data (a NUL byte): not a YAML text file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _byte_position(data, e.start)
        return None, _diag(name, line, col, "Y101", f"not UTF-8 text (byte 0x{data[e.start]:02x})")
    return text.removeprefix("\ufeff"), None


def _byte_position(data: bytes, index: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, index) + 1
    col = index - (data.rfind(b"\n", 0, index) + 1) + 1
    return line, col


def _diag(file: str, line: int, col: int, code: str, message: str,
          severity: Severity = Severity.ERROR, path: DocPath = (), lines: list[str] | None = None) -> Diagnostic:
    """A diagnostic at 1-based `line`, `col`, ending where the token there ends in `lines` (the
    file's text), or one character on."""
    end_line, end_col = token_end(lines, line - 1, col - 1)
    return Diagnostic(file, line, col, severity, code, message, path, end_line, end_col)


# --- the full reader -----------------------------------------------------------------------------


def load_file(path: str | os.PathLike[str]) -> Loaded:
    text, problem = read_text(path)
    if problem is not None:
        return Loaded(str(path), [problem])
    assert text is not None  # read_text gives the text or the problem
    return load_text(text, str(path), file=FsPath(path))


def load_text(text: str, filename: str = "<text>", file: FsPath | None = None) -> Loaded:
    with reading(file):
        out = _load_text(text, filename, file)
    _cap(out)  # every stage can find thousands (a pasted blob of duplicate keys, 3000 bad rows)
    return out


def _load_text(text: str, filename: str, file: FsPath | None) -> Loaded:
    out = Loaded(filename, text=text)
    aliases: dict[tuple[Any, ...], tuple[int, int]] = {}
    findings = yaml_guard.scan(text, aliases)
    lines = text.splitlines() if findings else None
    kept = findings[:MAX_PROBLEMS_PER_FILE]  # the rest (a pasted blob of duplicate keys) only counted
    out.diagnostics += [_diag(filename, f.line + 1, f.col + 1, f.code, f.message, lines=lines) for f in kept]
    out.unlisted.update(f.code for f in findings[MAX_PROBLEMS_PER_FILE:])
    if findings:
        # fatal ones (syntax, depth, alias bomb, several documents) leave nothing sound to build;
        # after duplicate keys or foreign tags the data is not what the author thinks it is, and
        # there is no model to edit, so the (slow, pure-Python) round-trip parse is not needed
        return out
    try:
        with warnings.catch_warnings():  # an anchor defined twice is YAML (the later one counts)
            warnings.simplefilter("ignore", ReusedAnchorWarning)
            tree = round_trip_yaml().load(text)
    except Exception as e:  # the guard already parsed it; this is a last line of defence
        mark = getattr(e, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        why = getattr(e, "problem", None) or str(e)
        out.diagnostics.append(_diag(filename, line, col, "Y102", f"YAML could not be read: {why}"))
        return out
    out.tree = tree
    spec, data, header = _dispatch(tree)
    _validate(out, Locator(tree, text, aliases), spec, data, header, file)
    return out


def _validate(out: Loaded, locator: Any, spec: KindSpec | None, data: dict[str, Any] | None, header: list[Problem],
              file: FsPath | None) -> None:
    """Kind/version, migration, structure and checks of read `data`; every problem located."""
    steps: list[tuple[Any, dict[str, Any]]] = []  # migrations taken, each with its input

    def add(problems: list[Problem]) -> None:
        for p in problems:
            if out.full():  # beyond the cap: counted, not located
                out.unlisted[p.code] += 1
                continue
            line, col, end_line, end_col = locator.span(_path_back(steps, p.path), p.on_key)
            out.diagnostics.append(Diagnostic(out.file, line, col, p.severity, p.code, p.message, p.path,
                                              end_line, end_col))

    add(header)
    if spec is None or data is None:
        return
    out.spec = spec
    version = data["version"]
    if version < spec.version:
        out.migrated_from = version
        try:
            for v in range(version, spec.version):
                steps.append((spec.migrations[v], data))
                data = spec.migrations[v](data)
                data["version"] = v + 1
        except Exception as e:  # a draft too broken to migrate: say so, don't crash
            add([Problem("K207", f"cannot migrate version {version} to {spec.version}: {shown(e, False)}",
                         ("version",))])
            return
    try:
        out.model = spec.model.model_validate(data)
    except ValidationError as e:
        found = problems_from(e, spec.model)
        add(found)
        add(checks_despite(spec, data, e, CheckContext(file=file), found))
        return
    add(run_checks(spec, out.model, CheckContext(file=file)))


def _path_back(steps: list[tuple[Any, dict[str, Any]]], path: DocPath) -> DocPath:
    """A path of the current layout taken back to the layout the file was written in, through each
    migration's `path_back(path, data_before)`; a migration without one leaves only the top."""
    for migration, before in reversed(steps):
        back = getattr(migration, "path_back", None)
        path = back(path, before) if back is not None else ()
    return path


def _dispatch(tree: Any) -> tuple[KindSpec | None, dict[str, Any] | None, list[Problem]]:
    """The kind's spec and plain data, or the header problems (kind and version)."""
    if tree is None:
        return None, None, [Problem("Y103", "empty file: expected a mapping that starts with `kind:` and `version:`")]
    if not isinstance(tree, dict):
        what = "a list" if isinstance(tree, list) else f"a single value ({shown(tree, limit=30)})"
        return None, None, [Problem("Y109", f"the file holds {what}; expected a mapping that starts with "
                                    "`kind:` and `version:`")]
    kind = tree.get("kind")

    def known() -> str:  # every game's kinds: loaded only when a file needs the list
        return ", ".join(s.kind for s in registry.all_kinds())

    if "kind" not in tree:
        return None, None, [Problem("K201", f"missing `kind:`; known kinds: {known()}")]
    spec = registry.get(kind) if isinstance(kind, str) else None
    if spec is None:
        close = difflib.get_close_matches(kind, [s.kind for s in registry.all_kinds()], n=1) \
            if isinstance(kind, str) else []
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return None, None, [Problem("K202", f"unknown kind {_shown(kind)}{hint}; known kinds: {known()}", ("kind",))]
    version = tree.get("version")
    if "version" not in tree:
        return spec, None, [Problem("K203", f"missing `version:` (the current version of {kind} is {spec.version})")]
    if not isinstance(version, int) or isinstance(version, bool):
        return spec, None, [Problem("K205", f"version must be a whole number, not {_shown(version)}", ("version",))]
    if version > spec.version:
        return spec, None, [Problem("K204", f"version {version} of {kind} is newer than this Gridsmith knows "
                                    f"(up to {spec.version}); update Gridsmith", ("version",))]
    if version < spec.oldest_version:
        return spec, None, [Problem("K206", f"version {version} of {kind} is older than any version Gridsmith "
                                    f"can read (from {spec.oldest_version})", ("version",))]
    return spec, to_plain(tree), []


_shown = shown


def run_checks(spec: KindSpec, model: BaseModel, ctx: CheckContext, tolerant: bool = False) -> list[Problem]:
    """The stages (the reference stage: every declared reference followed, formats.references), then
    the kind's semantic checks and lints. `tolerant`: a check that fails on the data (a repaired
    model, `checks_despite`) is skipped instead of raising."""
    problems: list[Problem] = []
    checks: list[registry.SemanticCheck] = [functools.partial(stage, spec.kind) for stage in registry.stages()]
    for check in [*checks, *registry.checks_for(spec)]:
        try:
            problems.extend(check(model, ctx))
        except Exception:
            if not tolerant:
                raise
    return problems


def checks_despite(spec: KindSpec, data: dict[str, Any], error: ValidationError, ctx: CheckContext,
                   known: list[Problem]) -> list[Problem]:
    """The later stages' findings on the parts of `data` whose structure is sound, when other parts
    are not (every problem in one pass): the structure repaired (formats.structure.repaired), the
    stages run with a check that fails on the repaired data skipped, and every finding at or under a
    repaired path, or already in `known`, left out."""
    model, touched = repaired(spec.model, data, error)
    if model is None:
        return []
    seen = {(p.code, p.path) for p in known}
    out = []
    for p in run_checks(spec, model, ctx, tolerant=True):
        if (p.code, p.path) in seen or any(p.path[:len(t)] == t for t in touched):
            continue
        out.append(p)
    return out


def check_model(model: BaseModel, ctx: CheckContext | None = None) -> list[Problem]:
    """The semantic checks and lints of a valid model (the editor's live validation)."""
    spec = registry.get(getattr(model, "kind", ""))
    if spec is None:
        return []
    return run_checks(spec, model, ctx or CheckContext())


def _cap(out: Loaded) -> None:
    """The first MAX_PROBLEMS_PER_FILE diagnostics, then one Y199 at the last of them saying how many
    of each code were left out (those found past the cap were only counted: Loaded.unlisted)."""
    codes = collections.Counter(d.code for d in out.diagnostics[MAX_PROBLEMS_PER_FILE:]) + out.unlisted
    out.unlisted = collections.Counter()
    if codes:
        rest = sum(codes.values())
        last = out.diagnostics[MAX_PROBLEMS_PER_FILE - 1]
        which = ", ".join(f"{n} {code}" for code, n in sorted(codes.items(), key=lambda c: (-c[1], c[0])))
        out.diagnostics = out.diagnostics[:MAX_PROBLEMS_PER_FILE] + [
            _diag(out.file, last.line, last.col, "Y199", f"{rest} more problems not shown: {which}", Severity.WARNING)
        ]


def to_plain(node: Any) -> Any:
    """ruamel's round-trip values as plain dict/list/str/int/float/bool (depth is bounded by the guard)."""
    if isinstance(node, dict):
        return {str(k) if not isinstance(k, (int, bool)) else k: to_plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [to_plain(v) for v in node]
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    if isinstance(node, str):
        return str(node)
    return node


# --- validation: fast path first ----------------------------------------------------------------


def validate_file(path: str | os.PathLike[str]) -> list[Diagnostic]:
    """Every diagnostic of one file, located; the round-trip reader runs only when the fast path
    cannot decide."""
    return _read_checked(path)[1]


def load_model(path: str | os.PathLike[str]) -> tuple[BaseModel | None, str | None, list[Diagnostic]]:
    """(model or None, the kind it declares or None, diagnostics) of a file, by the fast path when it
    can: what the reference resolver reads for a file that another file names."""
    out, diagnostics = _read_checked(path)
    return (out.model if out is not None and not any(d.is_error for d in diagnostics) else None,
            out.spec.kind if out is not None and out.spec is not None else None, diagnostics)


def validate_text(text: str, filename: str = "<text>", file: FsPath | None = None) -> list[Diagnostic]:
    """Every diagnostic of `text` (the text of `file`, or of an editor's buffer for it), located, as
    `validate_file` finds them: the fast path, the round-trip reader only when it cannot decide (the
    language server's path, gridsmith.lsp_analysis)."""
    return _checked(text, filename, file).diagnostics


def _read_checked(path: str | os.PathLike[str]) -> tuple[Loaded | None, list[Diagnostic]]:
    text, problem = read_text(path)
    if problem is not None:
        return None, [problem]
    assert text is not None  # read_text gives the text or the problem
    out = _checked(text, str(path), FsPath(path))
    return out, out.diagnostics


def _checked(text: str, filename: str, file: FsPath | None) -> Loaded:
    with reading(file):
        out = _fast(text, filename, file)
        if out is None:
            out = _load_text(text, filename, file)
    _cap(out)
    return out


def _fast(text: str, filename: str, file: FsPath | None) -> Loaded | None:
    """The file read by libyaml and checked, located through libyaml's node marks; None when the
    fast path cannot decide (the round-trip reader then explains the file)."""
    finding, events_plain = yaml_guard.prescan_plain(text)
    if finding is not None or not events_plain:
        # too many values, too deep, a grid far too large: the full reader says so first; an anchor,
        # an alias, a tag or a syntax error: the full reader explains it
        return None
    try:
        data, root = yaml_fast.load_nodes(text, events_plain=True)
    except yaml_fast.NotFast:
        return None
    if not isinstance(data, dict):
        return None
    spec, plain, header = _dispatch(data)
    if header or spec is None or plain is None:
        return None  # header problems are rare: the round-trip reader words them
    out = Loaded(filename, text=text)
    _validate(out, NodeLocator(root, text), spec, plain, [], file)
    if out.unlisted["K207"] or any(d.code == "K207" for d in out.diagnostics):
        return None
    return out
