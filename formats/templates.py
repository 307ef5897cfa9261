"""Starting points for new files, one source for `gridsmith new` and the editor's File > New.

A kind's template is found through the registry, so this names no game: the game's formats package
may have a module `templates` with `TEMPLATES = {kind: fn}`, else the kind's model module may define
`template(**parameters) -> model`. Parameters are keyword arguments with defaults, bounded with
`Annotated[int, Interval(...)]` (the editor's File > New dialog asks for them).
"""
from __future__ import annotations

import importlib
import importlib.util

from pydantic import BaseModel

from .registry import KindSpec


def new_model(spec: KindSpec, **options) -> BaseModel | None:
    """The kind's template; `options` are its parameters (e.g. width, height, players). None when
    the kind has none (a saved game is made by the game's engine: `gridsmith new` asks the Game)."""
    make = template_of(spec)
    return make(**options) if make is not None else None


def template_of(spec: KindSpec):
    """The kind's template function, or None."""
    package = spec.model.__module__.rsplit(".", 1)[0]
    if importlib.util.find_spec(f"{package}.templates") is not None:
        make = getattr(importlib.import_module(f"{package}.templates"), "TEMPLATES", {}).get(spec.kind)
        if callable(make):
            return make
    make = getattr(importlib.import_module(spec.model.__module__), "template", None)
    return make if callable(make) else None
