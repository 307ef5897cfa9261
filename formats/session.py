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

from .config import Config, ConfigError, Globs, for_path

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
    #: places outside the roots that references may still name (the configuration's globs)
    allowed: Globs | None = None
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
def session(roots: list[str | os.PathLike[str]] | tuple[Path, ...] | None = None, allow_outside: bool | None = None,
            allowed: Globs | None = None) -> Iterator[Session]:
    """A validation run: the content tree is the folder trees of `roots` (files or folders); every
    file is read once. Nested calls join the session already running."""
    current = _CURRENT.get()
    if current is not None:
        yield current
        return
    tree = tuple(real_path(Path(r).parent if Path(r).is_file() else Path(r)) for r in (roots or ()))
    s = Session(tree, _env_allows() if allow_outside is None else allow_outside, allowed)
    token = _CURRENT.set(s)
    try:
        yield s
    finally:
        _CURRENT.reset(token)


def project_session(config: Config, paths: list[str | os.PathLike[str]] | None = None,
                    allow_outside: bool | None = None) -> contextlib.AbstractContextManager[Session]:
    """The session of files under `config` (formats.config): its content roots and allowed places.
    Outside any project and repository (`config.root` None) the content tree is `paths`' folders.
    `allow_outside` True (a command's option) lets every reference out; None leaves it to the
    configuration and the environment."""
    roots = config.content_roots if config.root is not None else \
        tuple(Path(p) if Path(p).is_dir() else Path(p).parent for p in paths or ())
    return session(roots, allow_outside=True if config.allow_outside or allow_outside else None,
                   allowed=config.allowed)


@contextlib.contextmanager
def reading(file: Path | None) -> Iterator[Session]:
    """The loader reads `file` (None: text without a file) inside a session (when none is running, a
    new one: the file's project configuration's, or the file's folder outside any project), with the
    file on the stack of files being read."""
    if file is None:
        with session([Path.cwd()]) as s:
            yield s
        return
    if _CURRENT.get() is None:
        try:
            config = for_path(file)
        except ConfigError:  # a command has said why already; a library reader keeps working
            config = Config()
        opened = project_session(config, [file])
    else:
        opened = session()
    with opened as s:
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
