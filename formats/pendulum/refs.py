"""References between Pendulum files: a bundled name (`default`, `gambal`) or a path relative to the
referring file. Bundled names resolve to content/pendulum/NAME.SUFFIX.

(The shared reference resolver of the platform replaces this when it lands; the interface is the
same: a reference, the suffix of its kind, the model class, the referring file.)
"""
from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from ..content import content_root
from ..registry import CheckContext


class RefError(Exception):
    """A reference that cannot be followed: the message says why."""


def resolve(ref: str, suffix: str, ctx: CheckContext | None) -> Path:
    if "/" not in ref and "\\" not in ref and not ref.endswith((".yaml", ".yml")):
        return content_root() / "pendulum" / f"{ref}{suffix}"
    base = ctx.file.parent if ctx is not None and ctx.file is not None else Path.cwd()
    return (base / ref).resolve()


_cache: dict[tuple[str, int], BaseModel] = {}


def load_ref(ref: str, suffix: str, model: type[BaseModel], ctx: CheckContext | None):
    """The model behind a reference, or RefError naming the file and its first error."""
    from ..loader import load_file  # late: the loader imports the registry, which imports us

    path = resolve(ref, suffix, ctx)
    if not path.is_file():
        raise RefError(f"{path} does not exist")
    key = (str(path), path.stat().st_mtime_ns)
    if key not in _cache:
        loaded = load_file(path)
        errors = [d for d in loaded.diagnostics if d.is_error]
        if errors or loaded.model is None:
            raise RefError(f"{path} has problems ({errors[0].format_text() if errors else 'not readable'})")
        if not isinstance(loaded.model, model):
            raise RefError(f"{path} is not a {model.__name__.lower()} file")
        _cache[key] = loaded.model
    return _cache[key]
