"""One resolver for every file that names another file (a ruleset, a board, a piece set, a setup
library; in future an arena, a deck, ...).

A kind *declares* its reference fields once::

    BOARD = Reference("pyramids.board", "board", ".board.yaml", default="default")
    declare("pyramids.scenario", {"board": BOARD, "sides.*.pieceset": PIECESET})

and gets, for free, from the loader's reference stage (which runs before the kind's own checks):

- **resolution**: a bundled name (a bare word: `default`) is content/GAME/NAME.SUFFIX of the
  installed package (formats.content); anything else is a path, relative to the folder of the file
  that names it (an absolute path is taken as it is);
- **the content tree rule**: a path may not lead outside the content tree — the project
  configuration's content roots (formats.config), by default the repository's root; outside any
  project and repository, the folders being validated (a `formats.session.session(roots=...)`) or
  the folder of the file that started the reading — unless the session allows it (the
  configuration's `allow-outside-references` places, `allow_outside=True`, or the environment
  variable `GRIDSMITH_ALLOW_OUTSIDE_REFERENCES=1`). Bundled content is always allowed;
- **one diagnostic at the referring key** for each reference that cannot be followed: R601
  missing, R602 unreadable, R603 not a regular file, R604 over-long path, R605 a NUL or control
  character in the path, R606 a symbolic-link loop, R607 a file naming itself, R608 a cycle of
  files, R609 outside the content tree, R610 a referenced file with errors (one summary line with
  the first error's position: never the file's text, never nested copies), R611 a file of the wrong
  kind. Each is decided with a few system calls, so all finish in well under a second;
- **a graph walked once**: every file is read at most once per session (and across sessions
  while it and everything it names are unchanged on disk); files being read are on a stack, so a
  cycle is found when it closes instead of recursing. A reference followed outside any session
  (an engine starting each game of a batch: `follow` with no session running) is remembered
  with the stamps of the files it read and of the path it named, and followed again only when
  one of them changed, or the working folder, the environment or the configurations did.

Checks that need the referenced model call `model_of(value, reference, ctx)` (None when the
reference is broken: the reference stage has already said why).
"""
from __future__ import annotations

import contextlib
import contextvars
import errno
import os
import stat
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from . import config, loader, registry
from .content import bundled_path, content_root, is_bundled_name
from .diagnostics import Problem, shown
from .limits import MAX_REFERENCE_CHARS
from .registry import CheckContext
from .session import ALLOW_OUTSIDE_ENV, Read, Session, current, reading, real_path, stamp

#: files a session may read through references (each is read once); a chain longer than this is hostile
MAX_FILES_PER_SESSION = 500


@dataclass(frozen=True)
class Reference:
    """What a reference field names: the kind the file must be, how messages call it, the suffix
    of its bundled names, and the bundled name used when the field is absent (None: no file)."""

    kind: str
    label: str
    suffix: str
    default: str | None = None

    @property
    def game(self) -> str:
        return self.kind.split(".", 1)[0]


_DECLARED: dict[str, dict[tuple[str, ...], Reference]] = {}


def declare(kind: str, fields: Mapping[str, Reference]) -> None:
    """Declare the reference fields of `kind`: dotted paths into the model, `*` for every item of a
    list or every value of a mapping (`"sides.*.pieceset"`)."""
    _DECLARED.setdefault(kind, {}).update({tuple(path.split(".")): ref for path, ref in fields.items()})


#: files whose model references follow instead of the file on disk (`overlaid`), by real path
_OVERLAY: contextvars.ContextVar[Mapping[Path, Any]] = contextvars.ContextVar("gridsmith_overlay", default={})


@contextlib.contextmanager
def overlaid(documents: Mapping[Path, Any] | Mapping[str, Any]) -> Iterator[None]:
    """References to these files follow the given models, not the files on disk: the balance
    assistant measures and validates an edit of a referenced file before it writes anything. While
    one is active, a file read is taken from (or kept in) the shared cache only when it depends on
    none of them, and not kept as the session's."""
    token = _OVERLAY.set({**_OVERLAY.get(), **{real_path(Path(p)): m for p, m in documents.items()}})
    try:
        yield
    finally:
        _OVERLAY.reset(token)


def declared(kind: str) -> dict[tuple[str, ...], Reference]:
    return dict(_DECLARED.get(kind, {}))


# --- following one reference ----------------------------------------------------------------------


@dataclass(frozen=True)
class Followed:
    """The outcome of following a reference: the model, or the problem (code, message)."""

    model: Any = None
    code: str | None = None
    message: str = ""


def follow(value: str | None, ref: Reference, ctx: CheckContext | None) -> Followed:
    """Follow one reference written `value` in the file of `ctx`."""
    if value is None:
        value = ref.default
        if value is None:
            return Followed()
    referrer = ctx.file if ctx is not None else None
    running = current()
    if running is not None:
        return _follow(running, value, ref, referrer)
    if isinstance(value, str) and not _OVERLAY.get():
        return _follow_alone(value, ref, referrer)
    with reading(referrer) as s:
        return _follow(s, value, ref, referrer)


#: references followed outside any session, by everything their outcome depends on but the files:
#: an engine starts each game of a batch from a scenario naming its ruleset, and a fresh session
#: (the project configuration, real paths, a walk of the stack) cost more than starting a small
#: game. An outcome is kept with the stamps of the files it read and of the path it followed
#: (a symbolic link pointed elsewhere is another file), and used while they are unchanged.
_ALONE: OrderedDict[tuple[Any, ...], tuple[Followed, tuple[tuple[Path, tuple[int, ...]], ...]]] = OrderedDict()
_ALONE_SIZE = 64


def _follow_alone(value: str, ref: Reference, referrer: Path | None) -> Followed:
    """`follow` in a session of its own (none is running), remembered while the files are unchanged.
    Only a model found is remembered (a broken reference is not what a batch repeats)."""
    key = (value, ref, referrer, os.getcwd(), os.environ.get(ALLOW_OUTSIDE_ENV), content_root(),
           config.generation())
    hit = _ALONE.get(key)
    if hit is not None and all(stamp(p) == st for p, st in hit[1]):
        return hit[0]
    path = _target(value, ref, referrer)[0] if _refused(value, ref) is None else None
    before = stamp(path) if path is not None else ()
    with reading(referrer) as s:
        result = _follow(s, value, ref, referrer)
        read = dict(s.deps[-1]) if s.deps else {}
    if result.model is not None and path is not None and not s.cycles:
        read.setdefault(path, before)
        with _SHARED_LOCK:
            _ALONE[key] = (result, tuple(read.items()))
            while len(_ALONE) > _ALONE_SIZE:
                _ALONE.popitem(last=False)
    return result


def _target(value: str, ref: Reference, referrer: Path | None) -> tuple[Path, bool]:
    """The path a plain reference names, and whether it is a bundled name."""
    if is_bundled_name(value):
        return bundled_path(ref.game, value, ref.suffix), True
    path = Path(value)
    if not path.is_absolute():
        path = (referrer.parent if referrer is not None else Path.cwd()) / path
    return path, False


def _refused(value: str, ref: Reference) -> Followed | None:
    """The problem of a reference that names no path to read (empty, too long, a control
    character), or None."""
    if not isinstance(value, str) or value == "":
        return Followed(None, "R601", f"{ref.label}: an empty reference names no file")
    if len(value) > MAX_REFERENCE_CHARS:
        return Followed(None, "R604", f"{ref.label}: the path has {len(value):,} characters; "
                        f"references are limited to {MAX_REFERENCE_CHARS:,}")
    bad = next((c for c in value if ord(c) < 32 or ord(c) == 127), None)
    if bad is not None:
        return Followed(None, "R605", f"{ref.label} {shown(value)}: the path holds a control character "
                        f"(U+{ord(bad):04X}); file names in content must be plain text")
    return None


def _follow(s: Session, value: str, ref: Reference, referrer: Path | None) -> Followed:
    refused = _refused(value, ref)
    if refused is not None:
        return refused
    what = f"{ref.label} {shown(value)}"
    path, bundled = _target(value, ref, referrer)
    try:
        real = real_path(path)
    except (OSError, ValueError, RuntimeError):  # RuntimeError: older Pythons on a symlink loop
        real = path
    if not bundled and not s.allow_outside and not _inside(real, s.roots) and \
            not (s.allowed is not None and s.allowed.match(real)):
        where = ", ".join(_display(r) for r in s.roots) or "the content folder"
        return Followed(None, "R609", f"{what} leads outside the content tree ({where}); references stay "
                        f"inside it unless allowed (allow-outside-references in the project configuration, "
                        f"or {ALLOW_OUTSIDE_ENV}=1)")
    overlay = _OVERLAY.get()
    if real in overlay:
        _add_dep(s, real)  # what read it depends on it: not shared (_read)
        return Followed(overlay[real])
    try:
        info = os.stat(path)
    except OSError as e:
        return Followed(None, *_os_problem(e, what, value if bundled else None, ref))
    except ValueError:  # e.g. an embedded NUL the checks above missed
        return Followed(None, "R605", f"{what}: the path is not a valid file name")
    if not stat.S_ISREG(info.st_mode):
        return Followed(None, "R603", f"{what} is not a regular file (a folder, a device or a named pipe)")
    real = real_path(path)
    if s.visiting and real == s.visiting[-1]:
        return Followed(None, "R607", f"{what} is this file itself: a file cannot name itself as its own {ref.label}")
    if real in s.visiting:
        chain = tuple(s.visiting[s.visiting.index(real):]) + (real,)
        s.cycles.append(chain)
        return Followed(None, "R608", f"{what} leads back to this file: " + " -> ".join(p.name for p in chain[1:]))
    read = None if overlay else s.done.get(real)
    if read is None:
        if s.reads >= MAX_FILES_PER_SESSION:
            return Followed(None, "R612", f"{what} is not read: this validation already followed "
                            f"{MAX_FILES_PER_SESSION} references (a chain this long is not content)")
        read = _read(s, real, overlay)
        if not overlay:
            s.done[real] = read
    else:
        _add_dep(s, real)
    return _judge(s, read, real, value, ref, what)


def _judge(s: Session, read: Read, real: Path, value: str, ref: Reference, what: str) -> Followed:
    here = s.visiting[-1] if s.visiting else None
    for chain in s.cycles:  # a cycle through this file closed further down: say it here too
        body = chain[:-1]
        if here in body and real in body:
            start = body.index(here)
            loop = body[start:] + body[:start] + (here,)
            return Followed(None, "R608", f"{what} leads back to this file: " + " -> ".join(p.name for p in loop[1:]))
    if read.kind is not None and read.kind != ref.kind:
        return Followed(None, "R611", f"{what} is a {read.kind} file, not a {ref.kind}")
    if read.errors:
        first = min(read.errors, key=lambda d: (d.line, d.col))
        n = len(read.errors)
        return Followed(None, "R610", f"{what} has {n} error{'s' if n != 1 else ''}: first at "
                        f"{_display(real)}:{first.line}:{first.col} ({first.code})")
    if read.model is None:
        return Followed(None, "R611", f"{what} is not a {ref.kind} file")
    return Followed(read.model)


def _os_problem(e: OSError, what: str, bundled: str | None, ref: Reference) -> tuple[str, str]:
    if e.errno == errno.ELOOP:
        return "R606", f"{what}: a symbolic link in the path leads back to itself (a symlink loop)"
    if e.errno == errno.ENAMETOOLONG:
        return "R604", f"{what}: the path is longer than the file system allows"
    if e.errno in (errno.ENOENT, errno.ENOTDIR):
        if bundled is not None:
            return "R601", f"{what} is not bundled content (no {ref.game}/{bundled}{ref.suffix})"
        return "R601", f"{what} does not exist"
    return "R602", f"{what} cannot be read: {e.strerror or type(e).__name__}"


# --- reading a referenced file once ---------------------------------------------------------------


#: (file, roots, allow_outside) -> (what was read, the files it depended on with their stamps)
_SHARED: OrderedDict[tuple[Path, tuple[Path, ...], bool, Any], tuple[Read, tuple[tuple[Path, tuple[int, ...]], ...]]] = OrderedDict()  # across sessions, while unchanged
_SHARED_SIZE = 128
_SHARED_LOCK = threading.Lock()  # the editor validates in a worker thread while the engine may read too


def _add_dep(s: Session, real: Path) -> None:
    if s.deps:  # merged into the frames below when each file leaves the stack
        s.deps[-1][real] = stamp(real)


def _read(s: Session, real: Path, overlay: Mapping[Path, Any] | None = None) -> Read:
    key = (real, s.roots, s.allow_outside, s.allowed)
    overlay = overlay or {}
    with _SHARED_LOCK:
        hit = _SHARED.get(key)
    if hit is not None and not any(p in s.visiting or p in overlay for p, _ in hit[1]) \
            and all(stamp(p) == st for p, st in hit[1]):
        if s.deps:
            s.deps[-1].update(hit[1])
        return hit[0]
    s.reads += 1
    cycles_before = len(s.cycles)
    model, kind, diagnostics = loader.load_model(real)  # pushes `real` on the stack while it reads
    mine = s.last
    read = Read(model, kind, [d for d in diagnostics if d.is_error])
    # an outcome that depends on who asked, or on an overlaid model, is not shared
    if len(s.cycles) == cycles_before and not any(p in overlay for p in mine):
        with _SHARED_LOCK:
            _SHARED[key] = (read, tuple(mine.items()))
            while len(_SHARED) > _SHARED_SIZE:
                _SHARED.popitem(last=False)
    return read


# --- the reference stage ------------------------------------------------------------------------


def _instances(node: Any, pattern: tuple[str, ...], prefix: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(concrete path, value) of every place `pattern` matches in a model."""
    if not pattern:
        yield prefix, node
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*":
        if isinstance(node, dict):
            for k, v in node.items():
                yield from _instances(v, rest, (*prefix, k))
        elif isinstance(node, (list, tuple)):
            for i, v in enumerate(node):
                yield from _instances(v, rest, (*prefix, i))
        return
    if isinstance(node, BaseModel):
        if head in type(node).model_fields:
            yield from _instances(getattr(node, head), rest, (*prefix, head))
    elif isinstance(node, dict) and head in node:
        yield from _instances(node[head], rest, (*prefix, head))


def check(kind: str, model: Any, ctx: CheckContext | None) -> list[Problem]:
    """The reference stage of a file of `kind`: one problem at each reference that cannot be followed."""
    out: list[Problem] = []
    seen: dict[tuple[str | None, Reference], Followed] = {}  # a name repeated is followed once
    for pattern, ref in _DECLARED.get(kind, {}).items():
        for path, value in _instances(model, pattern):
            result = seen.get((value, ref))
            if result is None:
                result = seen[(value, ref)] = follow(value, ref, ctx)
            if result.code is not None:
                out.append(Problem(result.code, result.message, path))
    return out


def model_of(value: str | None, ref: Reference, ctx: CheckContext | None) -> Any:
    """The model a reference names, or None when it cannot be followed (the reference stage reports why)."""
    return follow(value, ref, ctx).model


def models_of(values: Iterable[str | None], ref: Reference, ctx: CheckContext | None) -> list[Any]:
    """`model_of` of each value, each distinct value followed once (a file may name one deck or
    build thousands of times: the work stays linear in the file)."""
    seen: dict[str | None, Any] = {}
    out = []
    for v in values:
        if v not in seen:
            seen[v] = model_of(v, ref, ctx)
        out.append(seen[v])
    return out


registry.add_stage(check)  # the loader runs it before every kind's checks; it reads through the loader


# --- paths ------------------------------------------------------------------------------------------


def _inside(real: Path, roots: tuple[Path, ...]) -> bool:
    bundled = _bundledreal_path(content_root())
    return any(real == r or real.is_relative_to(r) for r in (*roots, bundled))


@lru_cache(maxsize=8)
def _bundledreal_path(root: Path) -> Path:
    return real_path(root)


def _display(path: Path) -> str:
    """A path as a message shows it: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return shown(str(path), quote=False, limit=200)
    return shown(rel if not rel.startswith("..") else str(path), quote=False, limit=200)
