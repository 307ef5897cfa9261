"""Following a Kongbots file's references to other files (a scenario's arena, bots and ruleset; a
bot's ruleset): a bundled name (`default`, `classic-diamond`) is content/kongbots/NAME.SUFFIX, anything
else a path relative to the referring file. A referenced file is read by the shared loader, so it
gets the same hostile-input limits, and is used only when it has no errors.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel

from ..content import content_root
from ..registry import CheckContext


class RefError(Exception):
    """A reference that cannot be followed; the message says why."""


def ref_path(ref: str, suffix: str, ctx: CheckContext | None) -> Path:
    if "/" not in ref and "\\" not in ref and not ref.endswith((".yaml", ".yml")):
        return content_root() / "kongbots" / f"{ref}{suffix}"
    base = ctx.file.parent if ctx is not None and ctx.file is not None else Path.cwd()
    return (base / ref).resolve()


def load_ref(ref: str, suffix: str, model: type[BaseModel], ctx: CheckContext | None):
    path = ref_path(ref, suffix, ctx)
    if not path.is_file():
        raise RefError(f"{path} does not exist")
    return _load(str(path), path.stat().st_mtime_ns, model)


@lru_cache(maxsize=128)
def _load(path: str, mtime_ns: int, model: type[BaseModel]):
    from ..loader import load_file  # late: the loader imports the registry, which imports the kinds

    loaded = load_file(Path(path))
    first = next((d for d in loaded.diagnostics if d.is_error), None)
    if first is not None or loaded.model is None:
        raise RefError(f"{path} has problems ({first.format_text() if first else 'not readable'})")
    if not isinstance(loaded.model, model):
        raise RefError(f"{path} is a {loaded.spec.kind if loaded.spec else 'file'} file, not what is needed here")
    return loaded.model
