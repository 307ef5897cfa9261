"""Starting points for new files, one source for `gridsmith new` and the editor's File > New.

A kind's template is found through the registry, so this names no game: the module `templates` of
the game's formats package (the package of the kind's model) holds `TEMPLATES = {kind: fn}`, the
one source of new files. Parameters are keyword arguments with defaults, bounded with
`Annotated[int, Interval(...)]` (the editor's File > New dialog asks for them).
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

from pydantic import BaseModel

from .registry import KindSpec

Template = Callable[..., BaseModel]


def new_model(spec: KindSpec, **options: object) -> BaseModel | None:
    """The kind's template; `options` are its parameters (e.g. width, height, players). None when
    the kind has none (a saved game is made by the game's engine: `gridsmith new` asks the Game)."""
    make = template_of(spec)
    return make(**options) if make is not None else None


def template_of(spec: KindSpec) -> Template | None:
    """The kind's template function, or None."""
    module = spec.model.__module__.rsplit(".", 1)[0] + ".templates"
    if importlib.util.find_spec(module) is None:
        return None
    make = getattr(importlib.import_module(module), "TEMPLATES", {}).get(spec.kind)
    return make if callable(make) else None
