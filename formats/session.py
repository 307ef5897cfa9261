"""Reference sessions: one walk of the reference graph per validation run (formats.references).

A session knows the content tree (the folders references may lead into), the stack of files being
read (a reference to one of them closes a cycle), the files already read (each is read once) and,
per file on the stack, the files read on its behalf (for the resolver's cache across sessions). The
loader puts each file it reads on the stack (`reading`); the resolver follows references inside it.
"""
from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ALLOW_OUTSIDE_ENV = "GRIDSMITH_ALLOW_OUTSIDE_REFERENCES"


@dataclass
class Read:
    """A referenced file read in a session."""

    model: Any
    kind: str | None
    errors: list[Any]  # its error diagnostics


@dataclass
class Session:
    roots: tuple[Path, ...]
    allow_outside: bool
    #: files being read, outermost first: a reference to one of them closes a cycle
    visiting: list[Path] = field(default_factory=list)
    done: dict[Path, Read] = field(default_factory=dict)
    #: per file on the stack: the files read on its behalf, with their stamps (for the shared cache)
    deps: list[dict[Path, tuple[int, ...]]] = field(default_factory=list)
    cycles: list[tuple[Path, ...]] = field(default_factory=list)
    reads: int = 0
    #: the files the last file read depended on (set when it leaves the stack)
    last: dict[Path, tuple[int, ...]] = field(default_factory=dict)


_CURRENT: contextvars.ContextVar[Session | None] = contextvars.ContextVar("gridsmith_references", default=None)


def current() -> Session | None:
    """The session running in this context, if any."""
    return _CURRENT.get()


def _env_allows() -> bool:
    return os.environ.get(ALLOW_OUTSIDE_ENV, "").strip().lower() in ("1", "true", "yes")


@contextlib.contextmanager
def session(roots: list[str | os.PathLike[str]] | None = None, allow_outside: bool | None = None) -> Iterator[Session]:
    """A validation run: the content tree is the folder trees of `roots` (files or folders); every
    file is read once. Nested calls join the session already running."""
    current = _CURRENT.get()
    if current is not None:
        yield current
        return
    tree = tuple(real_path(Path(r) if Path(r).is_dir() else Path(r).parent) for r in (roots or ()))
    s = Session(tree, _env_allows() if allow_outside is None else allow_outside)
    token = _CURRENT.set(s)
    try:
        yield s
    finally:
        _CURRENT.reset(token)


@contextlib.contextmanager
def reading(file: Path | None) -> Iterator[Session]:
    """The loader reads `file` (None: text without a file): inside a session (a new one whose content
    tree is the file's folder when none is running), with the file on the stack of files being read."""
    with session([file] if file is not None else [Path.cwd()]) as s:
        if file is None:
            yield s
            return
        real = real_path(file)
        s.visiting.append(real)
        s.deps.append({real: stamp(real)})
        try:
            yield s
        finally:
            s.visiting.pop()
            s.last = s.deps.pop()
            if s.deps:
                s.deps[-1].update(s.last)


def stamp(path: Path) -> tuple[int, ...]:
    """What tells that a file changed: modification time, size, inode (empty when it is gone)."""
    try:
        st = os.stat(path)
        return (st.st_mtime_ns, st.st_size, st.st_ino)
    except OSError:
        return ()


def real_path(path: Path) -> Path:
    return Path(os.path.realpath(path))
