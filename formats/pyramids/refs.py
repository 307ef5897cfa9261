"""References between Pyramids files: a bundled name (`default`) or a path relative to the referring file.

A scenario names its board, piece sets and setup libraries; a setup library names the piece set it is
checked against. Bundled names resolve to content/pyramids/NAME.SUFFIX.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ValidationError

from ..registry import CheckContext

BUNDLED_DIR = Path(__file__).resolve().parents[2] / "content" / "pyramids"


class RefError(Exception):
    """A reference that cannot be followed: the message says why."""


def resolve(ref: str, suffix: str, ctx: CheckContext | None) -> Path:
    if "/" not in ref and "\\" not in ref and not ref.endswith(".yaml"):
        return BUNDLED_DIR / f"{ref}{suffix}"
    base = ctx.file.parent if ctx is not None and ctx.file is not None else Path.cwd()
    return (base / ref).resolve()


def load_ref(ref: str, suffix: str, model: type[BaseModel], ctx: CheckContext | None):
    """The model behind a reference, or RefError naming the file and its first problem."""
    path = resolve(ref, suffix, ctx)
    return _load(str(path), model)


@lru_cache(maxsize=64)
def _load_cached(path: str, mtime_ns: int, model: type[BaseModel]):
    try:
        from ..loader import load_file  # the shared loader: hostile-input limits, diagnostics
    except ImportError:  # pragma: no cover - only before the shared loader exists
        load_file = None
    if load_file is not None:
        loaded = load_file(Path(path))
        errors = [d for d in loaded.diagnostics if d.is_error]
        if errors or loaded.model is None:
            first = errors[0].format_text() if errors else "not readable"
            raise RefError(f"{path} has problems ({first})")
        if not isinstance(loaded.model, model):
            raise RefError(f"{path} is not a {model.__name__} file")
        return loaded.model
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        return model.model_validate(data)
    except (OSError, yaml.YAMLError, ValidationError) as e:
        raise RefError(f"{path}: {str(e).splitlines()[0]}") from None


def _load(path: str, model: type[BaseModel]):
    p = Path(path)
    if not p.is_file():
        raise RefError(f"{path} does not exist")
    return _load_cached(path, p.stat().st_mtime_ns, model)
