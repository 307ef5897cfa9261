"""Bundled content: the files shipped inside the package (`gridsmith.content`), found through
`importlib.resources`, so an installed Gridsmith finds them wherever pip put it.

A *bundled name* is how a content file names a bundled file: a bare word such as `default`
(letters, digits, `_` and `-`, no folder, no `.yaml`). `bundled_path("pyramids", "default",
".board.yaml")` is content/pyramids/default.board.yaml. The editor and the engines call these
functions; the reference resolver (formats.references) uses them for bundled names.
`$GRIDSMITH_CONTENT` points the whole lookup at another folder (tests, a mod pack).
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path

_PACKAGE = "gridsmith.content"
#: what counts as a bundled name rather than a path
BUNDLED_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


def content_root() -> Path:
    """The folder of the bundled content: `$GRIDSMITH_CONTENT`, else the installed package's."""
    env = os.environ.get("GRIDSMITH_CONTENT")
    if env:
        return Path(env)
    return _package_root()


@lru_cache(maxsize=1)
def _package_root() -> Path:
    root = files(_PACKAGE)
    if isinstance(root, Path):
        return root
    # a namespace package (a source checkout): the one folder it stands for
    spec = find_spec(_PACKAGE)
    assert spec is not None and spec.submodule_search_locations is not None  # this very package
    return Path(next(iter(spec.submodule_search_locations)))


def is_bundled_name(ref: str) -> bool:
    """True when `ref` names bundled content (a bare word) rather than a file path."""
    return bool(BUNDLED_NAME.match(ref))


def bundled_path(game: str, name: str, suffix: str) -> Path:
    """The file of bundled content `name` of `game` with `suffix` (e.g. ".rules.yaml"); it may not exist."""
    if not is_bundled_name(name):
        raise ValueError(f"{name!r} is not a bundled name")
    return content_root() / game / f"{name}{suffix}"


def bundled_names(game: str, suffix: str) -> list[str]:
    """The bundled names of `game` with `suffix`, sorted (e.g. every bundled ruleset)."""
    folder = content_root() / game
    if not folder.is_dir():
        return []
    return sorted(p.name[: -len(suffix)] for p in folder.iterdir() if p.name.endswith(suffix) and p.is_file())


def bundled_text(game: str, name: str, suffix: str) -> str:
    """The text of a bundled file (OSError when it is not there)."""
    return bundled_path(game, name, suffix).read_text("utf-8")
